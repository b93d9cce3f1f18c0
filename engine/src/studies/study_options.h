#pragma once
// The options of the commands that run studies, described once for every front end, as
// simulation/run_options.h describes a run's: what a user gives each study (its request: the
// engine's settings and the files to write), and its options (simulation/command_option.h), each
// bound to its field of the request. `mbw-cli study tolerance`, `compare`, `convergence`,
// `sweep`... add one command-line option per entry; a front end that builds a request from
// keywords or a form takes the same names and help texts.
//
// The options several studies share (the scene, the integrators, the output directory) are one
// entry each (sceneArgument, integratorsOption, outputDirectoryOption). The help texts speak in the
// command line's words ("Delta t / n", "see `mbw-cli list`"), the reference every front end points
// to (docs/cli-reference.md).

#include <string>
#include <vector>

#include "simulation/command_option.h"
#include "model/model.h"
#include "simulation/run_settings.h"
#include "studies/formulation_study.h"
#include "studies/method_grid.h"
#include "studies/rosenbrock_nystrom_studies.h"
#include "studies/study_execution.h"
#include "studies/work_precision.h"

namespace mbw {

// --- the options several studies share -----------------------------------------------------------

// --integrators NAME[:RHO_INF],...: the compared methods (required)
CommandOption integratorsOption(std::string& integrators);
// --output-dir, -o DIR: where the study's tables and figures go (help: what goes there)
CommandOption outputDirectoryOption(std::string& directory, const std::string& help,
                                    unsigned kind = kOptionShowDefault);

// --- how a study command runs its study ---------------------------------------------------------

// What a study command is told about running its study, besides its request: the runs at once,
// the long-format table (and whether it resumes one), and the format of the figures it names.
struct StudyRunRequest {
  int jobs = 0;       // runs at once; 0: one per core
  std::string table;  // the long-format results table ("" for none)
  bool resume = false;
  bool replace = true;  // replace the table (sweeps refuse to, unless resuming)
  std::string referenceDirectory;
  std::string figureFormat = "png";  // the figures a command names itself: png, svg or pdf

