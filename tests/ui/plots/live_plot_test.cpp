// The plots' read-outs on runs with known values: hovering names the nearest point; a click moves
// cursor A (and asks the playback to follow), shift+click places cursor B, and the box lists each
// run's values at both and their difference; an x-y plot draws one signal against another with its
// cursors on the curve; the difference of a signal between two runs is the run minus the base
// (reference or first run); one key explains the runs for all plots; tick labels never crowd;
// round-off noise is drawn as dots, not as a line that would fill a band.

#include <QSignalSpy>
#include <QtTest>
#include <cmath>
#include <qcustomplot.h>

#include "live_plot.h"
#include "plot_cursors.h"
#include "plot_panel.h"
#include "run_library.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// a finished run of the double pendulum whose channels are x = a t, y = a t^2 (other channels 0)
int addRun(RunLibrary& runs, double a, double tEnd = 1.0, int rows = 101) {
  auto run = std::make_unique<Run>();
  run->model = std::make_shared<const Model>(
      parseScene(findBuiltinScene("double-pendulum")->text, "double-pendulum"));
  run->sceneKey = "builtin:double-pendulum";
  run->settings.tEnd = tEnd;
  Results& r = run->results;
  r.setChannels({{"t", "s"}, {"x", "m"}, {"y", "m"}, {"h", "s"}, {"energy.balance", "J"}});
  for (int k = 0; k < rows; ++k) {
    const double t = tEnd * k / (rows - 1);
    r.appendRow({t, a * t, a * t * t, 0.01, 0.0});
  }
  r.status = RunStatus::Completed;
  return runs.restore(std::move(run)).id;
}

// a position in the plot's widget for data coordinates
QPointF at(LivePlot& p, double x, double y) {
  return {p.customPlot()->xAxis->coordToPixel(x), p.customPlot()->yAxis->coordToPixel(y)};
}

}  // namespace

class LivePlotTest : public QObject {
  Q_OBJECT

 private slots:
  // --- read-outs and cursors ---------------------------------------------------------------------

