// The Qt 6 / VTK bridge: VTK draws into the widget, follows its size, survives re-parenting,
// picks what is under the mouse, renders paced by a frame scheduler, and at a limited resolution
// in a limited motion; a new overlay text repaints its box only, neither the view nor a render.

#include <QSignalSpy>
#include <QVBoxLayout>
#include <QtTest>
#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCubeSource.h>
#include <vtkPolyDataMapper.h>
#include <vtkPropPicker.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include "frame_scheduler.h"
#include "vtk_widget.h"

using mbw::ui::FrameScheduler;
using mbw::ui::VtkWidget;

namespace {

// a red cube filling the middle of the view on a white background
vtkSmartPointer<vtkActor> addCube(VtkWidget& w) {
  vtkNew<vtkCubeSource> cube;
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputConnection(cube->GetOutputPort());
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->SetColor(1.0, 0.0, 0.0);
  actor->GetProperty()->SetAmbient(1.0);
  actor->GetProperty()->SetDiffuse(0.0);
  w.renderer()->AddActor(actor);
  w.renderer()->SetBackground(1.0, 1.0, 1.0);
  w.renderer()->ResetCamera();
  return actor;
}

// the cube in a widget whose renders a frame scheduler paces, shown at a size
struct ScheduledView {
  explicit ScheduledView(QSize size) {
    addCube(widget);
    widget.resize(size);
    widget.show();
  }
  bool exposed() { return QTest::qWaitForWindowExposed(&widget); }
  FrameScheduler scheduler;
  VtkWidget widget{nullptr, &scheduler};
};

// the regions a widget is painted in
class PaintedRegions : public QObject {
 public:
  explicit PaintedRegions(QWidget& w) { w.installEventFilter(this); }
  QRegion painted;

 protected:
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) painted += static_cast<QPaintEvent*>(event)->region();
    return false;
  }
};

// the cube's red and the background's white, with a margin for smoothing at the edges
bool isRed(QRgb c) { return qRed(c) > 200 && qGreen(c) < 60 && qBlue(c) < 60; }
bool isWhite(QRgb c) { return qRed(c) > 240 && qGreen(c) > 240 && qBlue(c) > 240; }

}  // namespace

class VtkWidgetTest : public QObject {
  Q_OBJECT

 private slots:
  // --- drawing, resizing and picking -------------------------------------------------------------

  // what VTK renders is what the user sees in the widget, at the widget's size
  void drawsTheSceneIntoTheWidget() {
    VtkWidget w;
    addCube(w);
    w.resize(320, 240);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QImage shown = w.grab().toImage();
    // at the widget's size: the red cube in the middle, the white corners, drawn at least once
    QCOMPARE(shown.size(), QSize(320, 240) * w.devicePixelRatio());
    QVERIFY(isRed(shown.pixel(shown.width() / 2, shown.height() / 2)));
    QVERIFY(isWhite(shown.pixel(3, 3)));
    // a frame rendered, and the GL renderer named
    QVERIFY(w.frameCount() >= 1);
    QVERIFY(!w.glRenderer().isEmpty());
  }

