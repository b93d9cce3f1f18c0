// The joint tool driven through the workbench's own actions and real mouse events in the 3D view:
// every joint type it offers (universal, planar and planar-revolute among them) is placed by clicks
// and loads; a universal joint's cross axis comes from a face clicked or Enter; an axis clicked on
// the end of a cylinder lying askew in its body snaps to the cylinder's axis, written exactly; the
// joint is drawn as its symbol under the mouse before it is committed, and the symbol is gone on
// Esc. With MBW_ASSEMBLY_SCREENSHOTS=<folder> it saves the window at the steps (docs/workbench.md).

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMouseEvent>
#include <QSettings>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QSizeGrip>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "export_actions.h"
#include "joint_tool.h"
#include "main_window.h"
#include "model_check_panel.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "scene_document.h"
#include "scene_view.h"
#include "view_actions.h"
#include "vtk_widget.h"
#include "../workbench_test_steps.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// a shaft (a box along x) and a drum (a cylinder whose axis lies at 45 degrees in its body's x-y
// plane), side by side
const char* kScene =
    R"({"format": "mbw-scene", "version": 1, "name": "shaft and drum", "gravity": [0, 0, -9.81],
  "bodies": [{"name": "shaft", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0.2, 0, 0.3],
              "shape": {"type": "box", "size": [0.4, 0.05, 0.05]}},
             {"name": "drum", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0.62, 0, 0.3],
              "shape": {"type": "cylinder", "radius": 0.08, "length": 0.1, "axis": [1, -1, 0]}}]})";

const Vec3 kShaftMiddle(0.1, 0, 0.3);
const Vec3 kDrumAxis = Vec3(1, -1, 0).normalized();

// the widget point where a world point is drawn
QPoint onScreen(MainWindow& w, const Vec3& p_W) { return w.sceneView().project(p_W).toPoint(); }

// a left click on the view where a world point is drawn
void clickAt(MainWindow& w, const Vec3& p_W) {
  QTest::mouseClick(w.sceneView().vtkWidget(), Qt::LeftButton, {}, onScreen(w, p_W));
  QTest::qWait(50);
}

// the mouse moved to a widget point, no button held, as the window system sends it (to the widget:
// QTest::mouseMove warps the display's one pointer, which tests run side by side share)
void moveMouse(MainWindow& w, const QPoint& at) {
  QWidget* view = w.sceneView().vtkWidget();
  QMouseEvent e(QEvent::MouseMove, QPointF(at), QPointF(view->mapToGlobal(at)), Qt::NoButton,
                Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(view, &e);
  QTest::qWait(50);
}

// the mouse over a world point, no button held
void hoverAt(MainWindow& w, const Vec3& p_W) { moveMouse(w, onScreen(w, p_W)); }

// pixels of the preview's magenta in the 3D view as rendered now (no body, joint or selection
// colour is near it)
int previewPixels(MainWindow& w) {
  const QImage image = w.sceneView().grabImage().convertToFormat(QImage::Format_RGB32);
  int n = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      if (c.red() > 120 && c.blue() > 110 && c.green() < 0.5 * std::min(c.red(), c.blue())) ++n;
    }
  return n;
}

// the end of the drum that faces the camera: the one whose surface, picked at its centre, has the
// cylinder's axis as its normal
Vec3 drumEndFacingTheCamera(MainWindow& w) {
  const Vec3 centre(0.62, 0, 0.3);
  for (double sign : {1.0, -1.0}) {
    const Vec3 end = centre + sign * 0.05 * kDrumAxis;
    Vec3 p, n;
    if (w.sceneView().pickSurface(onScreen(w, end), p, n) &&
        std::abs(n.normalized().dot(kDrumAxis)) > 0.99)
      return end;
  }
  return centre;
}

// the shaft and the drum as a new scene, seen from the front (x to the right, z up)
void openInFrontView(MainWindow& w) {
  QString error;
  QVERIFY2(w.document().openNew(kScene, &error), qPrintable(error));
  w.viewActions().front()->trigger();
  w.viewActions().fit()->trigger();
  QTest::qWait(200);
}

