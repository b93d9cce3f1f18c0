#pragma once
// The scene as a tree: the scene itself, one group per array of the scene format (bodies, joints
// and drivers, force elements, outputs, ...) and the run settings, each item standing for a JSON
// pointer into the document. Joints show as joints (type, bodies); on request, each lists the
// constraint primitives it expands to (Kissel et al. 2021 Table 1), from the engine's model. Items
// with problems carry a warning icon and the loader's messages as their tooltip.

#include <QTreeWidget>

namespace mbw::ui {

class SceneDocument;

// the body of a tree item's pointer ("/bodies/2" -> 2), -1 for any other item
int bodyOfPointer(const QString& pointer);

class ModelTree : public QTreeWidget {
  Q_OBJECT

 public:
  explicit ModelTree(SceneDocument& doc, QWidget* parent = nullptr);

  // the JSON pointer of the selected item ("" for the scene)
  QString currentPointer() const;
  // selects the item of a pointer, or of the element that contains it
  void selectPointer(const QString& pointer);
  // actions offered on right click
  void setContextActions(const QList<QAction*>& actions) { contextActions_ = actions; }
  // the primitives of each joint as its children
  void setPrimitivesShown(bool shown);
  QAction* primitivesAction() const { return primitivesAction_; }

 signals:
  void pointerSelected(const QString& pointer);

 private:
  void rebuild();
  QTreeWidgetItem* itemFor(const QString& pointer) const;
  void addPrimitives(QTreeWidgetItem* item, const std::string& pointer);

  SceneDocument& doc_;
  QList<QAction*> contextActions_;
  QAction* primitivesAction_;
  bool rebuilding_ = false;
};

}  // namespace mbw::ui
