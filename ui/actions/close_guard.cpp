#include "close_guard.h"

#include <QCloseEvent>
#include <QMessageBox>
#include <QPushButton>
#include <QWidget>

#include "run_controller.h"
#include "run_library.h"
#include "scene_document.h"
#include "scene_file_actions.h"

namespace mbw::ui {

// the guard sees the window's close before it happens
CloseGuard::CloseGuard(QWidget& window, SceneDocument& doc, SceneFileActions& files,
                       RunController& controller)
    : QObject(&window), window_(window), doc_(doc), files_(files), controller_(controller) {
  // every event of the window passes through eventFilter first
  window_.installEventFilter(this);
}

// a run going: stop it and close, or keep it running (asked, unless a test set the answer)
bool CloseGuard::stopRunning() {
  if (!controller_.busy()) return true;
  bool stop = runAnswer_.value_or(false);
  if (!runAnswer_) {
    // where the run stands, for the question
    const Run* run = controller_.runs().find(controller_.activeId());
    const QString where =
        run ? tr("Run #%1 (to t = %2 s) is going").arg(run->id).arg(run->settings.tEnd)
            : tr("A run is going");
    const int queued = controller_.queuedCount();
    // the question, naming the run and how many wait
    QMessageBox box(
        QMessageBox::Question, tr("A run is going"),
        tr("%1%2. Stop it and close? It keeps what it computed, and the session keeps it.")
            .arg(where, queued > 0 ? tr(" (%n more queued)", "", queued) : QString()),
        QMessageBox::NoButton, &window_);
    // "Stop and close" is the default
    QPushButton* stopButton = box.addButton(tr("Stop and close"), QMessageBox::AcceptRole);
    box.addButton(tr("Keep running"), QMessageBox::RejectRole);
    box.setDefaultButton(stopButton);
    box.exec();
    stop = box.clickedButton() == stopButton;
  }
  // stopped: the rows computed so far taken in before the window goes
  if (!stop) return false;
  controller_.finishNow();
  return true;
}

bool CloseGuard::eventFilter(QObject* watched, QEvent* event) {
  // a close waits for unsaved changes and a going run; either may refuse it
  if (watched == &window_ && event->type() == QEvent::Close) {
    bool discarded = false;
    if (!files_.maybeSave(&discarded) || !stopRunning()) {
      event->ignore();
      return true;
    }
    // the session written on the way out keeps the scene as it was saved
    if (discarded) doc_.revert();
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace mbw::ui
