// The 3D view of every built-in scene: each body is drawn where the scene puts it (its pixels
// differ from the background), and a click on a body picks it.

#include <QSignalSpy>
#include <QtTest>
#include <vtkCamera.h>
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
  const double scale = view.vtkWidget()->renderWindow()->GetSize()[0] / static_cast<double>(view.vtkWidget()->width());
  return {d[0] / scale, view.vtkWidget()->height() - d[1] / scale};
}

int colourDistance(QRgb a, QRgb b) {
  return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b));
}

}  // namespace

class SceneViewTest : public QObject {
  Q_OBJECT

 private slots:
  void bodiesAreDrawnInEveryBuiltinScene_data() {
    QTest::addColumn<QString>("scene");
    for (const BuiltinScene& s : builtinScenes()) QTest::newRow(s.name.c_str()) << QString::fromStdString(s.name);
  }

  void bodiesAreDrawnInEveryBuiltinScene() {
    QFETCH(QString, scene);
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
    empty.vtkWidget()->renderer()->GetActiveCamera()->DeepCopy(view.vtkWidget()->renderer()->GetActiveCamera());
    empty.vtkWidget()->requestRender();
    const QImage background = empty.grabImage();
    QCOMPARE(drawn.size(), background.size());

    const double ratio = view.vtkWidget()->devicePixelRatioF();
    for (const Body& b : model->bodies) {
      const QPointF at = widgetPoint(view, bodyCentre(b)) * ratio;
      const QPoint pixel(static_cast<int>(at.x()), static_cast<int>(at.y()));
      QVERIFY2(drawn.rect().contains(pixel), qPrintable(QString::fromStdString(b.name) + " is out of view"));
      QVERIFY2(colourDistance(drawn.pixel(pixel), background.pixel(pixel)) > 30,
               qPrintable(QString::fromStdString(b.name) + " is not drawn where it is"));
    }
  }

  // the vehicle: a tire glyph per tire, the road with its bump, drawn ahead of the wheels
  void theVehicleStandsOnItsRoad() {
    auto model = std::make_shared<const Model>(loadScene("hmmwv-bump"));
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
    QCOMPARE(tires, 4);
    QCOMPARE(tireGlyphs, tires);
    QCOMPARE(roadGlyphs, 1 + static_cast<int>(tire->road.bumps.size()));

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
    empty.vtkWidget()->renderer()->GetActiveCamera()->DeepCopy(view.vtkWidget()->renderer()->GetActiveCamera());
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
    QVERIFY2(colourDistance(drawn.pixel(pixel), background.pixel(pixel)) > 30, "no road ahead of the vehicle");
  }

  void clickingABodySelectsIt() {
    auto model = std::make_shared<const Model>(loadScene("double-pendulum"));
    SceneView view;
    view.resize(480, 360);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setModel(model);
    view.grabImage();
    QSignalSpy picked(&view, &SceneView::picked);
    const Body& b = model->bodies[1];
    const QPoint at = widgetPoint(view, bodyCentre(b)).toPoint();
    QTest::mousePress(view.vtkWidget(), Qt::LeftButton, {}, at);
    QTest::mouseRelease(view.vtkWidget(), Qt::LeftButton, {}, at);
    QCOMPARE(picked.count(), 1);
    QCOMPARE(picked.front().front().toString(), QString::fromStdString(b.jsonPath));
    // the background picks nothing
    QTest::mousePress(view.vtkWidget(), Qt::LeftButton, {}, QPoint(3, 3));
    QTest::mouseRelease(view.vtkWidget(), Qt::LeftButton, {}, QPoint(3, 3));
    QCOMPARE(picked.count(), 2);
    QVERIFY(picked.back().front().toString().isEmpty());
  }
};

QTEST_MAIN(SceneViewTest)
#include "scene_view_test.moc"
