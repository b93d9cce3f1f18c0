// Attach mesh, through the workbench's own button and menu action: a cube written by the test as
// an STL file in millimetres is attached to a body with its scale and density; the body's mass,
// inertia and centre of mass become the cube's (m = rho a^3, I = m a^2 / 6 about its centre), the
// body's page says they were computed from the mesh, and the 3D view draws the cube in place of
// the body's shape (a click picks its top face). The scene keeps the file's path relative to its
// own folder, writes it again when saved elsewhere, and names a missing file at its JSON path. An
// open mesh is drawn for looks and offers no mass properties. With
// MBW_ASSEMBLY_SCREENSHOTS=<folder> it saves the window (docs/workbench.md).

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <functional>

#include "attach_mesh_action.h"
#include "../workbench_test_steps.h"
#include "field_editor.h"
#include "main_window.h"
#include "mesh_dialog.h"
#include "model_tree.h"
#include "property_panel.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "scene_view.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// a block, drawn as a small sphere until it has its mesh, held to the ground; a plate beside it
const char* kScene = R"({"format": "mbw-scene", "version": 1, "name": "a block and a plate",
  "bodies": [{"name": "block", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0, 0, 0],
              "shape": {"type": "sphere", "radius": 0.02}},
             {"name": "plate", "mass": 1, "inertia": [0.01, 0.01, 0.01], "position": [0.3, 0, 0],
              "shape": {"type": "box", "size": [0.1, 0.1, 0.02]}}],
  "joints": [{"name": "base", "type": "fixed", "body_i": "ground", "body_j": "block",
              "point_i": [0, 0, 0], "point_j": [0, 0, 0]}]})";

// --- helpers -------------------------------------------------------------------------------------

// a cube of 100 mm edges standing on the x-y plane (its centre at z = 50 mm) as an ASCII STL file,
// its triangles wound outwards; without the last one when open
void writeCube(const QString& path, bool open = false) {
  const double a = 100.0;
  auto corner = [&](int k) {
    return Vec3((k & 1) ? a / 2 : -a / 2, (k & 2) ? a / 2 : -a / 2, (k & 4) ? a : 0.0);
  };
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  std::ofstream out(path.toStdString());
  out << "solid cube\n";
  int written = 0;
  for (const auto& f : faces) {
    for (const auto& t :
         {std::array<int, 3>{f[0], f[1], f[2]}, std::array<int, 3>{f[0], f[2], f[3]}}) {
      if (open && ++written == 12) break;
      const Vec3 p = corner(t[0]), q = corner(t[1]), r = corner(t[2]);
      const Vec3 n = (q - p).cross(r - p).normalized();
      out << "facet normal " << n.x() << " " << n.y() << " " << n.z() << "\n outer loop\n";
      for (const Vec3& v : {p, q, r})
        out << "  vertex " << v.x() << " " << v.y() << " " << v.z() << "\n";
      out << " endloop\nendfacet\n";
    }
  }
  out << "endsolid cube\n";
}

// the file dialog answered with a file
void chooseFile(const QString& path) {
  test::onNextDialog<QFileDialog>([path](QFileDialog* d) {
    QCOMPARE(d->acceptMode(), QFileDialog::AcceptOpen);
    // typed in its name field, as a user may (selectFile waits for the folder to be listed)
    auto* name = d->findChild<QLineEdit*>("fileNameEdit");
    QVERIFY(name);
    name->setText(path);
    static_cast<QDialog*>(d)->accept();
  });
}

// a JSON array of three numbers as a vector
Vec3 vec(const nlohmann::ordered_json& j) {
  return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

// equal to 1e-9 relative
bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::abs(b); }

}  // namespace

class AttachMeshTest : public QObject {
  Q_OBJECT

 private slots:
  // the workbench's settings kept apart from the user's own
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // --- closed and open meshes --------------------------------------------------------------------

