// Numbers in text (math/number_text.h): significant digits, fixed or scientific as a stream
// writes them, the same at any precision the callers use.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "math/number_text.h"

namespace mbw {
namespace {

TEST(NumberText, SignificantDigitsShortestForm) {
  // three significant digits by default, fixed or scientific as %g chooses
  EXPECT_EQ(formatNumber(3.2e-5), "3.2e-05");
  EXPECT_EQ(formatNumber(0.001), "0.001");
  EXPECT_EQ(formatNumber(1234.5678), "1.23e+03");
  // more digits on request; 17 shows the double nearest 0.1 in full
  EXPECT_EQ(formatNumber(1234.5678, 6), "1234.57");
  EXPECT_EQ(formatNumber(2.0), "2");
  EXPECT_EQ(formatNumber(1e9, 10), "1000000000");
  EXPECT_EQ(formatNumber(0.1, 17), "0.10000000000000001");
  EXPECT_EQ(formatNumber(-0.5), "-0.5");
}

TEST(NumberText, ValuesThatAreNotNumbersReadAsSuch) {
  // non-finite values as a stream writes them
  EXPECT_EQ(formatNumber(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(formatNumber(std::nan("")), "nan");
}

}  // namespace
}  // namespace mbw
