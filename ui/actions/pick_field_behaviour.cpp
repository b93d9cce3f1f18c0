#include "pick_field_behaviour.h"

#include <QKeyEvent>
#include <QStatusBar>
#include <cmath>

#include "model/snap_points.h"
#include "property_panel.h"
#include "scene_glyphs.h"
#include "scene_view.h"
#include "view_sync.h"
#include "vtk_widget.h"

namespace mbw::ui {
namespace {

// a coordinate rounded to a micrometre (or to 1e-6 of a direction)
double tidy(double x) { return std::round(x * 1e6) / 1e6 + 0.0; }

// a vector with its coordinates tidied
SceneJson vectorJson(const Vec3& v) {
  return SceneJson::array({tidy(v.x()), tidy(v.y()), tidy(v.z())});
}

}  // namespace

// --- picking a field's value in the 3D view ------------------------------------------------------

PickFieldBehaviour::PickFieldBehaviour(SceneDocument& doc, PropertyPanel& panel, SceneView& view,
                                       ViewSync& views, QStatusBar& bar)
    : QObject(&panel), doc_(doc), view_(view), views_(views), bar_(bar) {
  // a pick button of the property panel starts; a click on a surface completes; another scene
  // cancels
  connect(&panel, &PropertyPanel::pickRequested, this, &PickFieldBehaviour::start);
  // the surface point and its normal, in the world
  connect(&view_, &SceneView::surfacePicked, this, [this](const QVector3D& p, const QVector3D& n) {
    complete(Vec3(p.x(), p.y(), p.z()), Vec3(n.x(), n.y(), n.z()));
  });
  // another scene: the field is gone
  connect(&doc_, &SceneDocument::replaced, this, &PickFieldBehaviour::cancel);
  view_.vtkWidget()->installEventFilter(this);
}

void PickFieldBehaviour::start(const QString& pointer, const QString& body, bool axis) {
  // the field, its body and the kind of value wanted, the scene shown to pick from
  if (!doc_.model()) return;
  pointer_ = pointer;
  body_ = body;
  axis_ = axis;
  views_.showScene();
  view_.setSurfacePick(true);
  view_.setFocus();
  // the status line says what to click
  const QString field = describeField(doc_.json(), pointer);
  bar_.showMessage(
      axis ? tr("Click a face of %1: its normal becomes %2. Esc cancels").arg(body, field)
           : tr("Click a point of %1 for %2. Esc cancels").arg(body, field));
}

// the pick mode off, the message gone
void PickFieldBehaviour::cancel() {
  // no pick in progress: nothing to cancel
  if (pointer_.isEmpty()) return;
  pointer_.clear();
  view_.setSurfacePick(false);
  bar_.clearMessage();
}

SceneJson PickFieldBehaviour::pickedValue(const Model& model, int body, const Vec3& p_W,
                                          const Vec3& n_W, bool axis, double tolerance) {
  // the body's frame in its initial pose (the world for the ground)
  const Vec3 origin = body >= 0 ? model.bodies[body].position_W : Vec3::Zero();
  const Mat3 R = body >= 0 ? model.bodies[body].R_WB : Mat3::Identity();
  // a point: a named point of the body within the tolerance, else its coordinates in the body
  // frame
  if (!axis) {
    // the point in the body's frame: R^T (p_W - origin)
    const Vec3 p_B = R.transpose() * (p_W - origin);
    if (body >= 0)
      for (const auto& [name, p] : model.bodies[body].points)
        if ((p - p_B).norm() <= tolerance) return name;
    return vectorJson(p_B);
  }
  // an axis: a named vector of the body within 5 degrees, by name
  const Vec3 n_B = (R.transpose() * n_W).normalized();
  const double cosine = std::cos(5.0 * M_PI / 180.0);
  if (body >= 0)
    for (const auto& [name, v] : model.bodies[body].vectors)
      if (v.normalized().dot(n_B) >= cosine) return name;
  // the normals of the body's solid (a cylinder's axis however it lies) and its axes, exactly (not
  // rounded: a revolute's axis along a cylinder lying askew is the cylinder's own)
  const std::vector<SnapAxis> axes = snapAxes(model, body);
  if (const SnapAxis* a = nearestSnapAxis(axes, n_W, 5.0))
    return SceneJson::array({a->n_B.x() + 0.0, a->n_B.y() + 0.0, a->n_B.z() + 0.0});
  return vectorJson(n_B);
}

// the picked value written into the field as one undoable edit, and said in the status line
void PickFieldBehaviour::complete(const Vec3& p_W, const Vec3& n_W) {
  const std::shared_ptr<const Model> model = doc_.model();
  if (pointer_.isEmpty() || !model) return;
  // the field's body, by name; a body not in the scene ends the pick
  const int body = model->bodyIndex(body_.toStdString());
  if (body < kGround) {
    bar_.showMessage(tr("The element's body '%1' is not in the scene").arg(body_), 5000);
    cancel();
    return;
  }
  // a point within 4 % of the model's size of a named point takes its name
  const double tolerance = 0.04 * sceneGlyphs(*model).scale;
  const SceneJson value = pickedValue(*model, body, p_W, n_W, axis_, tolerance);
  // the pick ends, then the value is written and said in the status line
  const QString pointer = pointer_;
  cancel();
  doc_.setValue(pointer, value, describeField(doc_.json(), pointer));
  bar_.showMessage(
      tr("%1 picked: %2")
          .arg(describeField(doc_.json(), pointer), QString::fromStdString(value.dump())),
      5000);
}

// Esc cancels a pick in progress
bool PickFieldBehaviour::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::KeyPress &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape && !pointer_.isEmpty()) {
    cancel();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace mbw::ui
