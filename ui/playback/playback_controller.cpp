#include "playback_controller.h"

#include <algorithm>
#include <cmath>

namespace mbw::ui {

// a tick about 30 times a second while playing
PlaybackController::PlaybackController(QObject* parent) : QObject(parent) {
  timer_.setInterval(33);
  connect(&timer_, &QTimer::timeout, this, &PlaybackController::tick);
}

// the run's span; the time brought inside it
void PlaybackController::setRange(double start, double end) {
  start_ = start;
  end_ = std::max(start, end);
  emit rangeChanged(start_, end_);
  // a time outside the new span moves to its nearest end
  if (time_ < start_ || time_ > end_) setTime(std::clamp(time_, start_, end_));
}

// a time within the span, announced
void PlaybackController::setTime(double t) {
  time_ = std::clamp(t, start_, end_);
  emit timeChanged(time_);
}

// playing starts over from the start when at the end
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

// playback time advances with the wall clock times the speed; at the end it loops or stops
void PlaybackController::tick() {
  // the wall time since the last tick, times the speed
  const double dt = 1e-3 * static_cast<double>(clock_.restart()) * speed_;
  double t = time_ + dt;
  if (t >= end_) {
    // past the end: round again when looping, else stop at the end
    if (loop_ && end_ > start_) {
      // the overshoot carried over from the start
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
