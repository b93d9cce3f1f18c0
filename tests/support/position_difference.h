#pragma once
// The largest difference of the body frame origins (every channel ending in .x, .y or .z) between
// two runs recorded at the same times, max_k,r |a_k(t_r) - b_k(t_r)|; the row counts and times are
// checked equal on the way.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "simulation/results.h"

namespace mbw::test {

inline double positionDifference(const Results& a, const Results& b) {
  EXPECT_EQ(a.rowCount(), b.rowCount());
  double worst = 0.0;
  for (int col = 1; col < a.columnCount(); ++col) {
    const std::string& name = a.channels()[col].name;
    const std::string axis = name.size() > 2 ? name.substr(name.size() - 2) : "";
    if (axis != ".x" && axis != ".y" && axis != ".z") continue;
    const int other = b.column(name);
    for (size_t r = 0; r < std::min(a.rowCount(), b.rowCount()); ++r) {
      EXPECT_NEAR(a.at(r, 0), b.at(r, 0), 1e-12);
      worst = std::max(worst, std::abs(a.at(r, col) - b.at(r, other)));
    }
  }
  return worst;
}

}  // namespace mbw::test
