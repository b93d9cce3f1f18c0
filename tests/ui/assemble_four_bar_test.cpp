// A four-bar built from a new empty scene through the workbench's own actions, as a new user
// builds it (issue 29): File > New scene, four parts from shapes (a base bar fixed to the ground,
// crank, coupler, rocker), the joints placed by clicks in the 3D view with snapping to the bars'
// ends, the rocker's end placed 6 mm off the coupler's so that the loop closes only after Assemble
// (written in clean numbers), two integrators run, Save as, reopen. The model check says 1 degree
// of freedom with the 3 redundant equations of the planar loop as a note.
// With MBW_ASSEMBLY_SCREENSHOTS=<folder> it saves the window at each step (docs/workbench.md).

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <functional>
#include <nlohmann/json.hpp>

#include "export_actions.h"
#include "joint_tool.h"
#include "main_window.h"
#include "model_check_panel.h"
#include "new_scene_dialog.h"
#include "part_dialog.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "run_list_model.h"
#include "run_list_panel.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "scene_view.h"
#include "view_actions.h"
#include "vtk_widget.h"
#include "workbench_test_steps.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// --- helpers -------------------------------------------------------------------------------------

// a click on the 3D view where a world point is drawn
void clickAt(MainWindow& w, const Vec3& p_W) {
  const QPoint at = w.sceneView().project(p_W).toPoint();
  QTest::mouseClick(w.sceneView().vtkWidget(), Qt::LeftButton, {}, at);
  QTest::qWait(50);
}

// a part made in the Add part dialog: a bar between two points, aluminium
void addBar(MainWindow& w, const QString& name, const QString& from, const QString& to,
            bool shoot = false) {
  test::onNextDialog<ui::PartDialog>([&w, name, from, to, shoot](ui::PartDialog* d) {
    QVERIFY(d->setField("name", name));
    QVERIFY(d->setField("shape", "bar"));
    QVERIFY(d->setField("from", from));
    QVERIFY(d->setField("to", to));
    QVERIFY(d->setField("radius", "0.03"));
    QVERIFY(d->setField("mass_from", "computed"));
    QVERIFY(d->setField("density", "2700"));
    QVERIFY(d->preview().startsWith("Computed: mass"));
    if (shoot) test::pictureForGuide(w, "assemble-part.png");
    d->accept();
  });
  // Add part opens the dialog, answered as set up above
  QAction* add = w.findChild<QAction*>("addPart");
  QVERIFY(add);
  add->trigger();
}

// the joint tool: the two bodies clicked (a point on each; nullptr: the background, the ground),
// then the location
void placeJoint(MainWindow& w, const QString& type, const Vec3* first, const Vec3* second,
                const Vec3& location, const QString& shot = {}) {
  // the joints so far, to count the one placed
  const int before =
      static_cast<int>(w.document().json().value("joints", nlohmann::ordered_json::array()).size());
  w.jointTool().start(type);
  QVERIFY2(w.jointTool().step() == ui::JointTool::Step::FirstBody,
           qPrintable(w.jointTool().message() + " " + w.modelCheck().lines().join("; ")));
  // the background: a corner of the view, where nothing is drawn
  const QPoint corner(5, w.sceneView().vtkWidget()->height() - 5);
  auto clickBody = [&](const Vec3* p) {
    if (p)
      clickAt(w, *p);
    else
      QTest::mouseClick(w.sceneView().vtkWidget(), Qt::LeftButton, {}, corner);
    QTest::qWait(50);
  };
  clickBody(first);
  QVERIFY2(w.jointTool().step() == ui::JointTool::Step::SecondBody,
           qPrintable(w.jointTool().message()));
  clickBody(second);
  QVERIFY2(w.jointTool().step() == ui::JointTool::Step::Location,
           qPrintable(w.jointTool().message()));
  // the mouse over the location, sent to the view (QTest::mouseMove warps the display's one
  // pointer, which tests run side by side share): the joint a click there would place, drawn as its
  // symbol
  const QPoint over = w.sceneView().project(location).toPoint();
  QWidget* view = w.sceneView().vtkWidget();
  QMouseEvent move(QEvent::MouseMove, QPointF(over), QPointF(view->mapToGlobal(over)), Qt::NoButton,
                   Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(view, &move);
  QTest::qWait(50);
  QVERIFY2(!w.sceneView().jointPreview().empty(), qPrintable(w.jointTool().message()));
  if (!shot.isEmpty()) test::pictureForGuide(w, shot);
  clickAt(w, location);
  QVERIFY2(w.jointTool().step() == ui::JointTool::Step::Idle, qPrintable(w.jointTool().message()));
  QCOMPARE(static_cast<int>(w.document().json()["joints"].size()), before + 1);
}

}  // namespace

