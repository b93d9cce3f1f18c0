#include "scene_view.h"

#include <QMouseEvent>
#include <QWheelEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vtkActor.h>
#include <vtkAxesActor.h>
#include <vtkCamera.h>
#include <vtkCaptionActor2D.h>
#include <vtkCellPicker.h>
#include <vtkCellArray.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkOrientationMarkerWidget.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTextProperty.h>

#include "joint_symbol.h"
#include "mechanism_actors.h"
#include "scene_glyphs.h"
#include "trace_actors.h"
#include "vtk_widget.h"

namespace mbw::ui {
namespace {

// the largest part of the full resolution the motion of a live run is rendered at
constexpr double kLiveRunScale = 0.5;

// 1, 2 or 5 times a power of ten, near x
double niceStep(double x) {
  const double p = std::pow(10.0, std::floor(std::log10(x)));
  const double f = x / p;
  return (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * p;
}

// the axis-aligned box around points, as VTK's six bounds (xmin, xmax, ymin, ...)
void boundsOf(const std::vector<Vec3>& points, double b[6]) {
  // an empty box: every lower bound at +inf, every upper one at -inf
  const double inf = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 3; ++k) {
    b[2 * k] = inf;
    b[2 * k + 1] = -inf;
  }
  for (const Vec3& p : points)
    for (int k = 0; k < 3; ++k) {
      b[2 * k] = std::min(b[2 * k], p[k]);
      b[2 * k + 1] = std::max(b[2 * k + 1], p[k]);
    }
}

}  // namespace

// --- building the view ---------------------------------------------------------------------------

SceneView::SceneView(QWidget* parent, FrameScheduler* scheduler)
    : QWidget(parent), vtk_(new VtkWidget(this, scheduler)) {
  // the VTK widget fills the view; its mouse events pass through eventFilter first
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(vtk_);
  vtk_->installEventFilter(this);

  // a light gradient behind the mechanism
  vtkRenderer* r = vtk_->renderer();
  r->GradientBackgroundOn();
  r->SetBackground(0.96, 0.97, 0.98);
  r->SetBackground2(0.74, 0.79, 0.86);
  // looking along +y with z up (a view-up along the direction of view would be reset by VTK)
  r->GetActiveCamera()->SetPosition(0.0, -1.0, 0.0);
  r->GetActiveCamera()->SetViewUp(0.0, 0.0, 1.0);

  // the orientation triad in the bottom-left corner, turning with the camera
  vtkNew<vtkAxesActor> axes;
  axes->SetShaftTypeToCylinder();
  axes->SetCylinderRadius(0.04);
  axes->SetConeRadius(0.5);
  // the axis labels small, dark and upright
  for (vtkCaptionActor2D* c : {axes->GetXAxisCaptionActor2D(), axes->GetYAxisCaptionActor2D(),
                               axes->GetZAxisCaptionActor2D()}) {
    c->GetCaptionTextProperty()->SetFontSize(12);
    c->GetCaptionTextProperty()->SetColor(0.15, 0.15, 0.2);
    c->GetCaptionTextProperty()->ShadowOff();
    c->GetCaptionTextProperty()->ItalicOff();
  }
  // the triad in its own corner viewport, following the main camera, not draggable
  triad_ = vtkSmartPointer<vtkOrientationMarkerWidget>::New();
  triad_->SetOrientationMarker(axes);
  triad_->SetInteractor(vtk_->interactor());
  triad_->SetDefaultRenderer(r);
  triad_->SetEnabled(1);
  triad_->InteractiveOff();
  // the axes fill their square (VTK frames the triad by a sphere around it: zoom in)
  triad_->SetZoom(1.5);
  placeTriad();
}

// a square of a fixed size in the bottom-left corner, whatever the size of the view
void SceneView::placeTriad() {
  constexpr double kTriadPixels = 100.0;
  // a hundred pixels, or 40 % of the view's shorter side when that is less
  const double w = std::max(1, vtk_->width()), h = std::max(1, vtk_->height());
  const double side = std::min(kTriadPixels, 0.4 * std::min(w, h));
  triad_->SetViewport(0.0, 0.0, side / w, side / h);
}

SceneView::~SceneView() { triad_->SetEnabled(0); }

// --- the mechanism, its ghost, its motion and its trace ------------------------------------------

const Model* SceneView::model() const { return mechanism_ ? &mechanism_->model() : nullptr; }

void SceneView::setModel(std::shared_ptr<const Model> model) {
  // a new model gets new actors, drawn at its initial poses; up is against gravity
  if (mechanism_ && mechanism_->sharedModel() == model) return;
  mechanism_.reset();
  motion_.clear();
  if (model) {
    // up against gravity (z without gravity)
    up_ =
        model->gravity_W.norm() > 0.0 ? Vec3(-model->gravity_W.normalized()) : Vec3(Vec3::UnitZ());
    // the mechanism's actors at its initial poses, with the frames and the selection as they are
    mechanism_ =
        std::make_unique<MechanismActors>(std::move(model), vtk_->renderer(), false, meshes_);
    mechanism_->setFramesVisible(framesVisible_);
    mechanism_->setSelected(selection_.toStdString());
    poses_ = initialPoses(mechanism_->model());
  }
  // the ground grid under the new content
  const std::vector<Vec3> content = contentPoints(false);
  rebuildGrid(content);
  // keep the user's camera across edits that leave the size of the scene alone
  const double scale = mechanism_ ? mechanism_->scale() : 0.0;
  // a size a quarter larger or smaller frames the view again
  if (fittedScale_ == 0.0 || std::abs(scale - fittedScale_) > 0.25 * fittedScale_) {
    resetView();
    fittedScale_ = scale;
  }
  render();
}

// a frame of the run: the bodies at their poses, the camera following if the mechanism leaves
// the view
void SceneView::setPoses(const BodyPoses& poses) {
  if (!mechanism_) return;
  // a motion: the view drops to a lower resolution until the poses stop coming
  vtk_->noteMotion();
  poses_ = poses;
  mechanism_->place(poses);
  keepInView();
  render();
}

// the ghost: a second, pale copy of a mechanism (another run, cursor B's time, or the scene's own
// poses beside the consistent ones)
void SceneView::setGhost(std::shared_ptr<const Model> model) {
  // the same model: the ghost kept as it is
  if (ghost_ && ghost_->sharedModel() == model) return;
  ghost_.reset();
  ghostPoses_.clear();
  if (model)
    ghost_ = std::make_unique<MechanismActors>(std::move(model), vtk_->renderer(), true, meshes_);
  render();
}

// the ghost's poses, kept in view like the mechanism's
void SceneView::setGhostPoses(const BodyPoses& poses) {
  if (!ghost_) return;
  ghostPoses_ = poses;
  ghost_->place(poses);
  keepInView();
  render();
}

void SceneView::setRunLive(bool live) { vtk_->setMotionScaleLimit(live ? kLiveRunScale : 1.0); }

void SceneView::setCaption(const QString& text) { vtk_->setOverlayText(text); }

void SceneView::setMotion(const std::vector<BodyPoses>& samples) {
  // the motion of a whole run, so that the grid and the framing cover it from the start
  motion_.clear();
  if (!mechanism_ || samples.empty()) return;
  // the glyph boxes at every sample, then the poses shown now again
  for (const BodyPoses& poses : samples) {
    mechanism_->place(poses);
    mechanism_->appendCorners(motion_);
  }
  // the poses shown now again, the grid and the framing over the whole run
  mechanism_->place(poses_);
  const std::vector<Vec3> content = contentPoints(true);
  rebuildGrid(content);
  if (followMotion_) fitTo(content);
  render();
}

void SceneView::setTrace(std::vector<Vec3> points, std::vector<double> times) {
  // the traced path of a point, drawn up to the time shown
  // no points: the trace removed; else made, or given its new path
  if (points.empty())
    trace_.reset();
  else {
    if (!trace_) trace_ = std::make_unique<TraceActors>(vtk_->renderer());
    trace_->setPath(std::move(points), std::move(times));
    // the whole path in view too
    if (followMotion_) fitTo(contentPoints(true));
  }
  render();
}

void SceneView::setTraceTime(double t) {
  if (!trace_) return;
  trace_->setTime(t);
  render();
}

// the selected element, drawn highlighted
void SceneView::setSelection(const QString& jsonPath) {
  selection_ = jsonPath;
  if (mechanism_) mechanism_->setSelected(jsonPath.toStdString());
  render();
}

// bodies hidden by name: those an edit removed, while the last valid model stays in view
void SceneView::hideBodies(const std::set<std::string>& names) {
  if (!mechanism_) return;
  mechanism_->hideBodies(names);
  render();
}

bool SceneView::bodyShown(int body) const { return mechanism_ && mechanism_->bodyShown(body); }

// the view's choices are kept, so that the next model is drawn with them too
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

vtkActor* SceneView::gridActor() const { return grid_; }

// the points the framing covers: the glyph boxes of the mechanism and the ghost, with the motion
// and the trace when asked
std::vector<Vec3> SceneView::contentPoints(bool withMotion) const {
  // the mechanism and the ghost as they are now
  std::vector<Vec3> points;
  if (mechanism_) mechanism_->appendCorners(points);
  if (ghost_) ghost_->appendCorners(points);
  // with the motion's boxes and the trace's points when asked
  if (withMotion) points.insert(points.end(), motion_.begin(), motion_.end());
  if (withMotion && trace_)
    points.insert(points.end(), trace_->points().begin(), trace_->points().end());
  return points;
}

// lines in a plane perpendicular to gravity under what is shown (at the world origin's level, or
// lower when the mechanism reaches lower), covering its extent with a margin
void SceneView::rebuildGrid(const std::vector<Vec3>& content) {
  // the old grid goes; none without a mechanism
  if (grid_) vtk_->renderer()->RemoveActor(grid_);
  grid_ = nullptr;
  if (!mechanism_ || content.empty()) return;
  // the content's extent in a frame whose third axis is up
  const Mat3 R = frameAlong(up_);
  double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
  for (const Vec3& p : content) {
    const Vec3 s = R.transpose() * p;
    for (int k = 0; k < 3; ++k) {
      lo[k] = std::min(lo[k], s[k]);
      hi[k] = std::max(hi[k], s[k]);
    }
  }
  // about eight lines across the content, on round numbers, one step of margin each side
  const double extent = std::max({hi[0] - lo[0], hi[1] - lo[1], 0.5 * mechanism_->scale()});
  const double step = niceStep(extent / 8.0);
  const double x0 = std::floor(lo[0] / step - 1.0) * step,
               x1 = std::ceil(hi[0] / step + 1.0) * step;
  const double y0 = std::floor(lo[1] / step - 1.0) * step,
               y1 = std::ceil(hi[1] / step + 1.0) * step;
  // a hair below, so that a road or floor lying in the plane hides the lines under it
  const double level = std::min(0.0, lo[2]) - 1e-3 * extent;

  // the lines, in world coordinates
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  auto line = [&](double xa, double ya, double xb, double yb) {
    const Vec3 a = R * Vec3(xa, ya, level), b = R * Vec3(xb, yb, level);
    const vtkIdType ids[2] = {points->InsertNextPoint(a.data()), points->InsertNextPoint(b.data())};
    lines->InsertNextCell(2, ids);
  };
  // the lines along y at each x, then along x at each y
  for (double x = x0; x <= x1 + 0.5 * step; x += step) line(x, y0, x, y1);
  for (double y = y0; y <= y1 + 0.5 * step; y += step) line(x0, y, x1, y);
  // one grey actor for all the lines
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(points);
  poly->SetLines(lines);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(poly);
  grid_ = vtkSmartPointer<vtkActor>::New();
  grid_->SetMapper(mapper);
  grid_->GetProperty()->SetColor(0.55, 0.58, 0.62);
  grid_->GetProperty()->SetOpacity(0.6);
  // drawn with the opaque geometry, blended over what is behind it: a translucent actor makes VTK
  // run its order-independent translucency pass, which on Mesa's software renderer cost 10-30 ms
  // of the GUI thread's CPU at each change of the view's resolution
  grid_->ForceOpaqueOn();
  // never picked, left out of the framing, shown as the grid toggle says
  grid_->PickableOff();
  grid_->UseBoundsOff();  // fitting looks at the mechanism only
  grid_->SetVisibility(gridVisible_);
  vtk_->renderer()->AddActor(grid_);
}

// --- the camera ----------------------------------------------------------------------------------

double SceneView::aspect() const {
  return vtk_->height() > 0 ? static_cast<double>(vtk_->width()) / vtk_->height() : 1.0;
}

void SceneView::fitTo(const std::vector<Vec3>& points) {
  // the camera frames the points; what has been seen so far starts from their box
  if (points.empty()) return;
  vtkRenderer* r = vtk_->renderer();
  fitCamera(*r->GetActiveCamera(), points, aspect());
  r->ResetCameraClippingRange();
  boundsOf(points, fitted_);
  std::copy(fitted_, fitted_ + 6, seen_);
}

void SceneView::setStandardView(StandardView view) {
  // look from one of the standard directions, then frame the content
  Vec3 direction, viewUp;
  standardDirection(view, up_, direction, viewUp);
  vtkCamera* camera = vtk_->renderer()->GetActiveCamera();
  // a unit back from the origin along the direction; fitView then frames the content
  const Vec3 eye = -direction;
  camera->SetFocalPoint(0.0, 0.0, 0.0);
  camera->SetPosition(eye.data());
  camera->SetViewUp(viewUp.data());
  fitView();
}

void SceneView::resetView() { setStandardView(StandardView::Isometric); }

// Fit: the whole run framed, and the camera follows the motion again after the user moved it
void SceneView::fitView() {
  fitTo(contentPoints(true));
  followMotion_ = true;
  render();
}

void SceneView::holdCameraForFrames(bool hold, double aspect) {
  // on hold: the camera remembered, then framed once on the whole run for frames of that aspect
  vtkCamera* camera = vtk_->renderer()->GetActiveCamera();
  if (hold && !cameraHeld_) {
    heldFrom_ = vtkSmartPointer<vtkCamera>::New();
    heldFrom_->DeepCopy(camera);
    // everything the run does in view of frames of that shape, once
    const std::vector<Vec3> content = contentPoints(true);
    if (!content.empty() && aspect > 0.0) {
      fitCamera(*camera, content, aspect);
      vtk_->renderer()->ResetCameraClippingRange();
    }
  } else if (!hold && cameraHeld_ && heldFrom_) {
    // released: the user's camera back
    camera->DeepCopy(heldFrom_);
    vtk_->renderer()->ResetCameraClippingRange();
    heldFrom_ = nullptr;
    // the frames are done: the view sharp again at once
    vtk_->endMotion();
  }
  cameraHeld_ = hold;
  render();
}

QImage SceneView::renderImage(const QSize& size) { return vtk_->renderImage(size); }

void SceneView::keepInView() {
  // only while following the motion, and not while a video export holds the camera
  if (!followMotion_ || cameraHeld_) return;
  const std::vector<Vec3> now = contentPoints(false);
  if (now.empty()) return;
  // widen the box seen so far; nothing to do while the mechanism stays inside the framed box
  double b[6];
  boundsOf(now, b);
  bool inside = true;
  for (int k = 0; k < 3; ++k) {
    seen_[2 * k] = std::min(seen_[2 * k], b[2 * k]);
    seen_[2 * k + 1] = std::max(seen_[2 * k + 1], b[2 * k + 1]);
    inside = inside && b[2 * k] >= fitted_[2 * k] && b[2 * k + 1] <= fitted_[2 * k + 1];
  }
  if (inside) return;
  // fit to all the motion seen so far plus a margin (zooming out only)
  double size = 0.0;
  // a margin of a tenth of the largest extent on every side
  for (int k = 0; k < 3; ++k) size = std::max(size, seen_[2 * k + 1] - seen_[2 * k]);
  double grown[6];
  for (int k = 0; k < 3; ++k) {
    grown[2 * k] = seen_[2 * k] - 0.1 * size;
    grown[2 * k + 1] = seen_[2 * k + 1] + 0.1 * size;
  }
  // the camera fitted to the grown box without a further margin; that box is the framed one now
  std::vector<Vec3> corners;
  appendCorners(grown, corners);
  vtkRenderer* r = vtk_->renderer();
  fitCamera(*r->GetActiveCamera(), corners, aspect(), 0.0);
  r->ResetCameraClippingRange();
  std::copy(grown, grown + 6, fitted_);
}

// The camera scaled about the world point under the mouse (on the focal plane): that point stays
// where it is on the screen while the rest comes nearer (factor > 1) or goes away.
void SceneView::zoomAt(const QPointF& position, double factor) {
  // the camera's focal point and position now
  vtkRenderer* r = vtk_->renderer();
  vtkCamera* camera = r->GetActiveCamera();
  double focal[4], position3[3];
  camera->GetFocalPoint(focal);
  camera->GetPosition(position3);
  // the depth of the focal point on the screen, then the point under the mouse at that depth
  r->SetWorldPoint(focal[0], focal[1], focal[2], 1.0);
  r->WorldToDisplay();
  double display[3];
  r->GetDisplayPoint(display);
  const QPoint at = vtk_->toDisplay(position);
  r->SetDisplayPoint(at.x(), at.y(), display[2]);
  r->DisplayToWorld();
  double world[4];
  r->GetWorldPoint(world);
  // a point at infinity: no zoom
  if (world[3] == 0.0) return;
  // both moved towards the point under the mouse by the factor (and a parallel view scaled)
  const Vec3 p(world[0] / world[3], world[1] / world[3], world[2] / world[3]);
  const Vec3 f(focal[0], focal[1], focal[2]), c(position3[0], position3[1], position3[2]);
  const Vec3 f2 = p + (f - p) / factor, c2 = p + (c - p) / factor;
  camera->SetFocalPoint(f2.data());
  camera->SetPosition(c2.data());
  if (camera->GetParallelProjection())
    camera->SetParallelScale(camera->GetParallelScale() / factor);
  // the view's clipping planes fitted again; a motion as for any camera move
  r->ResetCameraClippingRange();
  vtk_->noteMotion();
  render();
}

QPointF SceneView::project(const Vec3& p) const {
  // a world point to the screen, in the widget's pixels
  vtkRenderer* r = vtk_->renderer();
  r->SetWorldPoint(p.x(), p.y(), p.z(), 1.0);
  r->WorldToDisplay();
  double d[3];
  r->GetDisplayPoint(d);
  // display: VTK pixels, origin bottom left
  const double s = vtk_->devicePixelRatioF();
  return {d[0] / s, vtk_->height() - d[1] / s};
}

QRectF SceneView::bodiesOnScreen(bool bodiesOnly) const {
  // the glyph boxes of the bodies (or of everything shown) on the screen
  std::vector<Vec3> corners;
  if (mechanism_) mechanism_->appendCorners(corners, bodiesOnly);
  if (corners.empty()) return {};
  // min and max by hand: QRectF::united ignores rectangles of zero size
  QPointF lo = project(corners.front()), hi = lo;
  for (const Vec3& c : corners) {
    const QPointF p = project(c);
    lo = QPointF(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()));
    hi = QPointF(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()));
  }
  return QRectF(lo, hi);
}

