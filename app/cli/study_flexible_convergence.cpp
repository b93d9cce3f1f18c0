// mbw-cli study flexible convergence | iterations: Zhang et al. 2022 Figures 25-27 (relative errors
// RE of u3, v3, a3 at the shaft's mid-span against ESDIRK4(3)6L[2]SA2 at Delta t = 1e-5 s, eq 26,
// over Delta t / n) and Figure 28 (Newton iterations per time point S/N of every method on the four
// examples at two steps).

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "flexible_study_figures.h"
#include "study_flexible.h"

namespace mbw::cli {
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
    saveSideFigure(plot::flexibleConvergenceFigure(25 + k, x.quantities[k], flexible.groups,
                                                   result.errorsByMethod[k], referenceText),
                   file, std::cout);
  }
  return interrupted ? kInterrupted : kSuccess;
}

int runFlexibleIterations(const FlexibleStudyOptions& o) {
  StudyTable table =
      flexibleRunTable("Newton iterations per time point (Zhang et al. 2022 Fig. 28)");
  table.header.insert(table.header.begin(), "scene");
  plot::Figure f = plot::flexibleIterationsFigure();
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
    for (plot::Chart& chart : plot::flexibleIterationCharts(x.scene, flexible.groups, points))
      f.charts.push_back(std::move(chart));
  }
  table.print(std::cout);
  const std::filesystem::path dir(o.outputDir);
  table.writeCsv((dir / "iterations.csv").string());
  const std::string file = o.study.figureFile((dir / "fig28_iterations.png").string());
  saveSideFigure(f, file, std::cout);
  return kSuccess;
}

}  // namespace mbw::cli
