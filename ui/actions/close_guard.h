#pragma once
// Closing the window: unsaved scene edits are offered for saving (or the close is cancelled), and
// running simulations are cancelled before the window goes.

#include <QObject>

class QWidget;

namespace mbw::ui {

class RunController;
class SceneFileActions;

class CloseGuard : public QObject {
  Q_OBJECT

 public:
  CloseGuard(QWidget& window, SceneFileActions& files, RunController& controller);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QWidget& window_;
  SceneFileActions& files_;
  RunController& controller_;
};

}  // namespace mbw::ui
