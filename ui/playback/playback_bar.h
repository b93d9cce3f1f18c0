#pragma once
// The playback controls under the 3D view: play/pause, a timeline slider, the time, the speed,
// loop, the run played back, a second run shown ghosted beside it, and a point whose path is
// traced.

#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace mbw::ui {

class PlaybackController;
class RunLibrary;

class PlaybackBar : public QWidget {
  Q_OBJECT

 public:
  PlaybackBar(PlaybackController& playback, RunLibrary& runs, QWidget* parent = nullptr);

  QAction* playAction() const { return play_; }
  // the run drawn ghosted with the current one (-1: none)
  int ghostId() const;
  void setGhostId(int id);
  // the point traced: "" for none, "body" (its frame origin) or "body.point" (a named point)
  QString tracePoint() const;
  bool setTracePoint(const QString& point);

 signals:
  void ghostChanged(int id);
  void traceChanged(const QString& point);

 private:
  void fillRuns();
  void fillTracePoints();
  void showTime(double t);

  PlaybackController& playback_;
  RunLibrary& runs_;
  QAction* play_;
  QToolButton* playButton_;
  QSlider* slider_;
  QLabel* time_;
  QComboBox* speed_;
  QCheckBox* loop_;
  QComboBox* run_;
  QComboBox* ghost_;
  QComboBox* trace_;
  bool updating_ = false;
};

}  // namespace mbw::ui