class AssembleFourBarTest : public QObject {
  Q_OBJECT

 private slots:
  // the window opens as a new user's, with no settings of earlier sessions
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
  }

  // --- the guide's four-bar ----------------------------------------------------------------------

  // a four-bar assembled from an empty scene in the workbench, step by step as the guide shows it
  void aFourBarFromNothing() {
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    // File > New scene: empty, the user's name and description
    test::onNextDialog<ui::NewSceneDialog>([&w](ui::NewSceneDialog* d) {
      d->choose("");
      QVERIFY(d->setParameter("name", "my four-bar"));
      QVERIFY(d->setParameter("description", "a four-bar built in the 3D view"));
      test::pictureForGuide(w, "assemble-new-scene.png");
      d->accept();
    });
    w.fileActions().newScene()->trigger();
    // named as given, and not saved yet
    QCOMPARE(w.document().displayName(), QString("my four-bar"));
    QVERIFY(w.document().isModified());

    // four parts from shapes; the rocker's top end 6 mm above the coupler's
    addBar(w, "base", "0, 0, 0", "0.5, 0, 0");
    if (QTest::currentTestFailed()) return;
    QVERIFY(w.document().isValid());
    QCOMPARE(w.modelCheck().lines().size(), 1);  // the base falls freely
    QVERIFY(w.modelCheck().lines()[0].contains("falls freely"));
    addBar(w, "crank", "0, 0, 0", "0, 0, 0.2");
    if (QTest::currentTestFailed()) return;
    addBar(w, "coupler", "0, 0, 0.2", "0.36, 0, 0.374", true);
    if (QTest::currentTestFailed()) return;
    addBar(w, "rocker", "0.5, 0, 0", "0.36, 0, 0.38");
    if (QTest::currentTestFailed()) return;
    QVERIFY(w.document().isValid());
    const auto& bodies = w.document().json()["bodies"];
    QCOMPARE(bodies.size(), size_t(4));
    // aluminium, 0.03 m square, 0.5 m: 1.215 kg, computed
    QCOMPARE(bodies[0]["mass"].get<double>(), 1.215);
    QVERIFY(bodies[0]["shape"].contains("density"));

    // the joints, by clicks in the front view (x to the right, z up): the bars' faces facing the
    // camera give the hinge axis (y)
    w.viewActions().front()->trigger();
    w.viewActions().fit()->trigger();
    QTest::qWait(200);
    // a point on each bar, clicked to pick it
    const Vec3 baseMiddle(0.3, 0, 0), crankMiddle(0, 0, 0.1), couplerMiddle(0.18, 0, 0.287),
        rockerMiddle(0.43, 0, 0.19);
    // the base welded to the ground (the background clicked as the second body), then three hinges
    placeJoint(w, "fixed", &baseMiddle, nullptr, Vec3(0.3, 0, 0.0));
    if (QTest::currentTestFailed()) return;
    placeJoint(w, "revolute", &baseMiddle, &crankMiddle, Vec3(0.0, 0, 0.01),
               "assemble-joint-tool.png");
    if (QTest::currentTestFailed()) return;
    placeJoint(w, "revolute", &crankMiddle, &couplerMiddle, Vec3(0.0, 0, 0.19));
    if (QTest::currentTestFailed()) return;
    placeJoint(w, "revolute", &rockerMiddle, &baseMiddle, Vec3(0.49, 0, 0.01));
    if (QTest::currentTestFailed()) return;
    // C closes the loop: the coupler's and the rocker's ends are 6 mm apart, the scene does not
    // load
    placeJoint(w, "revolute", &couplerMiddle, &rockerMiddle, Vec3(0.35, 0, 0.37));
    if (QTest::currentTestFailed()) return;
    const auto& joints = w.document().json()["joints"];
    // the pins snapped to the bars' ends, by name, on both bodies
    QCOMPARE(joints[1]["point_i"].get<std::string>(), std::string("start"));
    QCOMPARE(joints[1]["point_j"].get<std::string>(), std::string("start"));
    QCOMPARE(joints[2]["point_i"].get<std::string>(), std::string("end"));
    QCOMPARE(joints[3]["point_i"].get<std::string>(), std::string("start"));
    QCOMPARE(joints[3]["point_j"].get<std::string>(), std::string("end"));
    QCOMPARE(joints[4]["point_i"].get<std::string>(), std::string("end"));
    QCOMPARE(joints[4]["point_j"].get<std::string>(), std::string("end"));
    // the axis: the faces' normal, a body axis (the bars' y, world y)
    for (size_t k = 1; k < 5; ++k) {
      const auto& a = joints[k]["axis_i"];
      QVERIFY2(a.is_array() && a[0] == 0.0 && a[2] == 0.0 && std::abs(a[1].get<double>()) == 1.0,
               a.dump().c_str());
    }
    // the 6 mm gap: the scene does not load yet
    QVERIFY(!w.document().isValid());
    QVERIFY(w.modelCheck().summary().contains("does not load"));

    // Assemble: the loop closed, applied in clean numbers
    test::onNextDialog<QDialog>([&w](QDialog* d) {
      test::pictureForGuide(w, "assemble-dialog.png");
      for (QPushButton* b : d->findChildren<QPushButton*>())
        if (b->text() == "Apply to scene") b->click();
    });
    QAction* assemble = w.findChild<QAction*>("initialConditions");
    QVERIFY(assemble);
    assemble->trigger();
    QVERIFY2(w.document().isValid(),
             w.document().issues().empty() ? "" : w.document().issues()[0].message.c_str());
    for (const auto& b : w.document().json()["bodies"]) {
      // out of the plane: exactly 0, not round-off
      QCOMPARE(b["position"][1].get<double>(), 0.0);
      if (b.contains("orientation")) {
        const auto& e = b["orientation"]["euler_parameters"];
        QCOMPARE(e[1].get<double>(), 0.0);
        QCOMPARE(e[3].get<double>(), 0.0);
      }
    }
    // the base, welded to the ground, did not move: as typed
    QCOMPARE(w.document().json()["bodies"][0]["position"],
             nlohmann::ordered_json({0.25, 0.0, 0.0}));

    // the model check: 1 DOF, the redundant equations a note at the joint that holds them
    const QString summary = w.modelCheck().summary();
    QVERIFY2(
        summary.startsWith(
            "4 bodies, 5 joints, 24 coordinates, 26 equations (3 redundant), 0 drivers: 1 DOF"),
        qPrintable(summary));
    const QStringList lines = w.modelCheck().lines();
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0].startsWith("joint '") && lines[0].contains("3 of its 5 equations repeat"),
             qPrintable(lines[0]));
    test::pictureForGuide(w, "assemble-model-check.png");

    // two integrators, 1 s each
    w.runConfig().setTEnd(1.0);
    for (const QString integrator : {"hht", "rn4"}) {
      QVERIFY(w.runConfig().setIntegrator(integrator));
      QSignalSpy idle(&w.controller(), &ui::RunController::idle);
      QVERIFY(w.runActions().startRun());
      QVERIFY(idle.wait(120000));
    }
    // both runs complete on the assembled scene
    QCOMPARE(w.runs().runs().size(), size_t(2));
    for (const auto& run : w.runs().runs())
      QVERIFY2(run->results.status == RunStatus::Completed, run->results.message.c_str());
    test::pictureForGuide(w, "assemble-runs.png");
    // the runs' group: the new scene's name, not saved yet
    const QModelIndex group = w.runList().model()->groupIndex("new:my four-bar");
    QVERIFY(group.isValid());
    QVERIFY2(group.data().toString().startsWith("my four-bar (new, not saved)"),
             qPrintable(group.data().toString()));

    // Save as: the file name proposed is the scene's own; reopened, the same scene and check
    QTemporaryDir dir;
    const QString path = dir.filePath("my four-bar.json");
    test::onNextDialog<QFileDialog>([&dir](QFileDialog* d) {
      QCOMPARE(d->acceptMode(), QFileDialog::AcceptSave);
      d->setDirectory(dir.path());
      static_cast<QDialog*>(d)
          ->accept();  // QFileDialog's own accept, through QDialog's public slot
    });
    w.fileActions().saveAs()->trigger();
    // saved under the scene's own name, no longer modified
    QVERIFY(QFile::exists(path));
    QVERIFY(!w.document().isModified());
    QVERIFY(w.fileActions().openScene(path));
    QCOMPARE(w.document().json()["name"].get<std::string>(), std::string("my four-bar"));
    QCOMPARE(w.document().json()["description"].get<std::string>(),
             std::string("a four-bar built in the 3D view"));
    QVERIFY(w.modelCheck().summary().endsWith(": 1 DOF"));
    QVERIFY(w.modelCheck().summary().contains("(3 redundant)"));
  }
};

QTEST_MAIN(AssembleFourBarTest)
#include "assemble_four_bar_test.moc"
