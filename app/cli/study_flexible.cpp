// mbw-cli study flexible: Zhang et al.'s experiments on the flexible-beam benchmarks
// (section 5.2-5.5): every method of the three groups at the paper's Delta t / n, the figures' time
// histories (Figs 14-16, 18-20, 22-24), the convergence study (Figs 25-27,
// study_flexible_convergence.cpp) and the Newton iterations per time point (Fig 28). The studies
// are the engine's (studies/flexible_benchmark_studies.h) as are their tables
// (studies/flexible_study_tables.h); this file runs, prints and draws.

#include <filesystem>
#include <iostream>

#include "flexible_study_figures.h"
#include "simulation/file_claims.h"
#include "studies/study_report_text.h"
#include "study_flexible.h"

namespace mbw::cli {

// the engine's study at the options' settings
FlexibleStudy flexibleStudy(const Model& model, const FlexibleStudyOptions& o,
                            const std::vector<double>& stepsPerStage, double tEnd,
                            const std::vector<std::string>& channels) {
  FlexibleStudySettings settings;
  settings.stepsPerStage = stepsPerStage;
  settings.tEnd = tEnd;
  settings.channels = channels;
  if (o.options.jacobianUpdate) settings.jacobianUpdate = *o.options.jacobianUpdate;
  settings.quick = o.quick;
  return makeFlexibleStudy(model, o.options.resolve(model), settings);
}

// the runs, a line each, the records kept in run order
std::vector<RunRecord> executeFlexible(const Study& study, const FlexibleStudyOptions& o,
                                       StudyRunHooks hooks, bool& interrupted) {
  std::cerr << "study flexible: " << study.title << ", " << study.runs.size() << " runs\n";
  const StudyOutcome outcome = runStudyFromCli(
      study, o.study, [&](const RunRecord& r) { return methodStepRunLine(study.runs[r.run], r); },
      std::move(hooks));
  interrupted = outcome.interrupted;
  return outcome.madeRecords();
}

int runFlexibleFigures(const FlexibleStudyOptions& o, const Experiment& e) {
  // every method at the experiment's Delta t / n, the figures' channels kept over time
  const Model model = loadSceneOrThrow(e.scene);
  std::vector<std::string> channels;
  for (const ExperimentFigure& f : e.figures) channels.push_back(f.channel);
  const FlexibleStudy flexible =
      flexibleStudy(model, o, {e.stepPerStage}, o.options.tEnd.value_or(e.tEnd), channels);
  const Study& study = flexible.study;
  RunHistories histories(channels);
  bool interrupted = false;
  const std::vector<RunRecord> records = executeFlexible(study, o, histories.hooks(), interrupted);

  // the table of runs, printed and written, the time histories beside it, then the figures
  StudyTable table =
      flexibleRunTable(e.scene + " at Delta t / n = " + formatNumber(e.stepPerStage) + " s");
  for (const RunRecord& r : records)
    addFlexibleRunRow(table, groupKey(flexible.groupOf(r.run)), study, r);
  table.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  table.writeCsv((dir / (e.key + "_runs.csv")).string());
  writeFlexibleSeries((dir / (e.key + "_series.csv")).string(), e, study, histories);
  for (const ExperimentFigure& f : e.figures) {
    const std::string file = o.study.figureFile(
        (dir / ("fig" + std::to_string(f.number) + "_" + e.key + ".png")).string());
    saveSideFigure(plot::flexibleExperimentFigure(e, f, flexible, records, histories), file,
                   std::cout);
  }
  // a method that fails is a finding of the study (the table says why), not a failure of it
  return interrupted ? kInterrupted : kSuccess;
}

int runFlexibleStudy(const FlexibleStudyOptions& o) {
  // the directory of every part's tables and figures
  createOutputDirectory(o.outputDir);
  // the parts asked for (default: all) in their order, each stopping the study unless it succeeds
  const std::vector<std::string> parts = o.parts.empty() ? flexibleStudyParts() : o.parts;
  for (const std::string& part : parts) {
    // an experiment's figures, the convergence study or the iterations
    const std::optional<Experiment> e = flexibleStudyExperiment(part);
    const int status = e                       ? runFlexibleFigures(o, *e)
                       : part == "convergence" ? runFlexibleConvergence(o)
                                               : runFlexibleIterations(o);
    if (status != kSuccess) return status;
  }
  return kSuccess;
}

}  // namespace mbw::cli