  // the engine's execution of the study: the table written (or resumed) as runs finish, replaced
  // only when not resumed
  StudyExecutionOptions execution() const;
  // a figure's file: the name given with the chosen format's extension ("dir/fig4.png" ->
  // "dir/fig4.svg")
  std::string figureFile(const std::string& pngPath) const;
};

// The options a study command offers besides --jobs (bits of studyRunOptions' offered).
enum StudyRunOffer : unsigned { kOfferTable = 1, kOfferFigureFormat = 2 };
// --jobs, -j, then --table and --figure-format where offered.
std::vector<CommandOption> studyRunOptions(StudyRunRequest& request,
                                           unsigned offered = kOfferTable);
// `sweep`'s: --jobs on this machine (under MPI, one per process), --resume, --figure-format.
std::vector<CommandOption> sweepRunOptions(StudyRunRequest& request);
// `study formulations`' runs: one at a time unless --jobs says otherwise (the study compares CPU
// times, which runs side by side disturb), and its options, --jobs and --figure-format.
StudyRunRequest formulationStudyRun();
std::vector<CommandOption> formulationStudyRunOptions(StudyRunRequest& request);

// --- each study's request and options, in the order of its `--help` ------------------------------

// `study tolerance` (Sandu et al. 2001 Tables 1-2): errors against a reference for rtol = atol =
// 10^k; the table's CSV and the figure on request.
struct ToleranceStudyRequest {
  ToleranceStudySettings settings;  // channel "": the scene's first named output
  std::string output, plot;
};
std::vector<CommandOption> toleranceStudyOptions(ToleranceStudyRequest& request);

// `study explicit-vs-implicit` (Sandu et al. 2001 Tables 3-4 and Figure 5): CPU time of an
// explicit and an implicit integrator.
struct TimingStudyRequest {
  TimingStudySettings settings;
  std::string channel;  // Figure 5's quantity; default: the scene's first named output
  std::string output, plot;
};
std::vector<CommandOption> timingStudyOptions(TimingStudyRequest& request);

// `study flexible` (Zhang et al. 2022 sections 5.2-5.5 on the flexible-beam benchmarks).
struct FlexibleStudyRequest {
  std::vector<std::string> parts;  // of flexibleStudyParts(), all of them when empty
  std::string outputDir = "study-flexible";
  // Delta t / n, s (their multiples by n fall on the reference steps)
  std::vector<double> convergenceSteps{1e-3, 5e-4, 2.5e-4, 1e-4};
  double referenceStep = 1e-5;  // Delta t of the convergence study's reference, s
  bool quick = false;           // one method per group
};
std::vector<CommandOption> flexibleStudyOptions(FlexibleStudyRequest& request);

// `study formulations` (Kissel et al. 2021's comparison of rA, rp and rE).
struct FormulationStudyRequest {
  std::string outputDir = "study-formulations";
  int repeats = 10;    // timed runs of every mechanism and formulation
  bool quick = false;  // FormulationStudySettings::quick()
};
std::vector<CommandOption> formulationStudyOptions(FormulationStudyRequest& request);

// `study work-precision`: each integrator at each tolerance or step against a reference run.
// The texts as given (parsed by the command: parseStudyMethods, referenceChoice,
// parseErrorMeasure).
struct WorkPrecisionRequest {
  std::string scene, integrators, outputs, reference, measure = "max", output, plot;
  std::string formulations;  // comma-separated, overlaid; "": the run's formulation
  std::vector<double> tolerances, steps;
  double referenceTolerance = 0.0, referenceStep = 0.0;
  int repeat = 1;
};
std::vector<CommandOption> workPrecisionOptions(WorkPrecisionRequest& request);

// `convergence`: relative errors and observed orders against a reference run.
struct ConvergenceRequest {
  std::string scene, integrators, outputs, output, plot;
  std::vector<double> steps;
  bool perStage = false;  // the steps are Delta t / n
  ConvergenceReference reference;
};
std::vector<CommandOption> convergenceOptions(ConvergenceRequest& request);

// `compare`: several integrators at one Delta t or Delta t / n, side by side. --step and
// --step-per-stage fill the same step and exclude each other; perStage says which was given.
struct CompareRequest {
  std::string scene, integrators, channels = "energy.balance", output, plot, runsDirectory;
  double step = 0.0;
  bool perStage = false;
};
std::vector<CommandOption> compareOptions(CompareRequest& request);

// `sweep`: the runs of a study file, their table and references in a directory.
struct SweepRequest {
  std::string studyFile, directory;
};
std::vector<CommandOption> sweepOptions(SweepRequest& request);

// --- the studies the requests make --------------------------------------------------------------
// Each checks what the options' types cannot (a std::invalid_argument naming the option) and
// makes the engine's study on the model at base, the scene's settings with the run options given
// (resolveRunSettings), as every front end does.

// `compare`: one run per method at the step (Delta t / n when perStage), recording what the
// channels need; refused without a step, or when no run records a channel
// (requireRecordedChannels).
struct CompareStudy {
  Study study;
  std::vector<StudyMethod> methods;   // in run order: run k is methods[k]
  std::vector<std::string> channels;  // the outputs drawn
};
CompareStudy makeCompareStudy(const Model& model, RunSettings base, const CompareRequest& request);

// `convergence`: every method at every step, each step recorded, against one reference run;
// refused without steps or with a reference refinement below 1. The outputs compared default to
// the last body's x, vx, ax (defaultConvergenceOutputs).
struct ConvergenceStudy {
  Study study;
  std::vector<std::string> outputs;
};
ConvergenceStudy makeConvergenceStudy(const Model& model, RunSettings base,
                                      const ConvergenceRequest& request);

// `study work-precision`: the request's texts parsed into the study's settings (the methods, the
// outputs, the reference: parseStudyMethods, referenceChoice).
WorkPrecisionSettings workPrecisionSettings(const WorkPrecisionRequest& request);

// `study formulations`: the paper's settings with the request's repeats (at least 1), or the
// quick ones.
FormulationStudySettings formulationStudySettings(const FormulationStudyRequest& request);

}  // namespace mbw
