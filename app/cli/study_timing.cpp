// mbw-cli study explicit-vs-implicit SCENE: Sandu et al. 2001 section 5.2. CPU time of an explicit
// code (Adams, Table 3) and of the implicit Rosenbrock-Nystrom method (Table 4) for 1..4 s of
// simulation at rtol = atol = 1e-2 .. 1e-5, read from one run per integrator and tolerance at the
// moments it passes each span; and Figure 5, the implicit step size against a channel (the
// chassis height). The study and its results are the engine's (studies/rosenbrock_nystrom_*.h);
// this file prints them.

#include <iostream>

#include "cli_common.h"
#include "rosenbrock_nystrom_figures.h"
#include "study.h"
#include "studies/rosenbrock_nystrom_results.h"
#include "studies/run_histories.h"
#include "studies/study_report_text.h"

namespace mbw::cli {
int runTimingStudy(const TimingStudyCommand& o) {
  // the study of the scene (the engine refuses it without spans or tolerances)
  const Model model = loadSceneOrThrow(o.settings.scene);
  const std::string channel = studyChannel(model, o.settings.scene, o.channel);
  const TimingStudy timing = makeTimingStudy(model, o.settings);
  const Study& study = timing.study;
  const std::vector<double>& spans = study.checkpoints;
  const std::string& impl = o.settings.implicitIntegrator;
  const std::string& expl = o.settings.explicitIntegrator;

  // the runs, a line each, Figure 5's run keeping its step size and channel
  std::cout << timingStudyHeading(model.name, expl, impl, spans);
  const int figureRun = timing.figureRun;
  RunHistories figureHistory({"h", channel}, std::vector<int>{figureRun});
  const StudyOutcome outcome = runStudyFromCli(
      study, o.study,
      [&](const RunRecord& r) { return timingRunLine(study.runs[r.run], r, r.run == figureRun); },
      figureHistory.hooks());

  // Tables 3-4, then their CSV and Figure 5 where asked for
  const TimingSeries implicitRuns = timingSeries(study, outcome.records, impl, timing.implicitRuns);
  const TimingSeries explicitRuns = timingSeries(study, outcome.records, expl, timing.explicitRuns);
  std::cout << timingTablesText(explicitRuns, implicitRuns, spans);
  // the runs that failed, named after the tables; they fail the study
  const int failed = failedTimingRuns(outcome.records);
  std::cout << failedTimingRunsText(failed, static_cast<int>(study.runs.size()));
  if (!o.output.empty()) {
    writeTimingTable(o.output, {&explicitRuns, &implicitRuns}, spans);
    std::cout << "\nCSV  " << o.output << "\n";
  }
  // Figure 5 from the kept history of its run
  if (const Results* figureResults = figureHistory.history(figureRun);
      !o.plot.empty() && figureResults) {
    saveFigure(plot::timingStudyFigure(model.name, impl, o.settings.figureTolerance, channel,
                                       *figureResults),
               o.plot);
    std::cout << "plot " << o.plot << "\n";
  }
  // stopped by Ctrl-C, failed, or done
  if (outcome.interrupted) return kInterrupted;
  return failed == 0 ? kSuccess : kNumericalFailure;
}

}  // namespace mbw::cli
