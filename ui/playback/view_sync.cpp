#include "view_sync.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "mesh_json.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_cursors.h"
#include "plot_panel.h"
#include "pose_track.h"
#include "run_library.h"
#include "scene_document.h"
#include "scene_view.h"

namespace mbw::ui {

// --- wiring the view to the scene, the runs and playback -----------------------------------------

ViewSync::ViewSync(SceneDocument& doc, RunLibrary& runs, PlaybackController& playback,
                   PlaybackBar& bar, SceneView& view, PlotPanel& plots, QObject* parent)
    : QObject(parent),
      doc_(doc),
      runs_(runs),
      playback_(playback),
      bar_(bar),
      view_(view),
      plots_(plots) {
  // a scene that loads is shown at its initial poses
  connect(&doc_, &SceneDocument::modelChanged, this, &ViewSync::showScene);
  // an edit the loader refuses leaves the last valid model in view: without what the edit removed
  connect(&doc_, &SceneDocument::changed, this, [this] {
    if (doc_.isValid() || showingRun_ || !doc_.model()) return;
    // the bodies still named in the scene; the rest hidden, the caption saying why
    std::set<std::string> kept, removed;
    if (doc_.json().contains("bodies") && doc_.json()["bodies"].is_array())
      for (const auto& b : doc_.json()["bodies"])
        if (b.is_object() && b.contains("name") && b["name"].is_string())
          kept.insert(b["name"].get<std::string>());
    for (const Body& b : doc_.model()->bodies)
      if (!kept.count(b.name)) removed.insert(b.name);
    view_.hideBodies(removed);
    view_.setCaption(QString::fromStdString(doc_.model()->name) +
                     tr(": as it last loaded (the scene has problems: see the model tree)"));
  });
  // the current run is shown; its new rows extend playback; a finished run frames its motion and
  // draws its trace
  connect(&runs_, &RunLibrary::currentChanged, this, &ViewSync::showRun);
  connect(&runs_, &RunLibrary::rowsAppended, this, &ViewSync::onRows);
  connect(&runs_, &RunLibrary::runFinished, this, [this](int id) {
    onRows(id);
    if (id != runs_.currentId()) return;
    fitMotion();
    updateTrace();
  });
  // a removed run's track goes
  connect(&runs_, &RunLibrary::runRemoved, this, [this](int id) { tracks_.erase(id); });
  // a pause or a resume changes the caption
  connect(&runs_, &RunLibrary::pausedChanged, this, [this] { showTime(playback_.time()); });
  // playback's time, the ghost and the trace drive what the view shows
  connect(&playback_, &PlaybackController::timeChanged, this, &ViewSync::showTime);
  connect(&bar_, &PlaybackBar::ghostChanged, this, &ViewSync::updateGhost);
  connect(&bar_, &PlaybackBar::traceChanged, this, &ViewSync::updateTrace);
  // a click in a plot moves the playback there; cursor B shows the run ghosted at its time
  connect(&plots_.cursors(), &PlotCursors::aRequested, this, [this](double t) {
    playback_.setPlaying(false);
    playback_.setTime(t);
  });
  connect(&plots_.cursors(), &PlotCursors::bChanged, this, &ViewSync::updateGhost);
}

ViewSync::~ViewSync() = default;

// --- the scene and its initial states ------------------------------------------------------------

void ViewSync::showScene() {
  const auto& model = doc_.model();
  if (!model) return;
  // a live run keeps the view
  const Run* current = runs_.find(runs_.currentId());
  if (showingRun_ && current && current->live()) return;
  // the scene's own: no ghost, motion or trace, its meshes, its initial poses
  showingRun_ = false;
  playback_.setPlaying(false);
  view_.setGhost(nullptr);
  view_.setMeshes(sceneMeshes(doc_.json(), doc_.filePath()));
  view_.setModel(model);
  view_.setMotion({});
  view_.setTrace({}, {});
  view_.setPoses(initialPoses(*model));
  view_.setCaption(QString::fromStdString(model->name) + tr(": initial poses, as in the scene"));
  plots_.setCursorTime(std::nan(""));
}

void ViewSync::showInitialStateChanges(std::shared_ptr<const Model> model, const BodyPoses& before,
                                       const BodyPoses& after) {
  // the consistent initial poses solid, the scene's own ghosted over them
  showingRun_ = false;
  playback_.setPlaying(false);
  view_.setMeshes(sceneMeshes(doc_.json(), doc_.filePath()));
  view_.setModel(model);
  view_.setPoses(after);
  view_.setGhost(model);
  view_.setGhostPoses(before);
  view_.setCaption(tr("consistent initial poses (solid); the scene's poses ghosted"));
}

// --- runs ----------------------------------------------------------------------------------------

// the poses of a run's rows, made once per run (again when its rows were thinned)
const PoseTrack* ViewSync::track(const Run& run) {
  auto it = tracks_.find(run.id);
  if (it == tracks_.end() || !it->second->valid()) {
    if (run.results.columnCount() == 0) return nullptr;
    // made (again) from the run's columns
    it = tracks_.insert_or_assign(run.id, std::make_unique<PoseTrack>(*run.model, run.results))
             .first;
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
  // the scene's meshes on its runs (a run of another scene has its shapes)
  view_.setMeshes(run->sceneKey == doc_.sceneKey() ? sceneMeshes(doc_.json(), doc_.filePath())
                                                   : BodyMeshes());
  // the run's model in the view, with its ghost
  view_.setModel(run->model);
  updateGhost();
  // playback over its span, at its end (a live run at its last row)
  playback_.setRange(0.0, run->lastTime());
  playback_.setTime(run->live() ? run->lastTime() : playback_.end());
  showTime(playback_.time());
  if (!run->live()) fitMotion();
  updateTrace();
}

void ViewSync::updateTrace() {
  // the traced point's path in the current run, drawn up to playback's time
  const Run* run = runs_.find(runs_.currentId());
  const QString point = bar_.tracePoint();
  const PoseTrack* pt = run ? track(*run) : nullptr;
  if (!pt || point.isEmpty()) {
    view_.setTrace({}, {});
    return;
  }
  // the body and the point in its frame (its origin when no point is named)
  const QString bodyName = point.section('.', 0, 0), pointName = point.section('.', 1);
  // the body of that name, and its named point
  int body = -1;
  Vec3 p_B = Vec3::Zero();
  for (int b = 0; b < run->model->bodyCount(); ++b)
    if (QString::fromStdString(run->model->bodies[b].name) == bodyName) {
      body = b;
      for (const auto& [name, p] : run->model->bodies[b].points)
        if (QString::fromStdString(name) == pointName) p_B = p;
    }
  // no such body: no trace
  if (body < 0) return;
  // every row of the run, at most a few thousand
  constexpr size_t kMaxPoints = 4000;
  const size_t rows = run->results.rowCount(), stride = std::max<size_t>(1, rows / kMaxPoints);
  std::vector<Vec3> path;
  std::vector<double> times;
  for (size_t k = 0; k < rows; k += stride) {
    // the point's world position at each row taken
    const BodyPose pose = pt->posesAt(run->results, k)[static_cast<size_t>(body)];
    path.push_back(pose.p_W + pose.R_WB * p_B);
    times.push_back(run->results.at(k, 0));
  }
  view_.setTrace(std::move(path), std::move(times));
  view_.setTraceTime(playback_.time());
}

void ViewSync::fitMotion() {
  // the motion of the current run, so that the view frames all of it
  const Run* run = runs_.find(runs_.currentId());
  const PoseTrack* pt = run ? track(*run) : nullptr;
  if (!pt) return;
  // poses spread over the run (every row of a short one)
  constexpr size_t kSamples = 80;
  const size_t rows = run->results.rowCount();
  std::vector<BodyPoses> samples;
  // sample k at an even share of the rows, the last at the last row
  for (size_t k = 0; k < std::min(rows, kSamples); ++k)
    samples.push_back(
        pt->posesAt(run->results, rows <= kSamples ? k : k * (rows - 1) / (kSamples - 1)));
  view_.setMotion(samples);
}

void ViewSync::onRows(int id) {
  // only the current run's rows count
  const Run* run = runs_.find(id);
  if (!run || id != runs_.currentId()) return;
  // whether playback stood at the end, before the span grows
  const bool atEnd = playback_.time() >= playback_.end();
  playback_.setRange(0.0, run->lastTime());
  // a live run is followed as it goes, unless the user is looking back at an earlier time
  if (atEnd && !playback_.playing()) playback_.setTime(run->lastTime());
}

// --- the time shown ------------------------------------------------------------------------------

void ViewSync::showTime(double t) {
  // the current run's poses at playback's time, with its caption
  const Run* run = runs_.find(runs_.currentId());
  if (!run) return;
  showingRun_ = true;
  QString caption = QString("t = %1 s   %2").arg(t, 0, 'f', 3).arg(run->label());
  // the current run's poses at the row of time t
  if (const PoseTrack* pt = track(*run))
    view_.setPoses(pt->posesAt(run->results, PoseTrack::rowAt(run->results, t)));
  view_.setTraceTime(t);
  // the ghost: the run chosen as ghost at the same time, else the current run at cursor B
  if (const Run* ghost = runs_.find(bar_.ghostId()); ghost && ghost->id != run->id) {
    if (const PoseTrack* gt = track(*ghost))
      view_.setGhostPoses(gt->posesAt(ghost->results, PoseTrack::rowAt(ghost->results, t)));
    caption += tr("\nghosted: ") + ghost->label();
  } else if (const double b = plots_.cursors().b(); std::isfinite(b)) {
    if (const PoseTrack* pt = track(*run))
      view_.setGhostPoses(pt->posesAt(run->results, PoseTrack::rowAt(run->results, b)));
    caption += tr("\nghosted: cursor B, t = %1 s").arg(b, 0, 'f', 3);
  }
  // a live run says whether it runs or is paused; the plots' cursor follows a finished run only
  if (run->live()) caption += run->paused ? tr("   (paused)") : tr("   (running)");
  view_.setCaption(caption);
  plots_.setCursorTime(run->live() ? std::nan("") : t);
}

void ViewSync::updateGhost() {
  // the ghost's model: the run chosen, the current run for cursor B, or none
  const Run* ghost = runs_.find(bar_.ghostId());
  const Run* current = runs_.find(runs_.currentId());
  if (ghost && ghost->id != runs_.currentId())
    view_.setGhost(ghost->model);
  else if (current && std::isfinite(plots_.cursors().b()))
    view_.setGhost(current->model);
  else
    view_.setGhost(nullptr);
  showTime(playback_.time());
}

}  // namespace mbw::ui
