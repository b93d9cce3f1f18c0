#pragma once
// Our bridge between Qt 6 and VTK 9.1 (Debian 12's QVTKOpenGLNativeWidget is built against Qt 5 and
// cannot be used): a plain QWidget that has VTK render offscreen and paints the image it reads
// back, with a vtkGenericRenderWindowInteractor fed with the widget's input (trackball camera).
//
// Why not a QOpenGLWidget (the first recipe of ../shared/notes/qt6-vtk.md)? A window holding one
// is composed through OpenGL on every update; on Mesa's software renderer that measured 57 ms per
// update of a 1600x1000 window against 4 ms for a raster window (a 30 Hz label update, 2 loaded
// cores), which alone breaks the workbench's 50 ms budget for the GUI thread during a run. The
// read-back costs a copy of the view's pixels per frame (a few ms); the notes list this as the
// faster path on software GL.
//
// Everything else in the workbench talks to VTK through renderer() and requestRender(), so
// swapping this class for VTK's own Qt 6 widget, once Debian ships one, touches this file only.
// VTK needs an X display with GLX here (Xvfb without a screen): VTK 9.1 loads OpenGL through GLEW
// built for GLX.

#include <QElapsedTimer>
#include <QImage>
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <vtkSmartPointer.h>

class QPainter;
class vtkGenericRenderWindowInteractor;
class vtkObject;
class vtkRenderWindow;
class vtkRenderer;

namespace mbw::ui {

class FrameScheduler;

class VtkWidget : public QWidget {
  Q_OBJECT

 public:
  // renders paced by the scheduler when one is given, else with the next paint
  explicit VtkWidget(QWidget* parent = nullptr, FrameScheduler* scheduler = nullptr);
  ~VtkWidget() override;

  vtkRenderer* renderer() const;
  vtkRenderWindow* renderWindow() const;
  vtkGenericRenderWindowInteractor* interactor() const;

  // the scene changed: render it with the next paint
  void requestRender();
  // The scene is moving (playback, a live run, the user turning the camera): while it does, the
  // view renders at a reduced resolution when a full one takes too long, and at full resolution
  // again once the motion has stopped for a moment (ParaView's image reduction factor).
  void noteMotion();
  // While a run is live, the motion renders at most at this part of the full resolution (1: no
  // limit), so that each render is a short piece of the GUI thread's work between the run's other
  // work (a full-size render and its read-back took 11-18 ms of the thread's CPU on the squeezer).
  // A limited motion goes on however late its poses come (a starved GUI thread takes them a few
  // times a second), and ends once the limit is lifted.
  void setMotionScaleLimit(double limit);
  // the motion is over now (a video export posed the scene frame after frame): full resolution at
  // the next render, without waiting for the pause that ends a motion
  void endMotion();
  // the part of the full resolution the view renders at now
  double renderScale() const { return renderScale_; }
  // a widget position in VTK's display coordinates (origin bottom left, VTK pixels)
  QPoint toDisplay(const QPointF& position) const;
  // a few lines of text over the top-left corner (drawn by Qt: no render needed to change it)
  void setOverlayText(const QString& text);
  // the image of the last render with the text, rendering first when one is pending
  QImage image();
  // a render at another size (a video frame: 1280x720, ...), the text scaled with it; the view
  // itself keeps its size and renders again at its own next time
  QImage renderImage(const QSize& size);
  // frames rendered so far
  long frameCount() const { return frames_; }
  // the OpenGL renderer VTK runs on ("" before the first render)
  QString glRenderer() const { return glRenderer_; }

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  bool event(QEvent* event) override;

 private:
  // adapt: let the time it takes set the resolution while the scene moves
  void renderNow(bool adapt = true);
  void applySize();
  double pixelScale() const;  // VTK pixels per widget pixel (at full resolution)
  QSize renderSize() const;   // the part of VTK's pixels the render at the current scale fills
  void drawOverlay(QPainter& painter) const;
  QRectF overlayTextRect() const;  // where the overlay's text goes
  QRectF overlayBox() const;       // the text with its backdrop (empty without text)
  void onInteractorRender(vtkObject*, unsigned long, void*);
  bool forwardInput(QEvent* event);

  vtkSmartPointer<vtkRenderWindow> window_;
  vtkSmartPointer<vtkRenderer> renderer_;
  vtkSmartPointer<vtkGenericRenderWindowInteractor> interactor_;
  QPointer<FrameScheduler> scheduler_;  // may go first when the window closes
  int drawHandle_ = 0;
  QImage image_;
  QString overlay_;
  double renderScale_ = 1.0;
  double motionScale_ = 1.0;  // the scale the last motion settled at: where the next one starts
  double scaleLimit_ = 1.0;   // the largest scale in motion
  qint64 lastRenderMs_ = 0;
  int fastRenders_ = 0;   // renders in a row well under the time wanted, in this motion
  bool resized_ = false;  // the next render is the first at a new framebuffer size
  bool moving_ = false;
  QTimer* motionEnd_;
  QElapsedTimer sinceMotion_;  // since the last pose of the motion
  bool dirty_ = true;
  long frames_ = 0;
  QString glRenderer_;
};

}  // namespace mbw::ui
