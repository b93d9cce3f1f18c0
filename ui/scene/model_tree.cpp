#include "model_tree.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QMenu>
#include <QStyle>
#include <algorithm>
#include <map>

#include "scene_document.h"
#include "scene_templates.h"

namespace mbw::ui {
namespace {

// --- the texts of the tree -----------------------------------------------------------------------

// the JSON pointer of an element, kept in its item
constexpr int kPointerRole = Qt::UserRole;

// an element's name and, when it has one, its type
QString elementLabel(const SceneJson& e) {
  QString label = e.contains("name") && e["name"].is_string()
                      ? QString::fromStdString(e["name"].get<std::string>())
                      : "?";
  if (e.contains("type") && e["type"].is_string())
    label += "  (" + QString::fromStdString(e["type"].get<std::string>()) + ")";
  return label;
}

// a vector with three significant digits
QString vectorText(const Vec3& v) {
  return QString("(%1, %2, %3)").arg(v.x(), 0, 'g', 3).arg(v.y(), 0, 'g', 3).arg(v.z(), 0, 'g', 3);
}

// one equation of a joint, in the notation of Kissel et al. 2021 eqs (1)-(4)
QString primitiveText(const Primitive& p, QString& detail) {
  switch (p.type) {
    // DP1: two vectors, one on each body, at an angle given by their dot product
    case PrimitiveType::DP1:
      detail = QObject::tr("a_i = %1, a_j = %2").arg(vectorText(p.a_I), vectorText(p.a_J));
      return QObject::tr("DP1: a_i · a_j = f(t)");
    // DP2: a vector of body i against the segment between the two points
    case PrimitiveType::DP2:
      detail = QObject::tr("a_i = %1, P_i = %2, P_j = %3")
                   .arg(vectorText(p.a_I), vectorText(p.s_I), vectorText(p.s_J));
      return QObject::tr("DP2: a_i · (P_j − P_i) = f(t)");
    // D: the squared distance between two points
    case PrimitiveType::D:
      detail = QObject::tr("P_i = %1, P_j = %2").arg(vectorText(p.s_I), vectorText(p.s_J));
      return QObject::tr("D: |P_j − P_i|² = f(t)");
    // CD: one coordinate of the segment between two points, along c
    case PrimitiveType::CD:
      detail = QObject::tr("c = %1, P_i = %2, P_j = %3")
                   .arg(vectorText(p.c_W), vectorText(p.s_I), vectorText(p.s_J));
      return QObject::tr("CD: c · (P_j − P_i) = f(t), c = %1").arg(vectorText(p.c_W));
    // the angle driver: body j's vector turned from u_i by a driving angle
    case PrimitiveType::AngleDriver:
      detail = QObject::tr("u_i = %1, v_i = %2, a_j = %3")
                   .arg(vectorText(p.a_I), vectorText(p.b_I), vectorText(p.a_J));
      return QObject::tr("angle driver: the angle of a_j from u_i = θ(t)");
  }
  return {};
}

// a group's title: the array's name capitalized, or a plainer one
QString groupTitle(const std::string& array) {
  if (array == "joints") return QObject::tr("Joints and drivers");
  if (array == "forces") return QObject::tr("Force elements");
  QString title = QString::fromStdString(array);
  title[0] = title[0].toUpper();
  return title;
}

}  // namespace

int bodyOfPointer(const QString& pointer) {
  const QStringList parts = pointer.split('/', Qt::SkipEmptyParts);
  bool ok = false;
  // two parts: "bodies" and an index
  const int index = parts.size() == 2 && parts[0] == "bodies" ? parts[1].toInt(&ok) : -1;
  return ok && index >= 0 ? index : -1;
}

// --- building the tree ---------------------------------------------------------------------------

ModelTree::ModelTree(SceneDocument& doc, QWidget* parent)
    : QTreeWidget(parent),
      doc_(doc),
      primitivesAction_(new QAction(tr("Show &primitives of joints"), this)) {
  // the switch that lists each joint's equations under it
  primitivesAction_->setCheckable(true);
  primitivesAction_->setToolTip(tr(
      "List under each joint the constraint equations it expands to (Kissel et al. 2021 Table 1)"));
  connect(primitivesAction_, &QAction::toggled, this, &ModelTree::rebuild);
  // one column without a header; one element selected at a time; rebuilt at every edit
  setHeaderHidden(true);
  setColumnCount(1);
  setContextMenuPolicy(Qt::CustomContextMenu);
  setSelectionMode(QAbstractItemView::SingleSelection);
  connect(&doc_, &SceneDocument::changed, this, &ModelTree::rebuild);
  // the selection is announced, except while the tree is rebuilt
  connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (!rebuilding_ && item) emit pointerSelected(item->data(0, kPointerRole).toString());
  });
  // the context menu: the edit actions, then the primitives switch
  connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu menu(this);
    menu.addActions(contextActions_);
    menu.addSeparator();
    menu.addAction(primitivesAction_);
    menu.exec(viewport()->mapToGlobal(at));
  });
  rebuild();
}

QString ModelTree::currentPointer() const {
  return currentItem() ? currentItem()->data(0, kPointerRole).toString() : QString();
}

// --- the tree of the scene -----------------------------------------------------------------------

