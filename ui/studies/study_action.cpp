#include "study_action.h"

#include <QAction>

#include "run_controller.h"
#include "scene_document.h"
#include "study_dialog.h"
#include "study_setup_form.h"

namespace mbw::ui {

StudyAction::StudyAction(SceneDocument& doc, RunController& controller, QWidget& window)
    : QObject(&window), doc_(doc), controller_(controller), window_(window) {
  action_ = new QAction(tr("&Study\u2026"), this);
  action_->setObjectName("studyAction");
  action_->setShortcut(QKeySequence(Qt::Key_F7));
  action_->setToolTip(tr("Compare integrators on a scene (work-precision) or run a study file, on worker threads "
                         "(F7)"));
  connect(action_, &QAction::triggered, this, &StudyAction::open);
}

StudyDialog& StudyAction::dialog() {
  if (!dialog_) {
    dialog_ = new StudyDialog(&window_);
    connect(dialog_, &StudyDialog::openRunRequested, &controller_,
            [this](std::shared_ptr<const Model> model, const RunSettings& settings) {
              controller_.start(std::move(model), settings);
            });
  }
  return *dialog_;
}

void StudyAction::open() {
  // the scene as edited now (when valid), offered first
  dialog().setup().setCurrentScene(doc_.isValid() ? doc_.model() : nullptr, doc_.displayName());
  dialog_->show();
  dialog_->raise();
  dialog_->activateWindow();
}

}  // namespace mbw::ui
