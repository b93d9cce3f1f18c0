#include "joint_tool.h"

#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QStatusBar>
#include <cmath>

#include "joint_symbol.h"
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

// --- helpers -------------------------------------------------------------------------------------

// how near a click must be to a snap point, as a fraction of the model's size
constexpr double kSnapRadius = 0.08;
// how near the face normal must be to a body axis to snap to it, degrees
constexpr double kAxisSnapDegrees = 10.0;

// whether the schema gives an object type that field
bool hasField(const std::string& objectType, const std::string& field) {
  const ObjectSpec* spec = findObjectSpec(objectType);
  if (!spec) return false;
  for (const FieldSpec& f : spec->fields)
    if (f.name == field) return true;
  return false;
}

// a face normal this near the axis gives no cross axis (sine of 10 degrees)
constexpr double kAcrossTheAxis = 0.17;

// the snap directions of two bodies, the first's first
std::vector<SnapAxis> snapAxesOf(const Model& model, int first, int second) {
  std::vector<SnapAxis> axes = snapAxes(model, first);
  for (SnapAxis& a : snapAxes(model, second)) axes.push_back(std::move(a));
  return axes;
}

}  // namespace

// --- the tool and its steps ----------------------------------------------------------------------

// the joint types the tool places
QStringList JointTool::types() {
  return {"revolute",      "spherical", "universal",       "cylindrical",
          "translational", "planar",    "planar-revolute", "fixed"};
}

JointTool::JointTool(SceneDocument& doc, ModelTree& tree, SceneView& view, ViewSync& views,
                     QStatusBar& bar, QWidget& window)
    : QObject(&window), doc_(doc), tree_(tree), view_(view), views_(views), bar_(bar) {
  // the menu of joint types
  menu_ = new QMenu(tr("Place &joint by picking"), &window);
  menu_->setObjectName("jointToolMenu");
  menu_->setToolTip(
      tr("Click the first body, the second, then the joint's location in the 3D view"));
  // one entry per type, named for the tests; Ctrl+J places a revolute
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
  // a click on the background picks the ground
  connect(&view_, &SceneView::picked, this, [this](const QString& pointer) {
    if ((step_ == Step::FirstBody || step_ == Step::SecondBody) && pointer.isEmpty())
      chooseBody(kGround);
  });
  // a click on a surface gives the location, then the cross axis
  connect(&view_, &SceneView::surfacePicked, this, [this](const QVector3D& p, const QVector3D& n) {
    if (step_ == Step::Location || step_ == Step::CrossAxis)
      placeAt(Vec3(p.x(), p.y(), p.z()), Vec3(n.x(), n.y(), n.z()));
  });
  // another scene, or an edit meanwhile (an undo): the bodies picked may be others now
  connect(&doc_, &SceneDocument::replaced, this, &JointTool::cancel);
  connect(&doc_, &SceneDocument::changed, this, &JointTool::cancel);
  // the view's mouse moves and keys pass through eventFilter
  view_.vtkWidget()->installEventFilter(this);
}

// the step's instruction in the status bar, kept while the tool works
void JointTool::say(const QString& text) {
  message_ = text;
  bar_.showMessage(text, step_ == Step::Idle ? 8000 : 0);
}

void JointTool::start(const QString& type) {
  // only on a scene that loads
  if (!doc_.model() || !doc_.isValid()) {
    say(tr("Place joint: fix the scene's problems first (see the Model check)"));
    return;
  }
  // a placement under way is given up
  if (step_ != Step::Idle) cancel();
  // a new placement starts with the first body, in the 3D view
  type_ = type;
  bodyI_ = bodyJ_ = -2;
  step_ = Step::FirstBody;
  views_.showScene();
  view_.setFocus();
  say(tr("Place %1: click the first body (the background is the ground). Esc cancels").arg(type));
}

void JointTool::cancel() {
  // back to idle: no surface pick, no preview
  if (step_ == Step::Idle) return;
  step_ = Step::Idle;
  view_.setSurfacePick(false);
  clearPreview();
  say(tr("Place joint cancelled"));
}

