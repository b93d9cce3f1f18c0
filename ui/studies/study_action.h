#pragma once
// Run > Study... opens the study dialog (one per window, kept between uses) with the scene being
// edited offered first; a run the user opens from the study's diagram is made again by the run
// controller on its worker thread and appears in the run list like any other run.

#include <QObject>

class QAction;
class QWidget;

namespace mbw::ui {

class RunController;
class SceneDocument;
class StudyDialog;

class StudyAction : public QObject {
  Q_OBJECT

 public:
  StudyAction(SceneDocument& doc, RunController& controller, QWidget& window);

  QAction* action() const { return action_; }
  // the dialog, made on first use
  StudyDialog& dialog();
  void open();

 private:
  SceneDocument& doc_;
  RunController& controller_;
  QWidget& window_;
  QAction* action_;
  StudyDialog* dialog_ = nullptr;
};

}  // namespace mbw::ui
