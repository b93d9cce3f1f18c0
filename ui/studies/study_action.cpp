#include "study_action.h"

#include <QAction>

#include "run_controller.h"
#include "scene_document.h"
#include "study_dialog.h"
#include "study_setup_form.h"

namespace mbw::ui {

// the action, F7, in the Run menu
StudyAction::StudyAction(SceneDocument& doc, RunController& controller, QWidget& window)
    : QObject(&window), doc_(doc), controller_(controller), window_(window) {
  action_ = new QAction(tr("&Study\u2026"), this);
  action_->setObjectName("studyAction");
  action_->setShortcut(QKeySequence(Qt::Key_F7));
  action_->setToolTip(
      tr("Compare integrators on a scene (work-precision) or run a study file, on worker threads "
         "(F7)"));
  connect(action_, &QAction::triggered, this, &StudyAction::open);
}

// one dialog, made when first needed; its runs opened in the run list go to the controller
StudyDialog& StudyAction::dialog() {
  if (!dialog_) {
    dialog_ = new StudyDialog(&window_);
    connect(dialog_, &StudyDialog::openRunRequested, &controller_,
            [this](std::shared_ptr<const Model> model, const RunSettings& settings) {
              // a run of the scene being edited belongs to it; a run of another scene (a built-in
              // one, a variant) to a scene of its own name, without JSON (a session leaves it out)
              const bool edited = model == doc_.model();
              const QString key =
                  edited ? doc_.sceneKey() : "study:" + QString::fromStdString(model->name);
              // what every run of the workbench records: the signal browser offers the
              // multipliers and the joints' reactions
              RunSettings recorded = settings;
              recorded.recordMultipliers = true;
              recorded.recordReactions = true;
              controller_.start({std::move(model), std::move(recorded), key,
                                 edited ? doc_.json().dump() : std::string()});
            });
  }
  return *dialog_;
}

// the dialog shown and raised, with the scene as it is now
void StudyAction::open() {
  // the scene as edited now (when valid), offered first
  dialog().setup().setCurrentScene(doc_.isValid() ? doc_.model() : nullptr, doc_.displayName());
  dialog_->show();
  dialog_->raise();
  dialog_->activateWindow();
}

}  // namespace mbw::ui
