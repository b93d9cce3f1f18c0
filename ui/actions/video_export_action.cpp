#include "video_export_action.h"

#include <QAction>
#include <QBuffer>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QImage>
#include <QMessageBox>
#include <QProcess>
#include <QProgressDialog>
#include <QSettings>
#include <QStandardPaths>
#include <cmath>

#include "playback_controller.h"
#include "run_library.h"
#include "scene_view.h"

namespace mbw::ui {

VideoExportAction::VideoExportAction(RunLibrary& runs, PlaybackController& playback, SceneView& view, QWidget& window)
    : QObject(&window), runs_(runs), playback_(playback), view_(view), window_(window) {
  action_ = new QAction(tr("Export playback as &video..."), this);
  action_->setToolTip(tr("The 3D view of the current run, frame by frame, as an MP4 video (ffmpeg) or PNG frames"));
  connect(action_, &QAction::triggered, this, &VideoExportAction::run);
  auto update = [this] {
    const Run* run = runs_.find(runs_.currentId());
    action_->setEnabled(run && !run->live() && run->results.rowCount() > 1);
  };
  for (auto signal : {&RunLibrary::currentChanged, &RunLibrary::runFinished, &RunLibrary::runRemoved})
    connect(&runs_, signal, this, update);
  update();
}

QString VideoExportAction::ffmpeg() { return QStandardPaths::findExecutable("ffmpeg"); }

int VideoExportAction::exportVideo(const VideoSettings& s, QString* error, const std::function<bool(int, int)>& progress) {
  const Run* run = runs_.find(runs_.currentId());
  if (!run || run->results.rowCount() < 2) {
    if (error) *error = tr("There is no run to play back.");
    return -1;
  }
  const bool mp4 = s.path.endsWith(".mp4", Qt::CaseInsensitive);
  if (mp4 && ffmpeg().isEmpty()) {
    if (error) *error = tr("ffmpeg is not installed: export PNG frames to a directory instead (or install ffmpeg).");
    return -1;
  }
  if (!mp4 && !QDir().mkpath(s.path)) {
    if (error) *error = tr("Cannot create the directory %1").arg(s.path);
    return -1;
  }
  // one frame per 1/fps s of video: speed/fps s of simulated time, the last frame at the end
  const double span = playback_.end() - playback_.start();
  const int frames = std::max(1, static_cast<int>(std::floor(span / s.speed * s.fps + 1e-9))) + 1;
  QProcess encoder;
  if (mp4) {
    encoder.setProgram(ffmpeg());
    // PNG frames on stdin; H.264 in yuv420p wants even sizes: an odd last row or column is left
    // out (padding drew a black line there, and its colour bled into the row above)
    encoder.setArguments({"-y", "-loglevel", "error", "-f", "image2pipe", "-framerate", QString::number(s.fps),
                          "-c:v", "png", "-i", "-", "-vf", "crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0", "-c:v", "libx264",
                          "-pix_fmt", "yuv420p", "-movflags", "+faststart", s.path});
    encoder.start();
    if (!encoder.waitForStarted(10000)) {
      if (error) *error = tr("Cannot start ffmpeg: %1").arg(encoder.errorString());
      return -1;
    }
  }
  const bool wasPlaying = playback_.playing();
  const double before = playback_.time();
  playback_.setPlaying(false);
  int written = 0;
  QString failure;
  for (int k = 0; k < frames; ++k) {
    playback_.setTime(std::min(playback_.end(), playback_.start() + k * s.speed / s.fps));
    const QImage frame = view_.grabImage();
    if (mp4) {
      QByteArray png;
      QBuffer buffer(&png);
      buffer.open(QIODevice::WriteOnly);
      frame.save(&buffer, "PNG");
      if (encoder.write(png) != png.size() || !encoder.waitForBytesWritten(30000)) {
        failure = tr("ffmpeg stopped taking frames: %1").arg(QString::fromUtf8(encoder.readAllStandardError()));
        break;
      }
    } else if (!frame.save(QDir(s.path).filePath(QString("frame_%1.png").arg(k + 1, 5, 10, QChar('0'))), "PNG")) {
      failure = tr("Cannot write the frames in %1").arg(s.path);
      break;
    }
    ++written;
    if (progress && !progress(written, frames)) {
      failure = tr("cancelled");
      break;
    }
  }
  if (mp4) {
    encoder.closeWriteChannel();
    encoder.waitForFinished(120000);
    if (failure.isEmpty() && (encoder.exitStatus() != QProcess::NormalExit || encoder.exitCode() != 0))
      failure = tr("ffmpeg failed: %1").arg(QString::fromUtf8(encoder.readAllStandardError()).trimmed());
    if (!failure.isEmpty()) QFile::remove(s.path);
  }
  playback_.setTime(before);
  playback_.setPlaying(wasPlaying);
  if (!failure.isEmpty()) {
    if (error) *error = failure;
    return -1;
  }
  return written;
}

VideoSettingsDialog::VideoSettingsDialog(const VideoSettings& initial, QWidget* parent)
    : QDialog(parent), fps_(new QDoubleSpinBox(this)), speed_(new QDoubleSpinBox(this)),
      frames_(new QCheckBox(tr("PNG frames in a directory instead of an MP4 file"), this)) {
  setWindowTitle(tr("Export playback as video"));
  fps_->setRange(1.0, 240.0);
  fps_->setValue(initial.fps);
  fps_->setSuffix(tr(" frames/s"));
  speed_->setDecimals(3);
  speed_->setRange(0.001, 1000.0);
  speed_->setValue(initial.speed);
  speed_->setSuffix(tr(" \u00d7 real time"));
  speed_->setToolTip(tr("Simulated seconds per second of video"));
  const bool noFfmpeg = VideoExportAction::ffmpeg().isEmpty();
  frames_->setChecked(noFfmpeg || !initial.path.endsWith(".mp4", Qt::CaseInsensitive));
  frames_->setEnabled(!noFfmpeg);
  if (noFfmpeg) frames_->setToolTip(tr("ffmpeg is not installed: only PNG frames can be written"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Frame rate"), fps_);
  form->addRow(tr("Speed"), speed_);
  form->addRow(frames_);
  form->addRow(buttons);
}

double VideoSettingsDialog::fps() const { return fps_->value(); }
double VideoSettingsDialog::speed() const { return speed_->value(); }
bool VideoSettingsDialog::pngFrames() const { return frames_->isChecked(); }

VideoSettingsDialog* VideoExportAction::settingsDialog(const VideoSettings& settings) {
  return new VideoSettingsDialog(settings, &window_);
}

void VideoExportAction::run() {
  VideoSettingsDialog dialog({".mp4", QSettings().value("video/fps", 30.0).toDouble(), playback_.speed()}, &window_);
  if (dialog.exec() != QDialog::Accepted) return;
  QSettings().setValue("video/fps", dialog.fps());

  const QString dir = QSettings().value("export/directory", QDir::homePath()).toString();
  const Run* run = runs_.find(runs_.currentId());
  const QString base = run ? run->sceneName() + "_" + QString::fromStdString(run->settings.integrator) : QString("playback");
  const QString path = dialog.pngFrames()
                           ? QFileDialog::getExistingDirectory(&window_, tr("Directory for the PNG frames"), dir)
                           : QFileDialog::getSaveFileName(&window_, tr("Export video"), QDir(dir).filePath(base + ".mp4"),
                                                          tr("MP4 videos (*.mp4)"));
  if (path.isEmpty()) return;
  QProgressDialog progress(tr("Rendering the frames..."), tr("Cancel"), 0, 100, &window_);
  progress.setWindowModality(Qt::WindowModal);
  progress.setMinimumDuration(300);
  QString error;
  const int written = exportVideo({path, dialog.fps(), dialog.speed()}, &error, [&](int k, int n) {
    progress.setMaximum(n);
    progress.setValue(k);
    return !progress.wasCanceled();
  });
  if (written < 0) QMessageBox::warning(&window_, tr("Export video"), error);
}

}  // namespace mbw::ui
