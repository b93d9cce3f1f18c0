#include "playback_bar.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <algorithm>
#include <cmath>

#include "playback_controller.h"
#include "run_library.h"

namespace mbw::ui {
namespace {

// the slider's resolution over the run's span
constexpr int kSliderSteps = 2000;

}  // namespace

// --- building the bar ----------------------------------------------------------------------------

PlaybackBar::PlaybackBar(PlaybackController& playback, RunLibrary& runs, QWidget* parent)
    : QWidget(parent),
      playback_(playback),
      runs_(runs),
      play_(new QAction(tr("&Play"), this)),
      playButton_(new QToolButton(this)),
      slider_(new QSlider(Qt::Horizontal, this)),
      time_(new QLabel(this)),
      speed_(new QComboBox(this)),
      loop_(new QCheckBox(tr("Loop"), this)),
      run_(new QComboBox(this)),
      ghost_(new QComboBox(this)),
      trace_(new QComboBox(this)) {
  // play and pause with the space bar, wherever the focus is in the window
  play_->setCheckable(true);
  play_->setShortcut(QKeySequence(Qt::Key_Space));
  play_->setShortcutContext(Qt::WindowShortcut);
  play_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  play_->setToolTip(tr("Play back the current run (Space)"));
  playButton_->setDefaultAction(play_);
  // the slider covers the run's span
  slider_->setRange(0, kSliderSteps);
  slider_->setToolTip(tr("Playback time: the 3D view and a cursor in every plot follow"));
  // at a fixed size (times up to 9999 s), so that its text, new with every drain of a live run,
  // does not lay the whole window out again each time
  time_->setFixedSize(
      std::max(130, time_->fontMetrics().horizontalAdvance("0000.000 / 0000.000 s") + 8),
      time_->fontMetrics().height() + 4);
  time_->setToolTip(tr("Playback time / end of the run"));
  // speeds from a tenth of real time to four times it; real time at first
  for (double s : {0.1, 0.25, 0.5, 1.0, 2.0, 4.0}) speed_->addItem(QString("%1\u00d7").arg(s), s);
  speed_->setCurrentIndex(3);
  speed_->setToolTip(tr("Playback speed relative to real time"));
  loop_->setToolTip(tr("Start again at the end"));
  // the run played back, a ghost, a traced point: narrow combos, whole names in their lists
  run_->setToolTip(tr("The run played back"));
  ghost_->setToolTip(tr("A second run drawn ghosted at the same time"));
  trace_->setToolTip(
      tr("Trace the path of a point (a body's frame origin or one of its named points) during "
         "playback"));
  for (QComboBox* box : {run_, ghost_, trace_}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(4);
  }

  // the timeline on top, the choices below
  auto* timeline = new QHBoxLayout;
  timeline->addWidget(playButton_);
  timeline->addWidget(slider_, 1);
  timeline->addWidget(time_);
  // speed, loop, and the run, ghost and trace choices with their labels
  auto* choices = new QHBoxLayout;
  choices->addWidget(speed_);
  choices->addWidget(loop_);
  choices->addWidget(new QLabel(tr("Run"), this));
  choices->addWidget(run_, 1);
  choices->addWidget(new QLabel(tr("ghost"), this));
  choices->addWidget(ghost_, 1);
  choices->addWidget(new QLabel(tr("trace"), this));
  choices->addWidget(trace_, 1);
  // the timeline above the choices
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->setSpacing(2);
  layout->addLayout(timeline);
  layout->addLayout(choices);

  // play follows playback and drives it; the icon says what a click does
  connect(play_, &QAction::toggled, &playback_, &PlaybackController::setPlaying);
  connect(&playback_, &PlaybackController::playingChanged, this, [this](bool playing) {
    play_->setChecked(playing);
    play_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  });
  // the slider moves playback, except while it follows playback's time
  connect(slider_, &QSlider::valueChanged, this, [this](int v) {
    if (updating_) return;
    // the slider's step as a share of the span
    playback_.setTime(playback_.start() + (playback_.end() - playback_.start()) * v / kSliderSteps);
  });
  // the slider and the time follow playback, and its span
  connect(&playback_, &PlaybackController::timeChanged, this, &PlaybackBar::showTime);
  connect(&playback_, &PlaybackController::rangeChanged, this,
          [this] { showTime(playback_.time()); });
  // speed and loop; the run, the ghost and the traced point chosen
  connect(speed_, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
          [this] { playback_.setSpeed(speed_->currentData().toDouble()); });
  connect(loop_, &QCheckBox::toggled, &playback_, &PlaybackController::setLoop);
  connect(run_, QOverload<int>::of(&QComboBox::activated), this,
          [this] { runs_.setCurrent(run_->currentData().toInt()); });
  connect(ghost_, QOverload<int>::of(&QComboBox::activated), this,
          [this] { emit ghostChanged(ghostId()); });
  connect(trace_, QOverload<int>::of(&QComboBox::activated), this,
          [this] { emit traceChanged(tracePoint()); });
  // the lists follow the runs and the scene's scope
  connect(&runs_, &RunLibrary::scopeChanged, this, &PlaybackBar::fillRuns);
  for (auto signal : {&RunLibrary::runAdded, &RunLibrary::runRemoved, &RunLibrary::currentChanged})
    connect(&runs_, signal, this, &PlaybackBar::fillRuns);
  fillRuns();
  showTime(0.0);
}

// --- the choices of runs and points --------------------------------------------------------------

void PlaybackBar::fillRuns() {
  // the lists anew, the ghost kept when it is still there
  const int ghost = ghostId();
  run_->clear();
  ghost_->clear();
  ghost_->addItem(tr("(none)"), -1);
  // the runs of the open scene only (and those of other scenes when the user includes them)
  const std::vector<const Run*> scope = runs_.scopeRuns();
  for (const Run* r : scope) {
    run_->addItem(r->label(), r->id);
    ghost_->addItem(r->label(), r->id);
  }
  // the current run chosen; a ghost gone from the list is dropped
  run_->setCurrentIndex(run_->findData(runs_.currentId()));
  const int index = ghost_->findData(ghost);
  ghost_->setCurrentIndex(index < 0 ? 0 : index);
  if (index < 0 && ghost != -1) emit ghostChanged(-1);
  // without a run, nothing to play
  const bool any = !scope.empty();
  for (QWidget* w : std::initializer_list<QWidget*>{slider_, speed_, loop_, run_, ghost_, trace_})
    w->setEnabled(any);
  play_->setEnabled(any);
  fillTracePoints();
}

// the bodies' frame origins and named points of the run played back
void PlaybackBar::fillTracePoints() {
  const QString chosen = tracePoint();
  // the points of the current run, the lists left alone when they did not change
  QStringList points;
  if (const Run* run = runs_.find(runs_.currentId()))
    for (const Body& b : run->model->bodies) {
      // a body's frame origin by its name, a named point as body.point
      points << QString::fromStdString(b.name);
      for (const auto& [name, p] : b.points) points << QString::fromStdString(b.name + "." + name);
    }
  QStringList before;
  // the points listed now, after "(none)"
  for (int i = 1; i < trace_->count(); ++i) before << trace_->itemData(i).toString();
  if (points == before && trace_->count() > 0) return;
  // "(none)" first, the choice kept where it still exists
  trace_->clear();
  trace_->addItem(tr("(none)"), QString());
  for (const QString& p : points) trace_->addItem(p, p);
  const int index = trace_->findData(chosen);
  trace_->setCurrentIndex(index < 0 ? 0 : index);
  if (index < 0 && !chosen.isEmpty()) emit traceChanged(QString());
}

// the point traced, empty for none
QString PlaybackBar::tracePoint() const {
  return trace_->count() ? trace_->currentData().toString() : QString();
}

// a point chosen by its name (the scripted session's --trace)
bool PlaybackBar::setTracePoint(const QString& point) {
  const int index = trace_->findData(point);
  if (index < 0) return false;
  trace_->setCurrentIndex(index);
  emit traceChanged(point);
  return true;
}

// the ghost run, -1 for none
int PlaybackBar::ghostId() const { return ghost_->count() ? ghost_->currentData().toInt() : -1; }

// a ghost set by its run (the scripted session's playback)
void PlaybackBar::setGhostId(int id) {
  const int index = ghost_->findData(id);
  ghost_->setCurrentIndex(index < 0 ? 0 : index);
  emit ghostChanged(ghostId());
}

// --- the time shown ------------------------------------------------------------------------------

void PlaybackBar::showTime(double t) {
  // the slider set without moving playback back
  updating_ = true;
  const double span = playback_.end() - playback_.start();
  slider_->setValue(
      span > 0.0 ? static_cast<int>(std::lround((t - playback_.start()) / span * kSliderSteps))
                 : 0);
  updating_ = false;
  // the time shown beside the run's end, to the millisecond
  time_->setText(QString("%1 / %2 s").arg(t, 0, 'f', 3).arg(playback_.end(), 0, 'f', 3));
}

}  // namespace mbw::ui