void JointTool::chooseBody(int body) {
  // the name of the body clicked, for the messages
  const std::shared_ptr<const Model> model = doc_.model();
  if (!model) return;
  const QString name = QString::fromStdString(model->bodyName(body));
  // the first body chosen: ask for the second
  if (step_ == Step::FirstBody) {
    bodyI_ = body;
    step_ = Step::SecondBody;
    say(tr("Place %1 on %2: click the second body (the background is the ground). Esc cancels")
            .arg(type_, name));
  } else if (step_ == Step::SecondBody) {
    // the second body, another than the first: ask for the location
    if (body == bodyI_) {
      say(tr("Place %1: %2 is the first body already; click another").arg(type_, name));
      return;
    }
    bodyJ_ = body;
    step_ = Step::Location;
    view_.setSurfacePick(true);
    // the mouse over the bodies draws the joint a click would place
    view_.vtkWidget()->setMouseTracking(true);
    say(tr("Place %1 (%2, %3): click its location; the face clicked gives the axis. Esc cancels")
            .arg(type_, QString::fromStdString(model->bodyName(bodyI_)), name));
  }
}

// --- where the joint goes ------------------------------------------------------------------------

JointTool::Placement JointTool::locate(const Vec3& p_W, const Vec3& n_W) const {
  // the model's size sets the snapping radius
  const Model& model = *doc_.model();
  const double scale = sceneGlyphs(model).scale;
  Placement out;
  // the location: the nearest snap point of either body, else the point clicked
  std::vector<SnapPoint> points = snapPoints(model, bodyI_);
  for (SnapPoint& s : snapPoints(model, bodyJ_)) points.push_back(std::move(s));
  const SnapPoint* snap = nearestSnapPoint(points, p_W, kSnapRadius * scale);
  out.at = snap ? snap->p_W : p_W;
  out.where = snap ? QString::fromStdString(snap->what) : tr("the point clicked");
  // the axis: the face's normal on the nearest face normal or body axis of the two bodies
  const std::vector<SnapAxis> axes = snapAxesOf(model, bodyI_, bodyJ_);
  const SnapAxis* axis = nearestSnapAxis(axes, n_W, kAxisSnapDegrees);
  out.axis = axis ? axis->n_W : Vec3(n_W.normalized());
  out.axisWhat = axis ? QString::fromStdString(axis->what) : tr("the normal of the face clicked");
  return out;
}

Vec3 JointTool::defaultCross(QString& what) const {
  // the second body's first snap direction across the axis, else the first body's
  const Vec3& axis = placement_.axis;
  // a direction exactly across the axis
  for (const SnapAxis& a : snapAxesOf(*doc_.model(), bodyJ_, bodyI_))
    if (std::abs(a.n_W.dot(axis)) < 1e-9) {
      what = QString::fromStdString(a.what);
      return a.n_W;
    }
  what = tr("a direction across the axis");
  return axis.unitOrthogonal();
}

Vec3 JointTool::crossFrom(const Vec3& n_W, QString& what) const {
  // the normal's part across the axis, snapped to a direction of the bodies across it
  const Vec3& axis = placement_.axis;
  const Vec3 n = n_W.normalized();
  // too little of the normal left across the axis (a face across it): the default
  const Vec3 across = n - n.dot(axis) * axis;
  if (across.norm() < kAcrossTheAxis) return defaultCross(what);
  // the directions of the two bodies across the axis
  std::vector<SnapAxis> perpendicular;
  for (SnapAxis& a : snapAxesOf(*doc_.model(), bodyJ_, bodyI_))
    if (std::abs(a.n_W.dot(axis)) < 1e-9) perpendicular.push_back(std::move(a));
  if (const SnapAxis* a = nearestSnapAxis(perpendicular, across, kAxisSnapDegrees)) {
    what = QString::fromStdString(a->what);
    return a->n_W;
  }
  what = tr("the normal of the face clicked, across the axis");
  return across.normalized();
}

void JointTool::showPreview() {
  // the joint drawn at the placement, at the model's scale
  view_.setJointPreview(jointSymbol(type_.toStdString(), placement_.at, placement_.axis,
                                    placement_.cross, sceneGlyphs(*doc_.model()).scale));
}

// the preview gone, and the mouse no longer tracked
void JointTool::clearPreview() {
  view_.setJointPreview({});
  view_.vtkWidget()->setMouseTracking(false);
}

// the mouse over a body: the joint a click would place, and what it would snap to
void JointTool::hoverAt(const Vec3& p_W, const Vec3& n_W) {
  if (!doc_.model()) return;
  // at the location step: where a click would place the joint, its axis and cross axis
  if (step_ == Step::Location) {
    placement_ = locate(p_W, n_W);
    placement_.cross = defaultCross(crossWhat_);
    showPreview();
    say(tr("Place %1 at %2, axis the %3: click to place it")
            .arg(type_, placement_.where, placement_.axisWhat));
  } else if (step_ == Step::CrossAxis) {
    // at the cross-axis step: the cross axis the face under the mouse gives
    placement_.cross = crossFrom(n_W, crossWhat_);
    showPreview();
    say(tr("Universal: cross axis along the %1; click to take it").arg(crossWhat_));
  }
}

