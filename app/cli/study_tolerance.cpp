// mbw-cli study tolerance SCENE: does the step-size control meet the tolerance? Seed 000 section
// 5.1, Tables 1-2: for rtol = atol = 10^k, the largest error Delta of a channel (theta1) and of
// its rate against a reference run, the time t* where it occurs, Delta relative to the reference
// value there, and the RMS error over the run's steps (reference interpolated with the seed's
// 4-point cubic, analysis/reference_error.h).

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>

#include "analysis/reference_error.h"
#include "cli_common.h"
#include "run_progress.h"
#include "study.h"
#include "study_run.h"

namespace mbw::cli {
namespace {

struct Row {
  double tolerance;
  TrajectoryError value, rate;
  double valueRel, rateRel;
  RunStatistics stats;
};

// 100 Delta / |E*(t*)|
double relativePercent(const TrajectoryError& e, const Results& reference) {
  const int c = reference.column(e.channel);
  const double ref = std::abs(interpolateCubic4(reference.columnValues(0), reference.columnValues(c),
                                                e.timeOfMaximum));
  return ref > 0.0 ? 100.0 * e.maximum / ref : INFINITY;
}

void printTable(const std::string& title, const std::vector<Row>& rows, bool rate) {
  std::cout << "\n" << title << "\n"
            << "  tol      t* [s]      Delta       RelErr [%]   RMS Delta    steps  rejected\n";
  for (const Row& r : rows) {
    const TrajectoryError& e = rate ? r.rate : r.value;
    std::cout << "  " << toleranceLabel(r.tolerance) << "  " << std::setw(9) << std::fixed
              << std::setprecision(6) << e.timeOfMaximum << "   " << std::scientific
              << std::setprecision(3) << e.maximum << "   " << std::setw(10)
              << std::setprecision(5) << std::fixed << (rate ? r.rateRel : r.valueRel) << "   "
              << std::scientific << std::setprecision(3) << e.rms << "  " << std::setw(6)
              << r.stats.steps << "  " << std::setw(8) << r.stats.rejectedSteps << "\n";
    std::cout.unsetf(std::ios::floatfield);
  }
}

void writeTable(const std::string& path, const std::vector<Row>& rows) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write '" + path + "'");
  out << "tolerance,channel,t_max,max_error,rel_error_percent,rms_error,mean_error,steps,rejected,"
         "cpu_seconds\n";
  out.precision(10);
  for (const Row& r : rows)
    for (const auto* e : {&r.value, &r.rate})
      out << r.tolerance << "," << e->channel << "," << e->timeOfMaximum << "," << e->maximum << ","
          << (e == &r.value ? r.valueRel : r.rateRel) << "," << e->rms << "," << e->mean << ","
          << r.stats.steps << "," << r.stats.rejectedSteps << "," << r.stats.cpuSeconds << "\n";
}

plot::Figure figure(const std::string& scene, const std::string& channel, const Results& reference,
                    const std::vector<Row>& rows) {
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
  for (bool rate : {false, true}) {
    plot::Chart error{std::string("Error of ") + channel + (rate ? ".rate" : ""), {"t [s]"},
                      {"|error|", true}, {}};
    for (const Row& r : rows) {
      const TrajectoryError& e = rate ? r.rate : r.value;
      error.series.push_back({"tol " + toleranceLabel(r.tolerance), e.times, e.errors});
    }
    f.charts.push_back(error);
  }
  return f;
}

}  // namespace

int runToleranceStudy(const ToleranceStudyOptions& o) {
  const Model model = loadSceneOrThrow(o.scene);
  const std::string channel = studyChannel(model, o.scene, o.channel);
  std::vector<double> tolerances = o.tolerances;
  if (o.quick) tolerances = {1e-2, 1e-3};

  RunSettings base;
  base.formulation = model.defaults.formulation;
  base.integrator = o.integrator;
  base.tEnd = o.tEnd > 0.0 ? o.tEnd : model.defaults.tEnd;
  base.integratorSettings.step = model.defaults.step;
  base.integratorSettings.maxStep = model.defaults.maxStep;

  std::cout << "Tolerance study of " << o.integrator << " on " << model.name << " to t = "
            << base.tEnd << " s, channel " << channel << "\n";
  // the reference: the same integrator at a very tight tolerance (or a fixed step)
  RunSettings ref = base;
  const double refTolerance = o.quick ? std::max(o.referenceTolerance, 1e-8) : o.referenceTolerance;
  if (o.referenceStep > 0.0) {
    ref.integratorSettings.step = o.referenceStep;
  } else {
    ref.integratorSettings.variableStep = true;
    ref.integratorSettings.rtol = ref.integratorSettings.atol = refTolerance;
  }
  const std::string refLabel =
      o.referenceStep > 0.0 ? "reference, fixed step " + formatNumber(o.referenceStep)
                            : "reference, rtol = atol = " + toleranceLabel(refTolerance);
  const StudyRun reference = runForStudy(model, ref, {}, 0.0, std::cout, refLabel);
  if (reference.interrupted) return kInterrupted;
  if (reference.results.status != RunStatus::Completed)
    throw InputError("the reference run failed: " + reference.results.message);
  if (reference.results.column(channel) < 0) throw InputError("no channel '" + channel + "'");

  std::vector<Row> rows;
  for (double tol : tolerances) {
    RunSettings s = base;
    s.integratorSettings.variableStep = true;
    s.integratorSettings.rtol = s.integratorSettings.atol = tol;
    const StudyRun run = runForStudy(model, s, {}, 0.0, std::cout, "rtol = atol = " + toleranceLabel(tol));
    if (run.interrupted) return kInterrupted;
    if (run.results.status != RunStatus::Completed) continue;
    Row r{tol, trajectoryError(run.results, reference.results, channel),
          trajectoryError(run.results, reference.results, channel + ".rate"), 0.0, 0.0,
          run.results.stats};
    r.valueRel = relativePercent(r.value, reference.results);
    r.rateRel = relativePercent(r.rate, reference.results);
    rows.push_back(std::move(r));
  }

  printTable("Table 1 (seed 000): error of " + channel, rows, false);
  printTable("Table 2 (seed 000): error of " + channel + ".rate", rows, true);
  if (!o.output.empty()) {
    writeTable(o.output, rows);
    std::cout << "\nCSV  " << o.output << "\n";
  }
  if (!o.plot.empty()) {
    saveFigure(figure(model.name, channel, reference.results, rows), o.plot);
    std::cout << "plot " << o.plot << "\n";
  }
  return rows.size() == tolerances.size() ? kSuccess : kNumericalFailure;
}

}  // namespace mbw::cli
