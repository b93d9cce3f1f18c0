#pragma once
// Closing the window: while a run is going the user is asked whether to stop it (it keeps what it
// computed: its last rows and statistics are in before the window goes) or to go on running;
// unsaved scene edits are offered for saving, and edits the user discards stay discarded (the
// session saved on the way out keeps the scene as it was saved).

#include <QObject>
#include <optional>

class QWidget;

namespace mbw::ui {

class RunController;
class SceneDocument;
class SceneFileActions;

class CloseGuard : public QObject {
  Q_OBJECT

 public:
  CloseGuard(QWidget& window, SceneDocument& doc, SceneFileActions& files,
             RunController& controller);
  // answers the question about a running run without asking (for tests): true stops it, false
  // keeps the window open
  void setRunAnswer(std::optional<bool> stop) { runAnswer_ = stop; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  // false when the user keeps the run going (the window stays)
  bool stopRunning();

  QWidget& window_;
  SceneDocument& doc_;
  SceneFileActions& files_;
  RunController& controller_;
  std::optional<bool> runAnswer_;
};

}  // namespace mbw::ui