  // the mouse over a curve names the run, the time and the value there
  void hoverNamesTheNearestPoint() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    addRun(runs, 1.0);
    PlotCursors cursors;
    LivePlot plot(runs, PlotKind::Channel, {"y"}, cursors);
    plot.resize(500, 350);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.customPlot()->replot();
    // hovering at (0.5, 0.25), on y = t^2: run 1 at t = 0.5
    const QString text = plot.hoverAt(at(plot, 0.5, 0.25));
    QVERIFY2(text.contains("#1") && text.contains("t = 0.5") && text.contains("0.25"),
             qPrintable(text));
    // far from every curve: nothing
    QVERIFY(plot.hoverAt(at(plot, 0.1, 0.9)).isEmpty());
  }

  // cursors A and B shared by two plots, and the difference between the runs at them
  void twoCursorsAndTheirDifference() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    // two runs, y = t^2 and 2 t^2; a second plot, of x, shares the cursors
    addRun(runs, 1.0);
    addRun(runs, 2.0);
    PlotCursors cursors;
    LivePlot plot(runs, PlotKind::Channel, {"y"}, cursors);
    LivePlot other(runs, PlotKind::Channel, {"x"}, cursors);
    plot.resize(500, 350);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.customPlot()->replot();
    // a click asks for cursor A there (the playback follows and sets it)
    QSignalSpy requested(&cursors, &PlotCursors::aRequested);
    plot.clickAt(at(plot, 0.2, 0.0), false);
    QCOMPARE(requested.count(), 1);
    const double a = requested.front().front().toDouble();
    // the time asked, to a hundredth
    QVERIFY(std::abs(a - 0.2) < 0.01);
    cursors.setA(0.2);
    // shift+click: cursor B
    plot.clickAt(at(plot, 0.7, 0.0), true);
    QVERIFY(std::abs(cursors.b() - 0.7) < 0.01);
    cursors.setB(0.7);
    // y = a t^2: run 1 0.04 -> 0.49, run 2 0.08 -> 0.98, their differences 0.45 and 0.9, in metres
    const QString box = plot.readoutText();
    QVERIFY2(box.contains("#1  A 0.04 m  B 0.49 m  \u0394 0.45 m"), qPrintable(box));
    QVERIFY2(box.contains("#2  A 0.08 m  B 0.98 m  \u0394 0.9 m"), qPrintable(box));
    QVERIFY2(box.contains("\u0394t 0.5 s"), qPrintable(box));
    // the other plot, as narrow as can be, shows the same cursors, a value a line
    other.resize(other.minimumSizeHint().width(), 350);
    other.show();
    QVERIFY(QTest::qWaitForWindowExposed(&other));
    other.customPlot()->replot();
    QVERIFY2(other.readoutText().contains("#2  A 0.4 m\n    B 1.4 m\n    \u0394 1 m"),
             qPrintable(other.readoutText()));
    // in a narrow plot the box takes two lines per curve rather than running past the plot's edge
    plot.resize(plot.minimumSizeHint().width(), 250);  // the narrowest it gets
    QTest::qWait(50);
    plot.customPlot()->replot();
    cursors.setB(0.7);
    const QStringList lines = plot.readoutText().split('\n');
    QVERIFY2(plot.readoutText().contains("#1  A 0.04") && plot.readoutText().contains("B 0.49") &&
                 plot.readoutText().contains("\u0394 0.45"),
             qPrintable(plot.readoutText()));
    const QFontMetrics metrics(QFont("DejaVu Sans Mono", 8));
    for (const QString& line : lines)
      QVERIFY2(metrics.horizontalAdvance(line) + 8 <= plot.customPlot()->axisRect()->width(),
               qPrintable(line));
    // cleared: no box
    cursors.clear();
    QVERIFY(plot.readoutText().isEmpty());
  }

  // an x-y plot draws one signal against another, a point per row
  void anXYPlotDrawsOneSignalAgainstAnother() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    addRun(runs, 1.0);
    PlotCursors cursors;
    LivePlot plot(runs, PlotKind::XY, {"x", "y"}, cursors);
    plot.resize(500, 350);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    // a point per row
    QCOMPARE(plot.pointCount(), 101);
    // the axes are the signals' ranges (x in [0, 1], y = x^2 in [0, 1])
    QVERIFY(plot.timeRange().first <= 0.0 && plot.timeRange().second >= 1.0 &&
            plot.timeRange().second < 1.2);
    plot.customPlot()->replot();
    QVERIFY(plot.hoverAt(at(plot, 0.5, 0.25)).contains("x = 0.5 m, y = 0.25 m"));
    // a click picks the time of the nearest point of the curve
    QSignalSpy requested(&cursors, &PlotCursors::aRequested);
    plot.clickAt(at(plot, 0.3, 0.09), false);
    QCOMPARE(requested.count(), 1);
    QVERIFY(std::abs(requested.front().front().toDouble() - 0.3) < 1e-9);
    cursors.setA(0.3);
    QVERIFY2(plot.readoutText().contains("#1  A (0.3 m, 0.09 m)"), qPrintable(plot.readoutText()));
  }

  // a constant shows in the middle of a frame about it: a channel that stays zero (a balance of a
  // method with none to keep) in [-1, 1] rather than a band of +-1e-12 that reads as round-off
  void aConstantShowsInTheMiddleOfAFrame() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    addRun(runs, 1.0);
    PlotCursors cursors;
    LivePlot zero(runs, PlotKind::Channel, {"energy.balance"}, cursors);
    zero.resize(500, 350);
    zero.show();
    QVERIFY(QTest::qWaitForWindowExposed(&zero));
    QCOMPARE(zero.customPlot()->yAxis->range().lower, -1.0);
    QCOMPARE(zero.customPlot()->yAxis->range().upper, 1.0);
  }

  // --- differences, the key and the ticks --------------------------------------------------------

  // a difference plot shows each run minus the reference, or minus the first run shown without one
  void theDifferenceIsTheRunMinusTheBase() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    addRun(runs, 1.0);
    const int second = addRun(runs, 3.0);
    PlotCursors cursors;
    LivePlot plot(runs, PlotKind::Difference, {"y"}, cursors);
    // no reference: against the first run shown; y2 - y1 = 2 t^2
    QCOMPARE(plot.pointCount(), 101);
    QVERIFY(std::abs(plot.valueRange().second - 2.0) < 0.2);
    QVERIFY2(plot.infoText().contains("minus #1"), qPrintable(plot.infoText()));
    // with the second run as the reference: the first minus it, -2 t^2
    runs.setReference(second);
    plot.rebuild();
    plot.autoScale();
    QVERIFY(std::abs(plot.valueRange().first + 2.0) < 0.2);
    QVERIFY2(plot.infoText().contains("minus #2"), qPrintable(plot.infoText()));
  }

  // the plot panel's single key, and time-axis ticks that do not crowd
  void oneKeyForAllPlotsAndTicksThatFit() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    addRun(runs, 1.0);
    PlotPanel panel(runs);
    panel.resize(700, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    // the key names the run, its integrator and step
    QVERIFY(panel.keyText().contains("#1 backward-euler, h = 0.001 s"));
    for (LivePlot* p : panel.plots()) {
      // no legend inside each plot
      QVERIFY(!p->customPlot()->legend->visible());
      // at most one tick label per 70 pixels of time axis (labels of "0.5" and "1.5" never touch)
      p->customPlot()->replot();
      const QCPAxis* x = p->customPlot()->xAxis;
      QVERIFY(x->tickVector().size() <= std::max(2, x->axisRect()->width() / 70) + 2);
    }
  }

  // --- drawing small numbers ---------------------------------------------------------------------

  // violations at round-off level are drawn as dots: a line through them would fill a band
  void roundOffNoiseIsDrawnAsDotsNotALine() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    // the position violation jumps between 1e-15 and 1e-13 at every row, the velocity's is 1e-10
    auto run = std::make_unique<Run>();
    run->model = std::make_shared<const Model>(
        parseScene(findBuiltinScene("double-pendulum")->text, "double-pendulum"));
    run->sceneKey = "builtin:double-pendulum";
    Results& r = run->results;
    r.setChannels({{"t", "s"}, {"violation.position", "m"}, {"violation.velocity", "m/s"}});
    for (int k = 0; k <= 20; ++k) r.appendRow({0.05 * k, k % 2 ? 1e-13 : 1e-15, 1e-10});
    r.status = RunStatus::Completed;
    const int id = runs.restore(std::move(run)).id;
    PlotCursors cursors;
    LivePlot plot(runs, PlotKind::ConstraintViolation, {}, cursors);
    plot.resize(500, 350);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.customPlot()->xAxis->setRange(-0.1, 1.1);
    plot.customPlot()->yAxis->setRange(1e-16, 1e-9);
    const QImage image = plot.customPlot()->toPixmap().toImage();
    const QColor colour = runs.find(id)->color;
    // ink of the run within a pixel of a point: nearer its colour than half way from white
    auto distance = [](const QColor& a, const QColor& b) {
      return std::hypot(a.red() - b.red(), a.green() - b.green(), a.blue() - b.blue());
    };
    auto near = [&](double t, double v) {
      const QPointF p = at(plot, t, v);
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy)
          if (distance(image.pixelColor(qRound(p.x()) + dx, qRound(p.y()) + dy), colour) <
              0.5 * distance(Qt::white, colour))
            return true;
      return false;
    };
    for (int k = 0; k <= 20; ++k)
      QVERIFY2(near(0.05 * k, k % 2 ? 1e-13 : 1e-15), qPrintable(QString::number(k)));
    // between two points a decade above and below: nothing of the run
    for (int k = 0; k < 20; ++k)
      QVERIFY2(!near(0.05 * k + 0.025, 1e-14), qPrintable(QString::number(k)));
  }

  // log-scale tick labels of the step-size plot differ within a decade and beyond
  void logTickLabelsWithinADecadeAreDistinct() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    addRun(runs, 1.0);
    PlotCursors cursors;
    LivePlot plot(runs, PlotKind::StepSize, {}, cursors);
    plot.resize(320, 300);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    // steps of 1e-3 and 1.1e-2 s: about one decade, where a log ticker's fractional powers print
    // "10^-2" several times; and the same after a zoom to two decades and beyond
    for (const QCPRange& range :
         {QCPRange(1e-3, 1.1e-2), QCPRange(2e-3, 3e-3), QCPRange(1e-6, 1e-1)}) {
      plot.customPlot()->yAxis->setRange(range);
      plot.customPlot()->replot();
      const QVector<QString> labels = plot.customPlot()->yAxis->tickVectorLabels();
      // at least two labels, all distinct
      QVERIFY2(labels.size() >= 2, qPrintable(QString::number(labels.size())));
      QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
    }
  }
};

QTEST_MAIN(LivePlotTest)
#include "live_plot_test.moc"
