// The handle that moves a body in the 3D view, driven through the workbench's action and mouse
// events on the view: dragged by its centre, the body follows the mouse in the view's plane; a face
// dragged turns it about its centre; each drag is one undoable edit of the scene; a run started
// turns the handle off. With MBW_ASSEMBLY_SCREENSHOTS=<folder> it saves the window with the handle.

#include <QAction>
#include <QApplication>
#include <QMouseEvent>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>
#include <memory>
#include <nlohmann/json.hpp>

#include "body_handle.h"
#include "export_actions.h"
#include "main_window.h"
#include "model_tree.h"
#include "orientation_json.h"
#include "run_actions.h"
#include "run_controller.h"
#include "scene_document.h"
#include "scene_view.h"
#include "view_actions.h"
#include "vtk_widget.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// a box-shaped shaft and a cylindrical drum beside it, unjointed
const char* kScene =
    R"({"format": "mbw-scene", "version": 1, "name": "shaft", "gravity": [0, 0, -9.81],
  "bodies": [{"name": "shaft", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0.2, 0, 0.3],
              "shape": {"type": "box", "size": [0.4, 0.05, 0.05]}},
             {"name": "drum", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0.7, 0, 0.3],
              "shape": {"type": "cylinder", "radius": 0.08, "length": 0.1}}]})";

// a body's position as the document holds it
Vec3 positionOf(MainWindow& w, int body) {
  const auto& p = w.document().json()["bodies"][body]["position"];
  return Vec3(p[0].get<double>(), p[1].get<double>(), p[2].get<double>());
}

// a drag with a button from one widget point to another, in steps, as the mouse sends it
void drag(MainWindow& w, Qt::MouseButton button, const QPoint& from, const QPoint& to) {
  QWidget* view = w.sceneView().vtkWidget();
  auto send = [&](QEvent::Type type, const QPoint& at, Qt::MouseButtons held) {
    QMouseEvent e(type, QPointF(at), QPointF(view->mapToGlobal(at)), button, held, Qt::NoModifier);
    QApplication::sendEvent(view, &e);
  };
  send(QEvent::MouseButtonPress, from, button);
  for (int k = 1; k <= 8; ++k) send(QEvent::MouseMove, from + (to - from) * k / 8, button);
  send(QEvent::MouseButtonRelease, to, Qt::NoButton);
  QTest::qWait(100);
}

}  // namespace

class BodyHandleTest : public QObject {
  Q_OBJECT

 private slots:
  // the settings of earlier sessions cleared, so that the window opens as a new user's
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
  }

  // a user places a body by dragging it in the view instead of typing coordinates, and can undo it
  void dragToMoveAndTurnABody() {
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString error;
    // the two bodies as a new scene, in the reset view
    QVERIFY2(w.document().openNew(kScene, &error), qPrintable(error));
    w.viewActions().reset()->trigger();
    QTest::qWait(200);
    // the shaft selected, the handle on (Edit > Move body with a handle)
    w.modelTree().selectPointer("/bodies/0");
    QAction* handle = w.findChild<QAction*>("bodyHandle");
    QVERIFY(handle);
    handle->trigger();
    QVERIFY(handle->isChecked());
    QCOMPARE(w.bodyHandle().body(), 0);
    QVERIFY2(w.bodyHandle().centre().isApprox(Vec3(0.2, 0, 0.3), 1e-9),
             "the box is not around the shaft");
    QTest::qWait(200);
    // the window with the handle shown, for the guide, when asked for
    const QString folder = qEnvironmentVariable("MBW_ASSEMBLY_SCREENSHOTS");
    if (!folder.isEmpty()) QVERIFY(ui::saveWidgetImage(w, folder + "/body-handle.png", nullptr));

    // its centre dragged 80 pixels to the right: the shaft follows the mouse, in one edit
    const QPoint from = w.sceneView().project(Vec3(0.2, 0, 0.3)).toPoint();
    const int editsBefore = w.document().undoStack()->count();
    drag(w, Qt::LeftButton, from, from + QPoint(80, 0));
    // one undo step for the whole drag
    QCOMPARE(w.document().undoStack()->count(), editsBefore + 1);
    const Vec3 moved = positionOf(w, 0);
    QVERIFY2((moved - Vec3(0.2, 0, 0.3)).norm() > 0.01, "the shaft did not move");
    const QPointF shift = w.sceneView().project(moved) - w.sceneView().project(Vec3(0.2, 0, 0.3));
    QVERIFY2(std::abs(shift.x() - 80.0) < 3.0 && std::abs(shift.y()) < 3.0,
             qPrintable(QString("drawn %1, %2 pixels away").arg(shift.x()).arg(shift.y())));
    // not turned; the handle went with it
    QVERIFY(!w.document().json()["bodies"][0].contains("orientation"));
    QVERIFY(w.bodyHandle().centre().isApprox(moved, 1e-9));
    // undone: back where it was
    w.document().undoStack()->undo();
    QCOMPARE(positionOf(w, 0), Vec3(0.2, 0, 0.3));

    // a face dragged (the top, away from its handle): turned about its centre, which stays
    const QPoint onTop = w.sceneView().project(Vec3(0.05, 0.0, 0.33)).toPoint();
    drag(w, Qt::LeftButton, onTop, onTop + QPoint(0, 40));
    QCOMPARE(w.document().undoStack()->count(), editsBefore + 1);
    const auto& shaft = w.document().json()["bodies"][0];
    QVERIFY2(shaft.contains("orientation"), shaft.dump().c_str());
    Mat3 R;
    QVERIFY(ui::rotationOf(shaft["orientation"], &R));
    QVERIFY2((R - Mat3::Identity()).norm() > 0.05, shaft.dump().c_str());
    // still a rotation
    QVERIFY((R.transpose() * R - Mat3::Identity()).norm() < 1e-9);
    QVERIFY2((positionOf(w, 0) - Vec3(0.2, 0, 0.3)).norm() < 2e-6, shaft.dump().c_str());
    QVERIFY(w.document().isValid());

    // a run started: off
    QSignalSpy idle(&w.controller(), &ui::RunController::idle);
    QVERIFY(w.runActions().startRun());
    QVERIFY(!handle->isChecked());
    QCOMPARE(w.bodyHandle().body(), -1);
    QVERIFY(idle.wait(120000));
  }
};

QTEST_MAIN(BodyHandleTest)
#include "body_handle_test.moc"
