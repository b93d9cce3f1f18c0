#include "field_editor.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QToolButton>
#include <QStyleOptionFrame>
#include <algorithm>

#include "scene/json_reader.h"
#include "workbench_icons.h"

namespace mbw::ui {

// --- a line edit that elides its text ------------------------------------------------------------

// A line edit that, while it does not have the focus, shows a text too long for it cut with an
// ellipsis (a number's leading digits and "...") instead of cut silently; the whole text is in its
// tooltip and comes back when it gets the focus.
class ElidingLineEdit : public QLineEdit {
 public:
  using QLineEdit::QLineEdit;

  // QLineEdit keeps a pixel for the cursor beside the text
  bool elided() const { return !hasFocus() && textWidth() + 1 > textRect().width(); }

 protected:
  void paintEvent(QPaintEvent* event) override {
    // with room enough, or the focus, the line edit draws itself
    if (!elided()) {
      QLineEdit::paintEvent(event);
      return;
    }
    // else its frame, then the text cut to its room with an ellipsis
    QPainter painter(this);
    QStyleOptionFrame option;
    initStyleOption(&option);
    style()->drawPrimitive(QStyle::PE_PanelLineEdit, &option, &painter, this);
    painter.setPen(
        palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::Text));
    const QRect r = textRect();
    painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                     fontMetrics().elidedText(text(), Qt::ElideRight, r.width()));
  }

 private:
  int textWidth() const { return fontMetrics().horizontalAdvance(text()); }
  QRect textRect() const {
    QStyleOptionFrame option;
    initStyleOption(&option);
    // the line edit's own margins around its text (2 pixels each side in Qt's styles)
    return style()
        ->subElementRect(QStyle::SE_LineEditContents, &option, this)
        .adjusted(2, 0, -2, 0);
  }
};

namespace {

// --- helpers: components, values, placeholders ---------------------------------------------------

// the room a field's components have side by side in the property panel, pixels: wider numbers go
// one under the other
constexpr int kRowWidth = 190;

// the number of boxes a field's kind takes: a vector's components, else one
int componentCount(FieldKind kind) {
  return kind == FieldKind::Vector3 ? 3 : kind == FieldKind::Vector4 ? 4 : 1;
}

// a number when the text is one, otherwise the text itself
SceneJson numberOrString(const QString& text) {
  // a whole number typed without a point or exponent stays an integer in the JSON (one beyond the
  // range of a 64-bit integer is read as a real)
  bool ok = false;
  const long long whole = text.trimmed().toLongLong(&ok);
  if (ok) return whole;
  const double x = text.trimmed().toDouble(&ok);
  if (ok) return x;
  return text.toStdString();
}

// what an empty box says: the form a reference or an expression takes, a default, or "optional"
QString placeholderFor(const FieldSpec& f) {
  switch (f.kind) {
    case FieldKind::PointRef:
      return QObject::tr("point name or [x, y, z]");
    case FieldKind::VectorRef:
      return QObject::tr("vector name or [x, y, z]");
    case FieldKind::Expression:
      return QObject::tr("number or f(t), e.g. 0.5*sin(2*pi*t)");
    default:
      break;
  }
  // else the default, or whether the field may be left out
  if (!f.defaultText.empty())
    return QObject::tr("default: %1").arg(QString::fromStdString(f.defaultText));
  return f.required ? QString() : QObject::tr("optional");
}

}  // namespace

namespace {

// --- the editor of one field ---------------------------------------------------------------------

// JSON text with spaces after separators; strings quoted
QString nestedText(const SceneJson& value) {
  if (value.is_array()) {
    QStringList parts;
    for (const SceneJson& v : value) parts << nestedText(v);
    return "[" + parts.join(", ") + "]";
  }
  if (value.is_object()) {
    QStringList parts;
    // each key quoted as JSON writes it
    for (auto it = value.begin(); it != value.end(); ++it)
      parts << QString::fromStdString(SceneJson(it.key()).dump()) + ": " + nestedText(it.value());
    return "{" + parts.join(", ") + "}";
  }
  return QString::fromStdString(value.dump());
}

}  // namespace

