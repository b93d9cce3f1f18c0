#include "model_tree.h"

#include <QApplication>
#include <QHeaderView>
#include <QMenu>
#include <QStyle>
#include <map>

#include "scene_document.h"
#include "scene_templates.h"

namespace mbw::ui {
namespace {

constexpr int kPointerRole = Qt::UserRole;

QString elementLabel(const SceneJson& e) {
  QString label = e.contains("name") && e["name"].is_string() ? QString::fromStdString(e["name"].get<std::string>()) : "?";
  if (e.contains("type") && e["type"].is_string()) label += "  (" + QString::fromStdString(e["type"].get<std::string>()) + ")";
  return label;
}

QString groupTitle(const std::string& array) {
  if (array == "joints") return QObject::tr("Joints and drivers");
  if (array == "forces") return QObject::tr("Force elements");
  QString title = QString::fromStdString(array);
  title[0] = title[0].toUpper();
  return title;
}

}  // namespace

ModelTree::ModelTree(SceneDocument& doc, QWidget* parent) : QTreeWidget(parent), doc_(doc) {
  setHeaderHidden(true);
  setColumnCount(1);
  setContextMenuPolicy(Qt::CustomContextMenu);
  setSelectionMode(QAbstractItemView::SingleSelection);
  connect(&doc_, &SceneDocument::changed, this, &ModelTree::rebuild);
  connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (!rebuilding_ && item) emit pointerSelected(item->data(0, kPointerRole).toString());
  });
  connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    if (contextActions_.isEmpty()) return;
    QMenu menu(this);
    menu.addActions(contextActions_);
    menu.exec(viewport()->mapToGlobal(at));
  });
  rebuild();
}

QString ModelTree::currentPointer() const {
  return currentItem() ? currentItem()->data(0, kPointerRole).toString() : QString();
}

void ModelTree::rebuild() {
  const QString selected = currentPointer();
  rebuilding_ = true;
  clear();
  const SceneJson& json = doc_.json();
  const QIcon warning = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);

  auto add = [&](QTreeWidgetItem* parent, const QString& text, const QString& pointer, bool element) {
    auto* item = parent ? new QTreeWidgetItem(parent, {text}) : new QTreeWidgetItem(this, {text});
    item->setData(0, kPointerRole, pointer);
    if (!element) item->setFlags(Qt::ItemIsEnabled);
    return item;
  };
  const QString sceneName = json.contains("name") && json["name"].is_string() ? QString::fromStdString(json["name"].get<std::string>()) : doc_.displayName();
  QTreeWidgetItem* root = add(nullptr, sceneName, "", true);
  // one group per array of the scene format
  for (const auto& [key, type] : sceneArrays()) {
    const SceneJson& array = json.contains(key) && json[key].is_array() ? json[key] : SceneJson::array();
    QTreeWidgetItem* group = add(root, QString("%1 (%2)").arg(groupTitle(key)).arg(array.size()),
                                 QString::fromStdString("/" + key), false);
    for (size_t i = 0; i < array.size(); ++i)
      add(group, elementLabel(array[i]), QString::fromStdString("/" + key + "/" + std::to_string(i)), true);
  }
  add(root, tr("Run settings"), "/settings", true);

  // problems: on the deepest item whose pointer contains the issue's path
  std::map<QTreeWidgetItem*, QStringList> messages;
  for (const SceneIssue& issue : doc_.issues()) {
    QTreeWidgetItem* item = itemFor(QString::fromStdString(issue.path));
    messages[item ? item : root] << QString::fromStdString(issue.path + ": " + issue.message);
  }
  for (auto& [item, lines] : messages) {
    item->setIcon(0, warning);
    item->setToolTip(0, lines.join("\n"));
  }
  expandAll();
  // keep the selection quietly; say so only when the selected element is gone
  QTreeWidgetItem* item = itemFor(selected);
  setCurrentItem(item ? item : root);
  rebuilding_ = false;
  if (currentPointer() != selected) emit pointerSelected(currentPointer());
}

QTreeWidgetItem* ModelTree::itemFor(const QString& pointer) const {
  // the element item whose pointer is the longest prefix of this one
  QTreeWidgetItem* best = nullptr;
  int bestLength = -1;
  for (QTreeWidgetItemIterator it(const_cast<ModelTree*>(this)); *it; ++it) {
    const QString p = (*it)->data(0, kPointerRole).toString();
    if (!((*it)->flags() & Qt::ItemIsSelectable)) continue;
    if (isUnder(pointer.toStdString(), p.toStdString()) && p.size() > bestLength) {
      best = *it;
      bestLength = static_cast<int>(p.size());
    }
  }
  return best;
}

void ModelTree::selectPointer(const QString& pointer) {
  QTreeWidgetItem* item = itemFor(pointer);
  if (item && item != currentItem()) setCurrentItem(item);
  else if (item) emit pointerSelected(item->data(0, kPointerRole).toString());
}

}  // namespace mbw::ui
