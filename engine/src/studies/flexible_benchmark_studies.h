#pragma once
// The numerical experiments of Zhang et al. 2022 section 5 on the flexible-beam benchmarks, as
// data: the three groups of methods every figure compares (section 5: second-order methods at
// rho_inf = 0 and 0.6, higher-order methods at 0), and for each figure the scene, the step per
// implicit stage Delta t / n, the time window and the plotted channel; and the studies that run
// them, every run placed in its group (makeFlexibleStudy), run part by part by
// flexible_study_run.h. The command that prints them and draws the figures is `mbw-cli study
// flexible ...` (app/cli/study_flexible.cpp).

#include <optional>
#include <string>
#include <vector>

#include "analysis/integrator_study.h"
#include "studies/study.h"

namespace mbw {

struct MethodGroup {
  std::string title;  // e.g. "(a) second-order methods, rho_inf = 0"
  std::vector<StudyMethod> methods;
};

// (a) LMS2-4, SS2-4, Bathe, MSSTC(3-5) at rho_inf = 0; (b) the same at 0.6; (c) MSSTH(3-5) at 0 and
// ESDIRK3(2)4L[2]SA, ESDIRK3(2)5L[2]SA, ESDIRK4(3)6L[2]SA2
std::vector<MethodGroup> flexibleStudyMethodGroups();
// all methods of the three groups, in order
std::vector<StudyMethod> flexibleStudyMethods();

struct ExperimentFigure {
  int number;            // the paper's figure number
  std::string channel;   // the plotted CSV column
  std::string quantity;  // axis label with unit
};

// One set of runs (every method at one Delta t / n on one scene) and the figures drawn from it.
struct Experiment {
  std::string key;      // e.g. "four-bar"
  std::string scene;    // built-in scene
  double stepPerStage;  // Delta t / n, s
  double tEnd;          // s (the scenes' own start and recording window)
  std::vector<ExperimentFigure> figures;
};

// Figures 14-15 and 16 (four-bar at 4e-3 and 1e-3 s), 18-20 (lateral buckling, 1e-3 s), 22-24
// (rotating shaft, 1e-3 s).
std::vector<Experiment> flexibleBenchmarkExperiments();

// Figure 28: the examples (squeezer included) and the two steps Delta t / n of each.
struct IterationExample {
  std::string scene;
  double steps[2];
  double tEnd;
};
std::vector<IterationExample> newtonIterationExamples();

// Figures 25-27: the relative errors RE (eq 26) of the rotating shaft's mid-span displacement,
// velocity and acceleration over Delta t / n.
struct ConvergenceExperiment {
  std::string scene;
  double tEnd;                          // s
  std::vector<std::string> channels;    // u_3, v_3, a_3 at mid-span
  std::vector<std::string> quantities;  // their names in the figures
};
ConvergenceExperiment shaftConvergenceExperiment();

// The parts of the flexible study, in the order they run: the experiments' keys, then
// "convergence" (Figures 25-27) and "iterations" (Figure 28).
std::vector<std::string> flexibleStudyParts();
// The experiment a part names, nothing for "convergence" and "iterations"; throws
// std::invalid_argument for any other part, the message listing the parts.
std::optional<Experiment> flexibleStudyExperiment(const std::string& part);

struct FlexibleStudySettings {
  std::vector<double> stepsPerStage;  // Delta t / n, s
  double tEnd = 0.0;                  // s
  std::vector<std::string> channels;  // the bodies they name are recorded, no others
  // full Newton unless asked otherwise: a kept matrix contracts slowly on the beams' fast modes and
  // fails where full Newton converges (docs/studies.md), and Figure 28 counts iterations
  std::string jacobianUpdate = "iteration";
  bool quick = false;  // the first method of each group only
};

// Where a run stands in a flexible study: indices into its groups, the group's methods and the
// steps per stage.
struct FlexibleRun {
  int group = 0, method = 0, step = 0;
};

// Every method of the three groups at every Delta t / n on one scene, each run placed.
struct FlexibleStudy {
  Study study;
  std::vector<MethodGroup> groups;
  std::vector<FlexibleRun> runs;  // one per Study::runs
  // the index in Study::runs of a group's method at a step
  int run(int group, int method, int step = 0) const;
  // the group of a run (an index in Study::runs)
  const MethodGroup& groupOf(int run) const { return groups.at(runs.at(run).group); }
};

// base: the scene's settings with the user's (run_settings.h). Throws ConfigurationError for a
// method that cannot run so.
FlexibleStudy makeFlexibleStudy(const Model& model, RunSettings base,
                                const FlexibleStudySettings& settings);

// Adds the reference of Figures 25-27 and its outputs: ESDIRK4(3)6L[2]SA2 at a fixed Delta t of
// the smallest run step / refine, refine = round(smallest / referenceStep) (at least 1), recorded
// every refine-th step so that its rows fall on every run's steps.
void addFlexibleConvergenceReference(FlexibleStudy& study, const std::vector<std::string>& outputs,
                                     double referenceStep);

}  // namespace mbw
