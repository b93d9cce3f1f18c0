// The 3D view of every built-in scene: each body is drawn where the scene puts it (its pixels
// differ from the background), and a click on a body picks it. The standard views look along the
// directions they name with "up" against gravity (the stiff double pendulum falls along -y), the
// orientation triad turns with the camera, and the ground grid lies perpendicular to gravity under
// the model, sized to it.

#include <QSignalSpy>
#include <map>
#include <QtTest>
#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkMapper.h>
#include <vtkPolyData.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "scene_glyphs.h"
#include "scene_view.h"
#include "vtk_widget.h"

using namespace mbw;
using mbw::ui::SceneView;

namespace {

// where a body's solid is centred, in the world
Vec3 bodyCentre(const Body& b) {
  return b.position_W + b.R_WB * (b.shape.empty() ? b.com_B : b.shapeCenter_B);
}

// the widget position of a world point
QPointF widgetPoint(SceneView& view, const Vec3& p_W) {
  vtkRenderer* r = view.vtkWidget()->renderer();
  r->SetWorldPoint(p_W.x(), p_W.y(), p_W.z(), 1.0);
  r->WorldToDisplay();
  double d[3];
  r->GetDisplayPoint(d);
  // VTK pixels per widget pixel (the view may render at a reduced resolution while things move)
  const double scale = view.vtkWidget()->renderWindow()->GetSize()[0] /
                       static_cast<double>(view.vtkWidget()->width());
  return {d[0] / scale, view.vtkWidget()->height() - d[1] / scale};
}

// the sum of the differences of two colours' red, green and blue
int colourDistance(QRgb a, QRgb b) {
  return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) +
         std::abs(qBlue(a) - qBlue(b));
}

// a view of a scene, shown, its camera at a standard view
std::unique_ptr<SceneView> viewOf(const char* scene, ui::StandardView standard) {
  auto view = std::make_unique<SceneView>();
  view->resize(480, 360);
  view->show();
  if (!QTest::qWaitForWindowExposed(view.get())) return nullptr;
  view->setModel(std::make_shared<const Model>(loadScene(scene)));
  view->setStandardView(standard);
  view->grabImage();
  return view;
}

// where a world direction runs on the screen from the focal point (widget pixels, y down)
QPointF screenDirection(const SceneView& view, const Vec3& d_W) {
  vtkCamera* camera = view.vtkWidget()->renderer()->GetActiveCamera();
  double f[3];
  camera->GetFocalPoint(f);
  const Vec3 focal(f[0], f[1], f[2]);
  return view.project(focal + 0.1 * camera->GetDistance() * d_W) - view.project(focal);
}

// the cosine of the angle between two screen directions (0 when either is nil)
double cosine(const QPointF& a, const QPointF& b) {
  const double na = std::hypot(a.x(), a.y()), nb = std::hypot(b.x(), b.y());
  return na > 0.0 && nb > 0.0 ? (a.x() * b.x() + a.y() * b.y()) / (na * nb) : 0.0;
}

// the direction the camera looks along, in the world
Vec3 cameraDirection(const SceneView& view) {
  double d[3];
  view.vtkWidget()->renderer()->GetActiveCamera()->GetDirectionOfProjection(d);
  return Vec3(d[0], d[1], d[2]);
}

// the centre of the pixels of one axis colour (red, green or blue clearly above the others) in the
// bottom-left corner of an image, where the triad is drawn
QPointF colourCentre(const QImage& image, int channel, int* count) {
  const int w = image.width() / 5, h = image.height() / 5;
  double x = 0.0, y = 0.0;
  *count = 0;
  for (int j = image.height() - h; j < image.height(); ++j)
    for (int i = 0; i < w; ++i) {
      const QRgb p = image.pixel(i, j);
      const int c[3] = {qRed(p), qGreen(p), qBlue(p)};
      const int a = c[channel], b = c[(channel + 1) % 3], d = c[(channel + 2) % 3];
      if (a > 90 && a > 2 * b + 20 && a > 2 * d + 20) {
        x += i;
        y += j;
        ++*count;
      }
    }
  return *count > 0 ? QPointF(x / *count, y / *count) : QPointF();
}

}  // namespace

class SceneViewTest : public QObject {
  Q_OBJECT

 private slots:
  // --- what is drawn, and picking ----------------------------------------------------------------

  // one row per built-in scene
  void bodiesAreDrawnInEveryBuiltinScene_data() {
    QTest::addColumn<QString>("scene");
    for (const BuiltinScene& s : builtinScenes())
      QTest::newRow(s.name.c_str()) << QString::fromStdString(s.name);
  }

