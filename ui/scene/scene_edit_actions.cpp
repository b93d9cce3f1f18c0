#include "scene_edit_actions.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>

#include "model_tree.h"
#include "scene/schema.h"
#include "scene_document.h"
#include "scene_templates.h"

namespace mbw::ui {
namespace {

// "/joints/3" -> ("joints", 3); index -1 when the pointer is not an element of an array
std::pair<std::string, int> elementOf(const QString& pointer) {
  const QStringList parts = pointer.split('/', Qt::SkipEmptyParts);
  if (parts.size() != 2 || !(parts[0] == "bodies" || parts[0] == "joints" || parts[0] == "forces")) return {"", -1};
  bool ok = false;
  const int index = parts[1].toInt(&ok);
  return {parts[0].toStdString(), ok ? index : -1};
}

std::string familyOf(const std::string& array) {
  return array == "bodies" ? "body" : array == "joints" ? "joint" : "force";
}

}  // namespace

SceneEditActions::SceneEditActions(SceneDocument& doc, ModelTree& tree, QWidget* dialogParent)
    : QObject(dialogParent), doc_(doc), tree_(tree), dialogParent_(dialogParent) {
  addBody_ = new QAction(tr("Add &body"), this);
  addBody_->setShortcut(QKeySequence(tr("Ctrl+B")));
  addBody_->setToolTip(tr("Add a rigid body (unit placeholders: edit its mass, inertia and pose)"));
  connect(addBody_, &QAction::triggered, this, [this] { add("body"); });

  // one entry per joint and force type the schema knows
  jointMenu_ = new QMenu(tr("Add &joint"), dialogParent);
  for (const std::string& type : findObjectSpec("joint")->variants) {
    QAction* a = jointMenu_->addAction(QString::fromStdString(type), this, [this, type] { add("joint/" + type); });
    a->setToolTip(QString::fromStdString(findObjectSpec("joint/" + type)->description));
  }
  jointMenu_->setToolTipsVisible(true);
  addDriver_ = new QAction(tr("Add &driver"), this);
  addDriver_->setToolTip(QString::fromStdString(findObjectSpec("joint/angle-driver")->description));
  connect(addDriver_, &QAction::triggered, this, [this] { add("joint/angle-driver"); });
  forceMenu_ = new QMenu(tr("Add &force element"), dialogParent);
  for (const std::string& type : findObjectSpec("force")->variants) {
    QAction* a = forceMenu_->addAction(QString::fromStdString(type), this, [this, type] { add("force/" + type); });
    a->setToolTip(QString::fromStdString(findObjectSpec("force/" + type)->description));
  }
  forceMenu_->setToolTipsVisible(true);

  duplicate_ = new QAction(tr("D&uplicate"), this);
  duplicate_->setShortcut(QKeySequence(tr("Ctrl+D")));
  connect(duplicate_, &QAction::triggered, this, &SceneEditActions::duplicateCurrent);
  rename_ = new QAction(tr("&Rename..."), this);
  rename_->setShortcut(QKeySequence(Qt::Key_F2));
  connect(rename_, &QAction::triggered, this, &SceneEditActions::renameCurrent);
  remove_ = new QAction(tr("Re&move"), this);
  remove_->setShortcut(QKeySequence::Delete);
  remove_->setToolTip(tr("Remove the selected element (a body goes with the joints and force elements attached to it)"));
  connect(remove_, &QAction::triggered, this, &SceneEditActions::removeCurrent);
  for (QAction* a : {duplicate_, rename_, remove_}) a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  tree_.addActions({duplicate_, rename_, remove_});

  QList<QAction*> context{addBody_, jointMenu_->menuAction(), addDriver_, forceMenu_->menuAction()};
  auto* separator = new QAction(this);
  separator->setSeparator(true);
  context << separator << duplicate_ << rename_ << remove_;
  tree_.setContextActions(context);
  connect(&tree_, &ModelTree::pointerSelected, this, &SceneEditActions::updateEnabled);
  updateEnabled();
}

void SceneEditActions::updateEnabled() {
  const bool element = elementOf(tree_.currentPointer()).second >= 0;
  for (QAction* a : {duplicate_, rename_, remove_}) a->setEnabled(element);
}

void SceneEditActions::add(const std::string& objectType) {
  const std::string family = objectType.substr(0, objectType.find('/'));
  const char* array = family == "body" ? "bodies" : family == "joint" ? "joints" : "forces";
  SceneJson after = doc_.json();
  const SceneJson element = newElement(objectType, after);
  after[array].push_back(element);
  const QString pointer = QString("/%1/%2").arg(array).arg(after[array].size() - 1);
  doc_.edit(std::move(after), tr("Add %1 '%2'").arg(QString::fromStdString(objectType),
                                                    QString::fromStdString(element.value("name", ""))));
  tree_.selectPointer(pointer);
}

void SceneEditActions::duplicateCurrent() {
  const auto [array, index] = elementOf(tree_.currentPointer());
  if (index < 0) return;
  SceneJson after = doc_.json();
  SceneJson copy = after[array][index];
  copy["name"] = uniqueName(after[array], copy.value("name", familyOf(array)));
  after[array].push_back(copy);
  const QString pointer = QString("/%1/%2").arg(QString::fromStdString(array)).arg(after[array].size() - 1);
  doc_.edit(std::move(after), tr("Duplicate %1").arg(tree_.currentPointer()));
  tree_.selectPointer(pointer);
}

void SceneEditActions::renameCurrent() {
  const auto [array, index] = elementOf(tree_.currentPointer());
  if (index < 0) return;
  const SceneJson& json = doc_.json();
  const std::string oldName = json[array][index].value("name", "");
  bool ok = false;
  const QString name = QInputDialog::getText(dialogParent_, tr("Rename"), tr("New name:"), QLineEdit::Normal,
                                             QString::fromStdString(oldName), &ok);
  if (!ok || name.isEmpty() || name.toStdString() == oldName) return;
  SceneJson after = json;
  if (array == "bodies") {
    after = renameBody(json, oldName, name.toStdString());
  } else {
    after[array][index]["name"] = name.toStdString();
  }
  doc_.edit(std::move(after), tr("Rename '%1' to '%2'").arg(QString::fromStdString(oldName), name));
}

void SceneEditActions::removeCurrent() {
  const auto [array, index] = elementOf(tree_.currentPointer());
  if (index < 0) return;
  SceneJson after = doc_.json();
  const std::string name = after[array][index].value("name", "");
  after[array].erase(static_cast<size_t>(index));
  int attached = 0;
  if (array == "bodies") {
    // joints and force elements that name the body go with it
    for (const char* dependent : {"joints", "forces"}) {
      if (!after.contains(dependent)) continue;
      SceneJson kept = SceneJson::array();
      for (const SceneJson& e : after[dependent]) {
        const bool uses = (e.contains("body_i") && e["body_i"] == name) || (e.contains("body_j") && e["body_j"] == name) ||
                          (e.contains("body") && e["body"] == name);
        if (uses) ++attached;
        else kept.push_back(e);
      }
      after[dependent] = kept;
    }
  }
  doc_.edit(std::move(after), attached > 0 ? tr("Remove '%1' and %2 elements attached to it").arg(QString::fromStdString(name)).arg(attached)
                                           : tr("Remove '%1'").arg(QString::fromStdString(name)));
}

}  // namespace mbw::ui
