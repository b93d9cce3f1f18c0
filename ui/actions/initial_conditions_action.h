#pragma once
// Assemble, the consistent initial conditions on demand (Ctrl+I): the scene's initial poses and
// velocities projected onto the constraints by the engine, body by body how far each moved, turned
// and changed speed, with the 3D view showing the consistent poses over the scene's (ghosted).
// "Apply" writes the consistent state into the scene as one undoable edit, in clean numbers
// (withInitialState). The projection here is not held to settings.max_initial_correction: repairing
// a pose the loader refuses is what it is for. The dialog opens beside the 3D view, not over it.

#include <QObject>

class QAction;
class QWidget;

namespace mbw::ui {

class RunConfigPanel;
class SceneDocument;
class ViewSync;

// moves a dialog beside a widget it should not cover (right, left, below or above it, on the
// screen)
void placeBeside(QWidget& dialog, const QWidget& avoid);

class InitialConditionsAction : public QObject {
  Q_OBJECT

 public:
  InitialConditionsAction(SceneDocument& doc, RunConfigPanel& config, ViewSync& views,
                          QWidget& window);
  QAction* action() const { return action_; }

 private:
  void run();

  SceneDocument& doc_;
  RunConfigPanel& config_;
  ViewSync& views_;
  QWidget& window_;
  QAction* action_;
};

}  // namespace mbw::ui