  // every body of every built-in scene drawn where it is: the pixel at its centre differs from the
  // background that the same camera sees over an empty scene
  void bodiesAreDrawnInEveryBuiltinScene() {
    QFETCH(QString, scene);
    // the scene drawn without the grid, so that only its bodies differ from the background
    auto model = std::make_shared<const Model>(loadScene(scene.toStdString()));
    SceneView view;
    view.setGridVisible(false);
    view.resize(480, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setModel(model);
    const QImage drawn = view.grabImage();

    // the same camera over an empty scene
    SceneView empty;
    empty.setGridVisible(false);
    empty.resize(480, 360);
    empty.show();
    QVERIFY(QTest::qWaitForWindowExposed(&empty));
    empty.vtkWidget()->renderer()->GetActiveCamera()->DeepCopy(
        view.vtkWidget()->renderer()->GetActiveCamera());
    empty.vtkWidget()->requestRender();
    const QImage background = empty.grabImage();
    QCOMPARE(drawn.size(), background.size());

    const double ratio = view.vtkWidget()->devicePixelRatioF();
    // each body's centre in view, and drawn there
    for (const Body& b : model->bodies) {
      const QPointF at = widgetPoint(view, bodyCentre(b)) * ratio;
      const QPoint pixel(static_cast<int>(at.x()), static_cast<int>(at.y()));
      QVERIFY2(drawn.rect().contains(pixel),
               qPrintable(QString::fromStdString(b.name) + " is out of view"));
      QVERIFY2(colourDistance(drawn.pixel(pixel), background.pixel(pixel)) > 30,
               qPrintable(QString::fromStdString(b.name) + " is not drawn where it is"));
    }
  }

  // the vehicle: a tire glyph per tire, the road with its bump, drawn ahead of the wheels
  void theVehicleStandsOnItsRoad() {
    auto model = std::make_shared<const Model>(loadScene("hmmwv-bump"));
    // the tires of the model and the glyphs drawn for the tires and the road
    int tires = 0, tireGlyphs = 0, roadGlyphs = 0;
    const ForceElement* tire = nullptr;
    for (const ForceElement& f : model->forces)
      if (f.type == ForceType::Tire) {
        ++tires;
        tire = &f;
      }
    for (const ui::Glyph& g : ui::sceneGlyphs(*model).glyphs) {
      tireGlyphs += g.role == ui::GlyphRole::Tire;
      roadGlyphs += g.role == ui::GlyphRole::Road;
    }
    // four tires, a glyph each; the road, and a glyph per bump
    QCOMPARE(tires, 4);
    QCOMPARE(tireGlyphs, tires);
    QCOMPARE(roadGlyphs, 1 + static_cast<int>(tire->road.bumps.size()));

    // the vehicle drawn; then an empty view with the same camera gives the background
    SceneView view;
    view.setGridVisible(false);
    view.resize(480, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setModel(model);
    const QImage drawn = view.grabImage();
    SceneView empty;
    empty.setGridVisible(false);
    empty.resize(480, 360);
    empty.show();
    QVERIFY(QTest::qWaitForWindowExposed(&empty));
    empty.vtkWidget()->renderer()->GetActiveCamera()->DeepCopy(
        view.vtkWidget()->renderer()->GetActiveCamera());
    empty.vtkWidget()->requestRender();
    const QImage background = empty.grabImage();
    // a road point a metre ahead of the foremost body, where nothing else is drawn
    double front = -1e300, y = 0.0;
    for (const Body& b : model->bodies) front = std::max(front, b.position_W.x());
    for (const Body& b : model->bodies) y += b.position_W.y() / model->bodyCount();
    const double ratio = view.vtkWidget()->devicePixelRatioF();
    const QPointF at = widgetPoint(view, Vec3(front + 1.0, y, tire->road.height)) * ratio;
    const QPoint pixel(static_cast<int>(at.x()), static_cast<int>(at.y()));
    QVERIFY(drawn.rect().contains(pixel));
    QVERIFY2(colourDistance(drawn.pixel(pixel), background.pixel(pixel)) > 30,
             "no road ahead of the vehicle");
  }

  // every joint with a location has its marker: a planar joint a plate across its normal (and the
  // normal), a fixed joint a block in the first body's axes, a planar-revolute a ball and its axis
  void planarAndFixedJointsHaveMarkers() {
    // a slab fixed to the ground, a turned puck on a planar joint, an arm on a planar-revolute
    const std::string scene = R"({"format": "mbw-scene", "version": 1, "name": "markers",
      "bodies": [{"name": "slab", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [0, 0, 0.5]},
                 {"name": "puck", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [1, 0, 0.5],
                  "orientation": {"axis": [0, 0, 1], "angle": 0.5}},
                 {"name": "arm", "mass": 1, "inertia": [0.1, 0.1, 0.1], "position": [0, 1, 0.5]}],
      "joints": [{"name": "p", "type": "planar", "body_i": "ground", "body_j": "puck", "point_i": [1, 0, 0.5],
                  "axis_i": [0, 0, 1], "point_j": [0, 0, 0], "axis_j": [0, 0, 1]},
                 {"name": "f", "type": "fixed", "body_i": "ground", "body_j": "slab", "point_i": [0, 0, 0.5],
                  "point_j": [0, 0, 0]},
                 {"name": "pr", "type": "planar-revolute", "body_i": "slab", "body_j": "arm",
                  "point_i": [0, 1, 0], "axis_i": [0, 0, 1], "point_j": [0, 0, 0]}]})";
    const Model model = parseScene(scene, "markers");
    std::map<std::string, std::vector<ui::Glyph>> byJoint;
    for (const ui::Glyph& g : ui::sceneGlyphs(model).glyphs)
      if (g.role == ui::GlyphRole::Joint) byJoint[g.jsonPath].push_back(g);
    // the planar joint: a thin plate across the world z, a ball, the normal
    const auto& planar = byJoint["/joints/0"];
    QCOMPARE(planar.size(), size_t(3));
    QCOMPARE(planar[0].kind, ui::GlyphKind::Box);
    QVERIFY(planar[0].size.z() < 0.1 * planar[0].size.x());
    const Mat3 R_WP = model.bodies[1].R_WB * planar[0].R_BG;  // on the puck, turned by 0.5 rad
    QVERIFY((R_WP.col(2) - Vec3::UnitZ()).norm() < 1e-12);
    QCOMPARE(planar[1].kind, ui::GlyphKind::Marker);
    QCOMPARE(planar[2].kind, ui::GlyphKind::Axis);
    // drawn at the joint point, on the moving body
    QCOMPARE(planar[1].a.body, 1);
    QVERIFY(
        (model.bodies[1].position_W + model.bodies[1].R_WB * planar[1].a.point - Vec3(1, 0, 0.5))
            .norm() < 1e-12);
    // the fixed joint: one block, no axis
    const auto& fixed = byJoint["/joints/1"];
    QCOMPARE(fixed.size(), size_t(1));
    QCOMPARE(fixed[0].kind, ui::GlyphKind::Box);
    QCOMPARE(fixed[0].a.body, 0);
    QVERIFY(fixed[0].a.point.norm() < 1e-12);
    // the planar-revolute: a ball and its axis
    const auto& planarRevolute = byJoint["/joints/2"];
    QCOMPARE(planarRevolute.size(), size_t(2));
    QCOMPARE(planarRevolute[0].kind, ui::GlyphKind::Marker);
    QCOMPARE(planarRevolute[1].kind, ui::GlyphKind::Axis);
  }

