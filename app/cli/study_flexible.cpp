// mbw-cli study flexible: Zhang et al.'s experiments on the flexible-beam benchmarks
// (section 5.2-5.5): every method of the three groups at the paper's Delta t / n, the figures' time
// histories (Figs 14-16, 18-20, 22-24), the convergence study (Figs 25-27: RE of u3, v3, a3 at the
// shaft's mid-span against ESDIRK4(3)6L[2]SA2, eq 26) and the Newton iterations per time point
// (Fig 28). The studies, their runs, tables and files are the engine's
// (studies/flexible_study_run.h); this file prints a line per run, the tables, and draws.

#include <iostream>

#include "flexible_study_figures.h"
#include "simulation/file_claims.h"
#include "studies/flexible_study_run.h"
#include "studies/study_report_text.h"
#include "study.h"

namespace mbw::cli {
namespace {

// Figures 14-16, 18-20, 22-24: the table of runs printed and written, the time histories beside
// it, then the figures
int runExperiment(const FlexibleStudyRunner& runner, const FlexibleStudyOptions& o,
                  const Experiment& e) {
  const FlexibleExperimentPart part = runner.experiment(e);
  // the runs table printed, the part's files written
  part.runs.print(std::cout);
  part.writeFiles(o.outputDir);
  // each figure of the experiment
  for (const ExperimentFigure& f : e.figures) {
    const std::string file = o.study.figureFile(flexibleFigureFile(o.outputDir, f.number, e.key));
    saveSideFigure(
        plot::flexibleExperimentFigure(e, f, part.flexible, part.records, *part.histories), file,
        std::cout);
  }
  // a method that fails is a finding of the study (the table says why), not a failure of it
  return part.interrupted ? kInterrupted : kSuccess;
}

// Figures 25-27: the runs, RE and the observed orders, then a figure per output
int runConvergence(const FlexibleStudyRunner& runner, const FlexibleStudyOptions& o) {
  const FlexibleConvergencePart part = runner.convergence();
  const FlexibleConvergence& result = part.result;
  // the three tables printed, then written
  result.runs.print(std::cout);
  result.errors.print(std::cout);
  result.orders.print(std::cout);
  part.writeFiles(o.outputDir);
  // a figure for each of u3, v3 and a3
  for (int k = 0; k < 3; ++k) {
    const std::string file =
        o.study.figureFile(flexibleFigureFile(o.outputDir, 25 + k, "shaft_convergence"));
    saveSideFigure(
        plot::flexibleConvergenceFigure(25 + k, part.experiment.quantities[k], part.flexible.groups,
                                        result.errorsByMethod[k], part.referenceText()),
        file, std::cout);
  }
  return part.interrupted ? kInterrupted : kSuccess;
}

// Figure 28: the iterations of every example, unless stopped
int runIterations(const FlexibleStudyRunner& runner, const FlexibleStudyOptions& o) {
  const FlexibleIterationsPart part = runner.iterations();
  if (part.interrupted) return kInterrupted;
  // every example's charts on one figure
  plot::Figure f = plot::flexibleIterationsFigure();
  for (const FlexibleIterationExample& x : part.examples)
    for (plot::Chart& chart : plot::flexibleIterationCharts(x.scene, x.groups, x.points))
      f.charts.push_back(std::move(chart));
  // the table printed and written, then the figure
  part.table.print(std::cout);
  part.writeFiles(o.outputDir);
  saveSideFigure(f, o.study.figureFile(flexibleFigureFile(o.outputDir, 28, "iterations")),
                 std::cout);
  return kSuccess;
}

}  // namespace

int runFlexibleStudy(const FlexibleStudyOptions& o) {
  // the directory of every part's tables and figures
  createOutputDirectory(o.outputDir);
  // each study of a part (--jobs threads, Ctrl-C), one line per finished run
  const FlexibleStudyRunner runner(o, o.options, [&o](const Study& study, StudyRunHooks hooks) {
    std::cerr << "study flexible: " << study.title << ", " << study.runs.size() << " runs\n";
    return runStudyFromCli(
        study, o.study, [&](const RunRecord& r) { return methodStepRunLine(study.runs[r.run], r); },
        std::move(hooks));
  });
  // the parts asked for (default: all) in their order, each stopping the study unless it succeeds
  const std::vector<std::string> parts = o.parts.empty() ? flexibleStudyParts() : o.parts;
  for (const std::string& part : parts) {
    // an experiment's figures, the convergence study or the iterations
    const std::optional<Experiment> e = flexibleStudyExperiment(part);
    const int status = e                       ? runExperiment(runner, o, *e)
                       : part == "convergence" ? runConvergence(runner, o)
                                               : runIterations(runner, o);
    if (status != kSuccess) return status;
  }
  return kSuccess;
}

}  // namespace mbw::cli
