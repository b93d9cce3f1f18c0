// The workbench as a new user meets it (issue 30): a first window that fits the screen; closing
// while a run goes asks, and the run keeps what it computed; discarded edits stay discarded; the
// cursors' read-outs fit their plots, with units; more plots leave the side docks alone; a pause
// asked for at T is at T; the first completed run is the reference; the Help menu; a video at a
// size and over a span, plots beside the view, the camera still; the plot layout
// follows the scene; the wheel zooms where the mouse is; the framing of the slider-crank; the
// dialog of consistent initial conditions beside the view; degrees of freedom in the status bar; a
// word before a run that would record too many rows; a failure's message wrapped in its column.

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>
#include <array>
#include <cmath>
#include <qcustomplot.h>
#include <vtkCamera.h>
#include <vtkRenderer.h>

#include "close_guard.h"
#include "comparison_table.h"
#include "help_actions.h"
#include "help_browser.h"
#include "initial_conditions_action.h"
#include "last_folder.h"
#include "live_plot.h"
#include "main_window.h"
#include "number_text.h"
#include "playback_controller.h"
#include "plot_cursors.h"
#include "plot_panel.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "run_list_model.h"
#include "run_list_panel.h"
#include "run_summary.h"
#include "scene/builtin_scenes.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "scene_view.h"
#include "scripted_session.h"
#include "session_actions.h"
#include "session_file.h"
#include "settings_behaviour.h"
#include "test_paths.h"
#include "video_export_action.h"
#include "vtk_widget.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// opens a scene and runs it with the panel's settings, t_end and the step changed
void run(MainWindow& w, const char* scene, double tEnd, double step = 0.0) {
  QVERIFY(w.fileActions().openScene(scene));
  w.runConfig().setTEnd(tEnd);
  if (step > 0.0) w.runConfig().setStep(step);
  QSignalSpy idle(&w.controller(), &ui::RunController::idle);
  QVERIFY(w.runActions().startRun());
  QVERIFY(idle.wait(120000));
}

// a main window of the given size, shown
std::unique_ptr<MainWindow> shownWindow(const QSize& size) {
  auto w = std::make_unique<MainWindow>();
  w->resize(size);
  w->show();
  if (!QTest::qWaitForWindowExposed(w.get())) return nullptr;
  return w;
}

// answers the next message box with a button of this role
void answerNextBox(QMessageBox::StandardButton button) {
  QTimer::singleShot(200, [button] {
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
      box->button(button)->click();
  });
}

}  // namespace

class WorkbenchReviewTest : public QObject {
  Q_OBJECT