// a value as the boxes show it
QString jsonText(const SceneJson& value) {
  // a string alone shows bare (a name, an expression)
  if (value.is_string()) return QString::fromStdString(value.get<std::string>());
  return nestedText(value);
}

// a field naming a body is chosen from the scene's bodies
bool isBodyReference(const FieldSpec& spec) {
  return spec.kind == FieldKind::String &&
         (spec.name == "body_i" || spec.name == "body_j" || spec.name == "body");
}

FieldEditor::FieldEditor(const FieldSpec& spec, QWidget* parent) : QWidget(parent), spec_(spec) {
  // the editor's widgets in a row without margins
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(3);
  // a body: chosen among the scene's (setBodyChoices), as an enumeration is
  if (spec.kind == FieldKind::Enum || isBodyReference(spec)) {
    choice_ = new QComboBox(this);
    // as narrow as the panel needs: a long choice is elided, whole in the open list and the tooltip
    choice_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    choice_->setMinimumContentsLength(4);
    connect(choice_, &QComboBox::currentTextChanged, choice_, &QWidget::setToolTip);
    // an optional field offers "(none)", or its default, first
    if (!spec.required)
      choice_->addItem(spec.defaultText.empty()
                           ? tr("(none)")
                           : tr("(default: %1)").arg(QString::fromStdString(spec.defaultText)),
                       QString());
    // the choices, then the combo in the row; a choice counts at once
    for (const std::string& c : spec.choices)
      choice_->addItem(QString::fromStdString(c), QString::fromStdString(c));
    layout->addWidget(choice_);
    connect(choice_, QOverload<int>::of(&QComboBox::activated), this, &FieldEditor::edited);
    return;
  }
  const int n = componentCount(spec.kind);
  // the components side by side, or one under the other when their numbers are long (setValue)
  boxGrid_ = new QGridLayout;
  boxGrid_->setContentsMargins(0, 0, 0, 0);
  boxGrid_->setSpacing(3);
  layout->addLayout(boxGrid_, 1);
  // one eliding box per component; an edit counts when the box loses the focus or return is
  // pressed, and only if its text changed
  for (int k = 0; k < n; ++k) {
    auto* box = new ElidingLineEdit(this);
    box->setPlaceholderText(n == 1 ? placeholderFor(spec) : QString());
    box->setMinimumWidth(n > 1 ? 24 : 48);
    boxGrid_->addWidget(box, 0, k);
    box->installEventFilter(this);
    boxes_.push_back(box);
    connect(box, &QLineEdit::editingFinished, this, [this, box] {
      if (box->isModified()) {
        box->setModified(false);
        emit edited();
      }
    });
  }
  // a reference to a point or vector: the body's names, and picking in the 3D view
  if (spec.kind == FieldKind::PointRef || spec.kind == FieldKind::VectorRef) {
    const bool point = spec.kind == FieldKind::PointRef;
    // the names button lists the body's named points or vectors, filled by setNamedChoices
    namesButton_ = new QToolButton(this);
    namesButton_->setText(QStringLiteral("▾"));
    namesButton_->setPopupMode(QToolButton::InstantPopup);
    namesButton_->setToolTip(point ? tr("The body's named points")
                                   : tr("The body's named vectors"));
    namesButton_->setMenu(new QMenu(namesButton_));
    namesButton_->setEnabled(false);
    layout->addWidget(namesButton_);
    // the pick button asks the 3D view for a point or an axis
    auto* pick = new QToolButton(this);
    pick->setIcon(resources::actionIcon("pick"));
    pick->setToolTip(
        point
            ? tr("Pick the point on the body in the 3D view (a named point nearby is used by name)")
            : tr("Pick the axis in the 3D view: the normal of the surface clicked (snapped to a "
                 "named "
                 "vector or a body axis when close)"));
    layout->addWidget(pick);
    connect(pick, &QToolButton::clicked, this, &FieldEditor::pickRequested);
  }
}

