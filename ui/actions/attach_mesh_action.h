#pragma once
// Edit > Attach mesh (and the button on a body's page): an STL or OBJ file drawn for the selected
// body in place of its shape, read through VTK. The file is chosen, then its scale and, when it
// bounds a solid, whether the body's mass and inertia become the mesh's at a density
// (mesh_dialog.h). One undoable edit; the scene keeps the file's path relative to its own folder
// (absolute until a new scene is saved).

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace mbw::ui {

class ModelTree;
class SceneDocument;

class AttachMeshAction : public QObject {
  Q_OBJECT

 public:
  AttachMeshAction(SceneDocument& doc, ModelTree& tree, QWidget& window);

  // enabled while a body is selected in the tree
  QAction* action() const { return action_; }
  // asks for the file, then for its scale and mass, for the body at a pointer ("/bodies/2")
  void attachTo(const QString& bodyPointer);
  // the same with the file chosen
  void attachFile(const QString& bodyPointer, const QString& path);

 private:
  SceneDocument& doc_;
  ModelTree& tree_;
  QWidget& window_;
  QAction* action_;
};

}  // namespace mbw::ui
