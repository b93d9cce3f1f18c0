#pragma once
// The figures of the method-grid studies (studies/method_grid.h: several integrators at the same
// Delta t / n, or at several steps against a reference), as `mbw-cli compare` and `mbw-cli
// convergence` and any front end draw them.

#include <string>
#include <vector>

#include "chart.h"
#include "studies/method_grid_tables.h"
#include "studies/run_histories.h"

namespace mbw::plot {

// Zhang et al. 2022 Figures 9-12: a chart per channel, its time history in every run the histories
// kept, one series per method; the title names the scene and Delta t (Delta t / n when perStage).
plot::Figure comparisonFigure(const std::string& scene, double step, bool perStage,
                              const Study& study, const std::vector<std::string>& channels,
                              const RunHistories& histories);

// The convergence study: a chart per output, its relative error RE (eq 26) against Delta t / n
// (log-log), and a last chart of the Newton iterations per time point S/N (Figure 28); one series
// per method (recordsByMethod).
plot::Figure methodConvergenceFigure(const Study& study, const std::vector<RunRecord>& records,
                                     const std::vector<std::string>& outputs,
                                     const std::string& title);

}  // namespace mbw::plot
