#pragma once
// The one-screen summary of a finished run, as text a front end shows as it is (mbw-cli prints it
// after `run` and `kinematics`): the run's scene and method, its status and failed checks, steps
// (rejected ones by reason), Newton iterations and factorizations, evaluations, events, CPU time by
// phase, the energy balance, the constraint violations and the initial projection.

#include <string>

#include "simulation/results.h"
#include "solvers/initial_conditions.h"

namespace mbw {

// The summary of `results`, one line per item, each ending in a newline; the metadata, statistics
// and channels a run lacks are left out. `projection` (may be null) adds the initial state's
// projection.
std::string runSummaryText(const Results& results, const ProjectionReport* projection);

}  // namespace mbw
