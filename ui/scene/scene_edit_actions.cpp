#include "scene_edit_actions.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>

#include "model_tree.h"
#include "part_dialog.h"
#include "scene/schema.h"
#include "scene_document.h"
#include "scene_templates.h"

namespace mbw::ui {
namespace {

// --- helpers on elements and their names ---------------------------------------------------------

// "/joints/3" -> ("joints", 3); index -1 when the pointer is not an element of a scene array
std::pair<std::string, int> elementOf(const QString& pointer) {
  const QStringList parts = pointer.split('/', Qt::SkipEmptyParts);
  // two parts: an array of the scene, then an index
  if (parts.size() != 2) return {"", -1};
  for (const auto& [array, type] : sceneArrays()) {
    if (parts[0].toStdString() != array) continue;
    bool ok = false;
    const int index = parts[1].toInt(&ok);
    return {array, ok ? index : -1};
  }
  return {"", -1};
}

// the element type of a scene array ("joints" -> "joint")
std::string familyOf(const std::string& array) {
  for (const auto& [name, type] : sceneArrays())
    if (name == array) return type;
  return array;
}

// "force element" for "force": how menus name an element type
QString elementNoun(const std::string& family) {
  if (family == "force") return QObject::tr("force element");
  return QString::fromStdString(family);
}

// the fields that name a body, in every element type
bool namesBody(const SceneJson& element, const std::string& body) {
  for (const char* key : {"body_i", "body_j", "body"})
    if (element.contains(key) && element[key] == body) return true;
  return false;
}

}  // namespace

// --- the actions ---------------------------------------------------------------------------------

SceneEditActions::SceneEditActions(SceneDocument& doc, ModelTree& tree, QWidget* dialogParent)
    : QObject(dialogParent), doc_(doc), tree_(tree), dialogParent_(dialogParent) {
  // one entry per element type of each scene array (a submenu where the type has variants)
  for (const auto& [array, family] : sceneArrays()) {
    const ObjectSpec* spec = findObjectSpec(family);
    if (!spec) continue;
    const QString title = tr("Add %1").arg(elementNoun(family));
    if (spec->variants.empty()) {
      // a type without variants: one action (Ctrl+B for a body)
      QAction* a = new QAction(title, this);
      a->setToolTip(QString::fromStdString(spec->description));
      const std::string type = family;
      connect(a, &QAction::triggered, this, [this, type] { add(type); });
      if (family == "body") a->setShortcut(QKeySequence(tr("Ctrl+B")));
      addActions_ << a;
      continue;
    }
    // a type with variants: a submenu, one action per variant
    auto* menu = new QMenu(title, dialogParent);
    for (const std::string& variant : spec->variants) {
      const std::string type = family + "/" + variant;
      QAction* a =
          menu->addAction(QString::fromStdString(variant), this, [this, type] { add(type); });
      if (const ObjectSpec* v = findObjectSpec(type))
        a->setToolTip(QString::fromStdString(v->description));
    }
    menu->setToolTipsVisible(true);
    addActions_ << menu->menuAction();
    // drivers are joints, offered on their own too
    if (family == "joint" && findObjectSpec("joint/angle-driver")) {
      QAction* driver = new QAction(tr("Add driver"), this);
      driver->setToolTip(QString::fromStdString(findObjectSpec("joint/angle-driver")->description));
      connect(driver, &QAction::triggered, this, [this] { add("joint/angle-driver"); });
      addActions_ << driver;
    }
  }

  // a part from a shape, named uniquely, stood up against gravity
  addPart_ = new QAction(tr("Add &part from shape..."), this);
  addPart_->setObjectName("addPart");
  addPart_->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
  addPart_->setToolTip(
      tr("A body made from a box, a cylinder, a sphere or a bar between two points; its mass and "
         "inertia computed from a density, or typed in"));
  connect(addPart_, &QAction::triggered, this, [this] {
    // a unique name among the bodies
    const SceneJson& json = doc_.json();
    const SceneJson bodies = json.contains("bodies") ? json["bodies"] : SceneJson::array();
    // up is against gravity
    Vec3 up = Vec3::UnitZ();
    const SceneJson gravity = json.value("gravity", SceneJson());
    if (gravity.is_array() && gravity.size() == 3 && gravity[0].is_number() &&
        gravity[1].is_number() && gravity[2].is_number()) {
      const Vec3 g(gravity[0].get<double>(), gravity[1].get<double>(), gravity[2].get<double>());
      if (g.norm() > 0.0) up = -g.normalized();
    }
    // the dialog; the body its part makes is added
    PartDialog dialog(QString::fromStdString(uniqueName(bodies, "part")), up, dialogParent_);
    PartSpec part;
    if (dialog.exec() == QDialog::Accepted && dialog.part(&part, nullptr)) addBody(partBody(part));
  });
  addActions_.prepend(addPart_);

  // duplicate, rename and remove the selected element, from the tree's keys and its context menu
  duplicate_ = new QAction(tr("D&uplicate"), this);
  duplicate_->setShortcut(QKeySequence(tr("Ctrl+D")));
  connect(duplicate_, &QAction::triggered, this, &SceneEditActions::duplicateCurrent);
  rename_ = new QAction(tr("&Rename..."), this);
  rename_->setShortcut(QKeySequence(Qt::Key_F2));
  connect(rename_, &QAction::triggered, this, &SceneEditActions::renameCurrent);
  remove_ = new QAction(tr("Re&move"), this);
  remove_->setShortcut(QKeySequence::Delete);
  remove_->setToolTip(
      tr("Remove the selected element (a body goes with the elements that name it)"));
  connect(remove_, &QAction::triggered, this, &SceneEditActions::removeCurrent);
  // the three act in the tree when it has the focus
  for (QAction* a : {duplicate_, rename_, remove_})
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  tree_.addActions({duplicate_, rename_, remove_});

  // the tree's context menu: the add actions, then duplicate, rename, remove
  QList<QAction*> context = addActions_;
  // a separator between the adds and the element's own actions
  auto* separator = new QAction(this);
  separator->setSeparator(true);
  context << separator << duplicate_ << rename_ << remove_;
  tree_.setContextActions(context);
  connect(&tree_, &ModelTree::pointerSelected, this, &SceneEditActions::updateEnabled);
  updateEnabled();
}

// duplicate, rename and remove need an element selected
void SceneEditActions::updateEnabled() {
  const bool element = elementOf(tree_.currentPointer()).second >= 0;
  for (QAction* a : {duplicate_, rename_, remove_}) a->setEnabled(element);
}

// --- the edits -----------------------------------------------------------------------------------

// a body appended and selected
void SceneEditActions::addBody(const SceneJson& body) {
  SceneJson after = doc_.json();
  // the array made when the scene has none
  if (!after.contains("bodies")) after["bodies"] = SceneJson::array();
  after["bodies"].push_back(body);
  // the new body's pointer, to select it
  const QString pointer = QString("/bodies/%1").arg(after["bodies"].size() - 1);
  doc_.edit(std::move(after),
            tr("Add part '%1'").arg(QString::fromStdString(body.value("name", ""))));
  tree_.selectPointer(pointer);
}

// an element of a type, appended to its array with a unique name and the type's defaults, then
// selected
void SceneEditActions::add(const std::string& objectType) {
  // the array of the type's family
  const std::string family = objectType.substr(0, objectType.find('/'));
  std::string array;
  for (const auto& [name, type] : sceneArrays())
    if (type == family) array = name;
  SceneJson after = doc_.json();
  // the new element with its required fields, appended as one undoable edit
  const SceneJson element = newElement(objectType, after);
  after[array].push_back(element);
  // the new element's pointer, to select it
  const QString pointer =
      QString("/%1/%2").arg(QString::fromStdString(array)).arg(after[array].size() - 1);
  doc_.edit(std::move(after), tr("Add %1 '%2'")
                                  .arg(QString::fromStdString(objectType),
                                       QString::fromStdString(element.value("name", ""))));
  tree_.selectPointer(pointer);
}

// a copy of the selected element under a new name, appended and selected
void SceneEditActions::duplicateCurrent() {
  const auto [array, index] = elementOf(tree_.currentPointer());
  if (index < 0) return;
  SceneJson after = doc_.json();
  SceneJson copy = after[array][index];
  // the copy named uniquely in its array
  copy["name"] = uniqueName(after[array], copy.value("name", familyOf(array)));
  after[array].push_back(copy);
  const QString pointer =
      QString("/%1/%2").arg(QString::fromStdString(array)).arg(after[array].size() - 1);
  // one undoable edit, then the copy selected
  doc_.edit(std::move(after), tr("Duplicate %1").arg(tree_.currentPointer()));
  tree_.selectPointer(pointer);
}

// a new name for the selected element; a body's new name follows into the elements that name it
void SceneEditActions::renameCurrent() {
  const auto [array, index] = elementOf(tree_.currentPointer());
  if (index < 0) return;
  const SceneJson& json = doc_.json();
  const std::string oldName = json[array][index].value("name", "");
  // the new name asked for; nothing done when it is empty or the same
  bool ok = false;
  const QString name =
      QInputDialog::getText(dialogParent_, tr("Rename"), tr("New name:"), QLineEdit::Normal,
                            QString::fromStdString(oldName), &ok);
  if (!ok || name.isEmpty() || name.toStdString() == oldName) return;
  // a body renamed along with the elements that name it; another element alone
  SceneJson after = json;
  if (array == "bodies") {
    after = renameBody(json, oldName, name.toStdString());
  } else {
    after[array][index]["name"] = name.toStdString();
  }
  doc_.edit(std::move(after), tr("Rename '%1' to '%2'").arg(QString::fromStdString(oldName), name));
}

void SceneEditActions::removeCurrent() {
  // the selected element removed
  const auto [array, index] = elementOf(tree_.currentPointer());
  if (index < 0) return;
  SceneJson after = doc_.json();
  const std::string name = after[array][index].value("name", "");
  // the element taken out of its array
  after[array].erase(static_cast<size_t>(index));
  int attached = 0;
  if (array == "bodies") {
    // the elements that name the body go with it
    for (const auto& [dependent, type] : sceneArrays()) {
      if (dependent == "bodies" || !after.contains(dependent)) continue;
      // the elements that do not name the body kept, the others counted
      SceneJson kept = SceneJson::array();
      for (const SceneJson& e : after[dependent]) {
        if (namesBody(e, name))
          ++attached;
        else
          kept.push_back(e);
      }
      after[dependent] = kept;
    }
  }
  // one undoable edit, its name counting what went with a body
  doc_.edit(std::move(after), attached > 0 ? tr("Remove '%1' and %2 elements attached to it")
                                                 .arg(QString::fromStdString(name))
                                                 .arg(attached)
                                           : tr("Remove '%1'").arg(QString::fromStdString(name)));
}

}  // namespace mbw::ui
