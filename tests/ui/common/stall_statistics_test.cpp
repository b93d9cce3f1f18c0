// The GUI thread's stall statistics: the longest, the counts over 50 and 100 ms, and percentiles
// to the millisecond, also past the histogram's range.

#include <QtTest>

#include "stall_statistics.h"

using mbw::ui::StallStatistics;

class StallStatisticsTest : public QObject {
  Q_OBJECT

 private slots:
  // a report asked for before the first tick shows zeros, not NaN or a crash
  void emptyIsZero() {
    const StallStatistics s;
    // nothing added: zero everywhere, no division by zero
    QCOMPARE(s.count(), 0L);
    QCOMPARE(s.longestMs(), 0.0);
    QCOMPARE(s.percentileMs(0.99), 0.0);
  }

  // 1 000 ticks: 980 of 0-2 ms, 15 of 30 ms, 4 of 60 ms, one of 700 ms
  void percentilesCountsAndTheLongest() {
    StallStatistics s;
    for (int k = 0; k < 980; ++k) s.add(k % 3);
    for (int k = 0; k < 15; ++k) s.add(30.0);
    for (int k = 0; k < 4; ++k) s.add(60.0);
    s.add(700.0);
    s.add(-1.0);  // early: on time
    QCOMPARE(s.count(), 1001L);
    // the longest, and the counts over 50 and 100 ms (the 700 ms stall in both)
    QCOMPARE(s.longestMs(), 700.0);
    QCOMPARE(s.over50Ms(), 5);
    QCOMPARE(s.over100Ms(), 1);
    QCOMPARE(s.percentileMs(0.5), 2.0);    // within the 0-2 ms ticks: the bin [1, 2) ends at 2
    QCOMPARE(s.percentileMs(0.99), 31.0);  // the 991st tick is one of 30 ms
    QCOMPARE(s.percentileMs(0.997), 61.0);
    QCOMPARE(s.percentileMs(1.0), 700.0);  // past the histogram: the longest
  }

  // a single stall: every percentile is it, not the end of its bin
  // (no percentile may claim a stall longer than the longest one seen)
  void aFractionalStallIsNotRoundedPastTheLongest() {
    StallStatistics s;
    s.add(12.5);
    QCOMPARE(s.percentileMs(0.99), 12.5);
  }
};

QTEST_MAIN(StallStatisticsTest)
#include "stall_statistics_test.moc"
