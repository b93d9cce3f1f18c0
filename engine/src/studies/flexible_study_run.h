#pragma once
// The flexible-benchmark study of Zhang et al. 2022 section 5 (flexible_benchmark_studies.h), run
// part by part for every front end: each part's studies made from the request and the user's run
// options on the scenes' settings, run by the front end (its executor, its stop, its line per run:
// `mbw-cli study flexible` prints them, a window would post them), and what the part gives once
// they are made: its tables (flexible_study_tables.h), the time histories and points its figures
// draw, and its files in the output directory. The front end prints the tables, writes the files
// (writeFiles) and draws the figures (ui/plot/figures/flexible_study_figures.h) at
// flexibleFigureFile.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "simulation/run_settings.h"
#include "studies/flexible_benchmark_studies.h"
#include "studies/flexible_study_tables.h"
#include "studies/run_histories.h"
#include "studies/study_execution.h"
#include "studies/study_options.h"

namespace mbw {

// How a front end runs one study of a part (its executor, stop and progress), with the part's
// hooks (the histories kept for the figures): the outcome of the runs.
using FlexibleStudyExecution = std::function<StudyOutcome(const Study& study, StudyRunHooks hooks)>;

// Figures 14-16, 18-20, 22-24: every method at an experiment's Delta t / n.
struct FlexibleExperimentPart {
  Experiment experiment;
  FlexibleStudy flexible;
  std::vector<RunRecord> records;           // the runs made, in run order
  std::unique_ptr<RunHistories> histories;  // the figures' channels over time, by run
  StudyTable runs;                          // a row per run made (flexibleRunTable)
  bool interrupted = false;                 // stopped before every run was made

  // KEY_runs.csv and KEY_series.csv (writeFlexibleSeries) in directory. Throws TableError.
  void writeFiles(const std::string& directory) const;
};

// Figures 25-27: the rotating shaft at the request's steps against its reference.
struct FlexibleConvergencePart {
  ConvergenceExperiment experiment;
  FlexibleStudy flexible;  // with its reference (addFlexibleConvergenceReference)
  FlexibleConvergence result;
  bool interrupted = false;

  // the reference as the figures name it
  const std::string& referenceText() const;
  // convergence_runs.csv, convergence.csv and convergence_orders.csv. Throws TableError.
  void writeFiles(const std::string& directory) const;
};

// Figure 28 on one example: S/N by group and method (flexibleIterations).
struct FlexibleIterationExample {
  std::string scene;
  std::vector<MethodGroup> groups;
  std::vector<std::vector<StepPoints>> points;  // [group][method]
};

// Figure 28: every method at two Delta t / n on each example of newtonIterationExamples().
struct FlexibleIterationsPart {
  StudyTable table;                                // a row per run made, the scene first
  std::vector<FlexibleIterationExample> examples;  // those run to their end, in order
  bool interrupted = false;                        // stopped in an example: no later one run

  // iterations.csv. Throws TableError.
  void writeFiles(const std::string& directory) const;
};

// The parts of one request. Each loads its built-in scenes, makes its studies on the scene's
// settings with the overrides (resolveRunSettings: --t-end replaces the part's end time, capped at
// each example's for Figure 28; a Jacobian update given replaces full Newton) and runs them with
// execute. Throws what loading, resolving and making the studies throw (SceneError,
// std::invalid_argument, ConfigurationError) and what execute throws.
class FlexibleStudyRunner {
 public:
  FlexibleStudyRunner(FlexibleStudyRequest request, RunOverrides overrides,
                      FlexibleStudyExecution execute);

  FlexibleExperimentPart experiment(const Experiment& experiment) const;
  FlexibleConvergencePart convergence() const;
  FlexibleIterationsPart iterations() const;

 private:
  // every method of the groups (the first of each when quick) at the steps to tEnd, recording
  // the bodies the channels name
  FlexibleStudy makeStudy(const Model& model, const std::vector<double>& stepsPerStage, double tEnd,
                          const std::vector<std::string>& channels) const;

  FlexibleStudyRequest request_;
  RunOverrides overrides_;
  FlexibleStudyExecution execute_;
};

// A figure's file in the output directory: DIRECTORY/figNUMBER_NAME.png (NAME: the experiment's
// key, "shaft_convergence" for Figures 25-27, "iterations" for Figure 28).
std::string flexibleFigureFile(const std::string& directory, int number, const std::string& name);

}  // namespace mbw
