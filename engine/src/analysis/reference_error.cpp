#include "analysis/reference_error.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mbw {

double interpolateCubic4(const std::vector<double>& T, const std::vector<double>& E, double t) {
  const size_t n = T.size();
  if (n == 0) throw std::invalid_argument("no reference samples");
  // a single sample is a constant
  if (n == 1) return E[0];
  // r: T[r] <= t <= T[r+1]
  size_t r = static_cast<size_t>(std::upper_bound(T.begin(), T.end(), t) - T.begin());
  // t outside the table: the first or the last interval
  r = r == 0 ? 0 : std::min(r - 1, n - 2);
  // too few points for a cubic: linear
  if (n < 4) {
    const double s = (t - T[r]) / (T[r + 1] - T[r]);
    return (1.0 - s) * E[r] + s * E[r + 1];
  }
  // the four points E[r-1..r+2], shifted inside the table at the ends
  size_t first = r == 0 ? 0 : r - 1;
  first = std::min(first, n - 4);
  // the Lagrange cubic through the four points at t
  double value = 0.0;
  for (size_t a = first; a < first + 4; ++a) {
    // the Lagrange basis weight of point a at t
    double w = 1.0;
    for (size_t b = first; b < first + 4; ++b)
      if (b != a) w *= (t - T[b]) / (T[a] - T[b]);
    value += w * E[a];
  }
  return value;
}

TrajectoryError trajectoryError(const Results& run, const Results& reference,
                                const std::string& channel) {
  // the channel's column in each, refused when either has none
  const int c = run.column(channel), cr = reference.column(channel);
  if (c < 0 || cr < 0) throw std::invalid_argument("no channel '" + channel + "' to compare");
  TrajectoryError e;
  // the run's times and the reference's samples
  e.channel = channel;
  e.times = run.columnValues(0);
  // no run times: nothing to compare
  if (e.times.empty()) return e;
  const std::vector<double> T = reference.columnValues(0), E = reference.columnValues(cr);
  // the reference must cover the run's times, within rounding
  const double slack = 1e-9 * std::max(1.0, std::abs(T.empty() ? 0.0 : T.back()));
  if (T.empty() || e.times.front() < T.front() - slack || e.times.back() > T.back() + slack)
    throw std::invalid_argument("the reference run does not cover the compared run's time span");
  // at each of the run's times: the difference, its size, and the largest so far
  double sum = 0.0, sum2 = 0.0;
  for (size_t i = 0; i < e.times.size(); ++i) {
    const double difference = run.at(i, c) - interpolateCubic4(T, E, e.times[i]);
    const double err = std::abs(difference);
    e.differences.push_back(difference);
    e.errors.push_back(err);
    sum += err;
    sum2 += err * err;
    if (err > e.maximum) {
      e.maximum = err;
      e.timeOfMaximum = e.times[i];
    }
  }
  // the mean and the RMS of the errors
  e.mean = sum / e.errors.size();
  e.rms = std::sqrt(sum2 / e.errors.size());
  return e;
}

}  // namespace mbw
