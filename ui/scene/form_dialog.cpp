#include "form_dialog.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace mbw::ui {

// a form dialog's layout: the form, a preview line, a red refusal line, then OK and Cancel
FormDialogLabels layOutFormDialog(QDialog& dialog, QLayout* form) {
  // the preview says what OK would make
  auto* preview = new QLabel(&dialog);
  preview->setObjectName("preview");
  preview->setWordWrap(true);
  // the refusal, in red, says why OK would not
  auto* refusal = new QLabel(&dialog);
  refusal->setWordWrap(true);
  refusal->setStyleSheet("color: #c0392b;");
  // OK and Cancel close the dialog with its answer
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  // the form on top, the lines under it, the buttons at the bottom
  auto* layout = new QVBoxLayout(&dialog);
  layout->addLayout(form);
  layout->addWidget(preview);
  layout->addWidget(refusal);
  layout->addStretch(1);
  layout->addWidget(buttons);
  dialog.resize(460, 0);
  return {preview, refusal};
}

// a field of a form set by its key: a choice by the start of its text (an enabled one only), a
// line by its text
bool setFormField(const std::map<QString, QWidget*>& fields, const QString& field,
                  const QString& text) {
  const auto it = fields.find(field);
  if (it == fields.end()) return false;
  if (auto* box = qobject_cast<QComboBox*>(it->second)) {
    // a choice: the first item whose text starts so, unless disabled
    const int index = box->findText(text, Qt::MatchStartsWith);
    auto* items = qobject_cast<QStandardItemModel*>(box->model());
    if (index < 0 || (items && !items->item(index)->isEnabled())) return false;
    box->setCurrentIndex(index);
  } else {
    // a line: its text as given
    static_cast<QLineEdit*>(it->second)->setText(text);
  }
  return true;
}

}  // namespace mbw::ui
