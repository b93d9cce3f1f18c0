#include "vtk_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <cmath>
#include <vtkCommand.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include "frame_scheduler.h"

namespace mbw::ui {
namespace {

// "OpenGL renderer string:  llvmpipe (LLVM 15.0.6, 256 bits)" in VTK's capability report
QString rendererFromReport(const char* report) {
  for (const QString& line : QString::fromLatin1(report).split('\n'))
    if (line.contains("renderer string", Qt::CaseInsensitive)) return line.section(':', 1).trimmed();
  return {};
}

}  // namespace

VtkWidget::VtkWidget(QWidget* parent, FrameScheduler* scheduler) : QWidget(parent), scheduler_(scheduler) {
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

  if (scheduler_) drawHandle_ = scheduler_->add([this] {
    if (!dirty_) return;
    renderNow();
    update();
  });
  setAttribute(Qt::WA_OpaquePaintEvent);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(64, 64);
}

VtkWidget::~VtkWidget() {
  if (scheduler_) scheduler_->remove(drawHandle_);
  window_->Finalize();
}

vtkRenderer* VtkWidget::renderer() const { return renderer_; }
vtkRenderWindow* VtkWidget::renderWindow() const { return window_; }
vtkGenericRenderWindowInteractor* VtkWidget::interactor() const { return interactor_; }

void VtkWidget::requestRender() {
  dirty_ = true;
  if (scheduler_) scheduler_->request(drawHandle_);
  else update();
}

void VtkWidget::onInteractorRender(vtkObject*, unsigned long, void*) { requestRender(); }

void VtkWidget::resizeEvent(QResizeEvent* event) {
  // device pixels; DPI follows the pixel ratio so that text keeps its size
  const double ratio = devicePixelRatioF();
  const int w = std::max(1, static_cast<int>(std::lround(width() * ratio)));
  const int h = std::max(1, static_cast<int>(std::lround(height() * ratio)));
  interactor_->UpdateSize(w, h);
  window_->SetSize(w, h);
  window_->SetDPI(static_cast<int>(std::lround(72.0 * ratio)));
  dirty_ = true;
  QWidget::resizeEvent(event);
}

void VtkWidget::renderNow() {
  window_->Render();
  const int* size = window_->GetSize();
  const int w = size[0], h = size[1];
  vtkNew<vtkUnsignedCharArray> pixels;
  window_->GetRGBACharPixelData(0, 0, w - 1, h - 1, 0, pixels, 0);
  // VTK's rows run bottom to top
  QImage image(pixels->GetPointer(0), w, h, 4 * w, QImage::Format_RGBA8888);
  image_ = image.mirrored().convertToFormat(QImage::Format_RGB32);
  image_.setDevicePixelRatio(devicePixelRatioF());
  if (glRenderer_.isEmpty()) glRenderer_ = rendererFromReport(window_->ReportCapabilities());
  dirty_ = false;
  ++frames_;
}

void VtkWidget::setOverlayText(const QString& text) {
  if (text == overlay_) return;
  overlay_ = text;
  update();
}

void VtkWidget::drawOverlay(QPainter& painter) const {
  if (overlay_.isEmpty()) return;
  QFont font("DejaVu Sans Mono", 10);
  painter.setFont(font);
  const QRectF box = painter.boundingRect(QRectF(8, 8, width() - 16, height() - 16), Qt::AlignLeft | Qt::AlignTop, overlay_);
  painter.fillRect(box.adjusted(-4, -2, 4, 2), QColor(255, 255, 255, 170));
  painter.setPen(QColor(30, 30, 40));
  painter.drawText(box, Qt::AlignLeft | Qt::AlignTop, overlay_);
}

QImage VtkWidget::image() {
  if (dirty_ || image_.isNull()) renderNow();
  QImage composed = image_;
  QPainter painter(&composed);
  drawOverlay(painter);
  return composed;
}

void VtkWidget::paintEvent(QPaintEvent*) {
  // with a scheduler, a pending render comes soon: show the last image meanwhile, unless its size
  // is out of date
  const int* size = window_->GetSize();
  const bool stale = image_.isNull() || image_.width() != size[0] || image_.height() != size[1];
  if (stale || (dirty_ && !scheduler_)) renderNow();
  QPainter painter(this);
  painter.drawImage(QPointF(0, 0), image_);
  drawOverlay(painter);
}

// --- input ---------------------------------------------------------------------------------------

bool VtkWidget::event(QEvent* event) {
  if (forwardInput(event)) return true;
  return QWidget::event(event);
}

bool VtkWidget::forwardInput(QEvent* event) {
  const double ratio = devicePixelRatioF();
  auto place = [&](const QPointF& p, Qt::KeyboardModifiers mods, int repeat = 0) {
    interactor_->SetEventInformationFlipY(static_cast<int>(std::lround(p.x() * ratio)),
                                          static_cast<int>(std::lround(p.y() * ratio)),
                                          (mods & Qt::ControlModifier) ? 1 : 0,
                                          (mods & Qt::ShiftModifier) ? 1 : 0, 0, repeat);
    interactor_->SetAltKey((mods & Qt::AltModifier) ? 1 : 0);
  };
  switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseButtonRelease: {
      auto* e = static_cast<QMouseEvent*>(event);
      const bool press = event->type() != QEvent::MouseButtonRelease;
      place(e->position(), e->modifiers(), event->type() == QEvent::MouseButtonDblClick ? 1 : 0);
      unsigned long id = 0;
      switch (e->button()) {
        case Qt::LeftButton: id = press ? vtkCommand::LeftButtonPressEvent : vtkCommand::LeftButtonReleaseEvent; break;
        case Qt::MiddleButton: id = press ? vtkCommand::MiddleButtonPressEvent : vtkCommand::MiddleButtonReleaseEvent; break;
        case Qt::RightButton: id = press ? vtkCommand::RightButtonPressEvent : vtkCommand::RightButtonReleaseEvent; break;
        default: return false;
      }
      interactor_->InvokeEvent(id, e);
      // the widget's own handlers (picking) see the event too
      return false;
    }
    case QEvent::MouseMove: {
      auto* e = static_cast<QMouseEvent*>(event);
      place(e->position(), e->modifiers());
      interactor_->InvokeEvent(vtkCommand::MouseMoveEvent, e);
      return false;
    }
    case QEvent::Wheel: {
      auto* e = static_cast<QWheelEvent*>(event);
      place(e->position(), e->modifiers());
      const int dy = e->angleDelta().y();
      if (dy > 0) interactor_->InvokeEvent(vtkCommand::MouseWheelForwardEvent, e);
      else if (dy < 0) interactor_->InvokeEvent(vtkCommand::MouseWheelBackwardEvent, e);
      return false;
    }
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
