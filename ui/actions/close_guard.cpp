#include "close_guard.h"

#include <QCloseEvent>
#include <QWidget>

#include "run_controller.h"
#include "scene_file_actions.h"

namespace mbw::ui {

CloseGuard::CloseGuard(QWidget& window, SceneFileActions& files, RunController& controller)
    : QObject(&window), window_(window), files_(files), controller_(controller) {
  window_.installEventFilter(this);
}

bool CloseGuard::eventFilter(QObject* watched, QEvent* event) {
  if (watched == &window_ && event->type() == QEvent::Close) {
    if (!files_.maybeSave()) {
      event->ignore();
      return true;
    }
    controller_.cancelAll();
  }
  return QObject::eventFilter(watched, event);
}

}  // namespace mbw::ui
