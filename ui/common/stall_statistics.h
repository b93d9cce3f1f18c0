#pragma once
// The stalls of the GUI thread (how late each of a probe's ticks came, in ms), kept as counts per
// whole millisecond so that a tick costs no allocation: the longest, how many passed 50 and 100 ms,
// and percentiles. The longest is one event, at the mercy of the machine's other processes; the
// 99th percentile says how late the worst ticks usually come.

#include <array>

namespace mbw::ui {

class StallStatistics {
 public:
  void add(double stallMs);

  long count() const { return count_; }
  double longestMs() const { return longest_; }
  int over50Ms() const { return over50_; }
  int over100Ms() const { return over100_; }
  // the stall that a part p (0 < p <= 1) of the ticks do not exceed, rounded up to a whole
  // millisecond (the longest beyond the histogram's range; 0 without ticks)
  double percentileMs(double p) const;

 private:
  static constexpr int kBins = 500;  // [k, k + 1) ms for k < kBins - 1; the last bin holds the rest
  std::array<long, kBins> bins_{};
  long count_ = 0;
  double longest_ = 0.0;
  int over50_ = 0, over100_ = 0;
};

}  // namespace mbw::ui
