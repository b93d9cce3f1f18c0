#pragma once
// The scene as a tree: the scene itself, one group per array of the scene format (bodies, joints
// and drivers, force elements, outputs, ...) and the run settings, each item standing for a JSON
// pointer into the document. Items with problems
// carry a warning icon and the loader's messages as their tooltip.

#include <QTreeWidget>

namespace mbw::ui {

class SceneDocument;

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

 signals:
  void pointerSelected(const QString& pointer);

 private:
  void rebuild();
  QTreeWidgetItem* itemFor(const QString& pointer) const;

  SceneDocument& doc_;
  QList<QAction*> contextActions_;
  bool rebuilding_ = false;
};

}  // namespace mbw::ui
