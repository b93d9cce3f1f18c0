#include "body_handle.h"

#include <QAction>
#include <QTimer>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <vtkBoxRepresentation.h>
#include <vtkBoxWidget2.h>
#include <vtkCommand.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkMatrix4x4.h>
#include <vtkRenderer.h>
#include <vtkTransform.h>

#include "math/rotation.h"
#include "model_tree.h"
#include "orientation_json.h"
#include "run_controller.h"
#include "scene_document.h"
#include "scene_glyphs.h"
#include "scene_view.h"
#include "view_sync.h"
#include "vtk_widget.h"

namespace mbw::ui {
namespace {

// --- helpers -------------------------------------------------------------------------------------

// the box around a body's solid in its frame (xmin, xmax, ymin, ...), a little larger
void boundsInBody(const Model& model, int body, double bounds[6]) {
  const Body& b = model.bodies[static_cast<size_t>(body)];
  // no shape: a small box at the centre of mass
  Vec3 half = Vec3::Constant(0.05 * sceneGlyphs(model).scale);
  Vec3 centre = b.com_B;
  // a box: its own size; a cylinder or a sphere: a cube around it
  if (b.shape == "box") {
    half = 0.5 * b.shapeSize;
    centre = b.shapeCenter_B;
  } else if (b.shape == "cylinder" || b.shape == "sphere") {
    // a cylinder's size is (radius, length): the cube holds either way it lies
    half = Vec3::Constant(std::max(b.shapeSize.x(), 0.5 * b.shapeSize.y()));
    centre = b.shapeCenter_B;
  }
  // then 15 % larger, and never flat
  half = 1.15 * half.cwiseMax(Vec3::Constant(0.01 * sceneGlyphs(model).scale));
  for (int k = 0; k < 3; ++k) {
    bounds[2 * k] = centre[k] - half[k];
    bounds[2 * k + 1] = centre[k] + half[k];
  }
}

// a coordinate rounded to a micrometre, as a pick writes it
double tidy(double x) { return std::round(x * 1e6) / 1e6 + 0.0; }

}  // namespace

// --- the handle ----------------------------------------------------------------------------------

BodyHandle::BodyHandle(SceneDocument& doc, ModelTree& tree, SceneView& view, ViewSync& views,
                       RunController& controller, QWidget& window)
    : QObject(&window),
      doc_(doc),
      tree_(tree),
      view_(view),
      views_(views),
      controller_(controller) {
  // the action, checkable, Ctrl+G
  action_ = new QAction(tr("&Move body with a handle"), this);
  action_->setObjectName("bodyHandle");
  action_->setCheckable(true);
  action_->setShortcut(QKeySequence(tr("Ctrl+G")));
  action_->setToolTip(tr(
      "A handle on the selected body in the 3D view: drag its centre to move the body, a face to "
      "turn it (while no run is going)"));
  // the box widget: translate and rotate, never scale or move a face
  box_ = vtkSmartPointer<vtkBoxRepresentation>::New();
  // placed at the bounds as given, with handles on its faces and centre
  box_->SetPlaceFactor(1.0);
  box_->HandlesOn();
  // the box widget on the 3D view's interactor and renderer; its drags observed
  interactor_ = view_.vtkWidget()->interactor();
  renderer_ = view_.vtkWidget()->renderer();
  widget_ = vtkSmartPointer<vtkBoxWidget2>::New();
  widget_->SetRepresentation(box_);
  widget_->SetInteractor(interactor_);
  widget_->SetCurrentRenderer(renderer_);
  widget_->ScalingEnabledOff();
  widget_->MoveFacesEnabledOff();
  widget_->AddObserver(vtkCommand::EndInteractionEvent, this, &BodyHandle::onDragEnd);
  widget_->AddObserver(vtkCommand::InteractionEvent, this, &BodyHandle::onDrag);

  // the handle follows the action, the selection and every edit
  connect(action_, &QAction::toggled, this, &BodyHandle::place);
  connect(&tree_, &ModelTree::pointerSelected, this, &BodyHandle::place);
  connect(&doc_, &SceneDocument::changed, this, &BodyHandle::place);
  // a run started: off
  connect(&controller_, &RunController::activeChanged, this, [this](int id) {
    if (id != -1) action_->setChecked(false);
  });
}

BodyHandle::~BodyHandle() { widget_->Off(); }

// the centre of the box now
Vec3 BodyHandle::centre() const {
  const double* b = box_->GetBounds();
  return Vec3(0.5 * (b[0] + b[1]), 0.5 * (b[2] + b[3]), 0.5 * (b[4] + b[5]));
}

void BodyHandle::place() {
  // shown for a rigid body selected while the action is on and no run goes; hidden otherwise
  const std::shared_ptr<const Model> model = doc_.model();
  const int body = bodyOfPointer(tree_.currentPointer());
  const bool shown = action_->isChecked() && !controller_.busy() && model && body >= 0 &&
                     body < model->bodyCount() && model->bodies[static_cast<size_t>(body)].beam < 0;
  body_ = shown ? body : -1;
  // hidden: the box off
  if (!shown) {
    widget_->Off();
    view_.vtkWidget()->requestRender();
    return;
  }
  // the scene's initial poses in the view
  views_.showScene();
  // the box in the body's frame, carried to its pose in the world
  double bounds[6];
  boundsInBody(*model, body, bounds);
  box_->PlaceWidget(bounds);
  const Body& b = model->bodies[static_cast<size_t>(body)];
  // the body's pose as a 4x4 matrix: R_WB and the position of its origin
  vtkNew<vtkMatrix4x4> m;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) m->SetElement(r, c, b.R_WB(r, c));
    m->SetElement(r, 3, b.position_W[r]);
  }
  vtkNew<vtkTransform> pose;
  pose->SetMatrix(m);
  box_->SetTransform(pose);
  widget_->On();
  view_.vtkWidget()->requestRender();
}

