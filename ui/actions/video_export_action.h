#pragma once
// Export the playback as a video: the current run over a chosen time span, frame by frame at a
// chosen frame rate and speed, at a chosen size (720p, 1080p or the 3D view's own), optionally with
// the plots beside the 3D view (motion and curves together, their cursor following the time),
// written as an MP4 file through ffmpeg (H.264) when ffmpeg is installed, or as a numbered PNG
// sequence in a directory (frame_00001.png, ...). The camera is held still for the whole video
// (fitted once to the motion in the time span), and cursor B's ghost is left out of the frames.
// Long exports show their progress and can be cancelled; a cancelled or failed export leaves no
// partial MP4 behind.

#include <QDialog>
#include <QSize>
#include <QString>
#include <functional>
#include <limits>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QWidget;

namespace mbw::ui {

class PlaybackController;
class PlotPanel;
class RunLibrary;
class SceneView;

struct VideoSettings {
  enum class Size { View, P720, P1080 };
  QString path;        // an .mp4 file, or a directory for PNG frames
  double fps = 30.0;   // frames per second of the video
  double speed = 1.0;  // simulated seconds per second of video
  Size size = Size::View;
  // the simulated time span (clamped to the run's)
  double from = 0.0;
  double to = std::numeric_limits<double>::infinity();
  bool plots = false;  // the plots beside the 3D view
};

// "view", "720p", "1080p" (false for anything else)
bool parseVideoSize(const QString& text, VideoSettings::Size* size);
// the frame's size: 1280x720, 1920x1080, or the view's (its pixels)
QSize videoFrameSize(VideoSettings::Size size, const QSize& view);

// asks for the size, the time span, the frame rate, the speed, the plots beside the view and
// whether to write PNG frames instead of an MP4 file
class VideoSettingsDialog : public QDialog {
  Q_OBJECT

 public:
  // start, end: the run's time span; view: the 3D view's size
  VideoSettingsDialog(const VideoSettings& initial, double start, double end, const QSize& view,
                      QWidget* parent);
  VideoSettings settings() const;  // without the path
  bool pngFrames() const;

 private:
  void updateSummary();

  QComboBox* size_;
  QDoubleSpinBox* from_;
  QDoubleSpinBox* to_;
  QDoubleSpinBox* fps_;
  QDoubleSpinBox* speed_;
  QCheckBox* plots_;
  QCheckBox* frames_;
  QLabel* summary_;
};

class VideoExportAction : public QObject {
  Q_OBJECT

 public:
  VideoExportAction(RunLibrary& runs, PlaybackController& playback, SceneView& view,
                    PlotPanel& plots, QWidget& window);
  QAction* action() const { return action_; }

  // ffmpeg's path ("" when it is not installed)
  static QString ffmpeg();
  // Renders the current run's playback and writes it; progress(frame, frames) returns false to
  // cancel. Returns the number of frames written, or -1 with *error.
  int exportVideo(const VideoSettings& settings, QString* error,
                  const std::function<bool(int, int)>& progress = {});
  // one frame of the video at simulated time t, as exportVideo draws it (for tests and pictures);
  // the camera and cursor B as they are
  QImage frameAt(const VideoSettings& settings, double t);
  // the settings dialog as the action shows it, filled with these settings (for pictures)
  VideoSettingsDialog* settingsDialog(const VideoSettings& settings);

 private:
  void run();
  // the span to export within the run's (from, to), or why there is nothing to export (no run,
  // a span outside it, no ffmpeg for an MP4, a directory that cannot be made for PNG frames)
  QString exportRefusal(const VideoSettings& settings, double* from, double* to) const;
  // the 3D view's size in pixels
  QSize viewPixels() const;
  // the frame at the playback's time: the 3D view (and the plots beside it)
  QImage composeFrame(const VideoSettings& settings, const QSize& frame);

  RunLibrary& runs_;
  PlaybackController& playback_;
  SceneView& view_;
  PlotPanel& plots_;
  QWidget& window_;
  QAction* action_;
};

}  // namespace mbw::ui