// --- values in and out ---------------------------------------------------------------------------

// the body's names of points or vectors, offered by the names button
void FieldEditor::setNamedChoices(const QStringList& names) {
  if (!namesButton_ || names == names_) return;
  names_ = names;
  QMenu* menu = namesButton_->menu();
  menu->clear();
  // each name an entry that fills the box
  for (const QString& n : names) menu->addAction(n, this, [this, n] { choose(n); });
  namesButton_->setEnabled(!names.isEmpty());
}

void FieldEditor::setBodyChoices(const QStringList& names) {
  if (!choice_) return;
  // the list changes only when the scene's bodies did
  QStringList have;
  for (int k = 0; k < choice_->count(); ++k) have << choice_->itemData(k).toString();
  if (have == names) return;
  const QString current = choice_->currentData().toString();
  const QSignalBlocker quiet(choice_);
  // the bodies, keeping the current choice
  choice_->clear();
  for (const QString& n : names) choice_->addItem(n, n);
  // a name that is no body of the scene shows as it is (the loader reports it)
  if (!current.isEmpty() && !names.contains(current)) choice_->addItem(current, current);
  choice_->setCurrentIndex(std::max(0, choice_->findData(current)));
}

// a name chosen from the menu: committed at once
void FieldEditor::choose(const QString& name) {
  if (boxes_.empty()) return;
  boxes_[0]->setText(name);
  boxes_[0]->setModified(false);
  emit edited();
}

void FieldEditor::setValue(const SceneJson* value) {
  // a choice: the value among the choices
  if (choice_) {
    const QString v =
        value && value->is_string() ? QString::fromStdString(value->get<std::string>()) : QString();
    int index = choice_->findData(v);
    if (index < 0 && value) {
      // a value outside the choices: show it as it is (the loader reports it)
      choice_->addItem(jsonText(*value), jsonText(*value));
      index = choice_->count() - 1;
    }
    choice_->setCurrentIndex(std::max(index, 0));
    return;
  }
  // a vector: one component per box
  if (boxes_.size() > 1) {
    for (size_t k = 0; k < boxes_.size(); ++k) {
      const bool has = value && value->is_array() && k < value->size();
      boxes_[k]->setText(has ? jsonText((*value)[k]) : QString());
    }
    // a value that is not an array of that size shows in the first box, as text
    if (value && (!value->is_array() || value->size() != boxes_.size()))
      boxes_[0]->setText(jsonText(*value));
  } else {
    boxes_[0]->setText(value ? jsonText(*value) : QString());
  }
  // a number is never cut: its box is at least as wide as it (a long expression or name shows
  // its beginning and an ellipsis, whole in the tooltip)
  const int least = boxes_.size() > 1 ? 24 : 48;
  // each box: its text from the beginning, whole in the tooltip
  for (QLineEdit* box : boxes_) {
    box->setCursorPosition(0);
    box->setToolTip(box->text().isEmpty() ? QString() : box->text());
    bool number = false;
    box->text().trimmed().toDouble(&number);
    const int frame = box->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, box);
    // the text, QLineEdit's margins of 2 pixels each side, a pixel for the cursor, the frame
    const int whole = box->fontMetrics().horizontalAdvance(box->text()) + 1 + 2 * 2 + 2 * frame;
    box->setMinimumWidth(number ? std::max(least, whole) : least);
  }
  // components whose numbers do not fit side by side in a panel's field go one under the other
  int row = 0;
  for (const QLineEdit* box : boxes_) row += box->minimumWidth() + boxGrid_->horizontalSpacing();
  arrange(boxes_.size() > 1 && row > kRowWidth);
}

