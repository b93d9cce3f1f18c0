#pragma once
// The one-screen summary printed after a run.

#include <iosfwd>

#include "simulation/results.h"
#include "solvers/initial_conditions.h"

namespace mbw::cli {

void printRunSummary(const Results& results, const ProjectionReport* projection, std::ostream& out);

}  // namespace mbw::cli
