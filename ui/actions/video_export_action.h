#pragma once
// Export the playback as a video: the 3D view of the current run rendered frame by frame at a
// chosen frame rate and playback speed, written as an MP4 file through ffmpeg (H.264) when ffmpeg
// is installed, or as a numbered PNG sequence in a directory (frame_00001.png, ...), which any
// video tool turns into a film. Long exports show their progress and can be cancelled; a cancelled
// or failed export leaves no partial MP4 behind.

#include <QDialog>
#include <QString>
#include <functional>

class QAction;
class QCheckBox;
class QDoubleSpinBox;
class QWidget;

namespace mbw::ui {

class PlaybackController;
class RunLibrary;
class SceneView;

struct VideoSettings {
  QString path;         // an .mp4 file, or a directory for PNG frames
  double fps = 30.0;    // frames per second of the video
  double speed = 1.0;   // simulated seconds per second of video
};

// asks for the frame rate, the speed and whether to write PNG frames instead of an MP4 file
class VideoSettingsDialog : public QDialog {
  Q_OBJECT

 public:
  VideoSettingsDialog(const VideoSettings& initial, QWidget* parent);
  double fps() const;
  double speed() const;
  bool pngFrames() const;

 private:
  QDoubleSpinBox* fps_;
  QDoubleSpinBox* speed_;
  QCheckBox* frames_;
};

class VideoExportAction : public QObject {
  Q_OBJECT

 public:
  VideoExportAction(RunLibrary& runs, PlaybackController& playback, SceneView& view, QWidget& window);
  QAction* action() const { return action_; }

  // ffmpeg's path ("" when it is not installed)
  static QString ffmpeg();
  // Renders the current run's playback and writes it; progress(frame, frames) returns false to
  // cancel. Returns the number of frames written, or -1 with *error.
  int exportVideo(const VideoSettings& settings, QString* error,
                  const std::function<bool(int, int)>& progress = {});
  // the settings dialog as the action shows it, filled with these settings (for pictures)
  VideoSettingsDialog* settingsDialog(const VideoSettings& settings);

 private:
  void run();

  RunLibrary& runs_;
  PlaybackController& playback_;
  SceneView& view_;
  QWidget& window_;
  QAction* action_;
};

}  // namespace mbw::ui