void FieldEditor::arrange(bool stacked) {
  // the boxes in a row, or in a column (only the first column stretching then)
  stacked_ = stacked;
  for (QLineEdit* box : boxes_) boxGrid_->removeWidget(box);
  // stacked: one per row in the first column; else side by side in the first row
  for (size_t k = 0; k < boxes_.size(); ++k) {
    const int i = static_cast<int>(k);
    boxGrid_->addWidget(boxes_[k], stacked ? i : 0, stacked ? 0 : i);
  }
  // the first column always stretches; the others only side by side
  for (int c = 0; c < static_cast<int>(boxes_.size()); ++c)
    boxGrid_->setColumnStretch(c, stacked && c > 0 ? 0 : 1);
}

bool FieldEditor::elided() const {
  for (const QLineEdit* box : boxes_)
    if (static_cast<const ElidingLineEdit*>(box)->elided()) return true;
  return false;
}

std::vector<const QLineEdit*> FieldEditor::boxes() const { return {boxes_.begin(), boxes_.end()}; }

SceneJson FieldEditor::value() const {
  // a choice: its data; the optional's "(none)" removes the field
  if (choice_) {
    const QString v = choice_->currentData().toString();
    return v.isEmpty() ? SceneJson(SceneJson::value_t::discarded) : SceneJson(v.toStdString());
  }
  // all boxes empty removes an optional field
  bool allEmpty = true;
  for (const QLineEdit* b : boxes_) allEmpty = allEmpty && b->text().trimmed().isEmpty();
  if (allEmpty && !spec_.required) return SceneJson(SceneJson::value_t::discarded);
  // a vector: an array of numbers (or of the texts that are not numbers)
  if (boxes_.size() > 1) {
    SceneJson array = SceneJson::array();
    for (const QLineEdit* b : boxes_) array.push_back(numberOrString(b->text()));
    return array;
  }
  // one box: read as the field's kind says
  const QString text = boxes_[0]->text().trimmed();
  switch (spec_.kind) {
    case FieldKind::String:
      return text.toStdString();
    case FieldKind::Number:
    case FieldKind::Integer:
    case FieldKind::Expression:
      return numberOrString(text);
    case FieldKind::PointRef:
    case FieldKind::VectorRef:
      if (!text.startsWith('[')) return text.toStdString();
      [[fallthrough]];
    default:
      // JSON typed in, read as files are (nesting and keys given twice refused), else the text
      try {
        return parseJsonText<SceneJson>(text.toStdString(), "the field");
      } catch (const SceneError&) {
        return SceneJson(text.toStdString());
      }
  }
}

bool FieldEditor::eventFilter(QObject* watched, QEvent* event) {
  // Ctrl+Z in a field whose edit is committed undoes that edit in the document (the window's undo)
  // rather than the line edit's own history; while the user types, the line edit undoes the typing
  if (event->type() == QEvent::ShortcutOverride) {
    auto* key = static_cast<QKeyEvent*>(event);
    auto* box = qobject_cast<QLineEdit*>(watched);
    if (box && !box->isModified() &&
        (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))) {
      event->ignore();
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

// --- the text typed, for the tests and the scripted session --------------------------------------

QString FieldEditor::text() const {
  if (choice_) return choice_->currentText();
  QStringList parts;
  for (const QLineEdit* b : boxes_) parts << b->text();
  return parts.join(", ");
}

void FieldEditor::setText(const QString& text) {
  // a choice by its text
  if (choice_) {
    choice_->setCurrentIndex(choice_->findText(text));
    return;
  }
  // a vector's components separated by commas, each marked as edited
  const QStringList parts = boxes_.size() > 1 ? text.split(',') : QStringList{text};
  for (size_t k = 0; k < boxes_.size(); ++k) {
    boxes_[k]->setText(k < static_cast<size_t>(parts.size()) ? parts[static_cast<int>(k)].trimmed()
                                                             : QString());
    boxes_[k]->setModified(true);
  }
}

}  // namespace mbw::ui
