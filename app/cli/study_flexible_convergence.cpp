// mbw-cli study flexible convergence | iterations: seed 002 Figures 25-27 (relative errors RE of
// u3, v3, a3 at the shaft's mid-span against ESDIRK4(3)6L[2]SA2 at Delta t = 1e-5 s, eq 26, over
// Delta t / n) and Figure 28 (Newton iterations per time point S/N of every method on the four
// examples at two steps).

#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>

#include "study_flexible.h"

namespace mbw::cli {
namespace {

const char* const kShaftChannels[] = {"shaft.16.z", "shaft.16.vz", "shaft.16.az"};
const char* const kShaftQuantities[] = {"u_3", "v_3", "a_3"};

// RE of a run against the reference (NaN for a failed run)
double shaftError(const FlexibleRun& run, const Results& reference, const std::string& channel) {
  if (run.results.status != RunStatus::Completed) return NAN;
  return relativeError(run.results, reference, channel);
}

plot::Figure convergenceFigure(int number, int k, const std::vector<MethodGroup>& groups,
                               const std::map<std::string, std::vector<std::pair<double, double>>>& errors,
                               const std::string& reference) {
  plot::Figure f;
  f.title = "Fig. " + std::to_string(number) + ": rotating-shaft, RE(" + kShaftQuantities[k] +
            ") at mid-span against " + reference;
  f.columns = 2;
  f.chartHeight = 460;
  // (a) second-order methods, both rho_inf; (b) higher-order methods
  const std::vector<std::pair<std::string, std::vector<const MethodGroup*>>> panels = {
      {"(a) second-order methods (rho_inf)", {&groups[0], &groups[1]}}, {"(b) higher-order methods", {&groups[2]}}};
  for (const auto& [title, members] : panels) {
    plot::Chart c{title, {"Delta t / n [s]", true}, {"relative error", true}, {}};
    for (const MethodGroup* g : members)
      for (size_t m = 0; m < g->methods.size(); ++m) {
        plot::Series s{g->methods[m].label(), {}, {}};
        s.style = plot::Series::Style::LineAndMarkers;
        s.dashed = g != members.front() || m >= 7;
        for (const auto& [h, e] : errors.at(g->methods[m].label()))
          if (std::isfinite(e)) s.x.push_back(h), s.y.push_back(e);
        c.series.push_back(std::move(s));
      }
    f.charts.push_back(std::move(c));
  }
  return f;
}

}  // namespace

int runFlexibleConvergence(const FlexibleStudyOptions& o) {
  const Model model = loadSceneOrThrow("rotating-shaft");
  const std::vector<MethodGroup> groups = flexibleStudyGroups(o.quick);
  const double tEnd = o.options.tEnd.value_or(2.5);
  std::cerr << "study flexible convergence: reference esdirk4-6l2sa2 at Delta t = " << o.referenceStep << " s\n";

  // the reference: recorded at every step (RE interpolates it onto each run's steps)
  const StudyMethod referenceMethod{"esdirk4-6l2sa2", -1.0};
  const int stages = findIntegrator(referenceMethod.integrator)->capabilities.implicitStages;
  const std::vector<std::string> channels(std::begin(kShaftChannels), std::end(kShaftChannels));
  FlexibleRun reference = runFlexible(model, o.options, referenceMethod, o.referenceStep / stages, tEnd, channels);
  if (reference.interrupted) return kInterrupted;
  if (reference.results.status != RunStatus::Completed)
    throw InputError("the reference run failed: " + reference.results.message);
  const std::string referenceText = "esdirk4-6l2sa2, Delta t = " + formatNumber(o.referenceStep) + " s";

  StudyTable runs = runTable("rotating-shaft: runs of the convergence study");
  StudyTable table;
  table.title = "rotating-shaft: RE (seed 002 eq 26) at mid-span, t in [0, " + formatNumber(tEnd) + "] s, against " + referenceText;
  table.header = {"method", "dt/n", "RE(u3)", "RE(v3)", "RE(a3)", "it/point"};
  std::map<std::string, std::vector<std::pair<double, double>>> errors[3];
  for (const MethodGroup& g : groups)
    for (const StudyMethod& m : g.methods)
      for (double h : o.convergenceSteps) {
        const FlexibleRun r = runFlexible(model, o.options, m, h, tEnd, channels);
        if (r.interrupted) return kInterrupted;
        addRunRow(runs, g.title.substr(0, 3), r);
        std::vector<std::string> row{m.label(), cell(h)};
        for (int k = 0; k < 3; ++k) {
          const double e = shaftError(r, reference.results, kShaftChannels[k]);
          errors[k][m.label()].push_back({h, e});
          row.push_back(cell(e));
        }
        row.push_back(cell(iterationsPerTimePoint(r.results.stats)));
        table.rows.push_back(row);
      }

  // observed orders (least-squares slopes over the completed runs)
  StudyTable orders;
  orders.title = "observed orders of RE against Delta t / n";
  orders.header = {"method", "u3", "v3", "a3"};
  for (const MethodGroup& g : groups)
    for (const StudyMethod& m : g.methods) {
      std::vector<std::string> row{m.label()};
      for (int k = 0; k < 3; ++k) {
        std::vector<double> h, e;
        for (const auto& [step, error] : errors[k][m.label()]) h.push_back(step), e.push_back(error);
        row.push_back(cell(observedOrder(h, e)));
      }
      orders.rows.push_back(row);
    }

  runs.print(std::cout);
  table.print(std::cout);
  orders.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  runs.writeCsv((dir / "convergence_runs.csv").string());
  table.writeCsv((dir / "convergence.csv").string());
  orders.writeCsv((dir / "convergence_orders.csv").string());
  for (int k = 0; k < 3; ++k) {
    const std::string file = (dir / ("fig" + std::to_string(25 + k) + "_shaft_convergence.png")).string();
    saveFigure(convergenceFigure(25 + k, k, groups, errors[k], referenceText), file);
    std::cout << "plot  " << file << "\n";
  }
  return kSuccess;
}

int runFlexibleIterations(const FlexibleStudyOptions& o) {
  const std::vector<MethodGroup> groups = flexibleStudyGroups(o.quick);
  StudyTable table = runTable("Newton iterations per time point (seed 002 Fig. 28)");
  table.header.insert(table.header.begin(), "scene");
  plot::Figure f;
  f.title = "Fig. 28: Newton iterations per implicit time point S/N";
  f.columns = 3;
  f.chartHeight = 300;
  f.width = 1500;
  for (const IterationExample& x : seed002IterationExamples()) {
    const Model model = loadSceneOrThrow(x.scene);
    const double tEnd = std::min(o.options.tEnd.value_or(x.tEnd), x.tEnd);
    std::cerr << "study flexible iterations: " << x.scene << "\n";
    for (const MethodGroup& g : groups) {
      plot::Chart c{x.scene + " " + g.title.substr(0, 3), {"Delta t / n [s]", true}, {"S / N"}, {}};
      for (size_t m = 0; m < g.methods.size(); ++m) {
        plot::Series s{g.methods[m].label(), {}, {}};
        s.style = plot::Series::Style::LineAndMarkers;
        s.dashed = m >= 7;
        for (double h : x.steps) {
          const FlexibleRun r = runFlexible(model, o.options, g.methods[m], h, tEnd, {});
          if (r.interrupted) return kInterrupted;
          addRunRow(table, g.title.substr(0, 3), r);
          table.rows.back().insert(table.rows.back().begin(), x.scene);
          if (r.results.status != RunStatus::Completed) continue;
          s.x.push_back(h);
          s.y.push_back(iterationsPerTimePoint(r.results.stats));
        }
        c.series.push_back(std::move(s));
      }
      f.charts.push_back(std::move(c));
    }
  }
  table.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  table.writeCsv((dir / "iterations.csv").string());
  const std::string file = (dir / "fig28_iterations.png").string();
  saveFigure(f, file);
  std::cout << "plot  " << file << "\n";
  return kSuccess;
}

}  // namespace mbw::cli