// --- rendering, picking and the mouse ------------------------------------------------------------

QImage SceneView::grabImage() { return vtk_->image(); }

long SceneView::renderCount() const { return vtk_->frameCount(); }

void SceneView::render() { vtk_->requestRender(); }

bool SceneView::eventFilter(QObject* watched, QEvent* event) {
  // remember where a press began, to tell a click from a drag
  if (watched == vtk_) {
    if (event->type() == QEvent::MouseButtonPress) {
      pressPosition_ = static_cast<QMouseEvent*>(event)->position().toPoint();
    } else if (event->type() == QEvent::Wheel) {
      // the wheel zooms about the point under the mouse and stops the camera following the motion
      followMotion_ = false;
      auto* e = static_cast<QWheelEvent*>(event);
      const int steps = e->angleDelta().y();
      if (steps != 0) zoomAt(e->position(), std::pow(1.1, steps / 120.0));
      return true;  // VTK's own wheel zooms to the view's centre
    } else if (event->type() == QEvent::MouseButtonRelease) {
      auto* e = static_cast<QMouseEvent*>(event);
      // a click picks; the end of a drag means the user has taken the camera
      const bool click = (e->position().toPoint() - pressPosition_).manhattanLength() <= 3;
      if (!click)
        followMotion_ = false;
      else if (e->button() == Qt::LeftButton && surfacePick_) {
        // a click while picking a surface: its point and normal, and the pick mode ends
        Vec3 p, n;
        if (pickSurface(e->position().toPoint(), p, n)) {
          surfacePick_ = false;
          vtk_->setCursor(Qt::ArrowCursor);
          emit surfacePicked(QVector3D(p.x(), p.y(), p.z()), QVector3D(n.x(), n.y(), n.z()));
        }
      } else if (e->button() == Qt::LeftButton)
        pick(e->position().toPoint());
    } else if (event->type() == QEvent::Resize) {
      // a resize puts the triad back in its corner
      placeTriad();
      // the aspect changed: frame again unless the user (or a video export) holds the camera
      if (followMotion_ && !cameraHeld_) fitTo(contentPoints(true));
    }
  }
  return QWidget::eventFilter(watched, event);
}

