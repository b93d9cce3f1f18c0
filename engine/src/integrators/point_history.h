#pragma once
// The last few solved points of a run, most recent first, for schemes and predictors that use
// more than the current point. A ring of preallocated points (anything with a time t): pushing
// copies into the oldest slot (no allocation once the slots have their sizes).

#include <algorithm>
#include <cassert>
#include <vector>

#include "solvers/initial_conditions.h"

namespace mbw {

template <class Point>
class History {
 public:
  explicit History(int capacity) : slots_(std::max(1, capacity)) {}

  void reset(const Point& s) {
    size_ = 0;
    push(s);
  }
  void push(const Point& s) {
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
  const Point& operator[](int i) const {
    assert(i >= 0 && i < size_);
    return slots_[(head_ + i) % capacity()];
  }
  // step between points i and i + 1
  double step(int i) const { return (*this)[i].t - (*this)[i + 1].t; }

 private:
  std::vector<Point> slots_;
  int head_ = 0, size_ = 0;
};

using PointHistory = History<State>;

}  // namespace mbw
