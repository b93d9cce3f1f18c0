#include "video_export_action.h"

#include <QAction>
#include <QBuffer>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QProcess>
#include <QProgressDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QHBoxLayout>
#include <algorithm>
#include <cmath>
#include <memory>
#include <qcustomplot.h>

#include "live_plot.h"
#include "playback_controller.h"
#include "plot_cursors.h"
#include "plot_panel.h"
#include "run_library.h"
#include "scene_view.h"
#include "vtk_widget.h"
#include "last_folder.h"

namespace mbw::ui {
namespace {

// --- frame sizes and counts ----------------------------------------------------------------------

// the part of a frame with plots that the 3D view takes, from the left
constexpr double kViewShare = 0.5;
// frames are drawn as a window 720 pixels high would draw them, scaled to the frame's height
constexpr double kReferenceHeight = 720.0;

// the frames of a span: one per 1/fps s of video (speed/fps s of simulated time), the last at its
// end
int frameCount(double from, double to, const VideoSettings& s) {
  return std::max(1, static_cast<int>(std::floor((to - from) / s.speed * s.fps + 1e-9))) + 1;
}

}  // namespace

// the video size as named in the settings and on the command line: view, 720p or 1080p
bool parseVideoSize(const QString& text, VideoSettings::Size* size) {
  if (text == "view")
    *size = VideoSettings::Size::View;
  else if (text == "720p")
    *size = VideoSettings::Size::P720;
  else if (text == "1080p")
    *size = VideoSettings::Size::P1080;
  else
    return false;
  return true;
}

// the frame size for a video size: a standard one, or the 3D view's own
QSize videoFrameSize(VideoSettings::Size size, const QSize& view) {
  switch (size) {
    case VideoSettings::Size::P720:
      return {1280, 720};
    case VideoSettings::Size::P1080:
      return {1920, 1080};
    case VideoSettings::Size::View:
      break;
  }
  // as it is (an MP4 leaves out an odd last row or column)
  return view;
}

// --- the action and its frames -------------------------------------------------------------------

VideoExportAction::VideoExportAction(RunLibrary& runs, PlaybackController& playback,
                                     SceneView& view, PlotPanel& plots, QWidget& window)
    : QObject(&window),
      runs_(runs),
      playback_(playback),
      view_(view),
      plots_(plots),
      window_(window) {
  // the action, in the File menu
  action_ = new QAction(tr("Export playback as &video..."), this);
  action_->setToolTip(
      tr("The current run as an MP4 video (ffmpeg) or PNG frames: 720p, 1080p or the view's size, "
         "a time span, the plots beside the 3D view if wished"));
  connect(action_, &QAction::triggered, this, &VideoExportAction::run);
  // enabled for a finished run of at least two rows
  auto update = [this] {
    const Run* run = runs_.find(runs_.currentId());
    action_->setEnabled(run && !run->live() && run->results.rowCount() > 1);
  };
  for (auto signal :
       {&RunLibrary::currentChanged, &RunLibrary::runFinished, &RunLibrary::runRemoved})
    connect(&runs_, signal, this, update);
  update();
}

QString VideoExportAction::ffmpeg() { return QStandardPaths::findExecutable("ffmpeg"); }

// a frame: the 3D view alone, or beside the plots under the key of the runs
QImage VideoExportAction::composeFrame(const VideoSettings& s, const QSize& frame) {
  // only the 3D view when no plots are wanted (or there are none)
  if (!s.plots || plots_.plots().empty()) return view_.renderImage(frame);
  // the 3D view on the left, the plots on the right under a key of the runs
  const int viewWidth = static_cast<int>(frame.width() * kViewShare) & ~1;
  const double scale = frame.height() / kReferenceHeight;
  // a white frame with the 3D view drawn into its left part
  QImage image(frame, QImage::Format_RGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.drawImage(0, 0, view_.renderImage(QSize(viewWidth, frame.height())));
  painter.setRenderHint(QPainter::Antialiasing);
  // the key of the runs above the plots: a colour box and the run's short label each, fonts and
  // sizes scaled to the frame
  QFont font("DejaVu Sans");
  font.setPixelSize(std::max(8, static_cast<int>(std::lround(13 * scale))));
  painter.setFont(font);
  // the key's strip at the top of the plots' side, its entries from the left
  const int keyHeight = static_cast<int>(std::lround(24 * scale));
  int x = viewWidth + static_cast<int>(8 * scale);
  // a box of the run's colour, then its label
  for (const Run* r : runs_.shownRuns()) {
    const int box = static_cast<int>(10 * scale);
    painter.fillRect(QRect(x, (keyHeight - box) / 2, box, box), r->color);
    x += box + static_cast<int>(4 * scale);
    painter.setPen(QColor(30, 30, 30));
    const QString label = r->shortLabel();
    painter.drawText(QRect(x, 0, frame.width() - x, keyHeight), Qt::AlignVCenter | Qt::AlignLeft,
                     label);
    // the next entry after the label and a gap
    x += painter.fontMetrics().horizontalAdvance(label) + static_cast<int>(14 * scale);
  }
  // the plots in a grid, each drawn at a size a window would give it, scaled to the frame
  const std::vector<LivePlot*>& plots = plots_.plots();
  const int n = static_cast<int>(plots.size());
  // one column up to three plots, two beyond
  const int columns = n > 3 ? 2 : 1, rows = (n + columns - 1) / columns;
  const QRect area(viewWidth, keyHeight, frame.width() - viewWidth, frame.height() - keyHeight);
  // each plot in its cell, drawn at the window's scale
  for (int k = 0; k < n; ++k) {
    // cell (r, c) of the area
    const int c = k % columns, r = k / columns;
    const QRect cell(area.left() + area.width() * c / columns,
                     area.top() + area.height() * r / rows, area.width() / columns,
                     area.height() / rows);
    // the plot drawn at the size a window of the frame's scale would give it, then scaled up
    const QPixmap pixmap = plots[static_cast<size_t>(k)]->customPlot()->toPixmap(
        static_cast<int>(cell.width() / scale), static_cast<int>(cell.height() / scale), scale);
    painter.drawPixmap(cell.topLeft(), pixmap);
  }
  return image;
}

// the 3D view's size in device pixels
QSize VideoExportAction::viewPixels() const {
  const QWidget* vtk = view_.vtkWidget();
  return (QSizeF(vtk->size()) * vtk->devicePixelRatioF()).toSize();
}

// one frame at a time of the run, as the export draws it
QImage VideoExportAction::frameAt(const VideoSettings& s, double t) {
  playback_.setTime(t);
  return composeFrame(s, videoFrameSize(s.size, viewPixels()));
}

// --- the export ----------------------------------------------------------------------------------

namespace {

// ffmpeg started on an MP4 file; "" or why it did not start
QString startEncoder(QProcess& encoder, const VideoSettings& s) {
  encoder.setProgram(VideoExportAction::ffmpeg());
  // PNG frames on stdin; H.264 in yuv420p wants even sizes: an odd last row or column is left
  // out (padding drew a black line there, and its colour bled into the row above)
  // ffmpeg's arguments: quiet, PNG frames at the frame rate from stdin, H.264 in an MP4 that
  // starts playing before it is whole
  encoder.setArguments({"-y",
                        "-loglevel",
                        "error",
                        "-f",
                        "image2pipe",
                        "-framerate",
                        QString::number(s.fps),
                        "-c:v",
                        "png",
                        "-i",
                        "-",
                        "-vf",
                        "crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0",
                        "-c:v",
                        "libx264",
                        "-pix_fmt",
                        "yuv420p",
                        "-movflags",
                        "+faststart",
                        s.path});
  // ffmpeg must start within ten seconds
  encoder.start();
  if (!encoder.waitForStarted(10000))
    return VideoExportAction::tr("Cannot start ffmpeg: %1").arg(encoder.errorString());
  return {};
}

// frame k (from 0) to ffmpeg as PNG bytes (an MP4's encoder), else as a numbered PNG file in
// s.path; "" or what failed
QString writeFrame(const QImage& frame, int k, const VideoSettings& s, QProcess* encoder) {
  if (encoder) {
    // encoded in memory as PNG, then written to ffmpeg's input
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    frame.save(&buffer, "PNG");
    if (encoder->write(png) != png.size() || !encoder->waitForBytesWritten(30000))
      return VideoExportAction::tr("ffmpeg stopped taking frames: %1")
          .arg(QString::fromUtf8(encoder->readAllStandardError()));
    return {};
  }
  if (!frame.save(QDir(s.path).filePath(QString("frame_%1.png").arg(k + 1, 5, 10, QChar('0'))),
                  "PNG"))
    return VideoExportAction::tr("Cannot write the frames in %1").arg(s.path);
  return {};
}

// ffmpeg finishes the file (its input closed, two minutes for it); the failure so far, else
// ffmpeg's own; a failed or cancelled video is removed
QString finishEncoder(QProcess& encoder, const VideoSettings& s, QString failure) {
  encoder.closeWriteChannel();
  encoder.waitForFinished(120000);
  if (failure.isEmpty() &&
      (encoder.exitStatus() != QProcess::NormalExit || encoder.exitCode() != 0))
    failure = VideoExportAction::tr("ffmpeg failed: %1")
                  .arg(QString::fromUtf8(encoder.readAllStandardError()).trimmed());
  if (!failure.isEmpty()) QFile::remove(s.path);
  return failure;
}

}  // namespace

// the span to export, within the run's, or why there is nothing to export
QString VideoExportAction::exportRefusal(const VideoSettings& s, double* from, double* to) const {
  // a run of at least two rows, a span that holds part of it
  const Run* run = runs_.find(runs_.currentId());
  if (!run || run->results.rowCount() < 2) return tr("There is no run to play back.");
  // the span asked for, within the run's
  *from = std::max(playback_.start(), s.from);
  *to = std::min(playback_.end(), s.to);
  if (!(*to > *from))
    return tr("The time span %1 to %2 s holds none of the run (%3 to %4 s).")
        .arg(s.from)
        .arg(s.to)
        .arg(playback_.start())
        .arg(playback_.end());
  // an MP4 needs ffmpeg; PNG frames need their directory
  const bool mp4 = s.path.endsWith(".mp4", Qt::CaseInsensitive);
  if (mp4 && ffmpeg().isEmpty())
    return tr(
        "ffmpeg is not installed: export PNG frames to a directory instead (or install ffmpeg).");
  // PNG frames: their directory made
  if (!mp4 && !QDir().mkpath(s.path)) return tr("Cannot create the directory %1").arg(s.path);
  return {};
}

int VideoExportAction::exportVideo(const VideoSettings& s, QString* error,
                                   const std::function<bool(int, int)>& progress) {
  // the span, or why there is nothing to export; an MP4's encoder started
  double from = 0.0, to = 0.0;
  QString failure = exportRefusal(s, &from, &to);
  const bool mp4 = s.path.endsWith(".mp4", Qt::CaseInsensitive);
  QProcess encoder;
  if (failure.isEmpty() && mp4) failure = startEncoder(encoder, s);
  if (!failure.isEmpty()) {
    if (error) *error = failure;
    return -1;
  }
  // how many frames, and of what size
  const int frames = frameCount(from, to, s);
  const QSize frameSize = videoFrameSize(s.size, viewPixels());
  // playback paused for the export, its time and state put back afterwards
  const bool wasPlaying = playback_.playing();
  const double before = playback_.time();
  playback_.setPlaying(false);
  // cursor B (and its ghost in the 3D view) out of the frames, to be put back
  PlotCursors& cursors = plots_.cursors();
  const double cursorB = cursors.b();
  if (cursors.hasB()) cursors.setB(std::nan(""));
  // the camera held still, fitted once to the motion for the 3D part's shape
  const double viewWidth =
      s.plots && !plots_.plots().empty() ? frameSize.width() * kViewShare : frameSize.width();
  view_.holdCameraForFrames(true, viewWidth / frameSize.height());
  int written = 0;
  // the frames: playback set to each frame's time, the frame composed and written
  for (int k = 0; k < frames; ++k) {
    // frame k at from + k speed / fps, never past the span's end
    playback_.setTime(std::min(to, from + k * s.speed / s.fps));
    failure = writeFrame(composeFrame(s, frameSize), k, s, mp4 ? &encoder : nullptr);
    if (!failure.isEmpty()) break;
    // the progress callback may cancel
    ++written;
    if (progress && !progress(written, frames)) {
      failure = tr("cancelled");
      break;
    }
  }
  // ffmpeg finishes the file; a failed or cancelled video is removed
  if (mp4) failure = finishEncoder(encoder, s, failure);
  // the camera, cursor B, playback time and state as they were
  view_.holdCameraForFrames(false);
  if (std::isfinite(cursorB)) cursors.setB(cursorB);
  playback_.setTime(before);
  playback_.setPlaying(wasPlaying);
  // the number of frames written, or -1 with the reason
  if (!failure.isEmpty()) {
    if (error) *error = failure;
    return -1;
  }
  return written;
}

// --- the settings dialog -------------------------------------------------------------------------

VideoSettingsDialog::VideoSettingsDialog(const VideoSettings& initial, double start, double end,
                                         const QSize& view, QWidget* parent)
    : QDialog(parent),
      size_(new QComboBox(this)),
      from_(new QDoubleSpinBox(this)),
      to_(new QDoubleSpinBox(this)),
      fps_(new QDoubleSpinBox(this)),
      speed_(new QDoubleSpinBox(this)),
      plots_(new QCheckBox(tr("the plots beside the 3D view"), this)),
      frames_(new QCheckBox(tr("PNG frames in a directory instead of an MP4 file"), this)),
      summary_(new QLabel(this)) {
  setWindowTitle(tr("Export playback as video"));
  // the sizes offered, the view's own with its pixels
  const QSize own = videoFrameSize(VideoSettings::Size::View, view);
  size_->addItem(tr("720p (1280 x 720)"), static_cast<int>(VideoSettings::Size::P720));
  size_->addItem(tr("1080p (1920 x 1080)"), static_cast<int>(VideoSettings::Size::P1080));
  size_->addItem(tr("the 3D view (%1 x %2)").arg(own.width()).arg(own.height()),
                 static_cast<int>(VideoSettings::Size::View));
  size_->setCurrentIndex(size_->findData(static_cast<int>(initial.size)));
  // the time span within the run's, in seconds
  for (QDoubleSpinBox* box : {from_, to_}) {
    box->setDecimals(3);
    box->setRange(start, end);
    box->setSuffix(tr(" s"));
  }
  // the span clamped to the run's
  from_->setValue(std::clamp(initial.from, start, end));
  to_->setValue(std::clamp(initial.to, start, end));
  from_->setToolTip(tr("Simulated time of the first frame"));
  to_->setToolTip(tr("Simulated time of the last frame"));
  // frame rate and speed
  fps_->setRange(1.0, 240.0);
  fps_->setValue(initial.fps);
  fps_->setSuffix(tr(" frames/s"));
  speed_->setDecimals(3);
  speed_->setRange(0.001, 1000.0);
  speed_->setValue(initial.speed);
  speed_->setSuffix(tr(" \u00d7 real time"));
  speed_->setToolTip(tr("Simulated seconds per second of video"));
  // the plots beside the view, and PNG frames instead of MP4 (the only choice without ffmpeg)
  plots_->setChecked(initial.plots);
  plots_->setToolTip(
      tr("The 3D view on the left, the plots as they are on the right, their cursor at the time "
         "shown"));
  // without ffmpeg only PNG frames can be written
  const bool noFfmpeg = VideoExportAction::ffmpeg().isEmpty();
  frames_->setChecked(
      noFfmpeg || (!initial.path.isEmpty() && !initial.path.endsWith(".mp4", Qt::CaseInsensitive)));
  frames_->setEnabled(!noFfmpeg);
  if (noFfmpeg) frames_->setToolTip(tr("ffmpeg is not installed: only PNG frames can be written"));
  summary_->setStyleSheet("color: #555;");
  // OK and Cancel
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  // the time span as "from ... to ..."
  auto* span = new QHBoxLayout;
  span->addWidget(from_);
  span->addWidget(new QLabel(tr("to"), this));
  span->addWidget(to_);
  // the rows of the form, then the summary and the buttons
  auto* form = new QFormLayout(this);
  form->addRow(tr("Size"), size_);
  form->addRow(tr("Time span"), span);
  form->addRow(tr("Speed"), speed_);
  form->addRow(tr("Frame rate"), fps_);
  form->addRow(plots_);
  form->addRow(frames_);
  form->addRow(summary_);
  form->addRow(buttons);
  // the summary follows every change
  for (QDoubleSpinBox* box : {from_, to_, fps_, speed_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &VideoSettingsDialog::updateSummary);
  updateSummary();
}

void VideoSettingsDialog::updateSummary() {
  // the number of frames and the length of the video, or why there is none
  const VideoSettings s = settings();
  const bool valid = s.to > s.from;
  const int frames = valid ? frameCount(s.from, s.to, s) : 0;
  summary_->setText(
      valid ? tr("%1 frames, %2 s of video").arg(frames).arg((frames - 1) / s.fps, 0, 'g', 3)
            : tr("the span is empty: the first frame's time must be before the last's"));
}

VideoSettings VideoSettingsDialog::settings() const {
  // the settings as chosen (the path comes from the file dialog afterwards)
  VideoSettings s;
  s.size = static_cast<VideoSettings::Size>(size_->currentData().toInt());
  s.from = from_->value();
  s.to = to_->value();
  s.fps = fps_->value();
  s.speed = speed_->value();
  s.plots = plots_->isChecked();
  return s;
}

bool VideoSettingsDialog::pngFrames() const { return frames_->isChecked(); }

VideoSettingsDialog* VideoExportAction::settingsDialog(const VideoSettings& settings) {
  return new VideoSettingsDialog(settings, playback_.start(), playback_.end(), viewPixels(),
                                 &window_);
}

void VideoExportAction::run() {
  // the last settings used, the speed and span of playback now
  QSettings settings;
  VideoSettings initial;
  // frame rate, size and plots from the settings; speed and span from playback
  initial.fps = settings.value("video/fps", 30.0).toDouble();
  initial.speed = playback_.speed();
  VideoSettings::Size size = VideoSettings::Size::P720;
  parseVideoSize(settings.value("video/size", "720p").toString(), &size);
  initial.size = size;
  initial.plots = settings.value("video/plots", false).toBool();
  initial.from = playback_.start();
  initial.to = playback_.end();
  initial.path = ".mp4";
  // the dialog; the choices kept for the next time
  std::unique_ptr<VideoSettingsDialog> dialog(settingsDialog(initial));
  if (dialog->exec() != QDialog::Accepted) return;
  VideoSettings chosen = dialog->settings();
  settings.setValue("video/fps", chosen.fps);
  settings.setValue("video/size", chosen.size == VideoSettings::Size::P720    ? "720p"
                                  : chosen.size == VideoSettings::Size::P1080 ? "1080p"
                                                                              : "view");
  settings.setValue("video/plots", chosen.plots);

  // a file (or a directory for frames) named after the scene and the integrator
  const QString dir = lastFolder("export/directory");
  const Run* run = runs_.find(runs_.currentId());
  const QString base =
      run ? run->sceneName() + "_" + QString::fromStdString(run->settings.integrator)
          : QString("playback");
  // a directory for frames, a file for an MP4
  const QString path =
      dialog->pngFrames()
          ? QFileDialog::getExistingDirectory(&window_, tr("Directory for the PNG frames"), dir)
          : QFileDialog::getSaveFileName(&window_, tr("Export video"),
                                         QDir(dir).filePath(base + ".mp4"),
                                         tr("MP4 videos (*.mp4)"));
  if (path.isEmpty()) return;
  // the folder (the frames' directory itself) remembered
  rememberFolder("export/directory", dialog->pngFrames() ? path : QFileInfo(path).absolutePath());
  chosen.path = path;
  // the export, with a progress dialog that can cancel it
  QProgressDialog progress(tr("Rendering the frames..."), tr("Cancel"), 0, 100, &window_);
  progress.setWindowModality(Qt::WindowModal);
  progress.setMinimumDuration(300);
  QString error;
  // the progress dialog follows the frames; its Cancel stops the export
  const int written = exportVideo(chosen, &error, [&](int k, int n) {
    progress.setMaximum(n);
    progress.setValue(k);
    return !progress.wasCanceled();
  });
  if (written < 0) QMessageBox::warning(&window_, tr("Export video"), error);
}

}  // namespace mbw::ui
