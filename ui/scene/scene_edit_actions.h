#pragma once
// Structural edits of the scene, offered in the Edit menu and on right click in the model tree:
// add a body, a joint or driver of any type, a force element of any type (the types come from the
// schema), duplicate, rename or remove the selected element. Each is one undoable edit.

#include <QObject>
#include <string>

class QAction;
class QMenu;
class QWidget;

namespace mbw::ui {

class ModelTree;
class SceneDocument;

class SceneEditActions : public QObject {
  Q_OBJECT

 public:
  SceneEditActions(SceneDocument& doc, ModelTree& tree, QWidget* dialogParent);

  QAction* addBody() const { return addBody_; }
  QMenu* addJointMenu() const { return jointMenu_; }
  QAction* addDriver() const { return addDriver_; }
  QMenu* addForceMenu() const { return forceMenu_; }
  QAction* duplicate() const { return duplicate_; }
  QAction* rename() const { return rename_; }
  QAction* remove() const { return remove_; }

  // adds an element of a schema object type and selects it
  void add(const std::string& objectType);

 private:
  void updateEnabled();
  void duplicateCurrent();
  void renameCurrent();
  void removeCurrent();

  SceneDocument& doc_;
  ModelTree& tree_;
  QWidget* dialogParent_;
  QAction* addBody_;
  QMenu* jointMenu_;
  QAction* addDriver_;
  QMenu* forceMenu_;
  QAction* duplicate_;
  QAction* rename_;
  QAction* remove_;
};

}  // namespace mbw::ui
