// The frame scheduler: requests before a tick make one draw; on time, every element asking is drawn
// at each tick; when its ticks come late (the thread held up, as a loaded machine holds it), it
// draws one element per tick and each at most once per several ticks' lateness.

#include <QThread>
#include <QtTest>
#include <utility>
#include <vector>

#include "frame_scheduler.h"

using mbw::ui::FrameScheduler;

class FrameSchedulerTest : public QObject {
  Q_OBJECT

 private slots:
  // draw requests are coalesced until the scheduler's tick
  // (a burst of frames from the worker costs one redraw, not one per frame)
  void requestsBeforeATickMakeOneDraw() {
    FrameScheduler scheduler;
    int drawn = 0;
    const int handle = scheduler.add([&] { ++drawn; });
    scheduler.request(handle);
    scheduler.request(handle);
    // two requests before the tick: one draw, and none after it
    QTRY_COMPARE(drawn, 1);
    QTest::qWait(60);
    QCOMPARE(drawn, 1);
    // flush draws what is asked at once
    scheduler.request(handle);
    scheduler.flush();
    QCOMPARE(drawn, 2);
  }

  // two elements asking again after each draw; a timer holds the thread 40 ms out of every 50
  // (on a loaded machine the views draw less often instead of queueing draws the user waits for)
  void aHeldUpThreadDrawsLessAndOneElementAtATime() {
    FrameScheduler scheduler;
    std::vector<std::pair<int, qint64>> draws;  // element, time
    QElapsedTimer clock;
    clock.start();
    int a = 0, b = 0;
    // each element asks again as soon as it is drawn
    a = scheduler.add([&] {
      draws.emplace_back(0, clock.elapsed());
      scheduler.request(a);
    });
    b = scheduler.add([&] {
      draws.emplace_back(1, clock.elapsed());
      scheduler.request(b);
    });
    scheduler.request(a);
    scheduler.request(b);
    // the holder: asleep 40 ms in every 50, for 1.5 s
    QTimer holder;
    holder.setInterval(10);
    connect(&holder, &QTimer::timeout, [] { QThread::msleep(40); });
    holder.start();
    QTest::qWait(1500);
    holder.stop();
    // the ticks came late: the scheduler says so and holds the elements back
    QVERIFY2(scheduler.lateness() > 10.0, qPrintable(QString::number(scheduler.lateness())));
    QVERIFY(scheduler.minimumPeriodMs() > 60.0);
    // one element per tick: two draws are a held-up tick apart, never back to back
    for (size_t k = 1; k < draws.size(); ++k)
      if (draws[k].second > 500)
        QVERIFY2(draws[k].second - draws[k - 1].second >= 5,
                 qPrintable(QString::number(draws[k].second)));
    // each element at most once per minimum period (with a tick's slack), over the last second
    for (int e = 0; e < 2; ++e) {
      qint64 previous = -1;
      for (const auto& [element, at] : draws) {
        if (element != e || at < 500) continue;
        if (previous >= 0)
          QVERIFY2(at - previous >= 60,
                   qPrintable(QString("element %1 drawn %2 ms apart").arg(e).arg(at - previous)));
        previous = at;
      }
    }
  }
};

QTEST_MAIN(FrameSchedulerTest)
#include "frame_scheduler_test.moc"
