#include "run_actions.h"

#include <QAction>

#include "run_config_panel.h"
#include "run_controller.h"
#include "scene_document.h"
#include "workbench_icons.h"

namespace mbw::ui {

RunActions::RunActions(SceneDocument& doc, RunConfigPanel& config, RunController& controller,
                       QObject* parent)
    : QObject(parent), doc_(doc), config_(config), controller_(controller) {
  // run (F5), pause (F6) and cancel (Shift+F5)
  run_ = new QAction(resources::actionIcon("run"), tr("&Run"), this);
  run_->setShortcut(QKeySequence(Qt::Key_F5));
  connect(run_, &QAction::triggered, this, [this] { startRun(); });
  // pause is checkable: checked while the run is paused
  pause_ = new QAction(resources::actionIcon("pause"), tr("&Pause"), this);
  pause_->setShortcut(QKeySequence(Qt::Key_F6));
  pause_->setCheckable(true);
  pause_->setToolTip(tr("Pause or resume the running simulation (F6)"));
  connect(pause_, &QAction::triggered, &controller_, &RunController::setPaused);
  // cancel stops the run going and those queued
  cancel_ = new QAction(resources::actionIcon("cancel"), tr("&Cancel run"), this);
  cancel_->setShortcut(QKeySequence(tr("Shift+F5")));
  cancel_->setToolTip(tr("Stop the running simulation; it keeps what it computed (Shift+F5)"));
  connect(cancel_, &QAction::triggered, &controller_, &RunController::cancelAll);

  // each action enabled as the scene, the settings and the runs allow
  connect(&doc_, &SceneDocument::changed, this, &RunActions::update);
  connect(&config_, &RunConfigPanel::changed, this, &RunActions::update);
  connect(&controller_, &RunController::activeChanged, this, &RunActions::update);
  // pause reads resume while the run is paused
  connect(&controller_, &RunController::pausedChanged, this, [this](bool paused) {
    pause_->setChecked(paused);
    pause_->setText(paused ? tr("&Resume") : tr("&Pause"));
  });
  update();
}

// why a run cannot start: no scene, a scene with problems, or the settings' problem
QString RunActions::blocker() const {
  if (!doc_.model()) return tr("Open a scene first.");
  if (!doc_.isValid()) return tr("The scene has problems: see the model tree.");
  return config_.problem();
}

// the scene's model and text and the panel's settings, queued for the controller
bool RunActions::startRun(std::optional<double> pauseAt) {
  // nothing started while something blocks it
  if (!blocker().isEmpty()) return false;
  RunSettings settings = config_.settings();
  // the signal browser offers the multipliers and the joints' reactions
  settings.recordMultipliers = true;
  settings.recordReactions = true;
  // the run queued with the scene's text, for its record
  controller_.start(
      {doc_.model(), std::move(settings), doc_.sceneKey(), doc_.json().dump(), pauseAt});
  return true;
}

// run enabled when nothing blocks it, its tooltip saying why not; pause and cancel while a run
// goes
void RunActions::update() {
  const QString why = blocker();
  run_->setEnabled(why.isEmpty());
  run_->setToolTip(why.isEmpty() ? tr("Run the scene with these settings on a worker thread (F5); "
                                      "while a run is going, further runs wait in a queue")
                                 : why);
  // pause and cancel while a run goes
  pause_->setEnabled(controller_.busy());
  cancel_->setEnabled(controller_.busy());
}

}  // namespace mbw::ui
