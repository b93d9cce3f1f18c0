// The workbench window end to end: every built-in scene opens; a short run feeds the plots and the
// run list; a cancelled run keeps what it computed; a failing worker is reported and the window
// goes on; CSV and PNG exports write readable files; the scripted command line runs and saves a
// screenshot.

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QUndoStack>
#include <QTemporaryDir>
#include <QtTest>

#include "about_action.h"
#include "export_actions.h"
#include "live_plot.h"
#include "main_window.h"
#include "model_tree.h"
#include "playback_bar.h"
#include "plot_panel.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "run_list_model.h"
#include "run_list_panel.h"
#include "run_status_indicator.h"
#include "scene/builtin_scenes.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "scene_view.h"
#include "scripted_session.h"
#include "simulation/csv.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// opens a scene and starts one run of it with the panel's settings, t_end changed
void startRun(MainWindow& w, const char* scene, double tEnd) {
  QVERIFY(w.fileActions().openScene(scene));
  w.runConfig().setTEnd(tEnd);
  QVERIFY2(w.runActions().blocker().isEmpty(), qPrintable(w.runActions().blocker()));
  QVERIFY(w.runActions().startRun());
}

}  // namespace

class MainWindowTest : public QObject {
  Q_OBJECT

 private slots:
  // the workbench's settings kept apart from the user's own
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // --- scenes ------------------------------------------------------------------------------------

