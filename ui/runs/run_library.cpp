#include "run_library.h"

#include <QFile>
#include <algorithm>

#include "style.h"

namespace mbw::ui {

RunLibrary::~RunLibrary() = default;

// --- adding, restoring and removing runs ---------------------------------------------------------

// rows kept per run: the memory budget over the row's bytes, at least a thousand
size_t RunLibrary::rowLimit(int columns) {
  return std::max<size_t>(
      1000, kRunMemoryBudget / (sizeof(double) * static_cast<size_t>(std::max(columns, 1))));
}

// a new run gets the next number, a file for its rows and its colour; current when it is in scope
Run& RunLibrary::add(RunRequest request) {
  auto run = std::make_unique<Run>();
  run->id = nextId_++;
  // its rows go to a file in the library's data folder
  if (dataDir_.isValid())
    run->dataPath = dataDir_.filePath(QString("run-%1.csv").arg(run->id)).toStdString();
  // the request's model, settings and scene, and a colour of the series palette
  run->model = std::move(request.model);
  run->settings = std::move(request.settings);
  run->sceneKey = std::move(request.sceneKey);
  run->sceneText = std::move(request.sceneText);
  run->color = plot::seriesColor(run->id - 1);
  // added to the library and announced
  Run& r = *run;
  runs_.push_back(std::move(run));
  emit runAdded(r.id);
  if (inScope(r)) setCurrent(r.id);
  return r;
}

// a run read back from a session: its number kept unless it is taken
Run& RunLibrary::restore(std::unique_ptr<Run> run) {
  // a number taken (or none) gets the next free one
  if (run->id <= 0 || find(run->id)) run->id = nextId_;
  nextId_ = std::max(nextId_, run->id + 1);
  if (!run->color.isValid()) run->color = plot::seriesColor(run->id - 1);
  // added without becoming current (the session sets the current run)
  Run& r = *run;
  runs_.push_back(std::move(run));
  emit runAdded(r.id);
  return r;
}

// a live run stays; a removed one takes its file along, and the current run moves to the latest
// in scope
void RunLibrary::remove(int id) {
  const auto it =
      std::find_if(runs_.begin(), runs_.end(), [&](const auto& r) { return r->id == id; });
  // an unknown or live run is not removed
  if (it == runs_.end() || (*it)->live()) return;
  // its rows' file goes with it
  if (!(*it)->dataPath.empty()) QFile::remove(QString::fromStdString((*it)->dataPath));
  runs_.erase(it);
  // the reference and the current run move off the removed one
  if (referenceId_ == id) setReference(-1);
  if (currentId_ == id) {
    const std::vector<const Run*> scope = scopeRuns();
    setCurrent(scope.empty() ? -1 : scope.back()->id);
  }
  emit runRemoved(id);
}

// --- finding runs, and the scope of the open scene -----------------------------------------------

// the run of a number, null for none
Run* RunLibrary::find(int id) {
  for (auto& r : runs_)
    if (r->id == id) return r.get();
  return nullptr;
}

const Run* RunLibrary::find(int id) const { return const_cast<RunLibrary*>(this)->find(id); }

// the runs ticked to show, in scope
std::vector<const Run*> RunLibrary::shownRuns() const {
  std::vector<const Run*> shown;
  for (const auto& r : runs_)
    if (r->shown && inScope(*r)) shown.push_back(r.get());
  return shown;
}

// the runs in scope: those of the open scene, and others with the same bodies when asked for
std::vector<const Run*> RunLibrary::scopeRuns() const {
  std::vector<const Run*> scope;
  for (const auto& r : runs_)
    if (inScope(*r)) scope.push_back(r.get());
  return scope;
}

// another scene's run compares when its bodies are those of the open scene, by name and order
bool RunLibrary::sameBodies(const Run& run) const {
  // the same count, then the same names in the same order
  if (!activeModel_ || !run.model || run.model->bodyCount() != activeModel_->bodyCount())
    return false;
  for (int b = 0; b < activeModel_->bodyCount(); ++b)
    if (run.model->bodies[b].name != activeModel_->bodies[b].name) return false;
  return true;
}

bool RunLibrary::inScope(const Run& run) const {
  if (run.sceneKey == activeScene_) return true;
  return otherScenes_ && sameBodies(run);
}

// the open scene changes, or its model
void RunLibrary::setActiveScene(const QString& key, std::shared_ptr<const Model> model) {
  activeScene_ = key;
  activeModel_ = std::move(model);
  updateScope();
}

void RunLibrary::setActiveModel(std::shared_ptr<const Model> model) {
  // another scene's runs are in scope by their bodies, which the model gives
  activeModel_ = std::move(model);
  if (otherScenes_) updateScope();
}

// a scene saved under another name takes its runs along
void RunLibrary::rekeyScene(const QString& from, const QString& to) {
  if (from == to) return;
  for (auto& r : runs_)
    if (r->sceneKey == from) r->sceneKey = to;
  if (activeScene_ == from) activeScene_ = to;
  updateScope();
}

// runs of other scenes with the same bodies, included or not
void RunLibrary::setOtherScenesShown(bool shown) {
  if (otherScenes_ == shown) return;
  otherScenes_ = shown;
  updateScope();
}

// the current run and the reference stay when they are in scope; otherwise the latest run in scope
// becomes current and the reference is cleared
void RunLibrary::updateScope() {
  const Run* current = find(currentId_);
  const std::vector<const Run*> scope = scopeRuns();
  if (!current || !inScope(*current)) {
    currentId_ = scope.empty() ? -1 : scope.back()->id;
    emit currentChanged(currentId_);
  }
  // a reference out of scope is cleared
  const Run* ref = find(referenceId_);
  if (ref && !inScope(*ref)) {
    referenceId_ = -1;
    emit referenceChanged(-1);
  }
  emit scopeChanged();
}

// --- the reference, the current run and their signals --------------------------------------------

// the reference, while it is in scope
const Run* RunLibrary::reference() const {
  const Run* r = find(referenceId_);
  return r && inScope(*r) ? r : nullptr;
}

void RunLibrary::setShown(int id, bool shown) {
  Run* r = find(id);
  if (!r || r->shown == shown) return;
  r->shown = shown;
  emit shownChanged(id);
}

void RunLibrary::setReference(int id) {
  // an unknown run cannot be the reference; -1 clears it
  if (id != -1 && !find(id)) return;
  if (referenceId_ == id) return;
  referenceId_ = id;
  emit referenceChanged(id);
}

void RunLibrary::setCurrent(int id) {
  if (currentId_ == id) return;
  currentId_ = id;
  emit currentChanged(id);
}

void RunLibrary::setPaused(int id, bool paused) {
  Run* r = find(id);
  if (!r || r->paused == paused) return;
  r->paused = paused;
  emit pausedChanged(id);
}

// the controller's news, passed to the listeners
void RunLibrary::notifyRowsAppended(int id) { emit rowsAppended(id); }

void RunLibrary::notifyFinished(int id) {
  // a finished run is no longer paused
  if (Run* r = find(id)) r->paused = false;
  emit runFinished(id);
}

}  // namespace mbw::ui
