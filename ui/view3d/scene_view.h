#pragma once
// The 3D view of the workbench: a mechanism (and optionally a translucent second one, for
// two-run playback) over a ground grid perpendicular to gravity, with an orientation triad and the
// time and run shown in a corner. "Up" is against gravity: the standard views (isometric, front,
// side, top) and the grid follow it. The camera is fitted to what is shown, and to the whole motion
// of a run when one is given, by the extent on the screen (not a bounding sphere); while bodies
// move beyond it (a live run) it zooms out until the user takes the camera. Mouse: left drag
// orbits, shift+left or middle drag pans, right drag zooms, the wheel zooms towards the point under
// the mouse, a click picks an element.

#include <QVector3D>
#include <QWidget>
#include <memory>
#include <set>
#include <string>
#include <vector>
#include <vtkSmartPointer.h>

#include "body_pose.h"
#include "camera_fit.h"
#include "scene_glyphs.h"

class vtkActor;
class vtkCamera;
class vtkOrientationMarkerWidget;

namespace mbw::ui {

class FrameScheduler;
class MechanismActors;
class TraceActors;
class VtkWidget;

class SceneView : public QWidget {
  Q_OBJECT

 public:
  // renders are paced by the scheduler when one is given
  explicit SceneView(QWidget* parent = nullptr, FrameScheduler* scheduler = nullptr);
  ~SceneView() override;

  // the mechanism shown, in its scene poses; the camera is fitted when the model's extent changed
  void setModel(std::shared_ptr<const Model> model);
  // the meshes drawn for bodies by name (scene field "mesh") in the mechanisms shown from now on
  void setMeshes(BodyMeshes meshes) { meshes_ = std::move(meshes); }
  const BodyMeshes& meshes() const { return meshes_; }
  const Model* model() const;
  void setPoses(const BodyPoses& poses);
  const BodyPoses& poses() const { return poses_; }
  // a run is running: its motion is drawn at a reduced resolution (half the width and height),
  // the full one once the run pauses or ends
  void setRunLive(bool live);
  // a second mechanism drawn translucent (nullptr removes it)
  void setGhost(std::shared_ptr<const Model> model);
  void setGhostPoses(const BodyPoses& poses);
  // the ghost's poses (empty while there is no ghost)
  const BodyPoses& ghostPoses() const { return ghostPoses_; }
  // a few lines of text in the top-left corner (time, run)
  void setCaption(const QString& text);

  // The whole motion of a run (poses sampled over it; empty: none): fitting keeps all of it in
  // view, and the camera is fitted to it now unless the user has taken the camera.
  void setMotion(const std::vector<BodyPoses>& samples);

  // the path of a point over the run (world points at increasing times; empty: none), drawn solid
  // up to the time given to setTraceTime
  void setTrace(std::vector<Vec3> points, std::vector<double> times);
  void setTraceTime(double t);
  const TraceActors* trace() const { return trace_.get(); }

  void setSelection(const QString& jsonPath);
  // bodies of the mechanism shown hidden by name (an edit removed them from a scene that does not
  // load yet); the others shown
  void hideBodies(const std::set<std::string>& names);
  bool bodyShown(int body) const;
  void setFramesVisible(bool visible);
  bool framesVisible() const { return framesVisible_; }
  void setGridVisible(bool visible);
  // the ground grid's lines (nullptr before a model is shown)
  vtkActor* gridActor() const;

  void resetView();  // isometric, everything in view
  void
  fitView();  // everything in view (the whole motion when a run is shown), keeping the direction
  void setStandardView(StandardView view);
  // "up" in the world (against gravity; z without gravity)
  Vec3 up() const { return up_; }

  // zooms towards (factor > 1) or away from the point under a widget position, as the wheel does
  void zoomAt(const QPointF& position, double factor);
  // the display rectangle (pixels of the widget, origin top left) a world point is drawn at
  QPointF project(const Vec3& p_W) const;
  // the extent on the widget of every body's solid at the poses shown now (with bodiesOnly false:
  // of every glyph that counts for fitting, joints and distance rods included)
  QRectF bodiesOnScreen(bool bodiesOnly = true) const;

  // the next click picks a point on a surface (surfacePicked) instead of an element; off cancels
  void setSurfacePick(bool on);
  bool surfacePickPending() const { return surfacePick_; }
  // picks the surface at a widget position now: false when nothing is there
  bool pickSurface(const QPoint& position, Vec3& p_W, Vec3& normal_W) const;
  // the symbol of a joint being placed (joint_symbol.h), drawn over the mechanism in the world
  // frame until replaced; empty: none
  void setJointPreview(std::vector<Glyph> glyphs);
  const std::vector<Glyph>& jointPreview() const { return preview_; }

  QImage grabImage();
  // Video frames: the camera held still (no zooming out as bodies move, no refit on a resize),
  // fitted once to the whole motion for frames of the given aspect (width / height); off restores
  // the camera as it was.
  void holdCameraForFrames(bool hold, double aspect = 0.0);
  bool cameraHeld() const { return cameraHeld_; }
  // the view rendered at another size (a video frame), caption included
  QImage renderImage(const QSize& size);
  // renders so far (frame-rate measurements)
  long renderCount() const;
  VtkWidget* vtkWidget() const { return vtk_; }

 signals:
  // a click on an element (its JSON path) or on the background ("")
  void picked(const QString& jsonPath);
  // a click in surface-pick mode: the world point and the surface normal there
  void surfacePicked(const QVector3D& p_W, const QVector3D& normal_W);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void rebuildGrid(const std::vector<Vec3>& content);
  void placeTriad();
  void pick(const QPoint& position);
  void render();
  void keepInView();
  // what is shown now (mechanism and ghost, glyph boxes), plus the motion and the traced path
  // when given
  std::vector<Vec3> contentPoints(bool withMotion) const;
  void fitTo(const std::vector<Vec3>& points);
  double aspect() const;

  VtkWidget* vtk_;
  std::unique_ptr<MechanismActors> mechanism_, ghost_;
  std::unique_ptr<TraceActors> trace_;
  vtkSmartPointer<vtkActor> grid_;
  vtkSmartPointer<vtkActor> previewActor_;  // the joint preview's, nullptr while there is none
  std::vector<Glyph> preview_;
  BodyMeshes meshes_;
  vtkSmartPointer<vtkOrientationMarkerWidget> triad_;
  QString selection_;
  bool framesVisible_ = false;
  bool gridVisible_ = true;
  double fittedScale_ = 0.0;
  Vec3 up_ = Vec3::UnitZ();
  QPoint pressPosition_;
  bool followMotion_ = true;
  bool surfacePick_ = false;
  bool cameraHeld_ = false;
  vtkSmartPointer<vtkCamera> heldFrom_;    // the camera before it was held
  BodyPoses poses_;                        // shown now
  BodyPoses ghostPoses_;                   // of the ghost, shown now
  std::vector<Vec3> motion_;               // corners of the glyph boxes over a run's motion
  double fitted_[6] = {0, 0, 0, 0, 0, 0};  // bounds the camera was last fitted to
  double seen_[6] = {0, 0, 0, 0, 0, 0};    // bounds of everything shown since
};

}  // namespace mbw::ui
