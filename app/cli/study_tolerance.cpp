// mbw-cli study tolerance SCENE: does the step-size control meet the tolerance? Sandu et al. 2001
// section 5.1, Tables 1-2: for rtol = atol = 10^k, the largest error Delta of a channel (theta1)
// and of its rate against a reference run, the time t* where it occurs, Delta relative to the
// reference value there, and the RMS error over the run's steps (reference interpolated with the
// paper's 4-point cubic, analysis/reference_error.h). The study and its results are the engine's
// (studies/rosenbrock_nystrom_*.h); this file prints them.

#include <iostream>

#include "cli_common.h"
#include "rosenbrock_nystrom_figures.h"
#include "study.h"
#include "studies/rosenbrock_nystrom_results.h"
#include "studies/run_histories.h"
#include "studies/study_report_text.h"

namespace mbw::cli {

int runToleranceStudy(const ToleranceStudyCommand& o) {
  // the study of the scene's channel, and what it compares
  const Model model = loadSceneOrThrow(o.settings.scene);
  ToleranceStudySettings settings = o.settings;
  // the channel: the one asked for, else the scene's first output
  settings.channel = studyChannel(model, settings.scene, settings.channel);
  const std::string& channel = settings.channel;
  const Study study = makeToleranceStudy(model, settings);
  std::cout << toleranceStudyHeading(settings.integrator, model.name,
                                     study.runs.front().settings.tEnd, channel);

  // the runs' histories of the channel, for the figure
  RunHistories histories(study.outputs);
  const StudyOutcome outcome = runStudyFromCli(
      study, o.study, [&](const RunRecord& r) { return toleranceRunLine(study.runs[r.run], r); },
      histories.hooks());
  // no reference made: stopped before the runs
  if (outcome.references.empty() || outcome.references.front().rowCount() == 0) return kInterrupted;
  const Results& reference = outcome.references.front();

  // Tables 1-2, then their CSV and the figure where asked for; a run that failed fails the study
  const std::vector<ToleranceRow> rows = toleranceRows(study, outcome.records, reference, channel);
  std::cout << toleranceTablesText(channel, rows);
  if (!o.output.empty()) {
    writeToleranceTable(o.output, channel, rows);
    std::cout << "\nCSV  " << o.output << "\n";
  }
  if (!o.plot.empty()) {
    saveFigure(plot::toleranceStudyFigure(model.name, channel, reference, rows, histories), o.plot);
    std::cout << "plot " << o.plot << "\n";
  }
  if (outcome.interrupted) return kInterrupted;
  return rows.size() == study.runs.size() ? kSuccess : kNumericalFailure;
}

}  // namespace mbw::cli