  // each built-in scene opens in the window: the document, the 3D view and the model tree agree
  void opensEveryBuiltinScene() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (const BuiltinScene& s : builtinScenes()) {
      QVERIFY(w.fileActions().openScene(QString::fromStdString(s.name)));
      // each valid, drawn, and one root in the model tree
      QVERIFY2(w.document().isValid(), s.name.c_str());
      QVERIFY(w.sceneView().model() != nullptr);
      QCOMPARE(w.sceneView().model()->name, s.name);
      QVERIFY(w.modelTree().topLevelItemCount() == 1);
    }
  }

  // an edit of the document reaches the 3D view, and so does its undo
  void theViewFollowsEdits() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.fileActions().openScene("single-pendulum"));
    const Model* before = w.sceneView().model();
    ui::SceneJson edited = w.document().json();
    // the pendulum's mass changed to 10 kg, as one edit of the document
    edited["bodies"][0]["mass"] = 10.0;
    w.document().edit(edited, "mass");
    // an edit rebuilds the view's model; undo brings the scene's 78 kg back
    QVERIFY(w.sceneView().model() != before);
    QCOMPARE(w.sceneView().model()->bodies[0].mass, 10.0);
    w.document().undoStack()->undo();
    QCOMPARE(w.sceneView().model()->bodies[0].mass, 78.0);
  }

  // --- runs --------------------------------------------------------------------------------------

  // the window's whole path of a run: controller, run list, plots
  void aShortRunFeedsThePlotsAndTheRunList() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    startRun(w, "double-pendulum", 0.05);
    QVERIFY(idle.wait(60000));
    // 0.05 s at the scene's 1 ms: 50 steps, 51 rows with the initial one
    QCOMPARE(static_cast<int>(w.runs().runs().size()), 1);
    const ui::Run& run = *w.runs().runs().front();
    QCOMPARE(run.results.status, RunStatus::Completed);
    QCOMPARE(run.results.stats.steps, 50L);
    QCOMPARE(run.results.rowCount(), 51u);
    // one group of one run; four plots, each with every row
    QCOMPARE(w.runList().model()->groupCount(), 1);
    QCOMPARE(w.runList().model()->rowCount(w.runList().model()->index(0, 0)), 1);
    QCOMPARE(w.plots().plots().size(), 4u);
    for (const ui::LivePlot* p : w.plots().plots())
      QVERIFY2(p->pointCount() >= 50, qPrintable(QString::number(p->pointCount())));
  }

  // metadata written only at a run's end reach the run the window holds
  void theMetadataOfTheRunsEndReachesTheRun() {
    // the stiff pendulum's scene runs rn4 with variable steps: the error estimate is known only at
    // the end of the run, the work integrals' rule from its start
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    startRun(w, "stiff-double-pendulum", 0.1);
    QVERIFY(idle.wait(60000));
    const ui::Run& run = *w.runs().runs().front();
    QCOMPARE(run.results.status, RunStatus::Completed);
    // the metadata known at the end reached the run: the error estimate, the work rule
    QVERIFY(!run.results.metadataValue("error_estimate").empty());
    QCOMPARE(run.results.metadataValue("work_integration"), std::string("quadrature"));
  }

  // each scene keeps its own runs: opening another shows none of the first's, and opening the
  // first again brings its run back
  void aSecondSceneLeavesItsRunsAndPlaybackToIt() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    startRun(w, "double-pendulum", 0.5);
    QVERIFY(idle.wait(60000));
    const int pendulumRun = w.runs().currentId();

    // another scene: nothing of the pendulum's run in the plots, the playback or the 3D view
    QVERIFY(w.fileActions().openScene("andrews-squeezer"));
    QVERIFY(w.runs().shownRuns().empty());
    QCOMPARE(w.runs().currentId(), -1);
    for (const ui::LivePlot* p : w.plots().plots()) QCOMPARE(p->pointCount(), 0);
    QVERIFY(!w.playbackBar().playAction()->isEnabled());
    QCOMPARE(w.sceneView().model()->name, std::string("andrews-squeezer"));

    // a squeezer run: alone in the plots, whose time axes fit it
    w.runConfig().setTEnd(0.002);
    QVERIFY(w.runActions().startRun());
    QVERIFY(idle.wait(60000));
    QCOMPARE(w.runs().shownRuns().size(), 1u);
    QCOMPARE(w.runs().shownRuns().front()->model->name, std::string("andrews-squeezer"));
    for (const ui::LivePlot* p : w.plots().plots())
      QVERIFY(std::abs(p->timeRange().second - 0.002) < 1e-9);
    QCOMPARE(w.sceneView().model(), w.runs().find(w.runs().currentId())->model.get());
    // the run list groups the runs by scene
    QCOMPARE(w.runList().model()->groupCount(), 2);

    // back to the pendulum: its run again, current and played back on its own bodies
    QVERIFY(w.fileActions().openScene("double-pendulum"));
    QCOMPARE(w.runs().currentId(), pendulumRun);
    QCOMPARE(w.runs().shownRuns().size(), 1u);
    QCOMPARE(w.sceneView().model()->name, std::string("double-pendulum"));
    QVERIFY(w.playbackBar().playAction()->isEnabled());
    for (const ui::LivePlot* p : w.plots().plots())
      QVERIFY(std::abs(p->timeRange().second - 0.5) < 1e-9);
  }

  // cancelling a run keeps its rows and says when it stopped
  void aCancelledRunKeepsWhatItComputed() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    // a run far too long to finish, cancelled once it has rows
    startRun(w, "double-pendulum", 1000.0);
    const ui::Run& run = *w.runs().runs().front();
    QTRY_VERIFY_WITH_TIMEOUT(run.results.rowCount() > 10, 60000);
    w.controller().cancel();
    QVERIFY(idle.wait(60000));
    // cancelled, the time named; the rows computed are kept, one per step
    QCOMPARE(run.results.status, RunStatus::Cancelled);
    QVERIFY(QString::fromStdString(run.results.message).contains("cancelled at t ="));
    QVERIFY(run.results.rowCount() > 10);
    QVERIFY(run.lastTime() > 0.0 && run.lastTime() < 1000.0);
    QCOMPARE(run.results.stats.steps, static_cast<long>(run.results.rowCount() - 1));
  }

  // a failed run keeps the rows before the failure and shows the reason in the status bar
  void aNumericalFailureShowsItsReasonAndKeepsThePartialRun() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    QVERIFY(w.fileActions().openScene("slider-crank"));
    w.runConfig().setStep(0.25);  // too long a step for Newton to converge at t = 0.5 s
    w.runConfig().setTEnd(3.0);
    QVERIFY(w.runActions().startRun());
    QVERIFY(idle.wait(60000));
    const ui::Run& run = *w.runs().runs().front();
    // failed with Newton's reason, the rows before the failure kept
    QCOMPARE(run.results.status, RunStatus::Failed);
    QVERIFY(QString::fromStdString(run.results.message).contains("Newton did not converge"));
    QVERIFY(run.results.rowCount() >= 2);
    QVERIFY(run.lastTime() < 3.0);
    QVERIFY(w.runStatus().outcomeText().contains("Newton did not converge"));
  }

  // a worker that cannot write its data file fails its run alone: the next run goes through
  void aFailingWorkerIsReportedAndTheWindowStaysUsable() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    // the first run's data file is on a full disk: its worker fails when it writes
    QVERIFY(QFile::link("/dev/full", w.runs().dataDirectory() + "/run-1.csv"));
    startRun(w, "slider-crank", 1.0);
    QVERIFY(idle.wait(60000));
    const ui::Run& failed = *w.runs().runs().front();
    // failed with the system's message, also in the status bar
    QCOMPARE(failed.results.status, RunStatus::Failed);
    QVERIFY2(QString::fromStdString(failed.results.message).contains("No space left on device"),
             failed.results.message.c_str());
    QVERIFY(w.runStatus().outcomeText().contains("No space left on device"));
    // the window goes on: the next run completes, its data on disk
    QVERIFY(w.runActions().startRun());
    QVERIFY(idle.wait(60000));
    const ui::Run& next = *w.runs().runs().back();
    QCOMPARE(next.results.status, RunStatus::Completed);
    QCOMPARE(readCsv(next.dataPath).rowCount(), next.results.appendedRowCount());
  }

  // --- exports, the about box and the command line -----------------------------------------------

  // the run exported as CSV reads back the same; the window and the view saved as images
  void exportsCsvAndPng() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    startRun(w, "slider-crank", 0.02);
    QVERIFY(idle.wait(60000));
    QTemporaryDir dir;
    // the run exported as CSV, as "Export run as CSV" does
    const QString csv = dir.filePath("run.csv");
    QString error;
    QVERIFY2(w.exportActions().exportCsv(csv, &error), qPrintable(error));
    const Results back = readCsv(csv.toStdString());
    const Results& run = w.runs().runs().front()->results;
    // the CSV read back: the same rows, columns, metadata and last time
    QCOMPARE(back.rowCount(), run.rowCount());
    QCOMPARE(back.columnCount(), run.columnCount());
    QCOMPARE(back.metadataValue("integrator"), std::string("backward-euler"));
    QCOMPARE(back.at(back.rowCount() - 1, 0), run.at(run.rowCount() - 1, 0));

    const QString png = dir.filePath("window.png");
    // the window's image at its size, and the view's
    QVERIFY2(ui::saveWidgetImage(w, png, &error), qPrintable(error));
    QCOMPARE(QImage(png).size(), w.size() * w.devicePixelRatio());
    const QString view = dir.filePath("view.png");
    QVERIFY(w.sceneView().grabImage().save(view));
    QVERIFY(!QImage(view).isNull());
    QCOMPARE(w.exportActions().defaultBaseName(), QString("slider-crank_backward-euler"));
  }

  // the about box names the program and each library with its major version
  void theAboutBoxNamesTheVersions() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QString versions = w.findChild<ui::AboutAction*>()->versions();
    // each library's version named
    for (const char* part :
         {"Multibody Workbench", "Qt 6", "VTK 9", "QCustomPlot 2", "Eigen 3", "OpenGL renderer"})
      QVERIFY2(versions.contains(part), qPrintable(versions));
  }

  // the gui's command line opens a scene, runs it and saves a screenshot, then exits with 0
  void theScriptedCommandLineSavesAScreenshot() {
    QTemporaryDir dir;
    gui::CommandLine cl;
    // the command line: a scene, a run of 0.05 s, a screenshot
    cl.scene = "single-pendulum";
    cl.run = true;
    cl.tEnd = 0.05;
    cl.screenshot = dir.filePath("shot.png");
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // the session run as mbw runs it from the command line, to its end
    auto* session = new gui::ScriptedSession(w, cl);
    QSignalSpy finished(session, &gui::ScriptedSession::finished);
    session->start();
    QVERIFY(finished.wait(60000));
    // exit code 0, and the screenshot at the window's size
    QCOMPARE(finished.front().front().toInt(), 0);
    QCOMPARE(QImage(cl.screenshot).size(), QSize(1200, 800) * w.devicePixelRatio());
  }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"
