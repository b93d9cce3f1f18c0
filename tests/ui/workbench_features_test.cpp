// The workbench as an engineer uses it, end to end in the window: the 3D view keeping every body in
// view through a run and "up" against gravity, a point's path traced in playback, the playback
// exported as frames and as a video, a session saved and opened again in another window, a joint's
// point picked in the 3D view, and the window restored within the screen.

#include <QDir>
#include <QProcess>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "field_editor.h"
#include "live_plot.h"
#include "main_window.h"
#include "model_tree.h"
#include "pick_field_behaviour.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_panel.h"
#include "property_panel.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "scene_view.h"
#include "session_actions.h"
#include "settings_behaviour.h"
#include "trace_actors.h"
#include "video_export_action.h"
#include "vtk_widget.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// opens a scene and runs it with the panel's settings, t_end changed (and an integrator)
void run(MainWindow& w, const char* scene, double tEnd, const QString& integrator = {}) {
  QVERIFY(w.fileActions().openScene(scene));
  w.runConfig().setTEnd(tEnd);
  if (!integrator.isEmpty()) QVERIFY(w.runConfig().setIntegrator(integrator));
  QSignalSpy idle(&w.controller(), &ui::RunController::idle);
  QVERIFY(w.runActions().startRun());
  QVERIFY(idle.wait(120000));
}

}  // namespace

class WorkbenchFeaturesTest : public QObject {
  Q_OBJECT

 private slots:
  // the workbench's settings kept apart from the user's own
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // --- the view and the playback -----------------------------------------------------------------

  // a run of the vehicle and one of the slider-crank: every body within the view at eleven times
  // across the run, and the motion large enough to fill it
  void everyBodyStaysInViewThroughARun() {
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (const char* scene : {"hmmwv-bump", "slider-crank"}) {
      run(w, scene, 1.0);
      const QRectF frame(QPointF(0, 0), w.sceneView().vtkWidget()->size());
      double largest = 0.0;
      // at eleven times across the run, every body within the view
      for (int k = 0; k <= 10; ++k) {
        w.playback().setTime(w.playback().end() * k / 10.0);
        const QRectF bodies = w.sceneView().bodiesOnScreen();
        QVERIFY2(frame.contains(bodies),
                 qPrintable(QString("%1 at t = %2: bodies %3,%4 to %5,%6 in %7x%8")
                                .arg(scene)
                                .arg(w.playback().time())
                                .arg(bodies.left())
                                .arg(bodies.top())
                                .arg(bodies.right())
                                .arg(bodies.bottom())
                                .arg(frame.width())
                                .arg(frame.height())));
        // everything drawn (the slider-crank's 1 m distance rod included) sets the scale
        const QRectF shown = w.sceneView().bodiesOnScreen(false);
        QVERIFY(frame.contains(shown));
        largest =
            std::max({largest, shown.width() / frame.width(), shown.height() / frame.height()});
      }
      // and not drawn small: the motion fills the view
      QVERIFY2(largest > 0.3, qPrintable(QString("%1: %2").arg(scene).arg(largest)));
    }
    // gravity along -y: "up" is +y
    QVERIFY(w.fileActions().openScene("stiff-double-pendulum"));
    QVERIFY((w.sceneView().up() - Vec3::UnitY()).norm() < 1e-12);
  }