  // a closed cube's STL attached to a body: its mass and inertia come from the mesh, and it is
  // drawn
  void aClosedCubeGivesItsMassAndIsDrawn() {
    QTemporaryDir dir;
    // the scene in a folder, its mesh in parts/ beside it
    QVERIFY(QDir(dir.path()).mkpath("parts"));
    const QString cube = dir.filePath("parts/cube.stl");
    writeCube(cube);
    const QString scenePath = dir.filePath("block.json");
    {
      QFile f(scenePath);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(kScene);
    }
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // the workbench on the scene file, the block selected: the action comes on
    QVERIFY(w.fileActions().openScene(scenePath));
    w.modelTree().selectPointer("/bodies/0");
    QTRY_VERIFY(w.attachMesh().action()->isEnabled());

    // the body page's button: the file, then its scale in millimetres and aluminium's density
    QString preview;
    chooseFile(cube);
    test::onNextDialog<ui::MeshDialog>([&preview](ui::MeshDialog* d) {
      QVERIFY(d->setField("scale", "0.001"));
      QVERIFY(d->setField("mass_from", "computed"));
      QVERIFY(d->setField("density", "2700"));
      QVERIFY(d->closed());
      preview = d->preview();
      d->accept();
    });
    auto* button = w.properties().findChild<QPushButton*>("attachMesh");
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY2(preview.startsWith(
                 "12 triangles, closed. Computed: mass 2.7 kg, inertia (0.0045, 0.0045, 0.0045)"),
             qPrintable(preview));

    // the scene: the file from the scene's folder, the cube's mass properties (a = 0.1 m)
    QVERIFY2(w.document().isValid(),
             w.document().issues().empty() ? "" : w.document().issues()[0].message.c_str());
    const auto& body = w.document().json()["bodies"][0];
    // the path relative to the scene's folder
    QCOMPARE(body["mesh"]["file"].get<std::string>(), std::string("parts/cube.stl"));
    QCOMPARE(body["mesh"]["scale"].get<double>(), 0.001);
    QCOMPARE(body["mesh"]["density"].get<double>(), 2700.0);
    // m = 2700 x 0.1^3 = 2.7 kg; I = m a^2 / 6 about each axis; the centre of mass a / 2 up
    const double a = 0.1, m = 2700.0 * a * a * a;
    QVERIFY2(near(body["mass"].get<double>(), m), body.dump().c_str());
    for (int k = 0; k < 3; ++k)
      QVERIFY2(near(vec(body["inertia"])[k], m * a * a / 6.0), body.dump().c_str());
    QVERIFY(!body.contains("inertia_products"));
    QVERIFY2((vec(body["center_of_mass"]) - Vec3(0, 0, a / 2)).norm() < 1e-12, body.dump().c_str());
    QVERIFY(!body["shape"].contains("density"));
    // the body's page says where they came from
    auto* origin = w.properties().findChild<QLabel*>("massOrigin");
    QVERIFY2(origin->text().startsWith("Mass and inertia: computed from the mesh at 2700 kg/m"),
             qPrintable(origin->text()));

    // the view draws the cube, not the sphere: a click beside the sphere, seen from above, lands
    // on the cube's top face
    QVERIFY(w.sceneView().meshes().count("block"));
    w.sceneView().setStandardView(ui::StandardView::Top);
    QTest::qWait(100);
    Vec3 p, n;
    QVERIFY(w.sceneView().pickSurface(w.sceneView().project(Vec3(0.035, 0.03, a)).toPoint(), p, n));
    QVERIFY2(std::abs(p.z() - a) < 1e-6 && n.isApprox(Vec3::UnitZ(), 1e-6),
             qPrintable(QString("picked (%1, %2, %3)").arg(p.x()).arg(p.y()).arg(p.z())));
    w.sceneView().setStandardView(ui::StandardView::Isometric);
    test::pictureForGuide(w, "attach-mesh.png");

    // the scale doubled on the body's page: the mass computed again, 8 times the cube's
    ui::FieldEditor* scale = w.properties().editorFor("/bodies/0/mesh/scale");
    QVERIFY(scale);
    test::typeInto(const_cast<QLineEdit*>(scale->boxes()[0]), "0.002");
    QVERIFY2(near(w.document().json()["bodies"][0]["mass"].get<double>(), 8.0 * m),
             w.document().json()["bodies"][0].dump().c_str());
    QVERIFY(w.document().isValid());

    // saved in another folder: the path from there; the copy loads with its mesh
    QVERIFY(QDir(dir.path()).mkpath("copies"));
    QString error;
    QVERIFY2(w.document().saveFile(dir.filePath("copies/block.json"), &error), qPrintable(error));
    QCOMPARE(w.document().json()["bodies"][0]["mesh"]["file"].get<std::string>(),
             std::string("../parts/cube.stl"));
    QVERIFY(w.fileActions().openScene(dir.filePath("copies/block.json")));
    QVERIFY(w.document().isValid());
    QCOMPARE(QString::fromStdString(w.sceneView().meshes().at("block").file),
             QDir::cleanPath(cube));

    // the mesh file gone: the scene names it at its field
    QVERIFY(QFile::remove(cube));
    QVERIFY(w.fileActions().openScene(dir.filePath("copies/block.json")));
    QVERIFY(!w.document().isValid());
    QCOMPARE(w.document().issues()[0].path, std::string("/bodies/0/mesh/file"));
    QVERIFY2(w.document().issues()[0].message.rfind("no file '../parts/cube.stl'", 0) == 0,
             w.document().issues()[0].message.c_str());
  }

  // an open mesh can still be attached to be drawn, but gives no mass
  void anOpenMeshIsDrawnForLooksOnly() {
    // an open mesh (a triangle short) for the plate
    QTemporaryDir dir;
    const QString open = dir.filePath("open.stl");
    writeCube(open, true);
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString error;
    // a new scene, not yet saved, the plate selected
    QVERIFY2(w.document().openNew(kScene, &error), qPrintable(error));
    w.modelTree().selectPointer("/bodies/1");
    QTRY_VERIFY(w.attachMesh().action()->isEnabled());
    QString preview;
    chooseFile(open);
    test::onNextDialog<ui::MeshDialog>([&preview](ui::MeshDialog* d) {
      QVERIFY(d->setField("scale", "0.001"));
      // open: it bounds no volume, so no mass from it and no density
      QVERIFY(!d->closed());
      QVERIFY(!d->setField("mass_from", "computed"));
      QCOMPARE(d->density(), 0.0);
      preview = d->preview();
      d->accept();
    });
    // this time through the menu's action rather than the body page's button
    w.attachMesh().action()->trigger();
    // 11 triangles, the open edge named
    QVERIFY2(preview.startsWith("11 triangles, not closed (edge"), qPrintable(preview));
    // a new scene has no folder: the path is absolute until it is saved
    const auto& body = w.document().json()["bodies"][1];
    QCOMPARE(QString::fromStdString(body["mesh"]["file"].get<std::string>()),
             QDir::cleanPath(open));
    // the body's own mass kept
    QVERIFY(!body["mesh"].contains("density"));
    QCOMPARE(body["mass"].get<double>(), 1.0);
    QVERIFY(w.document().isValid());
    QVERIFY(w.sceneView().meshes().count("plate"));
    QVERIFY(w.properties()
                .findChild<QLabel*>("massOrigin")
                ->text()
                .startsWith("Mass and inertia: given"));
  }
};

QTEST_MAIN(AttachMeshTest)
#include "attach_mesh_test.moc"
