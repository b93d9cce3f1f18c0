#pragma once
// The run list: every run of the session with its statistics, grouped by scene. Selecting a run
// of the open scene makes it current (3D view, playback); its check box overlays it on the plots;
// the context menu and the buttons mark the reference run, remove runs and export them, include
// the runs of other scenes with the same bodies, or open the scene of a run.

#include <QWidget>

class QAction;
class QTreeView;

namespace mbw::ui {

class RunLibrary;
class RunListModel;

class RunListPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RunListPanel(RunLibrary& runs, QWidget* parent = nullptr);

  QTreeView* view() const { return view_; }
  RunListModel* model() const { return model_; }
  QAction* referenceAction() const { return reference_; }
  QAction* removeAction() const { return remove_; }
  QAction* otherScenesAction() const { return otherScenes_; }
  // extra actions on the selected run (export), added to the context menu
  void addRunAction(QAction* action);

 signals:
  // the user asked to open the scene of a run of another scene (its key)
  void openSceneRequested(const QString& sceneKey);

 private:
  // the constructor's parts: the list's look, the actions, the connections
  void setUpView();
  void buildActions();
  void wire();
  int selectedId() const;
  void updateActions();
  void fitColumns();

  RunLibrary& runs_;
  RunListModel* model_;
  QTreeView* view_;
  QAction* reference_;
  QAction* remove_;
  QAction* showOnly_;
  QAction* otherScenes_;
  QAction* openScene_;
};

}  // namespace mbw::ui
