// mbw-cli study flexible convergence | iterations: Zhang et al. 2022 Figures 25-27 (relative errors
// RE of u3, v3, a3 at the shaft's mid-span against ESDIRK4(3)6L[2]SA2 at Delta t = 1e-5 s, eq 26,
// over Delta t / n) and Figure 28 (Newton iterations per time point S/N of every method on the four
// examples at two steps).

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>

#include "study_flexible.h"

namespace mbw::cli {
namespace {

plot::Figure convergenceFigure(int number, const std::string& quantity,
                               const std::vector<MethodGroup>& groups,
                               const std::map<std::string, StepPoints>& errors,
                               const std::string& reference) {
  plot::Figure f;
  f.title = "Fig. " + std::to_string(number) + ": rotating-shaft, RE(" + quantity +
            ") at mid-span against " + reference.substr(0, reference.find(" ("));
  f.columns = 3;
  f.chartHeight = 460;
  f.width = 1500;
  // a chart per group (the paper's panel (a) holds both rho_inf: twenty series, more than the
  // palette's colours and dashes tell apart), on one error range so that the panels compare
  double lo = INFINITY, hi = 0.0;
  for (const auto& [label, points] : errors)
    for (const auto& [h, e] : points)
      if (std::isfinite(e) && e > 0.0) lo = std::min(lo, e), hi = std::max(hi, e);
  for (const MethodGroup& g : groups) {
    plot::Chart c{g.title, {"Delta t / n [s]", true}, {"relative error", true}, {}};
    if (hi > 0.0) c.y.min = lo / 1.5, c.y.max = hi * 1.5;
    for (size_t m = 0; m < g.methods.size(); ++m) {
      const std::string label = g.methods[m].label();
      plot::Series s{label, {}, {}};
      s.style = plot::Series::Style::LineAndMarkers;
      s.dashed = m >= 7;  // as in the study's other figures
      const auto it = errors.find(label);
      if (it != errors.end())
        for (const auto& [h, e] : it->second)
          if (std::isfinite(e)) s.x.push_back(h), s.y.push_back(e);
      c.series.push_back(std::move(s));
    }
    f.charts.push_back(std::move(c));
  }
  return f;
}

}  // namespace

int runFlexibleConvergence(const FlexibleStudyOptions& o) {
  const ConvergenceExperiment x = shaftConvergenceExperiment();
  const Model model = loadSceneOrThrow(x.scene);
  FlexibleStudy flexible =
      flexibleStudy(model, o, o.convergenceSteps, o.options.tEnd.value_or(x.tEnd), x.channels);
  addFlexibleConvergenceReference(flexible, x.channels, o.referenceStep);
  Study& study = flexible.study;
  study.title = "rotating-shaft convergence";
  bool interrupted = false;
  const std::vector<RunRecord> records = executeFlexible(study, o, {}, interrupted);
  const std::string referenceText = study.references.front().description;
  const FlexibleConvergence result = flexibleConvergence(study, records);

  result.runs.print(std::cout);
  result.errors.print(std::cout);
  result.orders.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  result.runs.writeCsv((dir / "convergence_runs.csv").string());
  result.errors.writeCsv((dir / "convergence.csv").string());
  result.orders.writeCsv((dir / "convergence_orders.csv").string());
  for (int k = 0; k < 3; ++k) {
    const std::string file = o.study.figureFile(
        (dir / ("fig" + std::to_string(25 + k) + "_shaft_convergence.png")).string());
    saveSideFigure(convergenceFigure(25 + k, x.quantities[k], flexible.groups,
                                     result.errorsByMethod[k], referenceText),
                   file, std::cout);
  }
  return interrupted ? kInterrupted : kSuccess;
}

int runFlexibleIterations(const FlexibleStudyOptions& o) {
  StudyTable table =
      flexibleRunTable("Newton iterations per time point (Zhang et al. 2022 Fig. 28)");
  table.header.insert(table.header.begin(), "scene");
  plot::Figure f;
  f.title = "Fig. 28: Newton iterations per implicit time point S/N";
  f.columns = 3;
  f.chartHeight = 300;
  f.width = 1500;
  for (const IterationExample& x : newtonIterationExamples()) {
    const Model model = loadSceneOrThrow(x.scene);
    const double tEnd = std::min(o.options.tEnd.value_or(x.tEnd), x.tEnd);
    const FlexibleStudy flexible = flexibleStudy(model, o, {x.steps[0], x.steps[1]}, tEnd, {});
    const Study& study = flexible.study;
    bool interrupted = false;
    const std::vector<RunRecord> records = executeFlexible(study, o, {}, interrupted);
    if (interrupted) return kInterrupted;
    const std::vector<std::vector<StepPoints>> points =
        flexibleIterations(x.scene, flexible, {x.steps[0], x.steps[1]}, records, table);
    // a chart per group, a series per method over the two steps
    for (size_t g = 0; g < flexible.groups.size(); ++g) {
      const MethodGroup& group = flexible.groups[g];
      plot::Chart c{x.scene + " " + groupKey(group), {"Delta t / n [s]", true}, {"S / N"}, {}};
      for (size_t m = 0; m < group.methods.size(); ++m) {
        plot::Series s{group.methods[m].label(), {}, {}};
        s.style = plot::Series::Style::LineAndMarkers;
        s.dashed = m >= 7;
        for (const auto& [h, iterations] : points[g][m])
          s.x.push_back(h), s.y.push_back(iterations);
        c.series.push_back(std::move(s));
      }
      f.charts.push_back(std::move(c));
    }
  }
  table.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  table.writeCsv((dir / "iterations.csv").string());
  const std::string file = o.study.figureFile((dir / "fig28_iterations.png").string());
  saveSideFigure(f, file, std::cout);
  return kSuccess;
}

}  // namespace mbw::cli
