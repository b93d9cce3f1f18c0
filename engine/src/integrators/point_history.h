#pragma once
// The last few solved points of a run, most recent first, for schemes and predictors that use
// more than the current point. A ring of preallocated states: pushing copies into the oldest slot
// (no allocation once the slots have their sizes).

#include <algorithm>
#include <cassert>
#include <vector>

#include "solvers/initial_conditions.h"

namespace mbw {

class PointHistory {
 public:
  explicit PointHistory(int capacity) : slots_(std::max(1, capacity)) {}

  void reset(const State& s) {
    size_ = 0;
    push(s);
  }
  void push(const State& s) {
    const int n = capacity();
    head_ = (head_ + n - 1) % n;
    slots_[head_] = s;
    size_ = std::min(size_ + 1, n);
  }
  // keeps only the i most recent points
  void truncate(int i) { size_ = std::min(size_, i); }

  int size() const { return size_; }
  int capacity() const { return static_cast<int>(slots_.size()); }
  // 0 = most recent
  const State& operator[](int i) const {
    assert(i >= 0 && i < size_);
    return slots_[(head_ + i) % capacity()];
  }
  // step between points i and i + 1
  double step(int i) const { return (*this)[i].t - (*this)[i + 1].t; }

 private:
  std::vector<State> slots_;
  int head_ = 0, size_ = 0;
};

}  // namespace mbw
