#include "joint_tool.h"

#include <QKeyEvent>
#include <QMenu>
#include <QStatusBar>

#include "model/snap_points.h"
#include "model_tree.h"
#include "pick_field_behaviour.h"
#include "scene/schema.h"
#include "scene_document.h"
#include "scene_glyphs.h"
#include "scene_templates.h"
#include "scene_view.h"
#include "view_sync.h"
#include "vtk_widget.h"

namespace mbw::ui {
namespace {

// how near a click must be to a snap point, as a fraction of the model's size
constexpr double kSnapRadius = 0.08;
// how near the face normal must be to a body axis to snap to it, degrees
constexpr double kAxisSnapDegrees = 10.0;

bool hasField(const std::string& objectType, const std::string& field) {
  const ObjectSpec* spec = findObjectSpec(objectType);
  if (!spec) return false;
  for (const FieldSpec& f : spec->fields)
    if (f.name == field) return true;
  return false;
}

// the body of a tree item's pointer ("/bodies/2" -> 2), -2 for anything else
int bodyOfPointer(const QString& pointer) {
  const QStringList parts = pointer.split('/', Qt::SkipEmptyParts);
  bool ok = false;
  const int index = parts.size() == 2 && parts[0] == "bodies" ? parts[1].toInt(&ok) : -2;
  return ok ? index : -2;
}

}  // namespace

QStringList JointTool::types() { return {"revolute", "spherical", "cylindrical", "translational", "fixed"}; }

JointTool::JointTool(SceneDocument& doc, ModelTree& tree, SceneView& view, ViewSync& views, QStatusBar& bar,
                     QWidget& window)
    : QObject(&window), doc_(doc), tree_(tree), view_(view), views_(views), bar_(bar) {
  menu_ = new QMenu(tr("Place &joint by picking"), &window);
  menu_->setObjectName("jointToolMenu");
  menu_->setToolTip(tr("Click the first body, the second, then the joint's location in the 3D view"));
  for (const QString& type : types()) {
    QAction* a = menu_->addAction(type, this, [this, type] { start(type); });
    a->setObjectName("placeJoint-" + type);
    if (type == "revolute") a->setShortcut(QKeySequence(tr("Ctrl+J")));
  }
  // a body clicked in the view reaches the tree; the background is the ground
  connect(&tree_, &ModelTree::pointerSelected, this, [this](const QString& pointer) {
    if (step_ != Step::FirstBody && step_ != Step::SecondBody) return;
    const int body = bodyOfPointer(pointer);
    if (body >= 0) chooseBody(body);
  });
  connect(&view_, &SceneView::picked, this, [this](const QString& pointer) {
    if ((step_ == Step::FirstBody || step_ == Step::SecondBody) && pointer.isEmpty()) chooseBody(kGround);
  });
  connect(&view_, &SceneView::surfacePicked, this, [this](const QVector3D& p, const QVector3D& n) {
    if (step_ == Step::Location) placeAt(Vec3(p.x(), p.y(), p.z()), Vec3(n.x(), n.y(), n.z()));
  });
  connect(&doc_, &SceneDocument::replaced, this, &JointTool::cancel);
  view_.vtkWidget()->installEventFilter(this);
}

void JointTool::say(const QString& text) {
  message_ = text;
  bar_.showMessage(text, step_ == Step::Idle ? 8000 : 0);
}

void JointTool::start(const QString& type) {
  if (!doc_.model() || !doc_.isValid()) {
    say(tr("Place joint: the scene has problems to fix first (see the Model check)"));
    return;
  }
  type_ = type;
  bodyI_ = bodyJ_ = -2;
  step_ = Step::FirstBody;
  views_.showScene();
  view_.setFocus();
  say(tr("Place %1: click the first body in the 3D view or the tree (the background: the ground); Esc cancels").arg(type));
}

void JointTool::cancel() {
  if (step_ == Step::Idle) return;
  step_ = Step::Idle;
  view_.setSurfacePick(false);
  say(tr("Place joint cancelled"));
}

void JointTool::chooseBody(int body) {
  const std::shared_ptr<const Model> model = doc_.model();
  if (!model) return;
  const QString name = QString::fromStdString(model->bodyName(body));
  if (step_ == Step::FirstBody) {
    bodyI_ = body;
    step_ = Step::SecondBody;
    say(tr("Place %1 on %2: click the second body (the background: the ground); Esc cancels").arg(type_, name));
  } else if (step_ == Step::SecondBody) {
    if (body == bodyI_) {
      say(tr("Place %1: %2 is the first body already; click another").arg(type_, name));
      return;
    }
    bodyJ_ = body;
    step_ = Step::Location;
    view_.setSurfacePick(true);
    say(tr("Place %1 between %2 and %3: click its location on either (it snaps to named points, origins and face "
           "centres; the face clicked gives the axis); Esc cancels")
            .arg(type_, QString::fromStdString(model->bodyName(bodyI_)), name));
  }
}

void JointTool::placeAt(const Vec3& p_W, const Vec3& n_W) {
  const std::shared_ptr<const Model> model = doc_.model();
  if (step_ != Step::Location || !model) return;
  step_ = Step::Idle;
  view_.setSurfacePick(false);
  const double scale = sceneGlyphs(*model).scale;

  // the location: the nearest snap point of either body, else the point clicked
  std::vector<SnapPoint> points = snapPoints(*model, bodyI_);
  for (SnapPoint& s : snapPoints(*model, bodyJ_)) points.push_back(std::move(s));
  const SnapPoint* snap = nearestSnapPoint(points, p_W, kSnapRadius * scale);
  const Vec3 at = snap ? snap->p_W : p_W;
  // the axis: the face's normal on a body axis of the first body, else of the second
  Vec3 axis = snapAxis(*model, bodyI_, n_W, kAxisSnapDegrees);
  if (axis.isApprox(n_W.normalized())) axis = snapAxis(*model, bodyJ_, n_W, kAxisSnapDegrees);

  // the joint: its points by name where a body has one there, its axes in each body's frame
  const std::string objectType = "joint/" + type_.toStdString();
  SceneJson after = doc_.json();
  if (!after.contains("joints")) after["joints"] = SceneJson::array();
  SceneJson joint = newElement(objectType, after);
  joint["body_i"] = model->bodyName(bodyI_);
  joint["body_j"] = model->bodyName(bodyJ_);
  // each body's named point near the location (a bar's end: two bars placed end to end are pinned
  // end to end, and Assemble closes a gap between them), else the location in its frame
  auto pointOn = [&](int body) -> SceneJson {
    std::vector<SnapPoint> named;
    for (const SnapPoint& s : snapPoints(*model, body))
      if (!s.pointName.empty()) named.push_back(s);
    if (const SnapPoint* s = nearestSnapPoint(named, at, kSnapRadius * scale)) return s->pointName;
    return PickFieldBehaviour::pickedValue(*model, body, at, axis, false, 0.0);
  };
  joint["point_i"] = pointOn(bodyI_);
  joint["point_j"] = pointOn(bodyJ_);
  const double same = 1e-9 * scale;
  if (hasField(objectType, "axis_i")) joint["axis_i"] = PickFieldBehaviour::pickedValue(*model, bodyI_, at, axis, true, same);
  if (hasField(objectType, "axis_j")) joint["axis_j"] = PickFieldBehaviour::pickedValue(*model, bodyJ_, at, axis, true, same);
  const std::string name = joint["name"].get<std::string>();
  after["joints"].push_back(std::move(joint));
  const QString pointer = QString("/joints/%1").arg(after["joints"].size() - 1);
  doc_.edit(std::move(after), tr("Place %1 '%2'").arg(type_, QString::fromStdString(name)));
  tree_.selectPointer(pointer);
  say(tr("%1 '%2' placed between %3 and %4 at %5")
          .arg(type_, QString::fromStdString(name), QString::fromStdString(model->bodyName(bodyI_)),
               QString::fromStdString(model->bodyName(bodyJ_)),
               snap ? QString::fromStdString(snap->what) : tr("the point clicked")));
  emit placed(pointer);
}

bool JointTool::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape &&
      step_ != Step::Idle) {
    cancel();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace mbw::ui
