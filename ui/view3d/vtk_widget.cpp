#include "vtk_widget.h"

#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>
#include <vtkCommand.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>
#include <vtkUnsignedCharArray.h>

#include "frame_scheduler.h"

namespace mbw::ui {
namespace {

// while the scene moves: the longest render wanted, and the smallest resolution accepted
constexpr qint64 kMotionRenderMs = 20;
constexpr double kSmallestScale = 0.4;
// renders in a row well under the time wanted before the resolution goes up a step
constexpr int kFastRendersBeforeStepUp = 5;
// no new pose for this long (or three times the last gap between poses) ends a motion
constexpr qint64 kMotionEndMs = 300;
// the text over the top-left corner: long lines wrap at spaces
constexpr int kOverlayFlags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;

QFont overlayFont() { return QFont("DejaVu Sans Mono", 10); }

// "OpenGL renderer string:  llvmpipe (LLVM 15.0.6, 256 bits)" in VTK's capability report
QString rendererFromReport(const char* report) {
  for (const QString& line : QString::fromLatin1(report).split('\n'))
    if (line.contains("renderer string", Qt::CaseInsensitive))
      return line.section(':', 1).trimmed();
  return {};
}

}  // namespace

// --- building the widget -------------------------------------------------------------------------

VtkWidget::VtkWidget(QWidget* parent, FrameScheduler* scheduler)
    : QWidget(parent), scheduler_(scheduler) {
  // the end of a motion: back to full resolution
  motionEnd_ = new QTimer(this);
  motionEnd_->setSingleShot(true);
  connect(motionEnd_, &QTimer::timeout, this, [this] {
    // a limit (a live run) keeps the motion's resolution until it is lifted
    if (scaleLimit_ < 1.0) return;
    moving_ = false;
    if (renderScale_ < 1.0) {
      renderScale_ = 1.0;
      requestRender();
    }
  });

  // VTK renders into its own offscreen framebuffer, without multisampling (costly on software GL)
  window_ = vtkSmartPointer<vtkRenderWindow>::New();
  window_->SetOffScreenRendering(1);
  window_->SetMultiSamples(0);
  renderer_ = vtkSmartPointer<vtkRenderer>::New();
  window_->AddRenderer(renderer_);

  // the interactor never renders itself: it asks the widget for a repaint
  interactor_ = vtkSmartPointer<vtkGenericRenderWindowInteractor>::New();
  interactor_->SetRenderWindow(window_);
  interactor_->SetInteractorStyle(vtkSmartPointer<vtkInteractorStyleTrackballCamera>::New());
  interactor_->EnableRenderOff();
  interactor_->AddObserver(vtkCommand::RenderEvent, this, &VtkWidget::onInteractorRender);
  interactor_->Initialize();

  // the scheduler renders with the window's next frame, when something changed
  if (scheduler_)
    drawHandle_ = scheduler_->add([this] {
      // nothing changed since the last render: nothing to draw
      if (!dirty_) return;
      renderNow();
      update();
    });
  // the widget paints all of its pixels; it takes the keyboard focus, so that the tools' keys
  // (Esc, Enter) reach it
  setAttribute(Qt::WA_OpaquePaintEvent);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(64, 64);
}

VtkWidget::~VtkWidget() {
  if (scheduler_) scheduler_->remove(drawHandle_);
  window_->Finalize();
}

// --- rendering: requests, motion and resolution --------------------------------------------------

vtkRenderer* VtkWidget::renderer() const { return renderer_; }
vtkRenderWindow* VtkWidget::renderWindow() const { return window_; }
vtkGenericRenderWindowInteractor* VtkWidget::interactor() const { return interactor_; }

// a render with the window's next frame (or at the next paint, without a scheduler)
void VtkWidget::requestRender() {
  dirty_ = true;
  if (scheduler_)
    scheduler_->request(drawHandle_);
  else
    update();
}

// the interactor moved the camera: a motion, rendered at reduced resolution
void VtkWidget::onInteractorRender(vtkObject*, unsigned long, void*) {
  noteMotion();
  requestRender();
}

void VtkWidget::noteMotion() {
  // a new motion starts at the resolution the last one settled at, lower still when the last frame
  // was much too slow (its cost taken as proportional to the pixels), rather than with slow
  // full-size frames
  if (!moving_) {
    double start = motionScale_;
    fastRenders_ = 0;
    if (lastRenderMs_ > 2 * kMotionRenderMs)
      start = std::min(
          start, renderScale_ * std::sqrt(static_cast<double>(kMotionRenderMs) / lastRenderMs_));
    renderScale_ = std::min(renderScale_, std::max(kSmallestScale, start));
  }
  renderScale_ = std::min(renderScale_, scaleLimit_);
  // the motion ends after a pause three times the last gap between its poses (a live run on a
  // loaded machine sends them a few times a second), at least 300 ms
  if (moving_ && sinceMotion_.isValid())
    motionEnd_->setInterval(static_cast<int>(
        std::clamp<qint64>(3 * sinceMotion_.elapsed(), kMotionEndMs, 4 * kMotionEndMs)));
  else
    motionEnd_->setInterval(kMotionEndMs);
  // the clock restarts for the next pose
  sinceMotion_.start();
  moving_ = true;
  motionEnd_->start();
}

// the end of a motion asked for (a video frame): full resolution unless a limit holds
void VtkWidget::endMotion() {
  motionEnd_->stop();
  moving_ = false;
  renderScale_ = std::min(1.0, scaleLimit_ >= 1.0 ? 1.0 : renderScale_);
  requestRender();
}

void VtkWidget::setMotionScaleLimit(double limit) {
  // a limit between the smallest resolution and the full one
  scaleLimit_ = std::clamp(limit, kSmallestScale, 1.0);
  // a limited motion waited for its limit to go: it ends after the usual pause
  if (moving_ && scaleLimit_ >= 1.0) {
    motionEnd_->setInterval(kMotionEndMs);
    motionEnd_->start();
  }
}

double VtkWidget::pixelScale() const { return devicePixelRatioF(); }

// the part of the framebuffer a render at the current resolution fills
QSize VtkWidget::renderSize() const {
  const int* size = window_->GetSize();
  return {std::max(1, static_cast<int>(std::lround(size[0] * renderScale_))),
          std::max(1, static_cast<int>(std::lround(size[1] * renderScale_)))};
}

// a widget position to VTK's display pixels (device pixels, origin bottom left)
QPoint VtkWidget::toDisplay(const QPointF& position) const {
  const double s = pixelScale();
  return {static_cast<int>(std::lround(position.x() * s)),
          static_cast<int>(std::lround((height() - position.y()) * s))};
}

void VtkWidget::resizeEvent(QResizeEvent* event) {
  applySize();
  QWidget::resizeEvent(event);
}

void VtkWidget::applySize() {
  // VTK pixels (a reduced resolution renders into part of them, see renderNow)
  const double s = pixelScale();
  // the widget's size in device pixels; a change marks the next render as after a resize
  const int w = std::max(1, static_cast<int>(std::lround(width() * s)));
  const int h = std::max(1, static_cast<int>(std::lround(height() * s)));
  const int* old = window_->GetSize();
  resized_ = resized_ || old[0] != w || old[1] != h;
  interactor_->UpdateSize(w, h);
  window_->SetSize(w, h);
  dirty_ = true;
}

void VtkWidget::renderNow(bool adapt) {
  // the time of VTK's render alone, for the adaptation below
  QElapsedTimer clock;
  clock.start();
  // A reduced resolution draws into the bottom-left part of the framebuffer, every renderer's
  // viewport shrunk alike, and the framebuffer keeps its size (resizing it made the next render two
  // to five times slower than the usual on Mesa's software renderer: 30-70 ms on the squeezer at
  // each change of resolution). The DPI follows the scale so that text keeps its size.
  const QSize part = renderSize();
  const int w = part.width(), h = part.height();
  // the DPI follows the render scale, so that text keeps its size in a scaled-down frame
  const int dpi = std::max(1, static_cast<int>(std::lround(72.0 * pixelScale() * renderScale_)));
  if (window_->GetDPI() != dpi) window_->SetDPI(dpi);
  // every renderer's viewport scaled down, remembered to be put back after the render
  std::vector<std::array<double, 4>> viewports;
  vtkRendererCollection* renderers = window_->GetRenderers();
  vtkCollectionSimpleIterator it;
  if (renderScale_ < 1.0) {
    renderers->InitTraversal(it);
    while (vtkRenderer* r = renderers->GetNextRenderer(it)) {
      std::array<double, 4> v;
      r->GetViewport(v.data());
      viewports.push_back(v);
      r->SetViewport(v[0] * renderScale_, v[1] * renderScale_, v[2] * renderScale_,
                     v[3] * renderScale_);
    }
  }
  // render, then the viewports back
  window_->Render();
  const qint64 ms = clock.elapsed();
  if (!viewports.empty()) {
    renderers->InitTraversal(it);
    for (size_t k = 0; k < viewports.size(); ++k)
      renderers->GetNextRenderer(it)->SetViewport(viewports[k].data());
  }
  // the pixels of the rendered part read back into the widget's image
  vtkNew<vtkUnsignedCharArray> pixels;
  window_->GetRGBACharPixelData(0, 0, w - 1, h - 1, 0, pixels, 0);
  // VTK's rows run bottom to top
  QImage image(pixels->GetPointer(0), w, h, 4 * w, QImage::Format_RGBA8888);
  image_ = image.mirrored();
  image_.convertTo(QImage::Format_RGB32);  // in place
  image_.setDevicePixelRatio(pixelScale() * renderScale_);
  // the GL renderer's name, read once for the about box
  if (glRenderer_.isEmpty()) glRenderer_ = rendererFromReport(window_->ReportCapabilities());
  dirty_ = false;
  ++frames_;
  // in motion, trade resolution for time: down at once when renders are slow (two in a row, or one
  // very slow), up a step only after several fast ones. Judged by VTK's render alone, the part the
  // resolution changes; the first render after a resize of the framebuffer is slow by itself and
  // tells nothing of the next ones.
  const bool afterResize = resized_;
  resized_ = false;
  if (afterResize) return;
  // the time of this render, remembered for the next motion's start
  const qint64 previousMs = lastRenderMs_;
  lastRenderMs_ = ms;
  if (!adapt || !moving_) return;
  const double before = renderScale_;
  // a render counts as fast under a third of the time wanted
  fastRenders_ = ms < kMotionRenderMs / 3 ? fastRenders_ + 1 : 0;
  // down by the square root of the time over budget (at least a fifth), never below the smallest
  if (ms > 2 * kMotionRenderMs || (ms > kMotionRenderMs && previousMs > kMotionRenderMs))
    renderScale_ = std::max(
        kSmallestScale,
        renderScale_ * std::min(0.8, std::sqrt(static_cast<double>(kMotionRenderMs) / ms)));
  // up a step after five fast renders, never above the limit
  else if (fastRenders_ >= kFastRendersBeforeStepUp)
    renderScale_ = std::min(scaleLimit_, renderScale_ / 0.8);
  if (renderScale_ != before) {
    fastRenders_ = 0;
    dirty_ = true;
  }
  // a limit is no measure of the time a render takes: the next motion does not start at it
  if (renderScale_ < scaleLimit_ || scaleLimit_ >= 1.0) motionScale_ = renderScale_;
}

// --- the overlay text and images -----------------------------------------------------------------

void VtkWidget::setOverlayText(const QString& text) {
  if (text == overlay_) return;
  // only the text's box is painted again (the old one and the new): the image under it is the same
  const QRect before = overlayBox().toAlignedRect();
  overlay_ = text;
  update(before.united(overlayBox().toAlignedRect()));
}

QRectF VtkWidget::overlayTextRect() const {
  const QFontMetricsF metrics(overlayFont(), this);
  return metrics.boundingRect(QRectF(8, 8, width() - 16, height() - 16), kOverlayFlags, overlay_);
}

QRectF VtkWidget::overlayBox() const {
  return overlay_.isEmpty() ? QRectF() : overlayTextRect().adjusted(-4, -2, 4, 2);
}

// the text on a light translucent box, over the top-left corner
void VtkWidget::drawOverlay(QPainter& painter) const {
  if (overlay_.isEmpty()) return;
  painter.setFont(overlayFont());
  painter.fillRect(overlayBox(), QColor(255, 255, 255, 170));
  painter.setPen(QColor(30, 30, 40));
  painter.drawText(overlayTextRect(), kOverlayFlags, overlay_);
}

QImage VtkWidget::image() {
  // the full resolution, without the overlay's text missing: rendered again if needed
  if (renderScale_ < 1.0) {
    renderScale_ = 1.0;
    dirty_ = true;
  }
  if (dirty_ || image_.isNull()) renderNow(false);
  QImage composed = image_;
  QPainter painter(&composed);
  drawOverlay(painter);
  return composed;
}

QImage VtkWidget::renderImage(const QSize& size) {
  // VTK's framebuffer at the size asked for, text and triad scaled as the height
  const int* old = window_->GetSize();
  // the old size and DPI kept to be put back
  const int oldWidth = old[0], oldHeight = old[1], oldDpi = window_->GetDPI();
  const double scale = static_cast<double>(size.height()) / std::max(1, height());
  window_->SetSize(size.width(), size.height());
  window_->SetDPI(std::max(1, static_cast<int>(std::lround(72.0 * scale))));
  // render and read back at that size, rows flipped
  window_->Render();
  vtkNew<vtkUnsignedCharArray> pixels;
  window_->GetRGBACharPixelData(0, 0, size.width() - 1, size.height() - 1, 0, pixels, 0);
  QImage frame = QImage(pixels->GetPointer(0), size.width(), size.height(), 4 * size.width(),
                        QImage::Format_RGBA8888)
                     .mirrored()
                     .convertToFormat(QImage::Format_RGB32);
  // the caption as the view draws it, scaled
  QPainter painter(&frame);
  painter.scale(scale, scale);
  drawOverlay(painter);
  painter.end();
  // the view's own size again; its next render is a full one at that size
  window_->SetSize(oldWidth, oldHeight);
  window_->SetDPI(oldDpi);
  resized_ = true;
  requestRender();
  return frame;
}

void VtkWidget::paintEvent(QPaintEvent*) {
  // with a scheduler, a pending render comes soon: show the last image meanwhile, stretched over
  // the widget when its size is out of date (a new resolution, a resize), rather than render here,
  // outside the scheduler's budget
  const bool stale = image_.isNull() || image_.size() != renderSize();
  if (image_.isNull() || (dirty_ && !scheduler_) || (stale && !scheduler_))
    renderNow();
  else if (stale)
    requestRender();
  // the image fills the widget, smoothed when it was rendered at another size
  QPainter painter(this);
  painter.setRenderHint(QPainter::SmoothPixmapTransform, stale || renderScale_ < 1.0);
  painter.drawImage(QRectF(rect()), image_);
  drawOverlay(painter);
}

// --- input ---------------------------------------------------------------------------------------

bool VtkWidget::event(QEvent* event) {
  if (forwardInput(event)) return true;
  return QWidget::event(event);
}

bool VtkWidget::forwardInput(QEvent* event) {
  const double scale = pixelScale();
  // a Qt position (logical pixels, origin top left) to VTK's, with the modifier keys
  auto place = [&](const QPointF& p, Qt::KeyboardModifiers mods, int repeat = 0) {
    interactor_->SetEventInformationFlipY(
        static_cast<int>(std::lround(p.x() * scale)), static_cast<int>(std::lround(p.y() * scale)),
        (mods & Qt::ControlModifier) ? 1 : 0, (mods & Qt::ShiftModifier) ? 1 : 0, 0, repeat);
    interactor_->SetAltKey((mods & Qt::AltModifier) ? 1 : 0);
  };
  switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseButtonRelease: {
      // a mouse button to VTK's press or release event; other buttons are not passed on
      auto* e = static_cast<QMouseEvent*>(event);
      const bool press = event->type() != QEvent::MouseButtonRelease;
      // the position with the modifiers; a double click as a repeat
      place(e->position(), e->modifiers(), event->type() == QEvent::MouseButtonDblClick ? 1 : 0);
      // each button to VTK's event of that button, pressed or released
      unsigned long id = 0;
      switch (e->button()) {
        case Qt::LeftButton:
          id = press ? vtkCommand::LeftButtonPressEvent : vtkCommand::LeftButtonReleaseEvent;
          break;
        case Qt::MiddleButton:
          id = press ? vtkCommand::MiddleButtonPressEvent : vtkCommand::MiddleButtonReleaseEvent;
          break;
        case Qt::RightButton:
          id = press ? vtkCommand::RightButtonPressEvent : vtkCommand::RightButtonReleaseEvent;
          break;
        default:
          return false;
      }
      interactor_->InvokeEvent(id, e);
      // the widget's own handlers (picking) see the event too
      return false;
    }
    case QEvent::MouseMove: {
      // moves, wheel turns, entering and leaving go to VTK as well
      auto* e = static_cast<QMouseEvent*>(event);
      place(e->position(), e->modifiers());
      interactor_->InvokeEvent(vtkCommand::MouseMoveEvent, e);
      return false;
    }
    case QEvent::Wheel: {
      // the wheel's direction as VTK's forward or backward event
      auto* e = static_cast<QWheelEvent*>(event);
      place(e->position(), e->modifiers());
      const int dy = e->angleDelta().y();
      if (dy > 0)
        interactor_->InvokeEvent(vtkCommand::MouseWheelForwardEvent, e);
      else if (dy < 0)
        interactor_->InvokeEvent(vtkCommand::MouseWheelBackwardEvent, e);
      return false;
    }
    // entering and leaving the widget
    case QEvent::Enter:
      interactor_->InvokeEvent(vtkCommand::EnterEvent);
      return false;
    case QEvent::Leave:
      interactor_->InvokeEvent(vtkCommand::LeaveEvent);
      return false;
    default:
      return false;
  }
}

}  // namespace mbw::ui