void JointTool::placeAt(const Vec3& p_W, const Vec3& n_W) {
  // the click that ends the universal's cross-axis step
  const std::shared_ptr<const Model> model = doc_.model();
  if (!model) return;
  if (step_ == Step::CrossAxis) {
    placement_.cross = crossFrom(n_W, crossWhat_);
    commit();
    return;
  }
  // the click that gives the location (and the axis); done unless the joint needs a cross axis
  if (step_ != Step::Location) return;
  placement_ = locate(p_W, n_W);
  placement_.cross = defaultCross(crossWhat_);
  if (type_ != "universal") {
    commit();
    return;
  }
  // a universal joint: the cross axis next, drawn meanwhile
  step_ = Step::CrossAxis;
  showPreview();
  view_.setSurfacePick(true);
  say(tr("Universal: click a face of %1 for the cross axis, or Enter for the %2. Esc cancels")
          .arg(QString::fromStdString(model->bodyName(bodyJ_)), crossWhat_));
}

void JointTool::acceptCrossAxis() {
  if (step_ == Step::CrossAxis) commit();
}

// --- committing the joint ------------------------------------------------------------------------

void JointTool::commit() {
  // the tool idle again before the edit
  const std::shared_ptr<const Model> model = doc_.model();
  step_ = Step::Idle;
  view_.setSurfacePick(false);
  clearPreview();
  const double scale = sceneGlyphs(*model).scale;
  const Vec3& at = placement_.at;
  const Vec3& axis = placement_.axis;

  // the joint: its points by name where a body has one there, its axes in each body's frame
  const std::string objectType = "joint/" + type_.toStdString();
  SceneJson after = doc_.json();
  // the array made when the scene has none
  if (!after.contains("joints")) after["joints"] = SceneJson::array();
  // a new element of the joint's type (required fields, a unique name) between the two bodies
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
  // a universal joint's axis on the second body is the cross axis; the others' the same axis
  const double same = 1e-9 * scale;
  const Vec3& axisJ = type_ == "universal" ? placement_.cross : axis;
  // the joint's axes where its type has them, in each body's frame (by name where one matches)
  if (hasField(objectType, "axis_i"))
    joint["axis_i"] = PickFieldBehaviour::pickedValue(*model, bodyI_, at, axis, true, same);
  if (hasField(objectType, "axis_j"))
    joint["axis_j"] = PickFieldBehaviour::pickedValue(*model, bodyJ_, at, axisJ, true, same);
  // the joint appended, selected in the tree, announced
  const std::string name = joint["name"].get<std::string>();
  after["joints"].push_back(std::move(joint));
  const QString pointer = QString("/joints/%1").arg(after["joints"].size() - 1);
  doc_.edit(std::move(after), tr("Place %1 '%2'").arg(type_, QString::fromStdString(name)));
  tree_.selectPointer(pointer);
  say(tr("%1 '%2' placed between %3 and %4 at %5")
          .arg(type_, QString::fromStdString(name), QString::fromStdString(model->bodyName(bodyI_)),
               QString::fromStdString(model->bodyName(bodyJ_)), placement_.where));
  emit placed(pointer);
}

bool JointTool::eventFilter(QObject* watched, QEvent* event) {
  const bool placing = step_ == Step::Location || step_ == Step::CrossAxis;
  // the mouse over a body: the joint a click there would place, drawn
  if (event->type() == QEvent::MouseMove && placing &&
      static_cast<QMouseEvent*>(event)->buttons() == Qt::NoButton) {
    // over a body: its surface point and normal; off the bodies at the location step, nothing
    Vec3 p, n;
    if (view_.pickSurface(static_cast<QMouseEvent*>(event)->position().toPoint(), p, n))
      hoverAt(p, n);
    else if (step_ == Step::Location)
      view_.setJointPreview({});
    return false;
  }
  // keys only while placing
  if (event->type() != QEvent::KeyPress || step_ == Step::Idle)
    return QObject::eventFilter(watched, event);
  // Esc cancels; Enter takes the proposed cross axis of a universal joint
  const int key = static_cast<QKeyEvent*>(event)->key();
  if (key == Qt::Key_Escape) {
    cancel();
    return true;
  }
  if ((key == Qt::Key_Return || key == Qt::Key_Enter) && step_ == Step::CrossAxis) {
    acceptCrossAxis();
    return true;
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace mbw::ui
