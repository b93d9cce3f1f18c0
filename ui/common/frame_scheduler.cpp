#include "frame_scheduler.h"

#include <algorithm>
#include <vector>

namespace mbw::ui {
namespace {

// the interval of the ticks, about one per screen refresh
constexpr int kTickMs = 16;
// a tick this late on average (ms) means the thread is waiting for a core
constexpr double kStarvedMs = 4.0;
// while starved: an element waits this many times the lateness between two draws, at most the
// longest
constexpr double kLateFactor = 6.0;
constexpr double kLongestPeriodMs = 250.0;
// weight of the latest tick in the average lateness
constexpr double kLateWeight = 0.25;

}  // namespace

// ticks while something waits to be drawn
FrameScheduler::FrameScheduler(QObject* parent) : QObject(parent) {
  timer_.setObjectName("frameScheduler");
  timer_.setInterval(kTickMs);
  connect(&timer_, &QTimer::timeout, this, &FrameScheduler::tick);
  clock_.start();
}

// a drawing function, under a handle
int FrameScheduler::add(std::function<void()> draw) {
  items_[nextHandle_].draw = std::move(draw);
  return nextHandle_++;
}

void FrameScheduler::remove(int handle) { items_.erase(handle); }

// a draw wanted at the next tick; the ticks start again if they had stopped
void FrameScheduler::request(int handle) {
  // a pending request stays where it is in the queue
  auto it = items_.find(handle);
  if (it == items_.end() || it->second.pending) return;
  it->second.pending = true;
  it->second.requestedAt = clock_.elapsed();
  // the ticks start again, with no lateness measured yet
  if (!timer_.isActive()) {
    tickStart_ = tickEnd_ = -1;
    timer_.start();
  }
}

// the least time between two draws of one element: none while the thread gets its core, more
// the later the ticks come
double FrameScheduler::minimumPeriodMs() const {
  return lateMs_ > kStarvedMs ? std::min(kLongestPeriodMs, kLateFactor * lateMs_) : 0.0;
}

void FrameScheduler::tick() {
  // how late this tick comes: beyond a tick's interval after the last one began, or after it
  // ended when it took longer (the work of the last tick is not lateness)
  const qint64 now = clock_.elapsed();
  if (tickStart_ >= 0) {
    const double late = static_cast<double>(now - std::max(tickStart_ + kTickMs, tickEnd_));
    lateMs_ += kLateWeight * (std::max(0.0, late) - lateMs_);
  }
  tickStart_ = now;
  // the oldest requests first, those drawn too recently for the pace wait
  const double period = minimumPeriodMs();
  std::vector<std::pair<qint64, int>> pending;
  bool waiting = false;
  for (const auto& [handle, item] : items_) {
    if (!item.pending) continue;
    if (static_cast<double>(now - item.drawnAt) < period)
      waiting = true;
    else
      pending.emplace_back(item.requestedAt, handle);
  }
  // nothing to draw, nothing waiting: the ticks stop
  if (pending.empty() && !waiting) {
    timer_.stop();
    return;
  }
  std::sort(pending.begin(), pending.end());
  QElapsedTimer spent;
  spent.start();
  bool drewOne = false;
  // the oldest first; a first one always draws
  for (const auto& [requestedAt, handle] : pending) {
    auto it = items_.find(handle);
    if (it == items_.end()) continue;
    Item& item = it->second;
    // the next one waits for the next tick when its last draw would overrun the budget, or, on a
    // starved thread, always
    if (drewOne && (period > 0.0 || spent.elapsed() + item.lastMs > budgetMs_)) break;
    // each draw timed, for the budget of the next tick
    QElapsedTimer took;
    took.start();
    item.pending = false;
    item.drawnAt = clock_.elapsed();
    item.draw();
    item.lastMs = took.elapsed();
    ++draws_;
    drewOne = true;
  }
  tickEnd_ = clock_.elapsed();
}

// everything pending drawn now (before a screenshot)
void FrameScheduler::flush() {
  for (auto& [handle, item] : items_) {
    if (!item.pending) continue;
    item.pending = false;
    item.drawnAt = clock_.elapsed();
    item.draw();
    ++draws_;
  }
}

}  // namespace mbw::ui