  // the trace of a point follows the rows up to the playback time
  void aPointIsTracedDuringPlayback() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    run(w, "double-pendulum", 2.0);
    // body_2's frame origin traced, as the playback bar's choice of point sets it
    QVERIFY(w.playbackBar().setTracePoint("body_2"));
    const ui::TraceActors* trace = w.sceneView().trace();
    QVERIFY(trace);
    // a point per row
    QCOMPARE(trace->size(), w.runs().find(w.runs().currentId())->results.rowCount());
    // solid up to the playback time
    w.playback().setTime(1.0);
    // t = 1 s of 2: about half of the rows
    QVERIFY(trace->passed() > 900 && trace->passed() < 1100);
    // the whole path in view
    const QRectF frame(QPointF(0, 0), w.sceneView().vtkWidget()->size());
    for (const Vec3& p : trace->points()) QVERIFY(frame.contains(w.sceneView().project(p)));
    // an unknown body is not taken
    QVERIFY(!w.playbackBar().setTracePoint("no-such-body"));
  }

  // the playback written as numbered PNG frames at the view's size, and as a video when ffmpeg
  // is there
  void thePlaybackIsExportedAsFramesAndVideo() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    run(w, "double-pendulum", 0.2);
    QTemporaryDir dir;
    QString error;
    // 0.2 s at 25 frames/s: 5 intervals, 6 frames
    const QString frames = dir.filePath("frames");
    QCOMPARE(w.videoExport().exportVideo({frames, 25.0, 1.0}, &error), 6);
    const QStringList files = QDir(frames).entryList({"*.png"}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 6);
    // named in order from 1
    QCOMPARE(files.front(), QString("frame_00001.png"));
    // each at the view's size in pixels
    QCOMPARE(QImage(QDir(frames).filePath(files.back())).size(),
             w.sceneView().vtkWidget()->size() * w.devicePixelRatio());
    // half speed: twice the frames
    QCOMPARE(w.videoExport().exportVideo({dir.filePath("slow"), 25.0, 0.5}, &error), 11);
    // the video needs ffmpeg
    if (ui::VideoExportAction::ffmpeg().isEmpty()) QSKIP("ffmpeg is not installed");
    // a view of odd height (H.264 wants even sizes): the video's bottom row is the view's, not a
    // black line of padding
    for (int k = 0; k < 8 && w.sceneView().vtkWidget()->height() % 2 == 0; ++k) {
      w.resize(w.width(), w.height() + 1);
      QTest::qWait(50);
    }
    QVERIFY(w.sceneView().vtkWidget()->height() % 2 == 1);
    // the video and the same frames as PNG; the video's first frame decoded to compare them
    const QString mp4 = dir.filePath("playback.mp4");
    QCOMPARE(w.videoExport().exportVideo({mp4, 25.0, 1.0}, &error), 6);
    QVERIFY2(QFileInfo(mp4).size() > 1000, qPrintable(error));
    QCOMPARE(w.videoExport().exportVideo({dir.filePath("odd"), 25.0, 1.0}, &error), 6);
    const QImage frame(dir.filePath("odd/frame_00001.png"));
    QProcess decode;
    decode.start(ui::VideoExportAction::ffmpeg(),
                 {"-v", "error", "-i", mp4, "-frames:v", "1", dir.filePath("decoded.png")});
    QVERIFY(decode.waitForFinished(60000) && decode.exitCode() == 0);
    const QImage decoded(dir.filePath("decoded.png"));
    // the video's size: even, the odd row dropped, not padded
    QCOMPARE(decoded.width(), frame.width() / 2 * 2);
    QCOMPARE(decoded.height(), frame.height() - 1);
    // the mean grey of each bottom row: the light background of the view, in both
    auto rowGrey = [](const QImage& image, int y) {
      double sum = 0.0;
      for (int x = 0; x < image.width(); ++x) sum += qGray(image.pixel(x, y));
      return sum / image.width();
    };
    const double shown = rowGrey(frame, frame.height() - 2),
                 coded = rowGrey(decoded, decoded.height() - 1);
    QVERIFY2(shown > 150.0 && std::abs(coded - shown) < 10.0,
             qPrintable(QString("%1 / %2").arg(coded).arg(shown)));
  }

  // --- sessions, picking and the window ----------------------------------------------------------

  // a session of two runs, a reference and an x-y plot, saved and opened again in a new window
  void aSessionIsSavedAndOpenedAgain() {
    QTemporaryDir dir;
    const QString path = dir.filePath("work.mbws");
    int rows = 0;
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      run(w, "double-pendulum", 0.1);
      run(w, "double-pendulum", 0.2);
      // two runs, the first the reference, and an x-y plot
      w.runs().setReference(w.runs().runs().front()->id);
      w.plots().addPlot(ui::PlotKind::XY, {"body_2.y", "body_2.z"});
      rows = static_cast<int>(w.runs().runs().back()->results.rowCount());
      QString error;
      QVERIFY2(w.sessions().saveSession(path, &error), qPrintable(error));
    }
    // a new window, another scene open in it
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.fileActions().openScene("slider-crank"));
    QString error;
    // opened over another scene: the session's scene replaces it
    QVERIFY2(w.sessions().openSession(path, &error), qPrintable(error));
    QCOMPARE(w.document().builtinName(), QString("double-pendulum"));
    // the runs, their rows, the reference, the current run and the plot come back
    QCOMPARE(w.runs().runs().size(), 2u);
    QCOMPARE(static_cast<int>(w.runs().runs().back()->results.rowCount()), rows);
    QCOMPARE(w.runs().referenceId(), w.runs().runs().front()->id);
    QCOMPARE(w.runs().currentId(), w.runs().runs().back()->id);
    QCOMPARE(w.plots().plots().back()->kind(), ui::PlotKind::XY);
    QCOMPARE(w.plots().plots().back()->pointCount(),
             rows + static_cast<int>(w.runs().runs().front()->results.rowCount()));
    QVERIFY(w.playbackBar().playAction()->isEnabled());
  }

  // picking a joint's point in the 3D view gives a body's named point
  void aJointPointIsPickedInTheView() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.fileActions().openScene("stiff-double-pendulum"));
    w.modelTree().selectPointer("/joints/1");
    ui::FieldEditor* point = w.properties().editorFor("/joints/1/point_i");
    QVERIFY(point);
    // the body's named points are offered
    QCOMPARE(point->namedChoices(), QStringList({"pin", "elbow"}));
    // pick mode: a click on rod1 near its pin end gives the named point
    auto* pick = w.findChild<ui::PickFieldBehaviour*>();
    QVERIFY(pick);
    emit point->pickRequested();
    QCOMPARE(pick->pending(), QString("/joints/1/point_i"));
    QVERIFY(w.sceneView().surfacePickPending());
    // the pick completed as a click 1 cm from rod1's pin would complete it
    const Body& rod1 = w.document().model()->bodies[0];
    const Vec3 pin_W = rod1.position_W + rod1.R_WB * Vec3(-1.0, 0.0, 0.0);
    pick->complete(pin_W + Vec3(0.01, 0.0, 0.0), Vec3::UnitZ());
    QCOMPARE(w.document().json()["joints"][1]["point_i"], ui::SceneJson("pin"));
    QVERIFY(pick->pending().isEmpty());
    // and the view really picks what is under the mouse
    Vec3 p, n;
    const Vec3 middle = rod1.position_W;
    QVERIFY(w.sceneView().pickSurface(w.sceneView().project(middle).toPoint(), p, n));
    QVERIFY((p - middle).norm() < 0.2);
  }

  // a window saved far off the screen comes back within it
  void theWindowIsRestoredWithinTheScreen() {
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      // placed far off any screen, then saved
      w.setGeometry(5000, 4000, 3000, 2500);
      w.settings().save();
    }
    // a new window with the settings restored, as the workbench starts
    MainWindow w;
    w.restoreSettings();
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // restored inside the available screen
    const QRect screen = w.screen()->availableGeometry();
    QVERIFY2(
        screen.contains(w.frameGeometry()),
        qPrintable(QString("%1,%2 %3x%4").arg(w.x()).arg(w.y()).arg(w.width()).arg(w.height())));
  }
};

QTEST_MAIN(WorkbenchFeaturesTest)
#include "workbench_features_test.moc"
