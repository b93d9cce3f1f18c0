#pragma once
// The 3D view of the workbench: a mechanism (and optionally a translucent second one, for
// two-run playback) over a ground grid, with the time and run shown in a corner. Mouse: left drag
// orbits, shift+left or middle drag pans, right drag or the wheel zooms, a click picks an element.

#include <QWidget>
#include <memory>
#include <vtkSmartPointer.h>

#include "body_pose.h"

class vtkActor;

namespace mbw::ui {

class FrameScheduler;
class MechanismActors;
class VtkWidget;

class SceneView : public QWidget {
  Q_OBJECT

 public:
  // renders are paced by the scheduler when one is given
  explicit SceneView(QWidget* parent = nullptr, FrameScheduler* scheduler = nullptr);
  ~SceneView() override;

  // the mechanism shown, in its scene poses; the camera is fitted when the model's extent changed
  void setModel(std::shared_ptr<const Model> model);
  const Model* model() const;
  void setPoses(const BodyPoses& poses);
  // a second mechanism drawn translucent (nullptr removes it)
  void setGhost(std::shared_ptr<const Model> model);
  void setGhostPoses(const BodyPoses& poses);
  // a few lines of text in the top-left corner (time, run)
  void setCaption(const QString& text);

  void setSelection(const QString& jsonPath);
  void setFramesVisible(bool visible);
  bool framesVisible() const { return framesVisible_; }
  void setGridVisible(bool visible);

  void resetView();  // default direction, whole scene in view
  void fitView();    // whole scene in view, keeping the direction

  QImage grabImage();
  // renders so far (frame-rate measurements)
  long renderCount() const;
  VtkWidget* vtkWidget() const { return vtk_; }

 signals:
  // a click on an element (its JSON path) or on the background ("")
  void picked(const QString& jsonPath);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void rebuildGrid();
  void pick(const QPoint& position);
  void render();
  void keepInView();

  VtkWidget* vtk_;
  std::unique_ptr<MechanismActors> mechanism_, ghost_;
  vtkSmartPointer<vtkActor> grid_;
  QString selection_;
  bool framesVisible_ = false;
  bool gridVisible_ = true;
  double fittedScale_ = 0.0;
  QPoint pressPosition_;
  bool followMotion_ = true;
  double fitted_[6] = {0, 0, 0, 0, 0, 0};  // bounds the camera was last fitted to
  double seen_[6] = {0, 0, 0, 0, 0, 0};    // bounds of everything shown since
};

}  // namespace mbw::ui