 private slots:
  // the settings of earlier sessions cleared: the window opens as a new user's
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
  }

  // --- the window: its first size, closing it ----------------------------------------------------

  // a first window takes the room the screen has, at most 1600x1000
  void theFirstWindowFitsTheScreen() {
    // screens up to 1280x800 taken whole; a large one capped at 1600x1000
    QCOMPARE(ui::firstWindowSize(QSize(1280, 800)), QSize(1280, 800));
    QCOMPARE(ui::firstWindowSize(QSize(1280, 770)), QSize(1280, 770));
    QCOMPARE(ui::firstWindowSize(QSize(2560, 1440)), QSize(1600, 1000));
    MainWindow w;
    // no saved settings: the first-window size, inside the screen
    QVERIFY(!w.restoreSettings());
    const QRect available = w.screen()->availableGeometry();
    QCOMPARE(w.size(), ui::firstWindowSize(available.size()));
    QVERIFY(available.contains(w.geometry()));
  }

  // closing during a run: asked; "keep running" keeps the window; "stop" keeps what the run
  // computed, steps and CPU time included, in the session written on the way out
  void closingDuringARunAsksAndKeepsTheRun() {
    QFile::remove(ui::SessionActions::autosavePath());
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      w.sessions().setAutosave(true);
      QVERIFY(w.fileActions().openScene("double-pendulum"));
      // a run far too long to finish, under way until it passes 0.05 s
      w.runConfig().setTEnd(1000.0);
      QVERIFY(w.runActions().startRun());
      QTRY_VERIFY_WITH_TIMEOUT(
          w.runs().runs().size() == 1 && w.runs().runs().front()->lastTime() > 0.05, 60000);
      // "keep running": the close refused, the run goes on
      w.closeGuard().setRunAnswer(false);
      QVERIFY(!w.close());
      QVERIFY(w.controller().busy());
      // "stop": the window closes, the run cancelled with its steps and CPU time
      w.closeGuard().setRunAnswer(true);
      QVERIFY(w.close());
      QVERIFY(!w.controller().busy());
      const ui::Run& r = *w.runs().runs().front();
      QCOMPARE(r.results.status, RunStatus::Cancelled);
      QVERIFY(r.results.stats.steps > 10);
      QVERIFY(r.results.stats.cpuSeconds > 0.0);
      w.sessions().saveLast();
    }
    ui::SessionHeader h;
    std::vector<std::unique_ptr<ui::Run>> runs;
    QString error;
    // and the session written on the way out holds it
    QVERIFY2(ui::readSession(ui::SessionActions::autosavePath(), h, runs, nullptr, &error),
             qPrintable(error));
    QCOMPARE(runs.size(), 1u);
    QCOMPARE(runs.front()->results.status, RunStatus::Cancelled);
    QVERIFY(runs.front()->results.stats.steps > 10);
    QVERIFY(runs.front()->results.stats.cpuSeconds > 0.0);
    QFile::remove(ui::SessionActions::autosavePath());
  }

  // Discard at the close: the session keeps the scene as it was, not the edit
  void discardedEditsStayDiscarded() {
    QFile::remove(ui::SessionActions::autosavePath());
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      w.sessions().setAutosave(true);
      QVERIFY(w.fileActions().openScene("double-pendulum"));
      // body_2's mass edited, not saved
      const double mass = w.document().json()["bodies"][1]["mass"].get<double>();
      w.document().setValue("/bodies/1/mass", 7.5, "mass");
      QVERIFY(w.document().isModified());
      // Discard: the scene back as it was
      answerNextBox(QMessageBox::Discard);
      QVERIFY(w.close());
      QVERIFY(!w.document().isModified());
      QCOMPARE(w.document().json()["bodies"][1]["mass"].get<double>(), mass);
      w.sessions().saveLast();
    }
    ui::SessionHeader h;
    std::vector<std::unique_ptr<ui::Run>> runs;
    // the session saved on the way out, without the edit
    QVERIFY(ui::readSession(ui::SessionActions::autosavePath(), h, runs, nullptr, nullptr));
    QVERIFY(!h.sceneModified);
    QVERIFY(!QString::fromStdString(h.sceneText).contains("7.5"));
    QFile::remove(ui::SessionActions::autosavePath());
  }

  // --- plots and runs ----------------------------------------------------------------------------

  // 3 runs and 7 plots at 1280x800, cursors A and B: each read-out box within its plot, values
  // with their units
  void theReadOutsFitTheirPlots() {
    const auto w = shownWindow(QSize(1280, 800));
    QVERIFY(w);
    // three runs at three steps, and seven plots of every kind
    for (double h : {1e-3, 2e-3, 5e-3}) run(*w, "double-pendulum", 2.0, h);
    w->plots().restoreLayout({"channel:body_2.z", "difference:body_2.z", "xy:body_2.y|body_2.z",
                              "energy", "step", "violation", "newton"});
    QCOMPARE(w->plots().plots().size(), 7u);
    ui::PlotCursors& c = w->plots().cursors();
    c.setActive(true);
    // cursor A at 0.8 s, B at 1.4 s
    w->playback().setTime(0.8);
    c.setB(1.4);
    QTest::qWait(200);
    // each plot's read-out box inside its axis rectangle, with a pixel of slack
    for (ui::LivePlot* p : w->plots().plots()) {
      p->customPlot()->replot();
      const QString text = p->readoutText();
      QVERIFY(!text.isEmpty());
      const QRect area = p->customPlot()->axisRect()->rect();
      const QRectF box = p->readoutRect();
      QVERIFY2(area.contains(box.toAlignedRect().adjusted(1, 1, -1, -1)),
               qPrintable(QString("%1: box %2,%3 %4x%5 in %6x%7\n%8")
                              .arg(ui::plotSpec(p->kind(), p->channels()))
                              .arg(box.x())
                              .arg(box.y())
                              .arg(box.width())
                              .arg(box.height())
                              .arg(area.width())
                              .arg(area.height())
                              .arg(text)));
    }
    // units: metres on the signal, joules on the energy balance
    QVERIFY2(w->plots().plots()[0]->readoutText().contains(" m"),
             qPrintable(w->plots().plots()[0]->readoutText()));
    QVERIFY2(w->plots().plots()[3]->readoutText().contains(" J"),
             qPrintable(w->plots().plots()[3]->readoutText()));
    // a plot too low for every line says how many curves it left out
    ui::LivePlot* violation = w->plots().plots()[5];
    violation->customPlot()->setFixedHeight(110);
    QTest::qWait(100);
    violation->customPlot()->replot();
    QVERIFY(w->plots().plots()[5]->customPlot()->axisRect()->rect().contains(
        violation->readoutRect().toAlignedRect().adjusted(1, 1, -1, -1)));
  }

  // adding plots leaves the side docks at their width, and removing them too
  void morePlotsLeaveTheDocksAlone() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QTest::qWait(100);
    // the widths of the scene and run setup docks before any plot is added
    auto* scene = w->findChild<QDockWidget*>("sceneDock");
    auto* setup = w->findChild<QDockWidget*>("runDock");
    const int sceneWidth = scene->width(), setupWidth = setup->width();
    for (int k = 0; k < 6; ++k) w->plots().addPlot(ui::PlotKind::Channel, {"body_2.z"});
    QTest::qWait(200);
    // six plots added: the docks keep their widths
    QCOMPARE(scene->width(), sceneWidth);
    QCOMPARE(setup->width(), setupWidth);
    w->plots().resetLayout();
    QTest::qWait(200);
    QCOMPARE(scene->width(), sceneWidth);
    QCOMPARE(setup->width(), setupWidth);
  }

  // --pause-at: the worker stops at the first recorded row at or after T (at T on an output grid),
  // and the run list shows where it is
  void aPauseIsWhereItWasAskedFor() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QVERIFY(w->fileActions().openScene("double-pendulum"));
    w->runConfig().setTEnd(10.0);
    w->runConfig().setStep(1e-3);
    QSignalSpy paused(&w->controller(), &ui::RunController::pausedChanged);
    // started to pause at 0.5 s, as --pause-at 0.5 asks
    QVERIFY(w->runActions().startRun(0.5));
    QTRY_VERIFY_WITH_TIMEOUT(w->controller().paused(), 60000);
    const ui::Run& r = *w->runs().runs().back();
    QVERIFY(r.paused);
    // at 0.5 s, or at the next row within the 1 ms step
    QVERIFY2(r.lastTime() >= 0.5 - 1e-12 && r.lastTime() < 0.5 + 1.5e-3,
             qPrintable(QString::number(r.lastTime(), 'g', 17)));
    QTest::qWait(600);  // the run list's refresh after the pause
    // the run list shows the paused time and the status
    const ui::RunListModel* model = w->runList().model();
    const QModelIndex time = model->indexOf(r.id, ui::RunListModel::Time);
    QCOMPARE(time.data().toString(), ui::shortNumber(r.lastTime(), 4));
    QCOMPARE(model->indexOf(r.id, ui::RunListModel::Status).data().toString(), QString("paused"));
    w->controller().cancelAll();
    w->controller().setPaused(false);
    QTRY_VERIFY_WITH_TIMEOUT(!w->controller().busy(), 60000);
  }

  // the same with an output step of 0.1 s: the pause lands on the grid row at 0.7 s exactly
  void aPauseOnAnOutputGridIsAtT() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QVERIFY(w->fileActions().openScene("double-pendulum"));
    w->runConfig().setTEnd(10.0);
    w->runConfig().setStep(3e-3);
    // the run asked of the controller directly, to pause at 0.7 s
    RunSettings s = w->runConfig().settings();
    ui::RunRequest request{w->document().model(), s, w->document().sceneKey(),
                           w->document().json().dump(), 0.7};
    // an output step of 0.1 s: the row at 0.7 s is on the grid
    request.settings.output.step = 0.1;
    w->controller().start(request);
    QTRY_VERIFY_WITH_TIMEOUT(w->controller().paused(), 60000);
    const ui::Run& r = *w->runs().runs().back();
    QVERIFY2(std::abs(r.lastTime() - 0.7) < 1e-12,
             qPrintable(QString::number(r.lastTime(), 'g', 17)));
    w->controller().cancelAll();
    QTRY_VERIFY_WITH_TIMEOUT(!w->controller().busy(), 60000);
  }

  // several runs given, the first failing: the first completed one is the reference
  void aFailedRunIsNeverTheReference() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // two runs as the command line gives them: a step too long for Newton, then 1 ms
    gui::CommandLine cl;
    cl.scene = "slider-crank";
    cl.steps = {0.25, 1e-3};  // 0.25 s: Newton fails at t = 0.5 s
    cl.tEnd = 1.0;
    cl.run = true;
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    auto* session = new gui::ScriptedSession(w, cl);
    session->start();
    QVERIFY(idle.wait(120000));
    QTRY_COMPARE(w.runs().runs().size(), 2u);
    // the failed run first, the completed one the reference
    QCOMPARE(w.runs().runs()[0]->results.status, RunStatus::Failed);
    QCOMPARE(w.runs().runs()[1]->results.status, RunStatus::Completed);
    QTRY_COMPARE(w.runs().referenceId(), w.runs().runs()[1]->id);
  }

  // --- help --------------------------------------------------------------------------------------

  // Help: the guide from this computer, the shortcuts (Save as on Ctrl+Shift+S too), the scene
  // format
  void theHelpMenu() {
    MainWindow w;
    QVERIFY(!ui::HelpActions::docsDirectory().isEmpty());
    QVERIFY(w.help().showPage("workbench.md"));
    QTextBrowser* text = w.help().browser().text();
    // the guide from this computer's docs
    QVERIFY(text->toPlainText().contains("The workbench"));
    QVERIFY(text->source().isLocalFile());
    // a link to another page of the docs is followed here
    emit text->anchorClicked(QUrl("scene-format.md"));
    QVERIFY(text->source().toLocalFile().endsWith("scene-format.md"));
    QVERIFY(w.help().showPage("scene-format.md"));
    QVERIFY(!w.fileActions().saveAs()->shortcuts().isEmpty());
    // the shortcuts list Save as's and the main keys
    const QString shortcuts = w.help().shortcutsHtml();
    QVERIFY(shortcuts.contains(
        w.fileActions().saveAs()->shortcut().toString(QKeySequence::NativeText)));
    for (const char* key : {"F5", "F7", "Ctrl+Z", "Space"}) QVERIFY2(shortcuts.contains(key), key);
    QVERIFY(shortcuts.contains("wheel"));
  }

  // mbw --help without a display: the help, exit status 0
  void helpWithoutADisplay() {
    QProcess mbw;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // no display of any kind in the environment, as on a server
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(name);
    mbw.setProcessEnvironment(env);
    mbw.start(QString::fromStdString(mbw::test::fromTestPrograms(MBW_GUI_FROM_TESTS)), {"--help"});
    QVERIFY(mbw.waitForFinished(30000));
    // exit status 0, the workbench's options in the help
    QCOMPARE(mbw.exitStatus(), QProcess::NormalExit);
    QCOMPARE(mbw.exitCode(), 0);
    const QString help = QString::fromUtf8(mbw.readAllStandardOutput());
    for (const char* option :
         {"--plots", "difference:CHANNEL", "xy:X|Y", "--video-size", "--pause-at"})
      QVERIFY2(help.contains(option), option);
  }

  // --- the 3D view, the video and the run setup --------------------------------------------------

  // a plot of a signal another scene does not record goes back to that scene's moving signal
  void thePlotLayoutFollowsTheScene() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QVERIFY(w->fileActions().openScene("double-pendulum"));
    w->plots().restoreLayout({"channel:body_2.z", "energy"});
    QVERIFY(w->fileActions().openScene("slider-crank"));
    // the slider-crank has no body_2: that plot left without a channel, the energy plot kept
    QVERIFY(w->plots().plots()[0]->channels().isEmpty());
    QCOMPARE(w->plots().plots()[1]->kind(), ui::PlotKind::EnergyBalance);
    run(*w, "slider-crank", 0.2);
    // after a run it takes the scene's moving signal
    QTRY_VERIFY(!w->plots().plots()[0]->channel().isEmpty());
    QVERIFY(w->plots().plots()[0]->pointCount() > 10);
    // a scene that records it keeps it (a copy of the double pendulum)
    QVERIFY(w->fileActions().openScene("double-pendulum"));
    w->plots().restoreLayout({"channel:body_2.z"});
    QTemporaryDir dir;
    QString error;
    QVERIFY(w->document().saveFile(dir.filePath("copy.json"), &error));
    QVERIFY(w->fileActions().openScene(dir.filePath("copy.json")));
    QCOMPARE(w->plots().plots()[0]->channel(), QString("body_2.z"));
  }

  // the wheel zooms towards the point under the mouse: it stays under the mouse
  void theWheelZoomsWhereTheMouseIs() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QVERIFY(w->fileActions().openScene("four-link"));
    QTest::qWait(100);
    ui::SceneView& view = w->sceneView();
    const QRectF before = view.bodiesOnScreen();
    const QPointF at = before.topLeft() + QPointF(5, 5);
    const QPointF centre(view.width() / 2.0, view.height() / 2.0);
    // a wheel step of 1.5 with the mouse near the bodies' top-left corner
    view.zoomAt(at, 1.5);
    const QRectF after = view.bodiesOnScreen();
    // the bodies grew by the factor about the mouse: their corner near the mouse moved little
    QVERIFY2(after.width() > 1.3 * before.width(),
             qPrintable(QString("%1 -> %2").arg(before.width()).arg(after.width())));
    const QPointF expected = at + (before.topLeft() - at) * 1.5;
    QVERIFY2((after.topLeft() - expected).manhattanLength() < 0.08 * after.width(),
             qPrintable(QString("(%1, %2) vs (%3, %4)")
                            .arg(after.left())
                            .arg(after.top())
                            .arg(expected.x())
                            .arg(expected.y())));
    // zooming about the centre instead would have moved that corner by half the growth
    const QPointF aboutCentre = centre + (before.topLeft() - centre) * 1.5;
    QVERIFY((after.topLeft() - aboutCentre).manhattanLength() >
            (after.topLeft() - expected).manhattanLength());
  }

  // the slider-crank's helper rod (1 m to a point far from the mechanism) does not set the framing
  void theSliderCrankFillsTheView() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QVERIFY(w->fileActions().openScene("slider-crank"));
    QTest::qWait(100);
    const QRectF bodies = w->sceneView().bodiesOnScreen();
    const QSizeF view = w->sceneView().size();
    // the mechanism fills at least 40 % of the view in one direction
    QVERIFY2(bodies.width() > 0.4 * view.width() || bodies.height() > 0.4 * view.height(),
             qPrintable(QString("%1x%2 in %3x%4")
                            .arg(bodies.width())
                            .arg(bodies.height())
                            .arg(view.width())
                            .arg(view.height())));
  }

  // the dialog of consistent initial conditions opens beside the 3D view, not over it
  void theInitialConditionsDialogLeavesTheViewFree() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QVERIFY(w->fileActions().openScene("slider-crank"));
    QRect dialogRect, viewRect;
    // once the dialog is open, its place and the view's noted, then the dialog closed
    QTimer::singleShot(500, [&] {
      if (auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
        dialogRect = dialog->frameGeometry();
        viewRect = QRect(w->sceneView().mapToGlobal(QPoint(0, 0)), w->sceneView().size());
        dialog->reject();
      }
    });
    QAction* action = w->findChild<QAction*>("initialConditions");
    QVERIFY(action);
    action->trigger();
    // the dialog opened, and covers at most a tenth of the view
    QVERIFY(dialogRect.isValid());
    const QRect overlap = dialogRect.intersected(viewRect);
    QVERIFY2(overlap.isEmpty() ||
                 overlap.width() * overlap.height() < 0.1 * viewRect.width() * viewRect.height(),
             qPrintable(QString("dialog %1,%2 %3x%4 over the view %5,%6 %7x%8")
                            .arg(dialogRect.x())
                            .arg(dialogRect.y())
                            .arg(dialogRect.width())
                            .arg(dialogRect.height())
                            .arg(viewRect.x())
                            .arg(viewRect.y())
                            .arg(viewRect.width())
                            .arg(viewRect.height())));
  }

  // the video: 720p over a time span, the plots beside the 3D view; the camera still through it
  // (no zooming out), cursor B's ghost left out of the frames and back afterwards
  void theVideoHasAFixedCameraASizeASpanAndThePlots() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    run(*w, "double-pendulum", 2.0);
    // cursor A at 0.3 s, B at 1.0 s: a ghost shown
    w->plots().cursors().setActive(true);
    w->playback().setTime(0.3);
    w->plots().cursors().setB(1.0);
    QVERIFY(!w->sceneView().ghostPoses().empty());
    vtkCamera* camera = w->sceneView().vtkWidget()->renderer()->GetActiveCamera();
    QTemporaryDir dir;
    // 10 frames a second at 720p, from 0.5 to 1.5 s, the plots beside the view
    ui::VideoSettings video;
    video.path = dir.filePath("frames");
    video.fps = 10.0;
    video.size = ui::VideoSettings::Size::P720;
    video.from = 0.5;
    video.to = 1.5;
    video.plots = true;
    // the camera's position, and whether a ghost is shown, at every frame
    std::vector<std::array<double, 3>> positions;
    bool ghosted = false;
    QString error;
    const int frames = w->videoExport().exportVideo(video, &error, [&](int, int) {
      std::array<double, 3> p;
      camera->GetPosition(p.data());
      positions.push_back(p);
      ghosted = ghosted || !w->sceneView().ghostPoses().empty();
      return true;
    });
    // 1 s at 10 frames/s: 10 intervals, 11 frames
    QCOMPARE(frames, 11);
    // the camera did not move; no ghost in the frames, and it is back after
    for (const auto& p : positions) QCOMPARE(p, positions.front());
    QVERIFY(!ghosted);
    QCOMPARE(w->plots().cursors().b(), 1.0);
    QVERIFY(!w->sceneView().ghostPoses().empty());
    const QImage frame(QDir(video.path).filePath("frame_00001.png"));
    QCOMPARE(frame.size(), QSize(1280, 720));
    // the 3D view's bluish gradient on the left, a plot's white on the right
    int bluish = 0;
    for (int y = 100; y < 700; y += 10)
      bluish += qBlue(frame.pixel(20, y)) > qRed(frame.pixel(20, y)) + 8;
    QVERIFY2(bluish > 10, qPrintable(QString::number(bluish)));
    int white = 0;
    for (int y = 0; y < 720; y += 10) white += frame.pixel(1200, y) == qRgb(255, 255, 255);
    QVERIFY2(white > 30, qPrintable(QString::number(white)));
  }

  // a body removed by an edit the loader refuses (its joints still name it) is not drawn any more;
  // the edit undone, it is back
  void aRemovedBodyIsNotDrawn() {
    const auto w = shownWindow(QSize(1600, 1000));
    QVERIFY(w);
    QVERIFY(w->fileActions().openScene("double-pendulum"));
    QVERIFY(w->sceneView().bodyShown(1));
    // body_2 removed alone, its joints still naming it
    ui::SceneJson json = w->document().json();
    json["bodies"].erase(1);
    w->document().edit(json, "remove body_2 alone");
    // refused: body_2 no longer drawn, body_1 still
    QVERIFY(!w->document().isValid());
    QVERIFY(!w->sceneView().bodyShown(1));
    QVERIFY(w->sceneView().bodyShown(0));
    w->document().undoStack()->undo();
    QVERIFY(w->document().isValid());
    QVERIFY(w->sceneView().bodyShown(1));
  }

  // the status bar names the scene's degrees of freedom
  void theStatusBarShowsTheDegreesOfFreedom() {
    MainWindow w;
    QVERIFY(w.fileActions().openScene("double-pendulum"));
    bool found = false;
    // one of the bar's labels is the scene's summary
    for (const QLabel* label : w.statusBar()->findChildren<QLabel*>())
      found = found || (label->text().contains("2 bodies, ") && label->text().endsWith(": 2 DOF"));
    QVERIFY(found);
  }

  // t_end = 1e9 s at h = 1e-3 s, every step recorded: a word under the run setup
  void aHugeRecordingIsMentioned() {
    MainWindow w;
    QVERIFY(w.fileActions().openScene("double-pendulum"));
    QVERIFY(w.runConfig().warning().isEmpty());
    w.runConfig().setStep(1e-3);
    w.runConfig().setTEnd(1e9);
    // 1e9 s at 1e-3 s: 1e12 rows, a warning and not a problem
    QVERIFY(w.runConfig().problem().isEmpty());
    QVERIFY2(w.runConfig().warning().contains("1e+12 rows"), qPrintable(w.runConfig().warning()));
  }

  // a failure's message wraps in its column of the comparison instead of widening it
  void aFailureMessageKeepsItsColumn() {
    const auto w = shownWindow(QSize(1280, 800));
    QVERIFY(w);
    run(*w, "slider-crank", 1.0, 1e-3);
    run(*w, "slider-crank", 1.0, 0.25);  // Newton fails at 0.5 s
    QCOMPARE(w->runs().runs().back()->results.status, RunStatus::Failed);
    w->showBottomTab(1);
    QTest::qWait(100);
    QTableWidget* table = w->comparison().table();
    QCOMPARE(table->columnCount(), 2);
    const QString message = QString::fromStdString(w->runs().runs().back()->results.message);
    // the message is wider than two columns, yet its column stays near the other's width
    QVERIFY(table->fontMetrics().horizontalAdvance(message) > 2 * table->columnWidth(1));
    QVERIFY(table->columnWidth(1) < 1.6 * table->columnWidth(0) + 40);
  }

  // --- file dialogs ------------------------------------------------------------------------------

  // file dialogs start in the last folder used for that kind of file, else in the last one of any
  void fileDialogsStartInTheLastFolder() {
    QSettings().clear();
    // no folder yet: home; then the last of any kind; then the kind's own
    QCOMPARE(ui::lastFolder("files/sessions"), QDir::homePath());
    ui::rememberFolder("files/directory", "/tmp/scenes");
    QCOMPARE(ui::lastFolder("files/sessions"), QString("/tmp/scenes"));
    ui::rememberFolder("files/sessions", "/tmp/sessions");
    QCOMPARE(ui::lastFolder("files/sessions"), QString("/tmp/sessions"));
    QCOMPARE(ui::lastFolder("export/directory"), QString("/tmp/sessions"));
    QSettings().clear();
  }
};

QTEST_MAIN(WorkbenchReviewTest)
#include "workbench_review_test.moc"
