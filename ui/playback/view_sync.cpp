#include "view_sync.h"

#include <cmath>

#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_panel.h"
#include "pose_track.h"
#include "run_library.h"
#include "scene_document.h"
#include "scene_view.h"

namespace mbw::ui {

ViewSync::ViewSync(SceneDocument& doc, RunLibrary& runs, PlaybackController& playback, PlaybackBar& bar,
                   SceneView& view, PlotPanel& plots, QObject* parent)
    : QObject(parent), doc_(doc), runs_(runs), playback_(playback), bar_(bar), view_(view), plots_(plots) {
  connect(&doc_, &SceneDocument::modelChanged, this, &ViewSync::showScene);
  connect(&runs_, &RunLibrary::currentChanged, this, &ViewSync::showRun);
  connect(&runs_, &RunLibrary::rowsAppended, this, &ViewSync::onRows);
  connect(&runs_, &RunLibrary::runFinished, this, &ViewSync::onRows);
  connect(&runs_, &RunLibrary::runRemoved, this, [this](int id) { tracks_.erase(id); });
  connect(&playback_, &PlaybackController::timeChanged, this, &ViewSync::showTime);
  connect(&bar_, &PlaybackBar::ghostChanged, this, &ViewSync::updateGhost);
}

ViewSync::~ViewSync() = default;

void ViewSync::showScene() {
  const auto& model = doc_.model();
  if (!model) return;
  // a live run keeps the view
  const Run* current = runs_.find(runs_.currentId());
  if (showingRun_ && current && current->live()) return;
  showingRun_ = false;
  playback_.setPlaying(false);
  view_.setGhost(nullptr);
  view_.setModel(model);
  view_.setPoses(initialPoses(*model));
  view_.setCaption(QString::fromStdString(model->name) + tr(": initial poses, as in the scene"));
  plots_.setCursorTime(std::nan(""));
}

void ViewSync::showInitialStateChanges(std::shared_ptr<const Model> model, const BodyPoses& before,
                                       const BodyPoses& after) {
  showingRun_ = false;
  playback_.setPlaying(false);
  view_.setModel(model);
  view_.setPoses(after);
  view_.setGhost(model);
  view_.setGhostPoses(before);
  view_.setCaption(tr("consistent initial poses (solid); the scene's poses ghosted"));
}

const PoseTrack* ViewSync::track(const Run& run) {
  auto it = tracks_.find(run.id);
  if (it == tracks_.end() || !it->second->valid()) {
    if (run.results.columnCount() == 0) return nullptr;
    it = tracks_.insert_or_assign(run.id, std::make_unique<PoseTrack>(*run.model, run.results)).first;
  }
  return it->second->valid() ? it->second.get() : nullptr;
}

void ViewSync::showRun(int id) {
  const Run* run = runs_.find(id);
  if (!run) {
    showScene();
    return;
  }
  showingRun_ = true;
  view_.setModel(run->model);
  updateGhost();
  playback_.setRange(0.0, run->lastTime());
  playback_.setTime(run->live() ? run->lastTime() : playback_.end());
  showTime(playback_.time());
}

void ViewSync::onRows(int id) {
  const Run* run = runs_.find(id);
  if (!run || id != runs_.currentId()) return;
  const bool atEnd = playback_.time() >= playback_.end();
  playback_.setRange(0.0, run->lastTime());
  // a live run is followed as it goes, unless the user is looking back at an earlier time
  if (atEnd && !playback_.playing()) playback_.setTime(run->lastTime());
}

void ViewSync::showTime(double t) {
  const Run* run = runs_.find(runs_.currentId());
  if (!run) return;
  showingRun_ = true;
  QString caption = QString("t = %1 s   %2").arg(t, 0, 'f', 3).arg(run->label());
  if (const PoseTrack* pt = track(*run)) view_.setPoses(pt->posesAt(run->results, PoseTrack::rowAt(run->results, t)));
  if (const Run* ghost = runs_.find(bar_.ghostId()); ghost && ghost->id != run->id) {
    if (const PoseTrack* gt = track(*ghost))
      view_.setGhostPoses(gt->posesAt(ghost->results, PoseTrack::rowAt(ghost->results, t)));
    caption += tr("\nghosted: ") + ghost->label();
  }
  if (run->live()) caption += tr("   (running)");
  view_.setCaption(caption);
  plots_.setCursorTime(run->live() ? std::nan("") : t);
}

void ViewSync::updateGhost() {
  const Run* ghost = runs_.find(bar_.ghostId());
  view_.setGhost(ghost && ghost->id != runs_.currentId() ? ghost->model : nullptr);
  showTime(playback_.time());
}

}  // namespace mbw::ui
