#pragma once
// The run list: every run of the session with its statistics. Selecting a run makes it current
// (3D view, playback); its check box overlays it on the plots; the context menu and the buttons
// mark the reference run, remove runs and export them.

#include <QWidget>

class QAction;
class QTableView;

namespace mbw::ui {

class RunLibrary;
class RunListModel;

class RunListPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RunListPanel(RunLibrary& runs, QWidget* parent = nullptr);

  QTableView* view() const { return view_; }
  RunListModel* model() const { return model_; }
  QAction* referenceAction() const { return reference_; }
  QAction* removeAction() const { return remove_; }
  // extra actions on the selected run (export), added to the context menu
  void addRunAction(QAction* action);

 private:
  int selectedId() const;
  void updateActions();

  RunLibrary& runs_;
  RunListModel* model_;
  QTableView* view_;
  QAction* reference_;
  QAction* remove_;
  QAction* showOnly_;
};

}  // namespace mbw::ui
