#pragma once
// Playback of recorded runs: a time within [start, end], advanced in real time times a speed
// factor by a 30 Hz timer while playing, optionally looping.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace mbw::ui {

class PlaybackController : public QObject {
  Q_OBJECT

 public:
  explicit PlaybackController(QObject* parent = nullptr);

  void setRange(double start, double end);
  double start() const { return start_; }
  double end() const { return end_; }
  double time() const { return time_; }
  void setTime(double t);
  bool playing() const { return timer_.isActive(); }
  void setPlaying(bool playing);
  double speed() const { return speed_; }
  void setSpeed(double speed) { speed_ = speed; }
  bool loop() const { return loop_; }
  void setLoop(bool loop) { loop_ = loop; }

 signals:
  void timeChanged(double t);
  void playingChanged(bool playing);
  void rangeChanged(double start, double end);

 private:
  void tick();

  QTimer timer_;
  QElapsedTimer clock_;
  double start_ = 0.0, end_ = 0.0, time_ = 0.0;
  double speed_ = 1.0;
  bool loop_ = false;
};

}  // namespace mbw::ui
