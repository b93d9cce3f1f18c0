#pragma once
// The editor of one scene field, chosen by the field's kind in the schema: a choice list for
// enumerations and for the body a joint, force element or output names (the scene's bodies and
// the ground, never free text), one box per component for vectors, a text box otherwise (numbers,
// names, expressions of t, "name or [x, y, z]" references, JSON for the rest). A number is never
// cut: its box is as wide as it, and a vector whose numbers do not fit side by side shows its
// components one under the other. The text becomes JSON as typed; whether it is right is for the
// engine's loader to say.

#include <QWidget>
#include <vector>

#include "scene/schema.h"
#include "scene_document.h"

class QComboBox;
class QGridLayout;
class QLineEdit;
class QToolButton;

namespace mbw::ui {

class FieldEditor : public QWidget {
  Q_OBJECT

 public:
  FieldEditor(const FieldSpec& spec, QWidget* parent = nullptr);

  const FieldSpec& spec() const { return spec_; }
  // shows a value (nullptr: the field is absent)
  void setValue(const SceneJson* value);
  // the value typed; discarded when an optional field was left empty
  SceneJson value() const;
  // the editor's text, for tests and tooltips
  QString text() const;
  // a box shows its text cut with an ellipsis (the whole text is its tooltip)
  bool elided() const;
  // the components one under the other
  bool stacked() const { return stacked_; }
  // the text boxes (none for a choice)
  std::vector<const QLineEdit*> boxes() const;
  // point and vector references: the body's named points or vectors offered in a menu beside the
  // box, and a button to pick the point or axis in the 3D view
  void setNamedChoices(const QStringList& names);
  QStringList namedChoices() const { return names_; }
  // a body field: the bodies to choose from ("ground" first)
  void setBodyChoices(const QStringList& names);
  // chooses a named point or vector, as the menu does (an edit)
  void choose(const QString& name);
  void setText(const QString& text);

 signals:
  void edited();         // the user committed a change
  void pickRequested();  // the user asked to pick this point or axis in the 3D view

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void arrange(bool stacked);

  FieldSpec spec_;
  QComboBox* choice_ = nullptr;
  std::vector<QLineEdit*> boxes_;
  QGridLayout* boxGrid_ = nullptr;
  bool stacked_ = false;
  QToolButton* namesButton_ = nullptr;
  QStringList names_;
};

// a field that names a body of the scene (body_i, body_j, body)
bool isBodyReference(const FieldSpec& spec);

// JSON as a line of text: strings bare, numbers in their shortest form, arrays with spaces
QString jsonText(const SceneJson& value);

}  // namespace mbw::ui
