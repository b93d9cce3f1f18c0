#include "run_status_indicator.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <algorithm>
#include <cmath>

#include "run_controller.h"
#include "run_library.h"
#include "run_summary.h"
#include "scene_document.h"

namespace mbw::ui {
namespace {

// a one-line label that cuts a text too long for it with an ellipsis (the whole text in its
// tooltip)
class ElidedLabel : public QLabel {
 public:
  using QLabel::QLabel;
  // the whole text kept, shown cut to the label's width
  void setFullText(const QString& text) {
    full_ = text;
    setToolTip(text);
    elide();
  }

 protected:
  void resizeEvent(QResizeEvent* event) override {
    QLabel::resizeEvent(event);
    elide();
  }

 private:
  void elide() {
    // a few pixels of margin
    setText(fontMetrics().elidedText(full_, Qt::ElideRight, std::max(0, width() - 4)));
  }
  QString full_;
};

}  // namespace

// --- the indicator in the status bar -------------------------------------------------------------

RunStatusIndicator::RunStatusIndicator(QStatusBar& bar, RunController& controller, RunLibrary& runs,
                                       SceneDocument& doc)
    : QObject(&bar),
      bar_(bar),
      controller_(controller),
      runs_(runs),
      doc_(doc),
      progress_(new QProgressBar(&bar)),
      rate_(new QLabel(&bar)),
      outcome_(new ElidedLabel(&bar)),
      scene_(new QLabel(&bar)) {
  // the progress of the active run, hidden while none runs
  progress_->setRange(0, 1000);
  progress_->setTextVisible(true);
  // as wide as its text at its longest ("#12 paused at t = 1234.567 / 10000 s"), so that it is
  // never cut
  progress_->setMinimumWidth(
      progress_->fontMetrics().horizontalAdvance(tr("#00 paused at t = 00000.000 / 00000 s")) + 24);
  // a long outcome is cut rather than widening the window (the tooltip holds it whole)
  outcome_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  progress_->setMaximumWidth(std::max(340, progress_->minimumWidth()));
  progress_->setToolTip(tr("Simulated time of the active run"));
  progress_->setVisible(false);
  // the rate, the outcome of the last run (taking the free room), the scene's check
  rate_->setToolTip(tr(
      "Wall time of the run (pauses excluded) and real-time factor: simulated time / wall time"));
  outcome_->setWordWrap(false);
  bar_.addWidget(outcome_, 1);
  scene_->setObjectName("sceneCheckLabel");
  bar_.addPermanentWidget(scene_);
  bar_.addPermanentWidget(rate_);
  bar_.addPermanentWidget(progress_);
  // progress while a run goes; a new run clears the last outcome
  connect(&controller_, &RunController::progress, this, &RunStatusIndicator::onProgress);
  connect(&controller_, &RunController::activeChanged, this, [this](int id) {
    progress_->setVisible(id != -1);
    if (id != -1) {
      // the rate's text changes with every drain: at a fixed size it does not lay the whole window
      // out again each time (0.5-3 ms of the GUI thread), only now
      const QString widest = tr("wall %1 s \u00b7 %2\u00d7 real time").arg("00000.00", "0.00e-00");
      rate_->setFixedSize(rate_->fontMetrics().horizontalAdvance(widest) + 8,
                          rate_->fontMetrics().height() + 4);
      static_cast<ElidedLabel*>(outcome_)->setFullText(QString());
      outcome_->setStyleSheet({});
    }
  });
  // a finished run's outcome
  connect(&runs_, &RunLibrary::runFinished, this, &RunStatusIndicator::onFinished);
  // a pause shows at once (the worker sends no progress while it waits)
  connect(&controller_, &RunController::pausedChanged, this, [this] {
    const Run* run = runs_.find(runs_.currentId());
    if (run && run->live())
      onProgress(run->id, run->lastTime(), run->settings.tEnd, run->wallSeconds);
  });
  // the scene's counts follow its edits
  connect(&doc_, &SceneDocument::changed, this, &RunStatusIndicator::showScene);
  // a hint takes the room of the scene's counts and of an ended run's rate
  connect(&bar_, &QStatusBar::messageChanged, this, [this](const QString& message) {
    hinting_ = !message.isEmpty();
    rate_->setVisible(!hinting_ || controller_.busy());
    showScene();
  });
  showScene();
}

// --- progress, outcome and the scene -------------------------------------------------------------

QString RunStatusIndicator::outcomeText() const { return outcome_->toolTip(); }

// the simulated time, the run's number and state, how many runs wait
void RunStatusIndicator::onProgress(int id, double t, double tEnd, double wall) {
  const int queued = controller_.queuedCount();
  // QProgressBar::setValue repaints at once, and a repaint paints every dirty region of the window
  // (plots, 3D view) in the same go: 35-60 ms on the vehicle. With its updates off, the bar is
  // only marked for the window's next paint.
  progress_->setUpdatesEnabled(false);
  // the bar's value in thousandths of the span, its text the run's number, state and time
  progress_->setValue(
      tEnd > 0.0 ? static_cast<int>(std::lround(1000.0 * std::clamp(t / tEnd, 0.0, 1.0))) : 0);
  progress_->setFormat(tr("#%1 %2 t = %3 / %4 s%5")
                           .arg(id)
                           .arg(controller_.paused() ? tr("paused at") : tr("running,"))
                           .arg(t, 0, 'f', 3)
                           .arg(tEnd)
                           .arg(queued ? tr("  (+%1 queued)").arg(queued) : ""));
  progress_->setUpdatesEnabled(true);
  // the wall time and the real-time factor
  rate_->setText(tr("wall %1 s \u00b7 %2\u00d7 real time")
                     .arg(wall, 0, 'f', 2)
                     .arg(wall > 0 ? t / wall : 0.0, 0, 'g', 3));
}

void RunStatusIndicator::onFinished(int id) {
  // the run's status, steps, rejections and CPU time; a failure in bold red
  const Run* run = runs_.find(id);
  if (!run) return;
  const RunSummary s = summarize(*run);
  QString text = tr("Run #%1 %2: %3 steps, %4 rejected, CPU %5 s")
                     .arg(id)
                     .arg(statusText(*run))
                     .arg(s.steps)
                     .arg(s.rejected)
                     .arg(s.cpuSeconds, 0, 'g', 3);
  // what a growing energy balance means, in one line
  const QString note = energyNote(*run, s);
  outcome_->setStyleSheet(
      run->results.status == mbw::RunStatus::Failed ? "color: #c0392b; font-weight: bold;" : "");
  static_cast<ElidedLabel*>(outcome_)->setFullText(note.isEmpty() ? text : text + ". " + note);
}

void RunStatusIndicator::showScene() {
  // the scene's counts (only its degrees of freedom while a hint shows), or that it has problems
  if (doc_.isValid() && doc_.model()) {
    const ModelCheck& c = doc_.check();
    const std::string counts =
        hinting_ ? std::to_string(c.degreesOfFreedom) + " DOF" : modelCheckSummary(c);
    scene_->setText(QString::fromStdString(doc_.model()->name + ": " + counts));
    scene_->setStyleSheet({});
  } else if (!doc_.json().is_object() || doc_.json().empty()) {
    // no scene
    scene_->setText(tr("No scene open"));
    scene_->setStyleSheet({});
  } else {
    // a scene with problems, in red
    scene_->setText(tr("scene: %n problem(s)", "", static_cast<int>(doc_.issues().size())));
    scene_->setStyleSheet("color: #c0392b;");
  }
  // the whole check in the tooltip
  const QString whole =
      doc_.isValid() && doc_.model()
          ? QString::fromStdString(doc_.model()->name + ": " + modelCheckSummary(doc_.check()))
          : scene_->text();
  scene_->setToolTip(
      tr("The model check of the scene being edited: %1 (DOF: degrees of freedom, 6 per body less "
         "the rank of the constraint Jacobian; View > Model check lists what is worth a look)")
          .arg(whole));
}

}  // namespace mbw::ui
