#pragma once
// Run (F5), pause/resume (F6) and cancel (Shift+F5). Run is enabled when the scene is valid and
// the run configuration is one the engine accepts; otherwise its tooltip says why.

#include <QObject>
#include <optional>

class QAction;

namespace mbw::ui {

class RunConfigPanel;
class RunController;
class SceneDocument;

class RunActions : public QObject {
  Q_OBJECT

 public:
  RunActions(SceneDocument& doc, RunConfigPanel& config, RunController& controller,
             QObject* parent);

  QAction* run() const { return run_; }
  QAction* pause() const { return pause_; }
  QAction* cancel() const { return cancel_; }
  // why a run cannot start now ("" when it can)
  QString blocker() const;
  // starts a run of the scene with the panel's settings; false when blocked. pauseAt: the run
  // pauses itself there (its first recorded row at or after that time)
  bool startRun(std::optional<double> pauseAt = std::nullopt);

 private:
  void update();

  SceneDocument& doc_;
  RunConfigPanel& config_;
  RunController& controller_;
  QAction* run_;
  QAction* pause_;
  QAction* cancel_;
};

}  // namespace mbw::ui