  // the widget renders at its size, and at its new one after it moves into another window
  void followsResizeAndReparenting() {
    VtkWidget* w = new VtkWidget;
    addCube(*w);
    w->resize(200, 150);
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w));
    // at its own size first
    QCOMPARE(w->image().size(), QSize(200, 150));

    // into another window, at another size
    QWidget host;
    auto* layout = new QVBoxLayout(&host);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(w);
    host.resize(400, 300);
    host.show();
    QVERIFY(QTest::qWaitForWindowExposed(&host));
    // redrawn at the new size, the cube in the new middle
    const QImage image = w->image();
    QCOMPARE(image.size(), QSize(400, 300));
    QVERIFY(isRed(image.pixel(200, 150)));
    delete w;  // deleting a VTK view inside a live window
    QTest::qWait(10);
  }

  // a pick at the widget's centre finds the cube; in the corner, nothing
  void picksTheActorUnderTheMouse() {
    VtkWidget w;
    auto cube = addCube(w);
    w.resize(300, 300);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // rendered once, so that there is a drawn frame to pick in
    w.image();
    vtkNew<vtkPropPicker> picker;
    const QPoint centre = w.toDisplay(QPointF(150, 150));
    // the cube under the centre, nothing under the corner
    QVERIFY(picker->Pick(centre.x(), centre.y(), 0.0, w.renderer()));
    QCOMPARE(picker->GetViewProp(), cube.GetPointer());
    const QPoint corner = w.toDisplay(QPointF(2, 2));
    picker->Pick(corner.x(), corner.y(), 0.0, w.renderer());
    QVERIFY(picker->GetViewProp() == nullptr);
  }

  // a left drag turns the camera
  void mouseDragTurnsTheCamera() {
    VtkWidget w;
    addCube(w);
    w.resize(300, 300);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    double before[3], after[3];
    w.renderer()->GetActiveCamera()->GetPosition(before);
    // a left drag of 70 by 20 pixels
    QTest::mousePress(&w, Qt::LeftButton, {}, QPoint(150, 150));
    QMouseEvent move(QEvent::MouseMove, QPointF(220, 170), w.mapToGlobal(QPointF(220, 170)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &move);
    QTest::mouseRelease(&w, Qt::LeftButton, {}, QPoint(220, 170));
    w.renderer()->GetActiveCamera()->GetPosition(after);
    // the camera moved
    QVERIFY(std::abs(after[0] - before[0]) + std::abs(after[1] - before[1]) +
                std::abs(after[2] - before[2]) >
            1e-3);
  }

  // --- pacing, resolution and the overlay --------------------------------------------------------

  // the view's render requests go through the frame scheduler, so a burst of them costs one render
  void rendersPacedByTheScheduler() {
    ScheduledView view(QSize(200, 200));
    QVERIFY(view.exposed());
    VtkWidget& w = view.widget;
    FrameScheduler& scheduler = view.scheduler;
    const long before = scheduler.draws();
    w.requestRender();
    w.requestRender();  // requests before a tick make one draw
    QTRY_VERIFY(scheduler.draws() == before + 1);
    QTest::qWait(50);
    QCOMPARE(scheduler.draws(), before + 1);
  }

  // a running run's motion renders at half the width and height at most, however late its poses
  // come, and at the full resolution once the limit goes (the run paused or ended)
  void aLimitedMotionRendersAtTheLimitThenAtFullResolution() {
    ScheduledView view(QSize(200, 200));
    QVERIFY(view.exposed());
    VtkWidget& w = view.widget;
    // half the width and height at most while the motion lasts
    w.setMotionScaleLimit(0.5);
    const long frames = w.frameCount();
    w.noteMotion();
    w.requestRender();
    QTRY_VERIFY(w.frameCount() > frames);
    // at the limit, or below it where renders are slow (a sanitizer build)
    QVERIFY2(w.renderScale() <= 0.5, qPrintable(QString::number(w.renderScale())));
    // no pose for longer than the pause that ends a motion: still limited
    QTest::qWait(700);
    QVERIFY2(w.renderScale() <= 0.5, qPrintable(QString::number(w.renderScale())));
    // the limit gone: full resolution, in a new frame
    w.setMotionScaleLimit(1.0);
    QTRY_COMPARE_WITH_TIMEOUT(w.renderScale(), 1.0, 3000);
    QTRY_VERIFY(w.frameCount() > frames + 1);
  }

  // the playback's caption changes with every result frame of a live run
  // (a new caption costs the repaint of its box, not a render of the scene)
  void aNewOverlayTextRepaintsItsBoxOnly() {
    ScheduledView view(QSize(400, 300));
    QVERIFY(view.exposed());
    VtkWidget& w = view.widget;
    // a first text, then what a second one repaints
    w.setOverlayText("t = 0.100 s   #1 lms3");
    QTest::qWait(50);
    PaintedRegions regions(w);
    const long frames = w.frameCount();
    w.setOverlayText("t = 0.125 s   #1 lms3\nghosted: #2 rn4");
    QTRY_VERIFY(!regions.painted.isEmpty());
    QTest::qWait(50);
    // the two lines' box at the top left, not the view; no new render
    const QRect box = regions.painted.boundingRect();
    QVERIFY2(box.left() >= 0 && box.top() >= 0 && box.width() < 300 && box.height() < 60,
             qPrintable(QString("%1,%2 %3x%4")
                            .arg(box.left())
                            .arg(box.top())
                            .arg(box.width())
                            .arg(box.height())));
    QCOMPARE(w.frameCount(), frames);
    // the text is drawn there, over the image
    const QImage shown = w.grab().toImage();
    QVERIFY(isRed(shown.pixel(shown.width() / 2, shown.height() / 2)));
    bool dark = false;
    for (int x = 8; x < 200 && !dark; ++x)
      for (int y = 8; y < 40 && !dark; ++y) dark = qGray(shown.pixel(x, y)) < 80;
    QVERIFY(dark);
  }
};

QTEST_MAIN(VtkWidgetTest)
#include "vtk_widget_test.moc"
