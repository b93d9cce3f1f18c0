#pragma once
// A one-page figure of a run, drawn by `mbw-cli run --plot` and shared by every front end.

#include "chart.h"
#include "simulation/results.h"

namespace mbw::plot {

// Six charts against time, two per row: the body motion (for each of the first five bodies, the
// frame origin coordinate that moves the most), the energy terms, the energy balance, |constraint
// violation| (log), the step size (log) and the Newton iterations per step (the last two without
// the initial row, which is no step).
plot::Figure runReportFigure(const Results& results);

}  // namespace mbw::plot
