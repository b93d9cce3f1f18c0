#pragma once
// What the workbench's form dialogs (Add part, Attach mesh) share: a form of named fields over a
// preview of what they give and a line saying why OK is refused, then OK and Cancel; and a field
// set by name as a user types or chooses it (tests and scripted use).

#include <QString>
#include <map>

class QDialog;
class QLabel;
class QLayout;
class QWidget;

namespace mbw::ui {

struct FormDialogLabels {
  QLabel* preview;  // what the fields give
  QLabel* refusal;  // why OK is refused (red)
};

// The dialog's layout: the form, the preview, the refusal, OK (the dialog's accept) and Cancel.
FormDialogLabels layOutFormDialog(QDialog& dialog, QLayout* form);

// A line edit's text, or the choice of a combo box whose text starts with `text` (false for a
// field not in `fields` or a choice that is not offered or disabled).
bool setFormField(const std::map<QString, QWidget*>& fields, const QString& field,
                  const QString& text);

}  // namespace mbw::ui
