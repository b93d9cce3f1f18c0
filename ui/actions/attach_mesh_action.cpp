#include "attach_mesh_action.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <stdexcept>

#include "last_folder.h"
#include "mesh_dialog.h"
#include "mesh_geometry.h"
#include "mesh_json.h"
#include "model_tree.h"
#include "scene_document.h"

namespace mbw::ui {
namespace {

// "/bodies/2" -> 2 when the scene has that body; -1 for what is no body
int bodyIndex(const SceneJson& scene, const QString& pointer) {
  const int index = bodyOfPointer(pointer);
  if (index < 0 || !scene.contains("bodies") || !scene["bodies"].is_array()) return -1;
  return index < static_cast<int>(scene["bodies"].size()) ? index : -1;
}

}  // namespace

// --- the action ----------------------------------------------------------------------------------

AttachMeshAction::AttachMeshAction(SceneDocument& doc, ModelTree& tree, QWidget& window)
    : QObject(&window), doc_(doc), tree_(tree), window_(window) {
  // the action, in the Edit menu and the property panel of a body; enabled on a body only
  action_ = new QAction(tr("Attach &mesh..."), this);
  action_->setObjectName("attachMesh");
  action_->setToolTip(tr(
      "Draw the selected body as an STL or OBJ mesh; a closed mesh offers its mass and inertia"));
  connect(action_, &QAction::triggered, this, [this] { attachTo(tree_.currentPointer()); });
  // enabled on a body only, following the selection and the edits
  auto update = [this] {
    action_->setEnabled(bodyIndex(doc_.json(), tree_.currentPointer()) >= 0);
  };
  connect(&tree_, &ModelTree::pointerSelected, this, update);
  connect(&doc_, &SceneDocument::changed, this, update);
  update();
}

// --- attaching a mesh ----------------------------------------------------------------------------

// a mesh file asked for in the folder used last
void AttachMeshAction::attachTo(const QString& bodyPointer) {
  if (bodyIndex(doc_.json(), bodyPointer) < 0) return;
  const QString path =
      QFileDialog::getOpenFileName(&window_, tr("Attach mesh"), lastFolder("files/meshes"),
                                   tr("Meshes (*.stl *.STL *.obj *.OBJ);;All files (*)"));
  if (path.isEmpty()) return;
  // the folder kept for the next mesh
  rememberFolder("files/meshes", QFileInfo(path).absolutePath());
  attachFile(bodyPointer, path);
}

void AttachMeshAction::attachFile(const QString& bodyPointer, const QString& path) {
  // the body of the pointer, its name, the file's absolute path
  const int index = bodyIndex(doc_.json(), bodyPointer);
  if (index < 0) return;
  const SceneJson& body = doc_.json()["bodies"][index];
  const QString name = QString::fromStdString(body.value("name", ""));
  const std::string file = QFileInfo(path).absoluteFilePath().toStdString();
  // a file VTK cannot read is said before anything else is asked
  TriangleMesh mesh;
  std::string error;
  if (!meshTriangles(file, 1.0, &mesh, &error)) {
    QMessageBox::warning(&window_, tr("Attach mesh"),
                         tr("Cannot read the mesh: %1").arg(QString::fromStdString(error)));
    return;
  }
  // the scale and the choice of mass, in the dialog
  MeshDialog dialog(path, name, &window_);
  if (dialog.exec() != QDialog::Accepted) return;
  // the body with its mesh (and computed mass when wanted), as one undoable edit
  SceneJson after = doc_.json();
  try {
    after["bodies"][index] =
        withMesh(body, file, dialog.scale(), dialog.density(), doc_.filePath());
  } catch (const std::invalid_argument& e) {
    QMessageBox::warning(&window_, tr("Attach mesh"), QString::fromStdString(e.what()));
    return;
  }
  // the edit, named for the undo menu
  doc_.edit(std::move(after), tr("Attach mesh %1 to '%2'").arg(QFileInfo(path).fileName(), name));
}

}  // namespace mbw::ui
