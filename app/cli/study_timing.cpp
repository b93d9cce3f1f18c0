// mbw-cli study explicit-vs-implicit SCENE: seed 000 section 5.2. CPU time of an explicit code
// (Adams, Table 3) and of the implicit Rosenbrock-Nystrom method (Table 4) for 1..4 s of
// simulation at rtol = atol = 1e-2 .. 1e-5, read from one run per integrator and tolerance at the
// moments it passes each span; and Figure 5, the implicit step size against a channel (the
// chassis height).

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>

#include "cli_common.h"
#include "run_progress.h"
#include "study.h"
#include "study_run.h"

namespace mbw::cli {
namespace {

struct Series {
  std::string integrator;
  std::vector<double> tolerances;
  std::vector<StudyRun> runs;
};

void printCpuTable(const std::string& title, const Series& s, const std::vector<double>& spans) {
  std::cout << "\n" << title << "\n  span   ";
  for (double tol : s.tolerances) std::cout << std::setw(11) << toleranceLabel(tol);
  std::cout << "\n";
  for (size_t k = 0; k < spans.size(); ++k) {
    std::cout << "  " << std::setw(4) << spans[k] << " s ";
    for (const StudyRun& r : s.runs) {
      std::cout << std::setw(11);
      if (r.cpuAt[k] >= 0.0) std::cout << formatNumber(r.cpuAt[k], 4);
      else std::cout << "-";
    }
    std::cout << "\n";
  }
  std::cout << "  steps  ";
  for (const StudyRun& r : s.runs) std::cout << std::setw(11) << r.results.stats.steps;
  std::cout << "\n  mean h ";
  for (const StudyRun& r : s.runs) {
    const size_t n = r.results.rowCount();
    const double t = n ? r.results.at(n - 1, 0) : 0.0;
    std::cout << std::setw(11) << formatNumber(r.results.stats.steps ? t / r.results.stats.steps : 0.0);
  }
  std::cout << "\n";
}

void printRatios(const Series& expl, const Series& impl, const std::vector<double>& spans) {
  std::cout << "\nCPU time ratio " << expl.integrator << " / " << impl.integrator << "\n  span   ";
  for (double tol : impl.tolerances) std::cout << std::setw(11) << toleranceLabel(tol);
  std::cout << "\n";
  for (size_t k = 0; k < spans.size(); ++k) {
    std::cout << "  " << std::setw(4) << spans[k] << " s ";
    for (size_t j = 0; j < impl.runs.size(); ++j) {
      const double a = j < expl.runs.size() ? expl.runs[j].cpuAt[k] : -1.0, b = impl.runs[j].cpuAt[k];
      std::cout << std::setw(11) << (a > 0.0 && b > 0.0 ? formatNumber(a / b, 3) : "-");
    }
    std::cout << "\n";
  }
}

void printCostSplit(const Series& impl) {
  std::cout << "\n" << impl.integrator << ": real-time factor (simulated / CPU time) and CPU by phase\n";
  for (size_t j = 0; j < impl.runs.size(); ++j) {
    const Results& r = impl.runs[j].results;
    const RunStatistics& s = r.stats;
    const double tEnd = r.rowCount() ? r.at(r.rowCount() - 1, 0) : 0.0;
    std::cout << "  tol " << toleranceLabel(impl.tolerances[j]) << ": "
              << formatNumber(tEnd / s.cpuSeconds, 3) << "x real time, "
              << formatNumber(1e6 * s.cpuSeconds / std::max(1L, s.steps), 3) << " us per step;";
    for (const auto& [phase, seconds] : s.phaseSeconds)
      std::cout << " " << phase << " " << formatNumber(100.0 * seconds / s.cpuSeconds, 3) << "%";
    std::cout << "\n";
  }
}

void writeCsvTable(const std::string& path, const std::vector<const Series*>& all,
                   const std::vector<double>& spans) {
  std::ofstream out(path);
  if (!out) throw InputError("cannot write '" + path + "'");
  out << "integrator,tolerance,span,cpu_seconds,steps,rejected,function_evaluations,jacobians,"
         "run_end,run_cpu_seconds\n";
  out.precision(10);
  for (const Series* s : all)
    for (size_t j = 0; j < s->runs.size(); ++j) {
      const StudyRun& r = s->runs[j];
      const RunStatistics& st = r.results.stats;
      const double tEnd = r.results.rowCount() ? r.results.at(r.results.rowCount() - 1, 0) : 0.0;
      for (size_t k = 0; k < spans.size(); ++k)
        out << s->integrator << "," << s->tolerances[j] << "," << spans[k] << ","
            << (r.cpuAt[k] >= 0.0 ? std::to_string(r.cpuAt[k]) : "") << "," << st.steps << ","
            << st.rejectedSteps << "," << st.functionEvaluations << "," << st.jacobianEvaluations
            << "," << tEnd << "," << st.cpuSeconds << "\n";
    }
}

plot::Figure figure5(const std::string& scene, const std::string& integrator, double tolerance,
                     const std::string& channel, const Results& r) {
  plot::Figure f;
  f.title = scene + ": " + integrator + " at rtol = atol = " + toleranceLabel(tolerance) +
            " (seed 000 Figure 5)";
  f.chartHeight = 330;
  std::vector<double> t = r.columnValues(0), h = r.columnValues(r.column("h"));
  t.erase(t.begin());
  h.erase(h.begin());
  plot::Chart step{"Integration step size", {"t [s]"}, {"h [s]", true}, {}};
  if (!h.empty()) step.y.max = 1.5 * *std::max_element(h.begin(), h.end());  // markers clear of the edge
  step.series.push_back({"h", t, h, plot::Series::Style::LineAndMarkers});
  step.legend = false;
  plot::Chart value{channel, {"t [s]"}, {channel}, {}};
  value.series.push_back({channel, r.columnValues(0), r.columnValues(r.column(channel))});
  value.legend = false;
  f.charts = {step, value};
  return f;
}

Series runSeries(const Model& model, const std::string& integrator,
                 const std::vector<double>& tolerances, const std::vector<double>& spans, int every,
                 double budget) {
  Series s{integrator, tolerances, {}};
  for (double tol : tolerances) {
    RunSettings settings;
    settings.formulation = model.defaults.formulation;
    settings.integrator = integrator;
    settings.tEnd = spans.back();
    settings.every = every;
    settings.integratorSettings.step = model.defaults.step;
    settings.integratorSettings.maxStep = model.defaults.maxStep;
    settings.integratorSettings.variableStep = true;
    settings.integratorSettings.rtol = settings.integratorSettings.atol = tol;
    s.runs.push_back(runForStudy(model, settings, spans, budget, std::cout,
                                 integrator + ", rtol = atol = " + toleranceLabel(tol)));
    if (s.runs.back().interrupted) break;
  }
  return s;
}

}  // namespace

int runTimingStudy(const TimingStudyOptions& o) {
  const Model model = loadSceneOrThrow(o.scene);
  const std::string channel = studyChannel(model, o.scene, o.channel);
  std::vector<double> spans = o.spans, tolerances = o.tolerances;
  if (o.quick) {
    spans = {0.3, 0.6};
    tolerances = {1e-2, 1e-3};
  }
  std::sort(spans.begin(), spans.end());
  if (spans.empty() || tolerances.empty() || !(spans.front() > 0.0))
    throw InputError("give positive spans and at least one tolerance");

  std::cout << "Explicit vs implicit on " << model.name << ": " << o.explicitIntegrator << " and "
            << o.implicitIntegrator << ", CPU time at t = ";
  for (double s : spans) std::cout << s << " ";
  std::cout << "s\n";
  const Series impl = runSeries(model, o.implicitIntegrator, tolerances, spans, 1, 0.0);
  if (impl.runs.back().interrupted) return kInterrupted;
  Series expl = runSeries(model, o.explicitIntegrator, tolerances, spans, o.explicitEvery, o.cpuBudget);
  const bool interrupted = expl.runs.back().interrupted;
  expl.tolerances.resize(expl.runs.size());

  printCpuTable("Table 3 (seed 000): CPU time [s] of " + o.explicitIntegrator, expl, spans);
  printCpuTable("Table 4 (seed 000): CPU time [s] of " + o.implicitIntegrator, impl, spans);
  printRatios(expl, impl, spans);
  printCostSplit(impl);
  if (interrupted) return kInterrupted;

  // Figure 5: the implicit step size against the channel
  const double figureEnd = o.quick ? spans.back() : (o.figureEnd > 0.0 ? o.figureEnd : model.defaults.tEnd);
  std::cout << "\nFigure 5 run\n";
  const Series fig = runSeries(model, o.implicitIntegrator, {o.figureTolerance}, {figureEnd}, 1, 0.0);
  if (!o.output.empty()) {
    writeCsvTable(o.output, {&expl, &impl}, spans);
    std::cout << "\nCSV  " << o.output << "\n";
  }
  if (!o.plot.empty()) {
    saveFigure(figure5(model.name, o.implicitIntegrator, o.figureTolerance, channel,
                       fig.runs.front().results),
               o.plot);
    std::cout << "plot " << o.plot << "\n";
  }
  return kSuccess;
}

}  // namespace mbw::cli