  // a body clicked in the 3D view is named by its JSON path, for the workbench to select it
  void clickingABodySelectsIt() {
    // a click on body_2's centre picks that body; a click in the corner picks nothing
    auto model = std::make_shared<const Model>(loadScene("double-pendulum"));
    SceneView view;
    view.resize(480, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setModel(model);
    // rendered once, so that there is a drawn frame to pick in
    view.grabImage();
    QSignalSpy picked(&view, &SceneView::picked);
    const Body& b = model->bodies[1];
    const QPoint at = widgetPoint(view, bodyCentre(b)).toPoint();
    QTest::mousePress(view.vtkWidget(), Qt::LeftButton, {}, at);
    QTest::mouseRelease(view.vtkWidget(), Qt::LeftButton, {}, at);
    // one pick, naming the body's JSON path
    QCOMPARE(picked.count(), 1);
    QCOMPARE(picked.front().front().toString(), QString::fromStdString(b.jsonPath));
    // the background picks nothing
    QTest::mousePress(view.vtkWidget(), Qt::LeftButton, {}, QPoint(3, 3));
    QTest::mouseRelease(view.vtkWidget(), Qt::LeftButton, {}, QPoint(3, 3));
    QCOMPARE(picked.count(), 2);
    QVERIFY(picked.back().front().toString().isEmpty());
  }

  // --- the camera, the triad and the grid --------------------------------------------------------

  // front, side, top and isometric relative to gravity, every body in view after each
  // a scene with gravity along -y and one with gravity along -z
  void standardViewsFaceGravity_data() {
    QTest::addColumn<QString>("scene");
    QTest::newRow("stiff-double-pendulum (gravity -y)") << "stiff-double-pendulum";
    QTest::newRow("hmmwv-bump (gravity -z)") << "hmmwv-bump";
  }

  // whichever axis gravity runs along, the standard views show the model upright
  void standardViewsFaceGravity() {
    QFETCH(QString, scene);
    const auto view = viewOf(scene.toUtf8().constData(), ui::StandardView::Front);
    QVERIFY(view);
    // up is against gravity: +y for the pendulum, +z for the vehicle
    const Vec3 up = view->up();
    const Vec3 expectedUp = scene == "stiff-double-pendulum" ? Vec3::UnitY() : Vec3::UnitZ();
    QVERIFY((up - expectedUp).norm() < 1e-12);
    // the world x made horizontal, and the horizontal direction across it
    const Vec3 x = Vec3::UnitX(), across = up.cross(x);
    const QRectF frame(QPointF(0, 0), view->vtkWidget()->size());
    auto bodiesInView = [&] { return frame.contains(view->bodiesOnScreen()); };

    // front: level, world x to the right, up upwards
    QVERIFY(std::abs(cameraDirection(*view).dot(up)) < 1e-9);
    QVERIFY(cosine(screenDirection(*view, x), QPointF(1, 0)) > 0.999);
    QVERIFY(cosine(screenDirection(*view, up), QPointF(0, -1)) > 0.999);
    QVERIFY(bodiesInView());
    // side: along world x, up upwards
    view->setStandardView(ui::StandardView::Side);
    QVERIFY(std::abs(std::abs(cameraDirection(*view).dot(x)) - 1.0) < 1e-9);
    QVERIFY(cosine(screenDirection(*view, up), QPointF(0, -1)) > 0.999);
    QVERIFY(bodiesInView());
    // top: looking down along gravity, x to the right, the horizontal across x upwards
    view->setStandardView(ui::StandardView::Top);
    QVERIFY((cameraDirection(*view) + up).norm() < 1e-9);
    QVERIFY(cosine(screenDirection(*view, x), QPointF(1, 0)) > 0.999);
    QVERIFY(cosine(screenDirection(*view, across), QPointF(0, -1)) > 0.999);
    QVERIFY(bodiesInView());
    // isometric: from above, every world axis visible as a direction of its own, up upwards
    view->setStandardView(ui::StandardView::Isometric);
    QVERIFY(cameraDirection(*view).dot(up) < -0.3);
    QVERIFY(cosine(screenDirection(*view, up), QPointF(0, -1)) > 0.999);
    for (const Vec3& axis : {Vec3(Vec3::UnitX()), Vec3(Vec3::UnitY()), Vec3(Vec3::UnitZ())}) {
      const QPointF d = screenDirection(*view, axis);
      QVERIFY(std::hypot(d.x(), d.y()) > 5.0);
    }
    QVERIFY(bodiesInView());
  }

  // the triad's axes (x red, y green, z blue) point where the camera sees the world's axes
  void theTriadTurnsWithTheCamera_data() {
    QTest::addColumn<int>("standard");
    QTest::newRow("isometric") << static_cast<int>(ui::StandardView::Isometric);
    QTest::newRow("front") << static_cast<int>(ui::StandardView::Front);
    QTest::newRow("top") << static_cast<int>(ui::StandardView::Top);
  }

  // the triad tells the user which way the world's axes run in any view
  void theTriadTurnsWithTheCamera() {
    // the triad's pixels of each colour, from an empty view with the same camera, against the world
    // axes' directions on screen
    QFETCH(int, standard);
    const auto view = viewOf("stiff-double-pendulum", static_cast<ui::StandardView>(standard));
    QVERIFY(view);
    // the triad alone: an empty view with the same camera
    SceneView empty;
    empty.resize(480, 360);
    empty.show();
    QVERIFY(QTest::qWaitForWindowExposed(&empty));
    empty.vtkWidget()->renderer()->GetActiveCamera()->DeepCopy(
        view->vtkWidget()->renderer()->GetActiveCamera());
    empty.vtkWidget()->requestRender();
    const QImage image = empty.grabImage();
    // for each axis colour: where its pixels lie, and where its world axis runs on screen
    QPointF centre[3];
    QPointF direction[3];
    for (int k = 0; k < 3; ++k) {
      int count = 0;
      centre[k] = colourCentre(image, k, &count);
      direction[k] = screenDirection(*view, Vec3::Unit(k));
      // an axis seen end-on shows as its cone's base only
      if (std::hypot(direction[k].x(), direction[k].y()) > 5.0)
        QVERIFY2(count > 20, qPrintable(QString("axis %1: %2 pixels").arg(k).arg(count)));
    }
    // from one axis's pixels to another's runs as from one world axis's tip to the other's
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b) {
        const QPointF seen = centre[b] - centre[a], expected = direction[b] - direction[a];
        if (std::hypot(seen.x(), seen.y()) < 4.0) continue;  // both end-on
        QVERIFY2(cosine(seen, expected) > 0.9,
                 qPrintable(
                     QString("axes %1 and %2: cos %3").arg(a).arg(b).arg(cosine(seen, expected))));
      }
  }

