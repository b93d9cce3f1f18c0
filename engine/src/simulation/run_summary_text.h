#pragma once
// The one-screen summary of a finished run, as text a front end shows as it is (mbw-cli prints it
// after `run` and `kinematics`): the run's scene and method, its status and failed checks, steps
// (rejected ones by reason), Newton iterations and factorizations, evaluations, events, CPU time by
// phase, the energy balance, the constraint violations and the initial projection; and the line of
// a run's progress while it runs.

#include <string>

#include "simulation/results.h"
#include "solvers/initial_conditions.h"

namespace mbw {

// The summary of `results`, one line per item, each ending in a newline; the metadata, statistics
// and channels a run lacks are left out. `projection` (may be null) adds the initial state's
// projection.
std::string runSummaryText(const Results& results, const ProjectionReport* projection);

// A run's progress while it runs, as a front end shows it on one line: "t = 1.5 s of 3 s ( 50%),
// 2.1x real time": the time reached t, the end, the share of the span [tStart, tEnd] done and the
// simulated time per second of wall time `elapsedSeconds` (4, 4 and 3 significant digits).
std::string runProgressText(double t, double tStart, double tEnd, double elapsedSeconds);

}  // namespace mbw
