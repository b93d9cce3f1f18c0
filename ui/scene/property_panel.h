#pragma once
// The fields of the scene element selected in the model tree, laid out from the schema (name,
// unit, description as a tooltip) with an editor per field. Each committed change is one undoable
// edit of the document; the engine's loader then validates the whole scene, and its messages appear
// under the fields they name (those of no field shown, under all the fields: nothing above a field
// moves it when a message appears). Renaming a body renames its references; changing the type of a
// joint or force element keeps the fields both types share. What the loader noticed that is not an
// error (equations left out as redundant) shows as a note under the fields, not in red. A body's
// page says whether its mass and inertia were computed from its shape or mesh or given, and offers
// to attach a mesh.

#include <QScrollArea>
#include <QStringList>
#include <string>
#include <vector>

#include "scene/schema.h"

class QGridLayout;
class QLabel;
class QVBoxLayout;

namespace mbw::ui {

class AnglesEditor;
class FieldEditor;
class SceneDocument;

class PropertyPanel : public QScrollArea {
  Q_OBJECT

 public:
  explicit PropertyPanel(SceneDocument& doc, QWidget* parent = nullptr);

  // the element at a JSON pointer ("" = the scene itself)
  void showPointer(const QString& pointer);
  QString pointer() const { return pointer_; }

  FieldEditor* editorFor(const QString& fieldPointer) const;
  // a body's orientation as angles (nullptr for other elements)
  AnglesEditor* angles() const { return angles_; }
  // the body a point or vector field refers to ("ground" or a body name; "" when unknown)
  QString bodyOfField(const QString& fieldPointer) const;
  // the messages shown next to a field ("" when none)
  QString fieldError(const QString& fieldPointer) const;

 signals:
  // pick a point (or, axis set, a direction) of a body in the 3D view for a field
  void pickRequested(const QString& fieldPointer, const QString& body, bool axis);
  // a body's "Attach mesh..." button (the body's pointer)
  void attachMeshRequested(const QString& bodyPointer);

 private:
  struct Row {
    QString pointer;
    FieldEditor* editor;
    QLabel* error;
  };
  void rebuild();
  void refresh();
  void addFields(QGridLayout* grid, const ObjectSpec& spec, const QString& base);
  void commit(const Row& row);
  void commitAngles();
  std::vector<std::string> notesText() const;
  QStringList bodyNames() const;

  SceneDocument& doc_;
  QString pointer_;
  std::string objectType_;
  QWidget* page_ = nullptr;
  QLabel* title_ = nullptr;
  QLabel* objectIssues_ = nullptr;
  QLabel* objectNotes_ = nullptr;
  QLabel* massOrigin_ = nullptr;
  AnglesEditor* angles_ = nullptr;    // a body: its orientation as angles
  bool angleSequenceChosen_ = false;  // the user edited angles in a sequence: it stays
  std::vector<Row> rows_;
};

}  // namespace mbw::ui
