#pragma once
// Structural edits of the scene, offered in the Edit menu and on right click in the model tree:
// add an element of any type the schema knows to any array of the scene (bodies, joints and
// drivers, force elements, outputs, ...), duplicate, rename or remove the selected element. Each
// is one undoable edit.

#include <QList>
#include <QObject>
#include <string>

#include "scene_document.h"

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

  // "Add body", "Add joint" (submenu), "Add driver", ...
  QList<QAction*> addActions() const { return addActions_; }
  // "Add part from shape...": a body from a solid, its mass and inertia from a density or given
  QAction* addPart() const { return addPart_; }
  // adds a body (a part's) and selects it
  void addBody(const SceneJson& body);
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
  QList<QAction*> addActions_;
  QAction* addPart_;
  QAction* duplicate_;
  QAction* rename_;
  QAction* remove_;
};

}  // namespace mbw::ui
