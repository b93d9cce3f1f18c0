#pragma once
// A one-page figure of a run: body motion, energy terms, energy balance, constraint violation,
// step size and Newton iterations, each against time.

#include "chart.h"
#include "simulation/results.h"

namespace mbw::cli {

plot::Figure runReportFigure(const Results& results);

}  // namespace mbw::cli
