// The signal browser on a run of the stiff double pendulum with its joints' reactions recorded:
// every channel is listed under its group (body, joint, energies, outputs, integrator), the search
// narrows the list, a reaction force is plotted against time, two signals against each other, and
// a signal's difference between runs.

#include <QtTest>

#include "live_plot.h"
#include "plot_panel.h"
#include "run_library.h"
#include "scene/scene_reader.h"
#include "signal_browser.h"
#include "simulation/simulation.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// a finished run of the stiff double pendulum, multipliers and reactions recorded
int addRun(RunLibrary& runs, double step) {
  auto run = std::make_unique<Run>();
  run->model = std::make_shared<const Model>(loadScene("stiff-double-pendulum"));
  run->sceneKey = "builtin:stiff-double-pendulum";
  run->settings.integrator = "rosenbrock-nystrom4";
  run->settings.integratorSettings.step = step;
  run->settings.tEnd = 0.05;
  run->settings.recordMultipliers = run->settings.recordReactions = true;
  run->results = Simulation(*run->model, run->settings).run();
  return runs.restore(std::move(run)).id;
}

}  // namespace

class SignalBrowserTest : public QObject {
  Q_OBJECT

 private slots:
  // the signal browser lists every recorded channel once, finds them by text and plots them
  void listsSearchesAndPlots() {
    RunLibrary runs;
    runs.setActiveScene("builtin:stiff-double-pendulum", nullptr);
    // two runs, at 1 ms and 0.5 ms; the first current
    const int id = addRun(runs, 1e-3);
    addRun(runs, 5e-4);
    runs.setCurrent(id);
    PlotPanel plots(runs);
    SignalBrowser browser(runs, plots);

    // every recorded channel but the time, each once
    const Results& r = runs.find(id)->results;
    const QStringList all = browser.visibleSignals();
    QCOMPARE(all.size(), r.columnCount() - 1);
    for (const char* c :
         {"rod1.x", "rod2.wz", "reaction.pin.fx", "reaction.elbow.tz", "lambda.pin.1",
          "energy.balance", "theta1", "theta1.rate", "h", "violation.position"})
      QVERIFY2(all.contains(c), c);
    // what a reaction is, in words
    QVERIFY(signalDescription(*runs.find(id), "reaction.elbow.fy").contains("on rod1"));
    QVERIFY(signalDescription(*runs.find(id), "reaction.pin.fx").contains("on the ground"));

    // the search keeps the matching signals
    browser.setFilter("reaction.pin");
    QCOMPARE(browser.visibleSignals(),
             QStringList({"reaction.pin.fx", "reaction.pin.fy", "reaction.pin.fz",
                          "reaction.pin.tx", "reaction.pin.ty", "reaction.pin.tz"}));
    browser.setFilter("");

    // a reaction force against time: one curve per run, every row
    const size_t before = plots.plots().size();
    browser.select({"reaction.pin.fy"});
    browser.plotAgainstTime();
    QCOMPARE(plots.plots().size(), before + 1);
    LivePlot* force = plots.plots().back();
    QCOMPARE(force->kind(), PlotKind::Channel);
    QCOMPARE(force->channel(), QString("reaction.pin.fy"));
    // the points of both runs
    QCOMPARE(force->pointCount(),
             static_cast<int>(r.rowCount() + runs.find(id + 1)->results.rowCount()));
    // the pin carries both rods: the weight (3.3 kg at 9.81 m/s^2) shows in its force
    QVERIFY(std::abs(force->valueRange().first) > 1.0 ||
            std::abs(force->valueRange().second) > 1.0);

    // two signals against each other: the first selected is x
    browser.select({"rod2.x", "rod2.y"});
    browser.plotXY();
    QCOMPARE(plots.plots().back()->kind(), PlotKind::XY);
    QCOMPARE(plots.plots().back()->channels(), QStringList({"rod2.x", "rod2.y"}));
    QVERIFY(plots.plots().back()->pointCount() > 0);

    // the difference between the runs
    browser.select({"theta1"});
    browser.plotDifference();
    QCOMPARE(plots.plots().back()->kind(), PlotKind::Difference);
    // the difference on the second run's rows
    QCOMPARE(plots.plots().back()->pointCount(),
             static_cast<int>(runs.find(id + 1)->results.rowCount()));
  }
};

QTEST_MAIN(SignalBrowserTest)
#include "signal_browser_test.moc"
