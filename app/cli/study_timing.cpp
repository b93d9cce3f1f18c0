// mbw-cli study explicit-vs-implicit SCENE: Sandu et al. 2001 section 5.2. CPU time of an explicit
// code (Adams, Table 3) and of the implicit Rosenbrock-Nystrom method (Table 4) for 1..4 s of
// simulation at rtol = atol = 1e-2 .. 1e-5, read from one run per integrator and tolerance at the
// moments it passes each span; and Figure 5, the implicit step size against a channel (the
// chassis height). The study and its results are the engine's (studies/rosenbrock_nystrom_*.h);
// this file prints them.

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>

#include "cli_common.h"
#include "study.h"
#include "studies/rosenbrock_nystrom_results.h"
#include "studies/run_histories.h"
#include "studies/study_table.h"

namespace mbw::cli {
namespace {

void printCpuTable(const std::string& title, const TimingSeries& s,
                   const std::vector<double>& spans) {
  std::cout << "\n" << title << "\n  span   ";
  for (double tol : s.tolerances) std::cout << std::setw(11) << formatTolerance(tol);
  std::cout << "\n";
  for (size_t k = 0; k < spans.size(); ++k) {
    std::cout << "  " << std::setw(4) << spans[k] << " s ";
    for (const RunRecord& r : s.runs) {
      std::cout << std::setw(11);
      if (!std::isnan(r.cpuAt[k]))
        std::cout << formatNumber(r.cpuAt[k], 4);
      else
        std::cout << "-";
    }
    std::cout << "\n";
  }
  std::cout << "  steps  ";
  for (const RunRecord& r : s.runs) std::cout << std::setw(11) << r.stats.steps;
  std::cout << "\n  mean h ";
  for (const RunRecord& r : s.runs)
    std::cout << std::setw(11) << formatNumber(r.stats.steps ? r.tReached / r.stats.steps : 0.0);
  std::cout << "\n";
}

void printRatios(const TimingSeries& expl, const TimingSeries& impl,
                 const std::vector<double>& spans) {
  std::cout << "\nCPU time ratio " << expl.integrator << " / " << impl.integrator << "\n  span   ";
  for (double tol : impl.tolerances) std::cout << std::setw(11) << formatTolerance(tol);
  std::cout << "\n";
  for (size_t k = 0; k < spans.size(); ++k) {
    std::cout << "  " << std::setw(4) << spans[k] << " s ";
    for (size_t j = 0; j < impl.runs.size(); ++j)
      std::cout << std::setw(11) << cell(cpuTimeRatio(expl, impl, j, k), 3);
    std::cout << "\n";
  }
}

void printCostSplit(const TimingSeries& impl) {
  std::cout << "\n"
            << impl.integrator << ": real-time factor (simulated / CPU time) and CPU by phase\n";
  for (size_t j = 0; j < impl.runs.size(); ++j) {
    const RunRecord& r = impl.runs[j];
    const RunStatistics& s = r.stats;
    std::cout << "  tol " << formatTolerance(impl.tolerances[j]) << ": "
              << formatNumber(r.tReached / s.cpuSeconds, 3) << "x real time, "
              << formatNumber(1e6 * s.cpuSeconds / std::max(1L, s.steps), 3) << " us per step;";
    for (const auto& [phase, seconds] : s.phaseSeconds)
      std::cout << " " << phase << " " << formatNumber(100.0 * seconds / s.cpuSeconds, 3) << "%";
    std::cout << "\n";
  }
}

plot::Figure figure5(const std::string& scene, const std::string& integrator, double tolerance,
                     const std::string& channel, const Results& r) {
  plot::Figure f;
  f.title = scene + ": " + integrator + " at rtol = atol = " + formatTolerance(tolerance) +
            " (Sandu et al. 2001 Figure 5)";
  f.chartHeight = 330;
  std::vector<double> t = r.columnValues(0), h = r.columnValues(r.column("h"));
  t.erase(t.begin());
  h.erase(h.begin());
  plot::Chart step{"Integration step size", {"t [s]"}, {"h [s]", true}, {}};
  if (!h.empty())
    step.y.max = 1.5 * *std::max_element(h.begin(), h.end());  // markers clear of the edge
  step.series.push_back({"h", t, h, plot::Series::Style::LineAndMarkers});
  step.legend = false;
  plot::Chart value{channel, {"t [s]"}, {channel}, {}};
  value.series.push_back({channel, r.columnValues(0), r.columnValues(r.column(channel))});
  value.legend = false;
  f.charts = {step, value};
  return f;
}

}  // namespace

int runTimingStudy(const TimingStudyCommand& o) {
  const Model model = loadSceneOrThrow(o.settings.scene);
  const std::string channel = studyChannel(model, o.settings.scene, o.channel);
  if (o.settings.spans.empty() || o.settings.tolerances.empty() ||
      !(*std::min_element(o.settings.spans.begin(), o.settings.spans.end()) > 0.0))
    throw InputError("give positive spans and at least one tolerance");
  const TimingStudy timing = makeTimingStudy(model, o.settings);
  const Study& study = timing.study;
  const std::vector<double>& spans = study.checkpoints;
  const std::string& impl = o.settings.implicitIntegrator;
  const std::string& expl = o.settings.explicitIntegrator;

  std::cout << "Explicit vs implicit on " << model.name << ": " << expl << " and " << impl
            << ", CPU time at t = ";
  for (double s : spans) std::cout << s << " ";
  std::cout << "s\n";
  const int figureRun = timing.figureRun;
  RunHistories figureHistory({"h", channel}, std::vector<int>{figureRun});
  const StudyOutcome outcome = runStudyFromCli(
      study, o.study,
      [&](const RunRecord& r) {
        const RunSettings& s = study.runs[r.run].settings;
        return (r.run == figureRun ? "Figure 5 run: " : "") + s.integrator +
               ", rtol = atol = " + formatTolerance(s.integratorSettings.rtol) + ": " +
               recordSummary(r);
      },
      figureHistory.hooks());

  const TimingSeries implicitRuns = timingSeries(study, outcome.records, impl, timing.implicitRuns);
  const TimingSeries explicitRuns = timingSeries(study, outcome.records, expl, timing.explicitRuns);
  printCpuTable("Table 3 (Sandu et al. 2001): CPU time [s] of " + expl, explicitRuns, spans);
  printCpuTable("Table 4 (Sandu et al. 2001): CPU time [s] of " + impl, implicitRuns, spans);
  printRatios(explicitRuns, implicitRuns, spans);
  printCostSplit(implicitRuns);
  if (!o.output.empty()) {
    writeTimingTable(o.output, {&explicitRuns, &implicitRuns}, spans);
    std::cout << "\nCSV  " << o.output << "\n";
  }
  if (const Results* figureResults = figureHistory.history(figureRun);
      !o.plot.empty() && figureResults) {
    saveFigure(figure5(model.name, impl, o.settings.figureTolerance, channel, *figureResults),
               o.plot);
    std::cout << "plot " << o.plot << "\n";
  }
  return outcome.interrupted ? kInterrupted : kSuccess;
}

}  // namespace mbw::cli
