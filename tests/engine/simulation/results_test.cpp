// Results with a row limit: a decimated sample (every stride-th row and always the latest) whose
// size stays bounded, and channel ranges over every row appended.

#include "simulation/results.h"

#include <gtest/gtest.h>

namespace mbw {
namespace {

// `rows` rows of t = i and x = i mod 10, except x = -5 at row 37, under the row limit given
Results counting(size_t limit, size_t rows) {
  Results r;
  r.setChannels({{"t", "s"}, {"x", "m"}});
  r.setRowLimit(limit);
  for (size_t i = 0; i < rows; ++i) {
    const double x = i == 37 ? -5.0 : double(i % 10);  // one outlier, dropped by the decimation
    r.appendRow({double(i), x});
  }
  return r;
}

// by default every appended row is stored
TEST(Results, WithoutALimitEveryRowIsKept) {
  const Results r = counting(0, 1000);
  EXPECT_EQ(r.rowCount(), 1000u);
  EXPECT_EQ(r.rowStride(), 1u);
}

// under a row limit, rows 0, s, 2s, ... and the latest are kept, never fewer than a quarter of the
// limit, so a plot of a long run still covers it evenly
TEST(Results, ALimitKeepsEveryStrideThRowAndTheLatest) {
  for (size_t rows : {1u, 99u, 100u, 101u, 1000u, 4097u, 100000u}) {
    const Results r = counting(100, rows);
    ASSERT_LE(r.rowCount(), 100u) << rows;
    EXPECT_EQ(r.appendedRowCount(), rows);
    const size_t stride = r.rowStride();
    // the stored rows are 0, s, 2s, ... and the latest
    for (size_t k = 0; k + 1 < r.rowCount(); ++k) EXPECT_EQ(r.at(k, 0), double(k * stride)) << rows;
    EXPECT_EQ(r.at(r.rowCount() - 1, 0), double(rows - 1));
    // and they cover the run: at least a quarter of the limit once it was reached
    if (rows >= 100) {
      EXPECT_GE(r.rowCount(), 25u) << rows;
    }
  }
}

// channel ranges are taken over every appended row, so a peak is reported even when its row was
// dropped
TEST(Results, ChannelRangesCoverRowsThatWereDecimatedAway) {
  // 1000 rows kept in 16 at most: row 37 is not among them, yet its -5 is in the range of x
  const Results r = counting(16, 1000);
  const int x = r.column("x");
  bool outlierKept = false;
  for (size_t k = 0; k < r.rowCount(); ++k) outlierKept |= r.at(k, x) == -5.0;
  EXPECT_FALSE(outlierKept);
  EXPECT_EQ(r.channelRange(x).first, -5.0);
  EXPECT_EQ(r.channelRange(x).second, 9.0);
  EXPECT_EQ(r.channelRange(r.column("t")).second, 999.0);
}

// a limit set after the rows arrived thins them at once
TEST(Results, ALimitSetLaterDecimatesWhatIsStored) {
  // a limit set after 1000 rows drops the rows off the stride at once
  Results r = counting(0, 1000);
  r.setRowLimit(100);
  EXPECT_LE(r.rowCount(), 100u);
  EXPECT_EQ(r.at(1, 0), double(r.rowStride()));
}

}  // namespace
}  // namespace mbw
