#include "scene_view.h"

#include <QMouseEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkPropPicker.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include "mechanism_actors.h"
#include "vtk_widget.h"

namespace mbw::ui {
namespace {

// 1, 2 or 5 times a power of ten, near x
double niceStep(double x) {
  const double p = std::pow(10.0, std::floor(std::log10(x)));
  const double f = x / p;
  return (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * p;
}

}  // namespace

SceneView::SceneView(QWidget* parent, FrameScheduler* scheduler)
    : QWidget(parent), vtk_(new VtkWidget(this, scheduler)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(vtk_);
  vtk_->installEventFilter(this);

  vtkRenderer* r = vtk_->renderer();
  r->GradientBackgroundOn();
  r->SetBackground(0.96, 0.97, 0.98);
  r->SetBackground2(0.74, 0.79, 0.86);

  vtkCamera* camera = r->GetActiveCamera();
  camera->SetViewUp(0.0, 0.0, 1.0);
}

SceneView::~SceneView() = default;

const Model* SceneView::model() const { return mechanism_ ? &mechanism_->model() : nullptr; }

void SceneView::setModel(std::shared_ptr<const Model> model) {
  if (mechanism_ && mechanism_->sharedModel() == model) return;
  mechanism_.reset();
  if (model) {
    mechanism_ = std::make_unique<MechanismActors>(std::move(model), vtk_->renderer(), false);
    mechanism_->setFramesVisible(framesVisible_);
    mechanism_->setSelected(selection_.toStdString());
  }
  rebuildGrid();
  // keep the user's camera across edits that leave the size of the scene alone
  const double scale = mechanism_ ? mechanism_->scale() : 0.0;
  if (fittedScale_ == 0.0 || std::abs(scale - fittedScale_) > 0.25 * fittedScale_) {
    resetView();
    fittedScale_ = scale;
  }
  render();
}

void SceneView::setPoses(const BodyPoses& poses) {
  if (!mechanism_) return;
  vtk_->noteMotion();
  mechanism_->place(poses);
  keepInView();
  render();
}

void SceneView::setGhost(std::shared_ptr<const Model> model) {
  if (ghost_ && ghost_->sharedModel() == model) return;
  ghost_.reset();
  if (model) ghost_ = std::make_unique<MechanismActors>(std::move(model), vtk_->renderer(), true);
  render();
}

void SceneView::setGhostPoses(const BodyPoses& poses) {
  if (!ghost_) return;
  ghost_->place(poses);
  keepInView();
  render();
}

void SceneView::setCaption(const QString& text) { vtk_->setOverlayText(text); }

void SceneView::setSelection(const QString& jsonPath) {
  selection_ = jsonPath;
  if (mechanism_) mechanism_->setSelected(jsonPath.toStdString());
  render();
}

void SceneView::setFramesVisible(bool visible) {
  framesVisible_ = visible;
  if (mechanism_) mechanism_->setFramesVisible(visible);
  render();
}

void SceneView::setGridVisible(bool visible) {
  gridVisible_ = visible;
  if (grid_) grid_->SetVisibility(visible);
  render();
}

// lines in the plane through the origin perpendicular to gravity, around the scene
void SceneView::rebuildGrid() {
  if (grid_) vtk_->renderer()->RemoveActor(grid_);
  grid_ = nullptr;
  if (!mechanism_) return;
  const Model& m = mechanism_->model();
  const double scale = mechanism_->scale();
  const Mat3 R = frameAlong(m.gravity_W.norm() > 0.0 ? Vec3(-m.gravity_W) : Vec3(Vec3::UnitZ()));
  Vec3 centre = Vec3::Zero();
  for (const Body& b : m.bodies) centre += b.position_W;
  if (m.bodyCount() > 0) centre /= m.bodyCount();
  centre -= R.col(2) * R.col(2).dot(centre);
  const double step = niceStep(scale / 6.0);
  const int half = static_cast<int>(std::ceil(0.9 * scale / step));
  const Vec3 c = R.transpose() * centre;
  const double x0 = std::round(c.x() / step) * step, y0 = std::round(c.y() / step) * step;

  // a hair below the plane, so that a road or floor lying in it hides the lines under it
  const double below = -1e-3 * scale;
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  auto line = [&](double xa, double ya, double xb, double yb) {
    const Vec3 a = R * Vec3(xa, ya, below), b = R * Vec3(xb, yb, below);
    const vtkIdType ids[2] = {points->InsertNextPoint(a.data()), points->InsertNextPoint(b.data())};
    lines->InsertNextCell(2, ids);
  };
  const double e = half * step;
  for (int k = -half; k <= half; ++k) {
    line(x0 + k * step, y0 - e, x0 + k * step, y0 + e);
    line(x0 - e, y0 + k * step, x0 + e, y0 + k * step);
  }
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(points);
  poly->SetLines(lines);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(poly);
  grid_ = vtkSmartPointer<vtkActor>::New();
  grid_->SetMapper(mapper);
  grid_->GetProperty()->SetColor(0.55, 0.58, 0.62);
  grid_->GetProperty()->SetOpacity(0.6);
  grid_->PickableOff();
  grid_->UseBoundsOff();  // fitting looks at the mechanism only
  grid_->SetVisibility(gridVisible_);
  vtk_->renderer()->AddActor(grid_);
}

void SceneView::resetView() {
  vtkCamera* camera = vtk_->renderer()->GetActiveCamera();
  camera->SetFocalPoint(0.0, 0.0, 0.0);
  camera->SetPosition(1.5, -1.0, 0.8);
  camera->SetViewUp(0.0, 0.0, 1.0);
  fitView();
}

void SceneView::fitView() {
  vtk_->renderer()->ComputeVisiblePropBounds(fitted_);
  std::copy(fitted_, fitted_ + 6, seen_);
  vtk_->renderer()->ResetCamera(fitted_);
  vtk_->renderer()->GetActiveCamera()->Zoom(1.15);
  followMotion_ = true;
  render();
}

void SceneView::keepInView() {
  if (!followMotion_) return;
  double b[6];
  vtk_->renderer()->ComputeVisiblePropBounds(b);
  if (b[0] > b[1]) return;  // nothing visible
  bool inside = true;
  for (int k = 0; k < 3; ++k) {
    seen_[2 * k] = std::min(seen_[2 * k], b[2 * k]);
    seen_[2 * k + 1] = std::max(seen_[2 * k + 1], b[2 * k + 1]);
    inside = inside && b[2 * k] >= fitted_[2 * k] && b[2 * k + 1] <= fitted_[2 * k + 1];
  }
  if (inside) return;
  // fit to all the motion seen so far plus a margin (zooming out only)
  double size = 0.0;
  for (int k = 0; k < 3; ++k) size = std::max(size, seen_[2 * k + 1] - seen_[2 * k]);
  for (int k = 0; k < 3; ++k) {
    fitted_[2 * k] = seen_[2 * k] - 0.1 * size;
    fitted_[2 * k + 1] = seen_[2 * k + 1] + 0.1 * size;
  }
  vtk_->renderer()->ResetCamera(fitted_);
  vtk_->renderer()->GetActiveCamera()->Zoom(1.15);
}

QImage SceneView::grabImage() { return vtk_->image(); }

long SceneView::renderCount() const { return vtk_->frameCount(); }

void SceneView::render() { vtk_->requestRender(); }

bool SceneView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == vtk_) {
    if (event->type() == QEvent::MouseButtonPress) {
      pressPosition_ = static_cast<QMouseEvent*>(event)->position().toPoint();
    } else if (event->type() == QEvent::Wheel) {
      followMotion_ = false;
    } else if (event->type() == QEvent::MouseButtonRelease) {
      auto* e = static_cast<QMouseEvent*>(event);
      // a click picks; the end of a drag means the user has taken the camera
      const bool click = (e->position().toPoint() - pressPosition_).manhattanLength() <= 3;
      if (!click) followMotion_ = false;
      else if (e->button() == Qt::LeftButton) pick(e->position().toPoint());
    }
  }
  return QWidget::eventFilter(watched, event);
}

void SceneView::pick(const QPoint& position) {
  if (!mechanism_) return;
  const QPoint at = vtk_->toDisplay(position);
  vtkNew<vtkPropPicker> picker;
  QString path;
  if (picker->Pick(at.x(), at.y(), 0.0, vtk_->renderer())) {
    if (const Glyph* g = mechanism_->glyphOf(picker->GetViewProp()))
      path = QString::fromStdString(g->jsonPath);
  }
  emit picked(path);
}

}  // namespace mbw::ui
