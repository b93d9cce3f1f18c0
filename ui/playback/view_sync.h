#pragma once
// Keeps the 3D view and the plot cursors on what the user is looking at: the scene being edited
// (its initial poses, following every valid edit), the live run (its latest recorded state), or a
// run played back (its state at the playback time, with a second run ghosted when chosen). It also
// previews consistent initial conditions: the projected poses, with the scene's ghosted behind.

#include <QObject>
#include <map>
#include <memory>

#include "body_pose.h"

namespace mbw::ui {

class PlaybackBar;
class PlaybackController;
class PlotPanel;
class PoseTrack;
class RunLibrary;
class SceneDocument;
class SceneView;
struct Run;

class ViewSync : public QObject {
  Q_OBJECT

 public:
  ViewSync(SceneDocument& doc, RunLibrary& runs, PlaybackController& playback, PlaybackBar& bar,
           SceneView& view, PlotPanel& plots, QObject* parent = nullptr);
  ~ViewSync() override;

  // the scene as edited, in its initial poses
  void showScene();
  // consistent initial conditions: projected poses, the scene's own ghosted
  void showInitialStateChanges(std::shared_ptr<const Model> model, const BodyPoses& before,
                               const BodyPoses& after);

 private:
  void showRun(int id);
  void onRows(int id);
  void showTime(double t);
  void updateGhost();
  // the 3D view frames the whole motion of the current run
  void fitMotion();
  // the path of the point the playback bar traces, over the current run
  void updateTrace();
  const PoseTrack* track(const Run& run);

  SceneDocument& doc_;
  RunLibrary& runs_;
  PlaybackController& playback_;
  PlaybackBar& bar_;
  SceneView& view_;
  PlotPanel& plots_;
  std::map<int, std::unique_ptr<PoseTrack>> tracks_;
  bool showingRun_ = false;
};

}  // namespace mbw::ui
