#include "run_library.h"

#include <QFile>
#include <algorithm>

#include "style.h"

namespace mbw::ui {

RunLibrary::~RunLibrary() = default;

size_t RunLibrary::rowLimit(int columns) {
  return std::max<size_t>(1000, kRunMemoryBudget / (sizeof(double) * static_cast<size_t>(std::max(columns, 1))));
}

Run& RunLibrary::add(std::shared_ptr<const Model> model, RunSettings settings) {
  auto run = std::make_unique<Run>();
  run->id = nextId_++;
  if (dataDir_.isValid()) run->dataPath = dataDir_.filePath(QString("run-%1.csv").arg(run->id)).toStdString();
  run->model = std::move(model);
  run->settings = std::move(settings);
  run->color = plot::seriesColor(run->id - 1);
  Run& r = *run;
  runs_.push_back(std::move(run));
  emit runAdded(r.id);
  setCurrent(r.id);
  return r;
}

void RunLibrary::remove(int id) {
  const auto it = std::find_if(runs_.begin(), runs_.end(), [&](const auto& r) { return r->id == id; });
  if (it == runs_.end() || (*it)->live()) return;
  if (!(*it)->dataPath.empty()) QFile::remove(QString::fromStdString((*it)->dataPath));
  runs_.erase(it);
  if (referenceId_ == id) setReference(-1);
  if (currentId_ == id) setCurrent(runs_.empty() ? -1 : runs_.back()->id);
  emit runRemoved(id);
}

Run* RunLibrary::find(int id) {
  for (auto& r : runs_)
    if (r->id == id) return r.get();
  return nullptr;
}

const Run* RunLibrary::find(int id) const { return const_cast<RunLibrary*>(this)->find(id); }

std::vector<const Run*> RunLibrary::shownRuns() const {
  std::vector<const Run*> shown;
  for (const auto& r : runs_)
    if (r->shown) shown.push_back(r.get());
  return shown;
}

void RunLibrary::setShown(int id, bool shown) {
  Run* r = find(id);
  if (!r || r->shown == shown) return;
  r->shown = shown;
  emit shownChanged(id);
}

void RunLibrary::setReference(int id) {
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

void RunLibrary::notifyRowsAppended(int id) { emit rowsAppended(id); }

void RunLibrary::notifyFinished(int id) { emit runFinished(id); }

}  // namespace mbw::ui
