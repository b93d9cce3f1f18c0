#include "model_check_panel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <set>

#include "scene_document.h"
#include "scene_library_dialog.h"

namespace mbw::ui {
namespace {

// the pointer of a finding's element, kept in its row
constexpr int kFindingPointerRole = Qt::UserRole + 1;

// "joint 'D'" for an element of the scene's arrays, "the scene" for the rest
QString elementName(const SceneJson& json, const QString& pointer) {
  if (pointer.isEmpty()) return QObject::tr("the scene");
  const SceneJson::json_pointer ptr(pointer.toStdString());
  if (json.contains(ptr) && json[ptr].is_object() && json[ptr].contains("name") &&
      json[ptr]["name"].is_string()) {
    // the array's name made singular: "bodies" -> "body", "joints" -> "joint"
    QString kind = pointer.section('/', 1, 1);
    if (kind == "bodies")
      kind = "body";
    else if (kind.endsWith('s'))
      kind.chop(1);
    return QString("%1 '%2'").arg(kind,
                                  QString::fromStdString(json[ptr]["name"].get<std::string>()));
  }
  return pointer;
}

}  // namespace

// the pointer of the element a path lies in, empty for none
QString elementPointer(const QString& path) {
  const QStringList parts = path.split('/', Qt::SkipEmptyParts);
  if (parts.isEmpty()) return {};
  // an element of an array ("/joints/3"), the settings, or another field of the scene
  if (parts.size() >= 2) {
    // an index after the array's name
    bool index = false;
    parts[1].toInt(&index);
    if (index) return "/" + parts[0] + "/" + parts[1];
  }
  return parts[0] == "settings" ? "/settings" : QString();
}

// --- building the panel --------------------------------------------------------------------------

ModelCheckPanel::ModelCheckPanel(SceneDocument& doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  setObjectName("modelCheck");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  // the counts above, the findings in a list below: element and what is worth a look
  counts_ = new QLabel(this);
  counts_->setWordWrap(true);
  counts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // two columns: the element and the finding, wrapped, the first as wide as its names
  list_ = new QTreeWidget(this);
  list_->setColumnCount(2);
  list_->setHeaderLabels({tr("Element"), tr("What is worth a look")});
  list_->setRootIsDecorated(false);
  list_->setWordWrap(true);
  list_->setUniformRowHeights(false);
  list_->setTextElideMode(Qt::ElideNone);
  list_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  list_->header()->setStretchLastSection(true);
  layout->addWidget(counts_);
  layout->addWidget(list_, 1);
  // the rows fit their wrapped text; a click selects the finding's element
  connect(list_->header(), &QHeaderView::sectionResized, this, [this](int column) {
    if (column == 1) fitRows();
  });
  connect(list_, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
    emit elementRequested(item->data(0, kFindingPointerRole).toString());
  });
  // the panel follows every edit and every scene opened
  connect(&doc_, &SceneDocument::changed, this, &ModelCheckPanel::refresh);
  connect(&doc_, &SceneDocument::replaced, this, &ModelCheckPanel::refresh);
  refresh();
}

// --- the counts and findings ---------------------------------------------------------------------

// the counts and lines as shown, for the tests
QString ModelCheckPanel::summary() const { return counts_->text(); }

QStringList ModelCheckPanel::lines() const {
  QStringList out;
  // "element: finding" per row
  for (int k = 0; k < list_->topLevelItemCount(); ++k)
    out << list_->topLevelItem(k)->text(0) + ": " + list_->topLevelItem(k)->text(1);
  return out;
}

void ModelCheckPanel::refresh() {
  // a row: the element's name, the finding in its colour, its kind in the tooltip
  list_->clear();
  const SceneJson& json = doc_.json();
  auto add = [&](const QString& path, const QString& element, const QString& text,
                 const QColor& colour, const QString& tip) {
    // the element the finding's path lies in, named
    const QString pointer = elementPointer(path);
    auto* item = new QTreeWidgetItem(
        list_, {element.isEmpty() ? elementName(json, pointer) : element, text});
    item->setData(0, kFindingPointerRole, pointer);
    item->setForeground(1, colour);
    item->setToolTip(1, tip + "\n" + text);
  };
  // the loader's problems, each said once (a problem the loader finds in two ways is one line)
  std::set<std::pair<std::string, std::string>> said;
  for (const SceneIssue& i : doc_.issues())
    if (said.insert({elementPointer(QString::fromStdString(i.path)).toStdString(), i.message})
            .second)
      add(QString::fromStdString(i.path), {}, QString::fromStdString(i.message), QColor("#c0392b"),
          tr("A problem: the scene does not load until it is fixed"));
  // no scene, or one that does not load: the counts say so
  if (!json.is_object() || json.empty()) {
    counts_->setText(tr("No scene open."));
    counts_->setStyleSheet({});
    return;
  }
  // a scene that does not load: no counts
  if (!doc_.isValid() || !doc_.model()) {
    counts_->setText(tr("The scene does not load: %n problem(s) to fix.", "",
                        static_cast<int>(doc_.issues().size())));
    counts_->setStyleSheet("color: #c0392b;");
    return;
  }
  // the counts, with what the degrees of freedom are in the tooltip
  const ModelCheck& c = doc_.check();
  counts_->setStyleSheet({});
  counts_->setText(QString::fromStdString(modelCheckSummary(c)));
  counts_->setToolTip(tr("Degrees of freedom: 6 per body (the coordinates) less the rank of the "
                         "constraint Jacobian "
                         "(%1) at the initial pose; redundant equations change the count of "
                         "equations, not the rank")
                          .arg(c.rank));
  // the engine's findings: warnings in amber, notes in blue
  for (const ModelFinding& f : c.findings) {
    const bool note = f.kind == FindingKind::Note;
    add(QString::fromStdString(f.path), QString::fromStdString(f.element),
        QString::fromStdString(f.message), QColor(note ? "#2c4a6b" : "#b9770e"),
        note ? tr("A note: nothing wrong")
             : tr("A warning: the model runs, but perhaps not as meant"));
  }
  // no finding: one line saying so
  if (c.findings.empty()) new QTreeWidgetItem(list_, {tr("the scene"), tr("Nothing to report.")});
  fitRows();
}

// --- rows fitted to their text -------------------------------------------------------------------

void ModelCheckPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // once the list and its columns have their new sizes
  QTimer::singleShot(0, this, &ModelCheckPanel::fitRows);
}

void ModelCheckPanel::fitRows() { fitWrappedRows(*list_, 1, 0); }

}  // namespace mbw::ui