void ModelTree::rebuild() {
  // the tree anew, the selection to be kept
  const QString selected = currentPointer();
  rebuilding_ = true;
  clear();
  const SceneJson& json = doc_.json();
  // the warning icon marks the items with problems
  const QIcon warning = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);

  // an item with the JSON pointer of its element; groups cannot be selected
  auto add = [&](QTreeWidgetItem* parent, const QString& text, const QString& pointer,
                 bool element) {
    auto* item = parent ? new QTreeWidgetItem(parent, {text}) : new QTreeWidgetItem(this, {text});
    item->setData(0, kPointerRole, pointer);
    if (!element) item->setFlags(Qt::ItemIsEnabled);
    return item;
  };
  // the scene at the root by its name (the file's or built-in's when it has none), its run
  // settings at the end
  const QString sceneName = json.contains("name") && json["name"].is_string()
                                ? QString::fromStdString(json["name"].get<std::string>())
                                : doc_.displayName();
  QTreeWidgetItem* root = add(nullptr, sceneName, "", true);
  // one group per array of the scene format
  for (const auto& [key, type] : sceneArrays()) {
    const SceneJson& array =
        json.contains(key) && json[key].is_array() ? json[key] : SceneJson::array();
    QTreeWidgetItem* group = add(root, QString("%1 (%2)").arg(groupTitle(key)).arg(array.size()),
                                 QString::fromStdString("/" + key), false);
    for (size_t i = 0; i < array.size(); ++i) {
      // each element by its pointer, a joint with its equations when asked
      const std::string pointer = "/" + key + "/" + std::to_string(i);
      QTreeWidgetItem* item =
          add(group, elementLabel(array[i]), QString::fromStdString(pointer), true);
      if (key == "joints") addPrimitives(item, pointer);
    }
  }
  add(root, tr("Run settings"), "/settings", true);

  // problems: on the deepest item whose pointer contains the issue's path
  std::map<QTreeWidgetItem*, QStringList> messages;
  for (const SceneIssue& issue : doc_.issues()) {
    QTreeWidgetItem* item = itemFor(QString::fromStdString(issue.path));
    messages[item ? item : root] << QString::fromStdString(issue.path + ": " + issue.message);
  }
  // each item with problems: the warning icon, its messages in the tooltip
  for (auto& [item, lines] : messages) {
    item->setIcon(0, warning);
    item->setToolTip(0, lines.join("\n"));
  }
  // notes (equations left out as redundant): an information mark on their joints, not a warning
  const QIcon information = QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
  for (const ModelNote& note : doc_.notesUnder("")) {
    QTreeWidgetItem* item = itemFor(QString::fromStdString(note.path));
    // an item with a problem keeps its warning
    if (!item || messages.count(item)) continue;
    item->setIcon(0, information);
    item->setToolTip(0, QString::fromStdString(note.message));
  }
  expandAll();
  // keep the selection quietly; say so only when the selected element is gone
  QTreeWidgetItem* item = itemFor(selected);
  setCurrentItem(item ? item : root);
  rebuilding_ = false;
  if (currentPointer() != selected) emit pointerSelected(currentPointer());
}

void ModelTree::setPrimitivesShown(bool shown) { primitivesAction_->setChecked(shown); }

// the equations of the joint at a pointer, from the last model that loaded
void ModelTree::addPrimitives(QTreeWidgetItem* item, const std::string& pointer) {
  // the children of the joint: one per equation, greyed, selecting the joint
  const std::shared_ptr<const Model> model = doc_.model();
  if (!primitivesAction_->isChecked() || !model) return;
  for (const Joint& j : model->joints) {
    if (j.jsonPath != pointer) continue;
    // the joint's tooltip: its two bodies and its count of equations
    item->setToolTip(0, tr("%1 between %2 and %3: %n equation(s)", "", j.primitiveCount)
                            .arg(item->text(0), QString::fromStdString(model->bodyName(j.bodyI)),
                                 QString::fromStdString(model->bodyName(j.bodyJ))));
    for (int k = 0; k < j.primitiveCount; ++k) {
      QString detail;
      QString text = primitiveText(model->primitives[j.firstPrimitive + k], detail);
      // an equation left out as redundant says so
      const bool leftOut = std::any_of(
          model->redundant.begin(), model->redundant.end(),
          [&](const RedundantEquation& r) { return r.primitive == j.firstPrimitive + k; });
      if (leftOut) text += tr("  (left out: repeats other equations)");
      // greyed children that select their joint
      auto* child = new QTreeWidgetItem(item, {text});
      child->setToolTip(
          0, detail + tr("  (points and vectors in the bodies' frames at their centres of mass)"));
      child->setData(0, kPointerRole, QString::fromStdString(pointer));
      child->setForeground(0, QColor(110, 110, 110));
      child->setFlags(Qt::ItemIsEnabled);
    }
  }
}

// the element item of a pointer, or its deepest ancestor in the tree
QTreeWidgetItem* ModelTree::itemFor(const QString& pointer) const {
  // the element item whose pointer is the longest prefix of this one
  QTreeWidgetItem* best = nullptr;
  int bestLength = -1;
  for (QTreeWidgetItemIterator it(const_cast<ModelTree*>(this)); *it; ++it) {
    const QString p = (*it)->data(0, kPointerRole).toString();
    // groups do not count; the longest pointer that holds this one wins
    if (!((*it)->flags() & Qt::ItemIsSelectable)) continue;
    if (isUnder(pointer.toStdString(), p.toStdString()) && p.size() > bestLength) {
      best = *it;
      bestLength = static_cast<int>(p.size());
    }
  }
  return best;
}

// select the element of a pointer; selecting the selected one announces it again
void ModelTree::selectPointer(const QString& pointer) {
  QTreeWidgetItem* item = itemFor(pointer);
  if (item && item != currentItem())
    setCurrentItem(item);
  else if (item)
    emit pointerSelected(item->data(0, kPointerRole).toString());
}

}  // namespace mbw::ui
