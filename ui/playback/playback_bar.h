#pragma once
// The playback controls under the 3D view: play/pause, a timeline slider, the time, the speed,
// loop, the run played back and a second run shown ghosted beside it.

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

 signals:
  void ghostChanged(int id);

 private:
  void fillRuns();
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
  bool updating_ = false;
};

}  // namespace mbw::ui
