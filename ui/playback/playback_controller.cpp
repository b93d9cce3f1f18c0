#include "playback_controller.h"

#include <algorithm>
#include <cmath>

namespace mbw::ui {

PlaybackController::PlaybackController(QObject* parent) : QObject(parent) {
  timer_.setInterval(33);
  connect(&timer_, &QTimer::timeout, this, &PlaybackController::tick);
}

void PlaybackController::setRange(double start, double end) {
  start_ = start;
  end_ = std::max(start, end);
  emit rangeChanged(start_, end_);
  if (time_ < start_ || time_ > end_) setTime(std::clamp(time_, start_, end_));
}

void PlaybackController::setTime(double t) {
  time_ = std::clamp(t, start_, end_);
  emit timeChanged(time_);
}

void PlaybackController::setPlaying(bool playing) {
  if (playing == this->playing()) return;
  if (playing) {
    if (time_ >= end_) time_ = start_;  // play again from the start
    clock_.start();
    timer_.start();
  } else {
    timer_.stop();
  }
  emit playingChanged(playing);
}

void PlaybackController::tick() {
  const double dt = 1e-3 * static_cast<double>(clock_.restart()) * speed_;
  double t = time_ + dt;
  if (t >= end_) {
    if (loop_ && end_ > start_) {
      t = start_ + std::fmod(t - start_, end_ - start_);
    } else {
      setTime(end_);
      setPlaying(false);
      return;
    }
  }
  setTime(t);
}

}  // namespace mbw::ui