void SceneView::setSurfacePick(bool on) {
  surfacePick_ = on;
  vtk_->setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
}

// the point and normal of the mechanism's surface under the mouse (for placing a joint or a
// marker)
bool SceneView::pickSurface(const QPoint& position, Vec3& p_W, Vec3& normal_W) const {
  if (!mechanism_) return false;
  const QPoint at = vtk_->toDisplay(position);
  // only the glyphs of the mechanism count, not the grid or a preview
  vtkNew<vtkCellPicker> picker;
  picker->SetTolerance(0.002);
  if (!picker->Pick(at.x(), at.y(), 0.0, vtk_->renderer()) ||
      !mechanism_->glyphAt(picker->GetViewProp(), picker->GetCellId()))
    return false;
  double p[3], n[3];
  // the point and the normal of the surface under the mouse, in the world
  picker->GetPickPosition(p);
  picker->GetPickNormal(n);
  p_W = Vec3(p[0], p[1], p[2]);
  normal_W = Vec3(n[0], n[1], n[2]);
  return true;
}

// the joint the user is placing, drawn before it exists: replaced at each move of the mouse
void SceneView::setJointPreview(std::vector<Glyph> glyphs) {
  // nothing to preview and nothing shown: nothing to do
  if (glyphs.empty() && preview_.empty()) return;
  if (previewActor_) vtk_->renderer()->RemoveActor(previewActor_);
  previewActor_ = nullptr;
  preview_ = std::move(glyphs);
  // magenta: unlike the bodies' palette, the joints' dark red and the selection's amber
  static const double kPreview[3] = {0.9, 0.15, 0.85};
  if (!preview_.empty()) {
    previewActor_ = symbolActor(preview_, kPreview);
    vtk_->renderer()->AddActor(previewActor_);
  }
  render();
}

void SceneView::pick(const QPoint& position) {
  // the element under a click, by its JSON path (empty: nothing there)
  if (!mechanism_) return;
  const QPoint at = vtk_->toDisplay(position);
  vtkNew<vtkCellPicker> picker;
  picker->SetTolerance(0.002);
  QString path;
  if (picker->Pick(at.x(), at.y(), 0.0, vtk_->renderer())) {
    if (const Glyph* g = mechanism_->glyphAt(picker->GetViewProp(), picker->GetCellId()))
      path = QString::fromStdString(g->jsonPath);
  }
  emit picked(path);
}

}  // namespace mbw::ui