  // the grid: one plane perpendicular to gravity, at or under the model's lowest point, covering
  // the model's horizontal extent and not much more
  void theGridLiesPerpendicularToGravity_data() {
    // scenes upright along y and along z, long and short ones
    QTest::addColumn<QString>("scene");
    for (const char* s : {"stiff-double-pendulum", "hmmwv-bump", "rotating-shaft", "slider-crank"})
      QTest::newRow(s) << QString(s);
  }

  // the grid reads as the floor the model stands on
  void theGridLiesPerpendicularToGravity() {
    QFETCH(QString, scene);
    const auto view = viewOf(scene.toUtf8().constData(), ui::StandardView::Isometric);
    QVERIFY(view);
    QVERIFY(view->gridActor());
    auto* grid = vtkPolyData::SafeDownCast(view->gridActor()->GetMapper()->GetInput());
    QVERIFY(grid && grid->GetNumberOfPoints() > 8);
    const Vec3 up = view->up();
    // two horizontal directions: the world x made horizontal, and across it
    const Vec3 e1 = (Vec3::UnitX() - up * up.x()).normalized(), e2 = up.cross(e1);
    double level[2] = {1e300, -1e300}, g1[2] = {1e300, -1e300}, g2[2] = {1e300, -1e300};
    // the grid's level along up and its extent along the two horizontal directions
    for (vtkIdType k = 0; k < grid->GetNumberOfPoints(); ++k) {
      double p[3];
      grid->GetPoint(k, p);
      const Vec3 q(p[0], p[1], p[2]);
      level[0] = std::min(level[0], q.dot(up));
      level[1] = std::max(level[1], q.dot(up));
      g1[0] = std::min(g1[0], q.dot(e1));
      g1[1] = std::max(g1[1], q.dot(e1));
      g2[0] = std::min(g2[0], q.dot(e2));
      g2[1] = std::max(g2[1], q.dot(e2));
    }
    // the model: its bodies' positions
    double m1[2] = {1e300, -1e300}, m2[2] = {1e300, -1e300}, lowest = 1e300;
    for (const Body& b : view->model()->bodies) {
      const Vec3 c = bodyCentre(b);
      m1[0] = std::min(m1[0], c.dot(e1));
      m1[1] = std::max(m1[1], c.dot(e1));
      m2[0] = std::min(m2[0], c.dot(e2));
      m2[1] = std::max(m2[1], c.dot(e2));
      lowest = std::min(lowest, c.dot(up));
    }
    // the grid's extent against the model's (at least 0.3 m)
    const double size = std::max({g1[1] - g1[0], g2[1] - g2[0]});
    const double model = std::max({m1[1] - m1[0], m2[1] - m2[0], 0.3});
    QVERIFY2(level[1] - level[0] < 1e-9 * size,
             qPrintable(QString("the grid is not level: %1 to %2").arg(level[0]).arg(level[1])));
    // under the lowest body, spanning the model, and not much larger
    QVERIFY(level[0] <= lowest);
    QVERIFY(g1[0] <= m1[0] && g1[1] >= m1[1] && g2[0] <= m2[0] && g2[1] >= m2[1]);
    QVERIFY2(size <= 3.0 * model + 2.0,
             qPrintable(QString("grid %1 for a model of %2").arg(size).arg(model)));
  }
};

QTEST_MAIN(SceneViewTest)
#include "scene_view_test.moc"
