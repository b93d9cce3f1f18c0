#pragma once
// Several integrators on one scene, for comparisons at equal cost (Zhang et al. 2022 section 5: the
// same Delta t / n for every method, n = implicit stages per step) and convergence studies:
//     RE(x) = sqrt( sum_j (x(t_j) - x_j)^2 / sum_j x(t_j)^2 )      (Zhang et al. 2022 eq 26)
// over the steps t_j of a run, with x(t_j) from a reference run (interpolated by the 4-point
// cubic of reference_error.h where the grids differ), and the observed order as the least-squares
// slope of log RE against log Delta t.

#include <functional>
#include <string>
#include <vector>

#include "analysis/reference_error.h"
#include "simulation/simulation.h"

namespace mbw {

// One integrator with its parameters, e.g. "lms3:0.6" (name[:rho_inf]).
struct StudyMethod {
  std::string integrator;
  double rhoInf = -1.0;  // < 0: the integrator's default
  std::string label() const;
};

// Parses "a,b:0.6,c" (throws ConfigurationError for unknown names or bad numbers).
std::vector<StudyMethod> parseStudyMethods(const std::string& list);

// The settings of a fixed-step run of `method` from `base` (whose rho_inf and alpha reach only
// the methods that have them); step = Delta t, or Delta t / n when perStage.
RunSettings studyRunSettings(const RunSettings& base, const StudyMethod& method, double step,
                             bool perStage);

// eq 26; throws std::invalid_argument when a run lacks the channel or the reference does not
// cover its time span. The initial row (t_0, identical by construction) is left out.
double relativeError(const Results& run, const Results& reference, const std::string& channel);
// eq 26 from the errors of a channel already measured against the reference
double relativeError(const TrajectoryError& error, const Results& reference);

// least-squares slope of log(error) against log(step) over the finite positive pairs (NaN if < 2)
double observedOrder(const std::vector<double>& steps, const std::vector<double>& errors);

// Newton iterations per step and per implicit time point (Zhang et al. 2022 Figure 28: S/N).
double iterationsPerStep(const RunStatistics& s);
double iterationsPerTimePoint(const RunStatistics& s);

}  // namespace mbw
