#pragma once
// The figures of Zhang et al. 2022's studies on the flexible-beam benchmarks (section 5.2-5.5), as
// `mbw-cli study flexible` and any front end draw them; the studies and their tables are the
// engine's (studies/flexible_benchmark_studies.h, studies/flexible_study_tables.h). In every chart
// of a group the series are dashed from the eighth method on: the palette's eight colours repeat in
// a group of ten.

#include <map>
#include <string>
#include <vector>

#include "chart.h"
#include "studies/flexible_benchmark_studies.h"
#include "studies/flexible_study_tables.h"
#include "studies/run_histories.h"

namespace mbw::plot {

// One of the paper's time-history figures (Figs. 14-16, 18-20, 22-24): a chart per method group,
// the figure's channel of every run of the group over the recorded window, a failed run labelled
// with the time it reached.
plot::Figure flexibleExperimentFigure(const Experiment& experiment, const ExperimentFigure& figure,
                                      const FlexibleStudy& flexible,
                                      const std::vector<RunRecord>& records,
                                      const RunHistories& histories);

// Figs. 25-27: the relative error RE of `quantity` at the shaft's mid-span against Delta t / n,
// log-log, a chart per group on one error range; `errors` by method label, `reference` the
// reference run's description (its part before " (" is named in the title).
plot::Figure flexibleConvergenceFigure(int number, const std::string& quantity,
                                       const std::vector<MethodGroup>& groups,
                                       const std::map<std::string, StepPoints>& errors,
                                       const std::string& reference);

// Fig. 28's page, without charts: the Newton iterations per time point S/N, three charts a row.
plot::Figure flexibleIterationsFigure();
// Fig. 28's charts of one example: a chart per group, S/N of each method over the steps
// (points[group][method], as flexibleIterations returns them).
std::vector<plot::Chart> flexibleIterationCharts(
    const std::string& scene, const std::vector<MethodGroup>& groups,
    const std::vector<std::vector<StepPoints>>& points);

}  // namespace mbw::plot
