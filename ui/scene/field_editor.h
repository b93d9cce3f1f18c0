#pragma once
// The editor of one scene field, chosen by the field's kind in the schema: a choice list for
// enumerations, one box per component for vectors, a text box otherwise (numbers, names,
// expressions of t, "name or [x, y, z]" references, JSON for the rest). The text becomes JSON
// as typed; whether it is right is for the engine's loader to say.

#include <QWidget>
#include <vector>

#include "scene/schema.h"
#include "scene_document.h"

class QComboBox;
class QLineEdit;

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
  void setText(const QString& text);

 signals:
  void edited();  // the user committed a change

 private:

  FieldSpec spec_;
  QComboBox* choice_ = nullptr;
  std::vector<QLineEdit*> boxes_;
};

// JSON as a line of text: strings bare, numbers in their shortest form, arrays with spaces
QString jsonText(const SceneJson& value);

}  // namespace mbw::ui
