#pragma once
// Errors of a run against a reference run of the same model, on the run's own time grid. The
// reference is interpolated as Sandu et al. 2001 section 5.1 describes: at each time t_i, a cubic
// through the four reference points around it, E_{r-1}, E_r, E_{r+1}, E_{r+2} with T_r <= t_i <=
// T_{r+1} (the first or last four near the ends).

#include <string>
#include <vector>

#include "simulation/results.h"

namespace mbw {

// The cubic through the four reference samples around t (times sorted, at least 4 samples; with
// fewer, linear interpolation).
double interpolateCubic4(const std::vector<double>& times, const std::vector<double>& values,
                         double t);

struct TrajectoryError {
  std::string channel;
  std::vector<double> times;        // the run's recorded times
  std::vector<double> errors;       // |E*_i - e_i|
  std::vector<double> differences;  // e_i - E*_i: the run minus the reference, signed
  double maximum = 0.0;             // infinity norm
  double timeOfMaximum = 0.0;
  double mean = 0.0;  // average over the recorded times
  double rms = 0.0;
};

// The error of `channel` of run against reference (throws std::invalid_argument when a run lacks
// the channel or the reference does not cover the run's time span).
TrajectoryError trajectoryError(const Results& run, const Results& reference,
                                const std::string& channel);

}  // namespace mbw