// the status bar's hint is drawn whole: no wider than the room left of the widgets the bar keeps
// beside it
void checkHintFits(MainWindow& w) {
  QTest::qWait(50);  // the bar lays itself out again
  QStatusBar* bar = w.statusBar();
  const QString hint = bar->currentMessage();
  QVERIFY(!hint.isEmpty());
  int room = bar->width();
  for (QWidget* child : bar->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
    if (child->isVisible() && !qobject_cast<QSizeGrip*>(child)) room = std::min(room, child->x());
  const int needed = bar->fontMetrics().horizontalAdvance(hint) + 8;
  QVERIFY2(needed <= room,
           qPrintable(QString("%1 px of room, %2 needed: %3").arg(room).arg(needed).arg(hint)));
}

// the joints of the scene as it stands in the editor
int jointCount(MainWindow& w) {
  return static_cast<int>(
      w.document().json().value("joints", nlohmann::ordered_json::array()).size());
}

}  // namespace

class JointToolTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
  }

  // a new window for each case, at the size of a small laptop screen
  void init() {
    w_ = std::make_unique<MainWindow>();
    w_->resize(1280, 800);
    w_->show();
    QVERIFY(QTest::qWaitForWindowExposed(w_.get()));
  }
  void cleanup() { w_.reset(); }

  // --- the status bar's hints --------------------------------------------------------------------

  // before any scene, the status bar says so (not "0 problems")
  void statusBarWithoutAScene() {
    if (!w_->document().json().empty()) QSKIP("the window opened a scene");
    auto* label = w_->statusBar()->findChild<QLabel*>("sceneCheckLabel");
    QVERIFY(label);
    QCOMPARE(label->text(), QString("No scene open"));
    QString error;
    QVERIFY2(w_->document().openNew(kScene, &error), qPrintable(error));
    QVERIFY2(label->text().startsWith("shaft and drum: "), qPrintable(label->text()));
  }

  // at 1280 px, after a run (its wall time in the bar), each hint of the joint tool fits beside the
  // scene's check
  void hintsFitA1280PixelWindow() {
    MainWindow& w = *w_;
    QCOMPARE(w.width(), 1280);
    openInFrontView(w);
    if (QTest::currentTestFailed()) return;
    // a short run first, so that its wall time sits in the status bar
    w.runConfig().setTEnd(0.01);
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    QVERIFY(w.runActions().startRun());
    QVERIFY(idle.wait(60000));
    // the hint at each step: the first body, the second, the location
    w.jointTool().start("revolute");
    checkHintFits(w);
    clickAt(w, kShaftMiddle);
    checkHintFits(w);
    clickAt(w, Vec3(0.62, 0, 0.3));
    checkHintFits(w);
    // over the drum: where it snaps and the axis, named
    hoverAt(w, drumEndFacingTheCamera(w));
    QVERIFY2(w.jointTool().message().contains("axis of the drum cylinder"),
             qPrintable(w.jointTool().message()));
    checkHintFits(w);
    // when the hint goes, the whole check comes back
    QTest::keyClick(w.sceneView().vtkWidget(), Qt::Key_Escape);
    w.statusBar()->clearMessage();
    auto* label = w.statusBar()->findChild<QLabel*>("sceneCheckLabel");
    // two free bodies and no joint: 12 DOF
    QVERIFY2(label->text().endsWith("coordinates, 0 equations, 0 drivers: 12 DOF"),
             qPrintable(label->text()));
  }

  // --- placing joints ----------------------------------------------------------------------------

  // a universal joint: the drum's end clicked gives the axis (the cylinder's, exactly), Enter the
  // cross axis; the cross is drawn from the first hover to the commit
  void universalJointByClicksAndEnter() {
    MainWindow& w = *w_;
    openInFrontView(w);
    if (QTest::currentTestFailed()) return;
    const Vec3 drumEnd = drumEndFacingTheCamera(w);
    QVERIFY2(drumEnd != Vec3(0.62, 0, 0.3), "no end of the drum faces the camera");
    QAction* universal = w.findChild<QAction*>("placeJoint-universal");
    QVERIFY(universal);
    universal->trigger();
    QCOMPARE(w.jointTool().step(), ui::JointTool::Step::FirstBody);
    // the drum, then the shaft
    clickAt(w, Vec3(0.62, 0, 0.3));
    clickAt(w, kShaftMiddle);
    QCOMPARE(w.jointTool().step(), ui::JointTool::Step::Location);
    // nothing drawn until the mouse is over a body; the view follows the mouse without a button
    QVERIFY(w.sceneView().jointPreview().empty());
    QVERIFY(w.sceneView().vtkWidget()->hasMouseTracking());
    QCOMPARE(previewPixels(w), 0);

    // over the drum's end: the cross, at its centre, along the cylinder's axis
    hoverAt(w, drumEnd);
    QCOMPARE(w.sceneView().jointPreview().size(), size_t(3));
    QVERIFY(previewPixels(w) > 50);
    QVERIFY2(w.jointTool().placement().at.isApprox(drumEnd, 1e-12),
             qPrintable(w.jointTool().message()));
    QVERIFY(w.jointTool().placement().axis.cwiseAbs().isApprox(kDrumAxis.cwiseAbs(), 1e-15));
    QVERIFY2(w.jointTool().placement().axisWhat.startsWith("axis of the drum cylinder"),
             qPrintable(w.jointTool().placement().axisWhat));
    // away from the bodies: gone
    moveMouse(w, QPoint(5, 5));
    QVERIFY(w.sceneView().jointPreview().empty());
    hoverAt(w, drumEnd);
    clickAt(w, drumEnd);

    // the cross axis asked for, drawn across the axis meanwhile
    QCOMPARE(w.jointTool().step(), ui::JointTool::Step::CrossAxis);
    QCOMPARE(jointCount(w), 0);
    QCOMPARE(w.sceneView().jointPreview().size(), size_t(3));
    const Vec3 cross = w.sceneView().jointPreview()[1].R_BG.col(2);
    // perpendicular to the axis
    QVERIFY(std::abs(cross.dot(kDrumAxis)) < 1e-12);
    // seen from aside, as the camera turned meanwhile shows it
    w.viewActions().reset()->trigger();
    QTest::qWait(200);
    QVERIFY(previewPixels(w) > 50);
    test::pictureForGuide(w, "joint-tool-universal.png");
    QTest::keyClick(w.sceneView().vtkWidget(), Qt::Key_Return);

    // placed: the drum's axis in the drum's frame as the scene has it; the shaft's +z face normal
    QCOMPARE(w.jointTool().step(), ui::JointTool::Step::Idle);
    QVERIFY(w.sceneView().jointPreview().empty());
    QCOMPARE(previewPixels(w), 0);
    // one joint, from the drum to the shaft
    QCOMPARE(jointCount(w), 1);
    const auto& joint = w.document().json()["joints"][0];
    QCOMPARE(joint["type"].get<std::string>(), std::string("universal"));
    QCOMPARE(joint["body_i"].get<std::string>(), std::string("drum"));
    QCOMPARE(joint["body_j"].get<std::string>(), std::string("shaft"));
    const Vec3 axisI(joint["axis_i"][0].get<double>(), joint["axis_i"][1].get<double>(),
                     joint["axis_i"][2].get<double>());
    QVERIFY2(axisI == kDrumAxis || axisI == -kDrumAxis, joint["axis_i"].dump().c_str());
    QCOMPARE(joint["axis_j"], nlohmann::ordered_json({0.0, 0.0, 1.0}));
    // it loads: two free bodies less the universal's 4 equations
    QVERIFY(w.document().isValid());
    QVERIFY2(w.modelCheck().summary().contains(": 8 DOF"), qPrintable(w.modelCheck().summary()));
  }

  // the cross axis from a face clicked: the shaft's face towards the camera, made perpendicular to
  // the axis and snapped
  void universalCrossAxisFromAFace() {
    MainWindow& w = *w_;
    openInFrontView(w);
    if (QTest::currentTestFailed()) return;
    w.jointTool().start("universal");
    clickAt(w, kShaftMiddle);
    clickAt(w, Vec3(0.62, 0, 0.3));
    // on the shaft's end face (+x): the axis the shaft's x
    const Vec3 shaftEnd(0.4, 0, 0.3);
    Vec3 p, n;
    // the face towards the camera, as the view picks it
    QVERIFY(w.sceneView().pickSurface(onScreen(w, kShaftMiddle), p, n));
    w.jointTool().placeAt(shaftEnd, Vec3(1, 0, 0));
    QCOMPARE(w.jointTool().step(), ui::JointTool::Step::CrossAxis);
    // the face towards the camera (the front view looks along y): across x, it is the normal itself
    hoverAt(w, kShaftMiddle);
    const Vec3 cross = w.sceneView().jointPreview()[1].R_BG.col(2);
    QVERIFY2(cross.isApprox(n.normalized(), 1e-6), qPrintable(w.jointTool().message()));
    clickAt(w, kShaftMiddle);
    QCOMPARE(w.jointTool().step(), ui::JointTool::Step::Idle);
    const auto& joint = w.document().json()["joints"][0];
    // the shaft's x, exactly
    QCOMPARE(joint["axis_i"], nlohmann::ordered_json({1.0, 0.0, 0.0}));
    // the drum's frame is the world's: the face's normal, y either way
    const auto& axisJ = joint["axis_j"];
    QVERIFY2(axisJ[0] == 0.0 && axisJ[2] == 0.0 && std::abs(axisJ[1].get<double>()) == 1.0,
             axisJ.dump().c_str());
    QVERIFY(w.document().isValid());
  }

  // Esc while the joint is drawn: no joint, no symbol
  void cancelRemovesTheSymbol() {
    MainWindow& w = *w_;
    openInFrontView(w);
    if (QTest::currentTestFailed()) return;
    w.findChild<QAction*>("placeJoint-revolute")->trigger();
    clickAt(w, kShaftMiddle);
    clickAt(w, Vec3(0.62, 0, 0.3));
    hoverAt(w, kShaftMiddle);
    QCOMPARE(w.sceneView().jointPreview().size(), size_t(2));  // the hinge's pin and barrel
    QVERIFY(previewPixels(w) > 50);
    QTest::keyClick(w.sceneView().vtkWidget(), Qt::Key_Escape);
    // back to idle: no joint, and no edit to undo
    QCOMPARE(w.jointTool().step(), ui::JointTool::Step::Idle);
    QVERIFY(w.sceneView().jointPreview().empty());
    QCOMPARE(previewPixels(w), 0);
    QCOMPARE(jointCount(w), 0);
    QVERIFY(w.document().undoStack()->count() == 0);
  }

  // every type offered is an action of the workbench, placed by clicks, drawn as its symbol, and
  // loads
  void everyTypeOfferedPlacesAJointThatLoads() {
    MainWindow& w = *w_;
    openInFrontView(w);
    if (QTest::currentTestFailed()) return;
    const QStringList types = ui::JointTool::types();
    for (const QString expected : {"universal", "planar", "planar-revolute"})
      QVERIFY(types.contains(expected));
    // the glyphs of each type's symbol
    const std::map<QString, size_t> symbolGlyphs = {
        {"revolute", 2},      {"spherical", 1}, {"universal", 3},       {"cylindrical", 2},
        {"translational", 2}, {"planar", 2},    {"planar-revolute", 2}, {"fixed", 1}};
    for (const QString& type : types) {
      QAction* action = w.findChild<QAction*>("placeJoint-" + type);
      QVERIFY2(action, qPrintable(type));
      action->trigger();
      clickAt(w, kShaftMiddle);
      clickAt(w, Vec3(0.62, 0, 0.3));
      hoverAt(w, kShaftMiddle);
      // each type drawn under the mouse, placed, loading, then undone for the next
      QCOMPARE(w.sceneView().jointPreview().size(), symbolGlyphs.at(type));
      clickAt(w, kShaftMiddle);
      if (type == "universal") QTest::keyClick(w.sceneView().vtkWidget(), Qt::Key_Return);
      QCOMPARE(w.jointTool().step(), ui::JointTool::Step::Idle);
      QCOMPARE(jointCount(w), 1);
      QCOMPARE(w.document().json()["joints"][0]["type"].get<std::string>(), type.toStdString());
      QVERIFY2(w.document().isValid(), qPrintable(type + ": " + w.modelCheck().lines().join("; ")));
      w.document().undoStack()->undo();
      QCOMPARE(jointCount(w), 0);
    }
  }

 private:
  std::unique_ptr<MainWindow> w_;
};

QTEST_MAIN(JointToolTest)
#include "joint_tool_test.moc"
