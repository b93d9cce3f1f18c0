#include "stall_statistics.h"

#include <algorithm>
#include <cmath>

namespace mbw::ui {

// a tick's stall into its one-millisecond bin, the longest and the counts over 50 and 100 ms
void StallStatistics::add(double stallMs) {
  // a tick that came early counts as on time
  const double stall = std::max(0.0, stallMs);
  ++bins_[static_cast<size_t>(std::min<double>(std::floor(stall), kBins - 1))];
  ++count_;
  longest_ = std::max(longest_, stall);
  if (stall > 50.0) ++over50_;
  if (stall > 100.0) ++over100_;
}

// the stall within which a part p of the ticks came, to the millisecond
double StallStatistics::percentileMs(double p) const {
  if (count_ == 0) return 0.0;
  // the first bin at which the ticks counted so far reach the part asked for
  const double wanted = std::ceil(p * static_cast<double>(count_));
  long seen = 0;
  for (int k = 0; k < kBins - 1; ++k) {
    seen += bins_[static_cast<size_t>(k)];
    if (static_cast<double>(seen) >= wanted) return std::min(longest_, static_cast<double>(k + 1));
  }
  return longest_;
}

}  // namespace mbw::ui
