// What the workbench keeps and follows: the 3D view gets a fair share of a new window and the
// user's layout comes back in the next one; the time cursor of the plots and the 3D view are one
// (a click in a plot puts the bodies where the run had them then, cursor B ghosts them at its
// time, the playback moves every plot's cursor line); and the session saved when the workbench
// exits is opened again when it starts, its runs drawn in the plots, with or without another scene
// asked for; a file refused at the start is said in a message box, with a scene open.

#include <QAction>
#include <QDockWidget>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QtTest>
#include <cmath>
#include <utility>
#include <qcustomplot.h>
#include <vtkActor.h>

#include "live_plot.h"
#include "main_window.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_cursors.h"
#include "plot_panel.h"
#include "pose_track.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "scene_view.h"
#include "scripted_session.h"
#include "session_actions.h"
#include "settings_behaviour.h"
#include "view_actions.h"
#include "vtk_widget.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// opens a scene and runs it with the panel's settings, t_end changed
void run(MainWindow& w, const char* scene, double tEnd) {
  QVERIFY(w.fileActions().openScene(scene));
  w.runConfig().setTEnd(tEnd);
  QSignalSpy idle(&w.controller(), &ui::RunController::idle);
  QVERIFY(w.runActions().startRun());
  QVERIFY(idle.wait(120000));
}

// the recorded position of a body at the row shown for time t
Vec3 recorded(const ui::Run& run, const char* body, double t) {
  const size_t row = ui::PoseTrack::rowAt(run.results, t);
  Vec3 p;
  for (int k = 0; k < 3; ++k)
    p[k] = run.results.at(row, run.results.column(std::string(body) + "." + "xyz"[k]));
  return p;
}

// the x of the cursor line A in a plot (NaN when none is shown)
double cursorLineAt(const ui::LivePlot& plot) {
  QCustomPlot* p = plot.customPlot();
  for (int k = 0; k < p->itemCount(); ++k)
    if (auto* line = qobject_cast<QCPItemStraightLine*>(p->item(k)); line && line->visible())
      return line->point1->coords().x();
  return std::nan("");
}

// the sizes of the window's splitter of that object name
QList<int> splitterSizes(const MainWindow& w, const char* name) {
  return w.findChild<QSplitter*>(name)->sizes();
}

// a window running the interactive start-up (the last session reopened), shown
void startInteractively(MainWindow& w, const QString& scene) {
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  gui::CommandLine cl;
  cl.scene = scene;
  auto* session = new gui::ScriptedSession(w, cl);
  session->start();
}

}  // namespace

class WorkbenchStateTest : public QObject {
  Q_OBJECT

