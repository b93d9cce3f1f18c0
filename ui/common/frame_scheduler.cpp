#include "frame_scheduler.h"

#include <algorithm>
#include <vector>

namespace mbw::ui {

FrameScheduler::FrameScheduler(QObject* parent) : QObject(parent) {
  timer_.setObjectName("frameScheduler");
  timer_.setInterval(16);
  connect(&timer_, &QTimer::timeout, this, &FrameScheduler::tick);
  clock_.start();
}

int FrameScheduler::add(std::function<void()> draw) {
  items_[nextHandle_].draw = std::move(draw);
  return nextHandle_++;
}

void FrameScheduler::remove(int handle) { items_.erase(handle); }

void FrameScheduler::request(int handle) {
  auto it = items_.find(handle);
  if (it == items_.end() || it->second.pending) return;
  it->second.pending = true;
  it->second.requestedAt = clock_.elapsed();
  if (!timer_.isActive()) timer_.start();
}

void FrameScheduler::tick() {
  // the oldest requests first
  std::vector<std::pair<qint64, int>> pending;
  for (const auto& [handle, item] : items_)
    if (item.pending) pending.emplace_back(item.requestedAt, handle);
  if (pending.empty()) {
    timer_.stop();
    return;
  }
  std::sort(pending.begin(), pending.end());
  QElapsedTimer spent;
  spent.start();
  bool drewOne = false;
  for (const auto& [requestedAt, handle] : pending) {
    auto it = items_.find(handle);
    if (it == items_.end()) continue;
    Item& item = it->second;
    // the next one waits for the next tick when its last draw would overrun the budget
    if (drewOne && spent.elapsed() + item.lastMs > budgetMs_) break;
    QElapsedTimer took;
    took.start();
    item.pending = false;
    item.draw();
    item.lastMs = took.elapsed();
    ++draws_;
    drewOne = true;
  }
}

void FrameScheduler::flush() {
  for (auto& [handle, item] : items_) {
    if (!item.pending) continue;
    item.pending = false;
    item.draw();
    ++draws_;
  }
}

}  // namespace mbw::ui