// the box drawn again as it is dragged
void BodyHandle::onDrag(vtkObject*, unsigned long, void*) { view_.vtkWidget()->requestRender(); }

void BodyHandle::onDragEnd(vtkObject*, unsigned long, void*) {
  // after VTK has finished with the event: the edit rebuilds the view and places the box again
  QTimer::singleShot(0, this, &BodyHandle::writeBack);
}

// --- writing the pose back -----------------------------------------------------------------------

void BodyHandle::writeBack() {
  const std::shared_ptr<const Model> model = doc_.model();
  // no body handled, or no model: nothing to write
  if (body_ < 0 || !model || body_ >= model->bodyCount()) return;
  // the box's pose is the body's: its transform from the box placed in the body's frame
  vtkNew<vtkTransform> t;
  box_->GetTransform(t);
  vtkMatrix4x4* m = t->GetMatrix();
  Mat3 R;
  Vec3 p;
  for (int r = 0; r < 3; ++r) {
    // the transform's rotation block and translation column
    for (int c = 0; c < 3; ++c) R(r, c) = m->GetElement(r, c);
    p[r] = m->GetElement(r, 3);
  }
  // the nearest rotation (the box's corners carry round-off)
  R = orthonormalized(R);
  const Body& b = model->bodies[static_cast<size_t>(body_)];
  // nothing written when the box neither turned nor moved
  const bool turned = (R - b.R_WB).norm() > 1e-9;
  const bool moved = (p - b.position_W).norm() > 1e-9 * sceneGlyphs(*model).scale;
  if (!turned && !moved) return;

  // the new position and orientation, the latter in the form the scene gives it
  SceneJson after = doc_.json();
  SceneJson& body = after["bodies"][static_cast<size_t>(body_)];
  if (moved) body["position"] = SceneJson::array({tidy(p.x()), tidy(p.y()), tidy(p.z())});
  if (turned) body["orientation"] = orientationJson(R, body.value("orientation", SceneJson()));
  doc_.edit(std::move(after), tr("Move '%1' with the handle").arg(QString::fromStdString(b.name)));
}

}  // namespace mbw::ui