 private slots:
  // a new user's settings, and no session left from an earlier test
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QFile::remove(ui::SessionActions::autosavePath());
  }

  // --- the layout --------------------------------------------------------------------------------

  // a new window: the 3D view and the plots share the middle, at 1280x800 as at 1600x1000
  void theViewGetsAFairShare() {
    for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
      MainWindow w;
      w.resize(size);
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      QTest::qWait(50);
      // the view at least 30 % of the width and half the height; the plots about as wide
      const QSize view = w.sceneView().size();
      QVERIFY2(view.width() >= 0.3 * size.width() && view.height() >= 0.5 * size.height(),
               qPrintable(QString("%1x%2 in %3x%4")
                              .arg(view.width())
                              .arg(view.height())
                              .arg(size.width())
                              .arg(size.height())));
      QVERIFY(std::abs(w.plots().width() - view.width()) < 0.2 * view.width());
    }
  }

  // the splitters, the docks, the plots and the view's toggles as the user left them
  void theLayoutComesBack() {
    QList<int> middle, central;
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      // the user's layout: splitters moved, three plots, the grid off, frames on, a dock floated
      auto* view = w.findChild<QSplitter*>("viewSplitter");
      const int total = view->sizes().value(0) + view->sizes().value(1);
      view->setSizes({total * 2 / 3, total - total * 2 / 3});
      auto* centre = w.findChild<QSplitter*>("centralSplitter");
      const int height = centre->sizes().value(0) + centre->sizes().value(1);
      centre->setSizes({height / 2, height - height / 2});
      w.plots().restoreLayout({"energy", "channel:body_2.z", "xy:body_2.y|body_2.z"});
      w.viewActions().grid()->setChecked(false);
      w.viewActions().frames()->setChecked(true);
      w.findChild<QDockWidget*>("signalDock")->setFloating(true);
      // the layout as it is when the window closes and saves it: once the first show's layout and
      // the floated dock have settled (on a slow run they shrink the splitters after the sizes set)
      QList<int> previous;
      QTRY_VERIFY(std::exchange(previous, view->sizes() + centre->sizes()) ==
                  view->sizes() + centre->sizes());
      middle = view->sizes();
      central = centre->sizes();
      QVERIFY(w.close());
    }
    // a new window with the settings restored, as the workbench starts
    MainWindow w;
    QVERIFY(w.restoreSettings());
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // the sizes, the plots, the toggles and the floating dock as they were
    QTRY_COMPARE(splitterSizes(w, "viewSplitter"), middle);
    QTRY_COMPARE(splitterSizes(w, "centralSplitter"), central);
    QCOMPARE(w.plots().layoutState(),
             QStringList({"energy", "channel:body_2.z", "xy:body_2.y|body_2.z"}));
    QVERIFY(!w.viewActions().grid()->isChecked());
    QVERIFY(w.viewActions().frames()->isChecked());
    QVERIFY(w.sceneView().framesVisible());
    QVERIFY(w.sceneView().gridActor() == nullptr || !w.sceneView().gridActor()->GetVisibility());
    QVERIFY(w.findChild<QDockWidget*>("signalDock")->isFloating());
    QSettings().clear();
  }

  // --- one time for the plots and the view -------------------------------------------------------

  // one time for the plots and the 3D view
  // (a user reads a time off a plot and sees the mechanism as it was then)
  void theViewFollowsThePlotCursors() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    run(w, "double-pendulum", 1.0);
    const ui::Run& r = *w.runs().find(w.runs().currentId());
    // a plot of the lower body's height, drawn, its axes for clicks at chosen times
    ui::LivePlot* plot = w.plots().addPlot(ui::PlotKind::Channel, {"body_2.z"});
    QTest::qWait(100);
    plot->customPlot()->replot();
    QCPAxis* x = plot->customPlot()->xAxis;
    QCPAxis* y = plot->customPlot()->yAxis;

    // a click at t = 0.3 s: the playback, the 3D view and every plot's cursor line go there
    plot->clickAt(QPointF(x->coordToPixel(0.3), y->coordToPixel(y->range().center())), false);
    const double a = w.playback().time();
    QVERIFY2(std::abs(a - 0.3) < 0.01, qPrintable(QString::number(a)));
    QCOMPARE(w.plots().cursors().a(), a);
    const Vec3 atA = recorded(r, "body_2", a);
    QVERIFY((w.sceneView().poses()[1].p_W - atA).norm() < 1e-12);
    QVERIFY((atA - recorded(r, "body_2", 0.0)).norm() > 0.1);  // the body has moved by then
    for (const ui::LivePlot* p : w.plots().plots()) QCOMPARE(cursorLineAt(*p), a);

    // cursor B at 0.7 s: the run ghosted where it was then
    plot->clickAt(QPointF(x->coordToPixel(0.7), y->coordToPixel(y->range().center())), true);
    const double b = w.plots().cursors().b();
    QVERIFY(std::abs(b - 0.7) < 0.01);
    QVERIFY(!w.sceneView().ghostPoses().empty());
    QVERIFY((w.sceneView().ghostPoses()[1].p_W - recorded(r, "body_2", b)).norm() < 1e-12);
    // cursor A's pose unchanged
    QVERIFY((w.sceneView().poses()[1].p_W - atA).norm() < 1e-12);

    // the playback moves the plots' cursor with the bodies
    w.playback().setTime(0.55);
    QCOMPARE(w.plots().cursors().a(), 0.55);
    for (const ui::LivePlot* p : w.plots().plots()) QCOMPARE(cursorLineAt(*p), 0.55);
    QVERIFY((w.sceneView().poses()[1].p_W - recorded(r, "body_2", 0.55)).norm() < 1e-12);
  }

  // --- the start ---------------------------------------------------------------------------------

  // closing saves the session; the next start opens it again (its scene, or the one asked for)
  void theLastSessionIsReopenedAtStart() {
    QFile::remove(ui::SessionActions::autosavePath());
    size_t rows = 0;
    {
      MainWindow w;
      startInteractively(w, "double-pendulum");
      // two runs of the pendulum, then the window closed
      run(w, "double-pendulum", 0.2);
      run(w, "double-pendulum", 0.3);
      rows = w.runs().runs().back()->results.rowCount();
      QVERIFY(w.close());
      // written once the window has gone, as the program does on its way out
      QVERIFY(!QFile::exists(ui::SessionActions::autosavePath()));
      w.sessions().saveLast();
    }
    QVERIFY(QFile::exists(ui::SessionActions::autosavePath()));
    {
      // no scene given: the session's scene with its runs, the last one current and played back;
      // the plots made before it opened draw its runs, a signal chosen for the one that needs one
      MainWindow w;
      w.plots().addPlot(ui::PlotKind::Channel);
      startInteractively(w, QString());
      QCOMPARE(w.document().builtinName(), QString("double-pendulum"));
      QCOMPARE(w.runs().runs().size(), 2u);
      QCOMPARE(w.runs().runs().back()->results.rowCount(), rows);
      QCOMPARE(w.runs().currentId(), w.runs().runs().back()->id);
      QCOMPARE(w.runs().shownRuns().size(), 2u);
      QVERIFY(w.playbackBar().playAction()->isEnabled());
      QCOMPARE(w.sceneView().model(), w.runs().runs().back()->model.get());
      for (const ui::LivePlot* p : w.plots().plots())
        QVERIFY2(p->pointCount() > 0, qPrintable(ui::plotSpec(p->kind(), p->channels())));
      QVERIFY(w.plots().plots().back()->channel().startsWith("body_"));
    }
    // a scene asked for: it is open, the session's runs wait in the run list under their own scene
    MainWindow w;
    startInteractively(w, "slider-crank");
    QCOMPARE(w.document().builtinName(), QString("slider-crank"));
    QCOMPARE(w.runs().runs().size(), 2u);
    QVERIFY(w.runs().shownRuns().empty());
    QVERIFY(w.fileActions().openScene("double-pendulum"));
    QCOMPARE(w.runs().shownRuns().size(), 2u);
  }

  // A damaged last session (crafted to claim 2^64 rows) and a scene file the reader refuses (nested
  // 100 000 deep) at start: the window says why, not stderr alone, and shows a scene rather than
  // an empty, untitled one.
  void aFileRefusedAtStartIsShownAndTheWindowHasAScene() {
    // the damaged session: its header, then 0xff bytes read as huge counts
    QDir().mkpath(QFileInfo(ui::SessionActions::autosavePath()).absolutePath());
    QFile damaged(ui::SessionActions::autosavePath());
    QVERIFY(damaged.open(QIODevice::WriteOnly));
    damaged.write(QByteArray("MBWSESSION") + QByteArray("\0\0\0\1", 4) + QByteArray(6000, '\xff'));
    damaged.close();
    QTemporaryDir dir;
    // a scene file nested 100 000 deep
    const QString deep = dir.filePath("deep.json");
    QFile file(deep);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(100000, '[') + QByteArray(100000, ']'));
    file.close();
    // the workbench started on the deep file, the damaged session waiting as the last one
    MainWindow w;
    startInteractively(w, deep);
    // a scene shown (the default), and a box saying why the file was refused
    QCOMPARE(w.document().builtinName(), QString("double-pendulum"));
    QVERIFY(w.document().model());
    auto* box = w.findChild<QMessageBox*>("startupError");
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY2(box->text().contains("deep.json: /0/0/0") &&
                 box->text().contains("nested more than 64 deep"),
             qPrintable(box->text()));
    box->accept();
    QFile::remove(ui::SessionActions::autosavePath());
  }
};

QTEST_MAIN(WorkbenchStateTest)
#include "workbench_state_test.moc"
