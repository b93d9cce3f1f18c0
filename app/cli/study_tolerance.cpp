// mbw-cli study tolerance SCENE: does the step-size control meet the tolerance? Sandu et al. 2001
// section 5.1, Tables 1-2: for rtol = atol = 10^k, the largest error Delta of a channel (theta1)
// and of its rate against a reference run, the time t* where it occurs, Delta relative to the
// reference value there, and the RMS error over the run's steps (reference interpolated with the
// paper's 4-point cubic, analysis/reference_error.h). The study and its results are the engine's
// (studies/rosenbrock_nystrom_*.h); this file prints them.

#include <cmath>
#include <iomanip>
#include <iostream>

#include "analysis/reference_error.h"
#include "cli_common.h"
#include "study.h"
#include "studies/rosenbrock_nystrom_results.h"
#include "studies/run_histories.h"

namespace mbw::cli {
namespace {

void printTable(const std::string& title, const std::vector<ToleranceRow>& rows, bool rate) {
  std::cout << "\n"
            << title << "\n"
            << "  tol      t* [s]      Delta       RelErr [%]   RMS Delta    steps  rejected\n";
  for (const ToleranceRow& r : rows) {
    const ErrorMeasures& e = rate ? r.rate : r.value;
    std::cout << "  " << formatTolerance(r.tolerance) << "  " << std::setw(9) << std::fixed
              << std::setprecision(6) << e.timeOfMax << "   " << std::scientific
              << std::setprecision(3) << e.max << "   " << std::setw(10) << std::setprecision(5)
              << std::fixed << (rate ? r.rateRel : r.valueRel) << "   " << std::scientific
              << std::setprecision(3) << e.rms << "  " << std::setw(6) << r.stats.steps << "  "
              << std::setw(8) << r.stats.rejectedSteps << "\n";
    std::cout.unsetf(std::ios::floatfield);
  }
}

plot::Figure figure(const std::string& scene, const std::string& channel, const Results& reference,
                    const std::vector<ToleranceRow>& rows, const RunHistories& histories) {
  plot::Figure f;
  f.title = scene + ": error of " + channel + " against the reference, rtol = atol = tol";
  f.columns = 2;
  f.chartHeight = 360;
  const std::vector<double> t = reference.columnValues(0);
  for (const std::string& c : {channel, channel + ".rate"}) {
    plot::Chart history{"Reference " + c, {"t [s]"}, {c}, {}};
    history.series.push_back({c, t, reference.columnValues(reference.column(c))});
    history.legend = false;
    f.charts.push_back(history);
  }
  for (const std::string& c : {channel, channel + ".rate"}) {
    plot::Chart error{"Error of " + c, {"t [s]"}, {"|error|", true}, {}};
    for (const ToleranceRow& r : rows) {
      const TrajectoryError e = trajectoryError(*histories.history(r.run), reference, c);
      error.series.push_back({"tol " + formatTolerance(r.tolerance), e.times, e.errors});
    }
    f.charts.push_back(error);
  }
  return f;
}

}  // namespace

std::string studyChannel(const Model& model, const std::string& scene,
                         const std::string& requested) {
  if (!requested.empty()) return requested;
  if (model.outputs.empty())
    throw InputError(scene + " has no named outputs: choose a channel with --channel");
  return model.outputs.front().name;
}

int runToleranceStudy(const ToleranceStudyCommand& o) {
  const Model model = loadSceneOrThrow(o.settings.scene);
  ToleranceStudySettings settings = o.settings;
  settings.channel = studyChannel(model, settings.scene, settings.channel);
  const std::string& channel = settings.channel;
  const Study study = makeToleranceStudy(model, settings);
  std::cout << "Tolerance study of " << settings.integrator << " on " << model.name
            << " to t = " << study.runs.front().settings.tEnd << " s, channel " << channel << "\n";

  // the runs' histories of the channel, for the figure
  RunHistories histories(study.outputs);
  const StudyOutcome outcome = runStudyFromCli(
      study, o.study,
      [&](const RunRecord& r) {
        return "rtol = atol = " +
               formatTolerance(study.runs[r.run].settings.integratorSettings.rtol) + ": " +
               recordSummary(r);
      },
      histories.hooks());
  if (outcome.references.empty() || outcome.references.front().rowCount() == 0) return kInterrupted;
  const Results& reference = outcome.references.front();

  const std::vector<ToleranceRow> rows = toleranceRows(study, outcome.records, reference, channel);
  printTable("Table 1 (Sandu et al. 2001): error of " + channel, rows, false);
  printTable("Table 2 (Sandu et al. 2001): error of " + channel + ".rate", rows, true);
  if (!o.output.empty()) {
    writeToleranceTable(o.output, channel, rows);
    std::cout << "\nCSV  " << o.output << "\n";
  }
  if (!o.plot.empty()) {
    saveFigure(figure(model.name, channel, reference, rows, histories), o.plot);
    std::cout << "plot " << o.plot << "\n";
  }
  if (outcome.interrupted) return kInterrupted;
  return rows.size() == study.runs.size() ? kSuccess : kNumericalFailure;
}

}  // namespace mbw::cli
