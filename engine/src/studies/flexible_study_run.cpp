// The flexible-benchmark study run part by part (see flexible_study_run.h).

#include "studies/flexible_study_run.h"

#include <algorithm>
#include <filesystem>

#include "math/number_text.h"
#include "scene/scene_reader.h"

namespace mbw {
namespace {

// a file of the output directory
std::string fileIn(const std::string& directory, const std::string& name) {
  return (std::filesystem::path(directory) / name).string();
}

}  // namespace

// --- the parts' files ----------------------------------------------------------------------------

void FlexibleExperimentPart::writeFiles(const std::string& directory) const {
  // the table of runs, and each run's series of the figures' channels
  runs.writeCsv(fileIn(directory, experiment.key + "_runs.csv"));
  writeFlexibleSeries(fileIn(directory, experiment.key + "_series.csv"), experiment, flexible.study,
                      *histories);
}

// the description of the convergence study's one reference
const std::string& FlexibleConvergencePart::referenceText() const {
  return flexible.study.references.front().description;
}

void FlexibleConvergencePart::writeFiles(const std::string& directory) const {
  // the runs, the errors and the observed orders, a CSV each
  result.runs.writeCsv(fileIn(directory, "convergence_runs.csv"));
  result.errors.writeCsv(fileIn(directory, "convergence.csv"));
  result.orders.writeCsv(fileIn(directory, "convergence_orders.csv"));
}

// the iterations table, one CSV
void FlexibleIterationsPart::writeFiles(const std::string& directory) const {
  table.writeCsv(fileIn(directory, "iterations.csv"));
}

// figure n's file: fig<n>_<name>.png
std::string flexibleFigureFile(const std::string& directory, int number, const std::string& name) {
  return fileIn(directory, "fig" + std::to_string(number) + "_" + name + ".png");
}

// --- the parts' studies, run ---------------------------------------------------------------------

FlexibleStudyRunner::FlexibleStudyRunner(FlexibleStudyRequest request, RunOverrides overrides,
                                         FlexibleStudyExecution execute)
    : request_(std::move(request)),
      overrides_(std::move(overrides)),
      execute_(std::move(execute)) {}

FlexibleStudy FlexibleStudyRunner::makeStudy(const Model& model,
                                             const std::vector<double>& stepsPerStage, double tEnd,
                                             const std::vector<std::string>& channels) const {
  // the request's methods and steps, full Newton unless the overrides give another update
  FlexibleStudySettings settings;
  settings.stepsPerStage = stepsPerStage;
  settings.tEnd = tEnd;
  settings.channels = channels;
  if (overrides_.jacobianUpdate) settings.jacobianUpdate = *overrides_.jacobianUpdate;
  settings.quick = request_.quick;
  return makeFlexibleStudy(model, resolveRunSettings(model, overrides_), settings);
}

FlexibleExperimentPart FlexibleStudyRunner::experiment(const Experiment& e) const {
  // every method at the experiment's Delta t / n, the figures' channels kept over time
  FlexibleExperimentPart part;
  part.experiment = e;
  std::vector<std::string> channels;
  for (const ExperimentFigure& f : e.figures) channels.push_back(f.channel);
  part.flexible =
      makeStudy(loadScene(e.scene), {e.stepPerStage}, overrides_.tEnd.value_or(e.tEnd), channels);
  part.histories = std::make_unique<RunHistories>(channels);
  // the study run, the hooks keeping the histories; the records of the runs made
  const StudyOutcome outcome = execute_(part.flexible.study, part.histories->hooks());
  part.records = outcome.madeRecords();
  part.interrupted = outcome.interrupted;

  // a row per run made, its group named
  part.runs =
      flexibleRunTable(e.scene + " at Delta t / n = " + formatNumber(e.stepPerStage) + " s");
  for (const RunRecord& r : part.records)
    addFlexibleRunRow(part.runs, groupKey(part.flexible.groupOf(r.run)), part.flexible.study, r);
  return part;
}

FlexibleConvergencePart FlexibleStudyRunner::convergence() const {
  // every method at the request's steps, and the reference near its step
  FlexibleConvergencePart part;
  const ConvergenceExperiment& x = part.experiment = shaftConvergenceExperiment();
  part.flexible = makeStudy(loadScene(x.scene), request_.convergenceSteps,
                            overrides_.tEnd.value_or(x.tEnd), x.channels);
  addFlexibleConvergenceReference(part.flexible, x.channels, request_.referenceStep);
  part.flexible.study.title = "rotating-shaft convergence";

  // RE of each output by run, and the observed orders
  const StudyOutcome outcome = execute_(part.flexible.study, {});
  part.interrupted = outcome.interrupted;
  part.result = flexibleConvergence(part.flexible.study, outcome.madeRecords());
  return part;
}

FlexibleIterationsPart FlexibleStudyRunner::iterations() const {
  // one table of iterations for all examples, a scene column in front
  FlexibleIterationsPart part;
  part.table = flexibleRunTable("Newton iterations per time point (Zhang et al. 2022 Fig. 28)");
  part.table.header.insert(part.table.header.begin(), "scene");
  // each example at its two steps, to its own end at most
  for (const IterationExample& x : newtonIterationExamples()) {
    const Model model = loadScene(x.scene);
    // the example's two steps per stage
    const std::vector<double> steps{x.steps[0], x.steps[1]};
    const FlexibleStudy flexible =
        makeStudy(model, steps, std::min(overrides_.tEnd.value_or(x.tEnd), x.tEnd), {});
    const StudyOutcome outcome = execute_(flexible.study, {});
    // an interrupted example ends the part
    if (outcome.interrupted) {
      part.interrupted = true;
      return part;
    }
    // S/N by group and method, the rows added to the table
    part.examples.push_back(
        {x.scene, flexible.groups,
         flexibleIterations(x.scene, flexible, steps, outcome.madeRecords(), part.table)});
  }
  return part;
}

}  // namespace mbw
