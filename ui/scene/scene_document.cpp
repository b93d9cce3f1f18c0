#include "scene_document.h"

#include <QFile>
#include <QFileInfo>
#include <QUndoStack>

#include "scene/builtin_scenes.h"
#include "scene/json_reader.h"
#include "scene/mesh_file.h"
#include "scene/scene_reader.h"

namespace mbw::ui {

// --- edits as undo commands, and helpers on JSON paths -------------------------------------------

// an edit as the document before and after it
class SceneEditCommand : public QUndoCommand {
 public:
  SceneEditCommand(SceneDocument& doc, SceneJson before, SceneJson after, const QString& text)
      : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)) {}
  // the document set to the state after the edit, or back to the one before
  void redo() override { doc_.setJson(after_); }
  void undo() override { doc_.setJson(before_); }

 private:
  SceneDocument& doc_;
  SceneJson before_, after_;
};

// every mesh file named relative to the scene's folder `from` named again relative to `to`
SceneJson withMeshFilesMoved(const SceneJson& scene, const std::string& from,
                             const std::string& to) {
  SceneJson out = scene;
  // no bodies: nothing to move
  if (!out.is_object() || !out.contains("bodies") || !out["bodies"].is_array()) return out;
  for (SceneJson& body : out["bodies"]) {
    if (!body.is_object() || !body.contains("mesh") || !body["mesh"].is_object() ||
        !body["mesh"].contains("file"))
      continue;
    // a mesh's file resolved from the old folder, then named from the new one
    SceneJson& file = body["mesh"]["file"];
    if (file.is_string())
      file = meshFileRelativeTo(resolveMeshFile(file.get<std::string>(), from), to);
  }
  return out;
}

// whether a JSON path is the pointer or lies under it (the empty pointer holds everything)
bool isUnder(const std::string& path, const std::string& pointer) {
  if (pointer.empty()) return true;
  // a prefix that ends where a step of the path ends
  return path.compare(0, pointer.size(), pointer) == 0 &&
         (path.size() == pointer.size() || path[pointer.size()] == '/');
}

QString describeField(const SceneJson& json, const QString& pointer) {
  const QStringList parts = pointer.split('/', Qt::SkipEmptyParts);
  // the deepest element on the way that has a name owns the field
  QString owner;
  int fieldStart = 0;
  const SceneJson* node = &json;
  for (int k = 0; k < parts.size() && node; ++k) {
    const std::string key = parts[k].toStdString();
    // an array's element by its index, an object's field by its key
    if (node->is_array()) {
      bool ok = false;
      const int i = parts[k].toInt(&ok);
      node = ok && i >= 0 && static_cast<size_t>(i) < node->size()
                 ? &(*node)[static_cast<size_t>(i)]
                 : nullptr;
    } else if (node->is_object() && node->contains(key)) {
      node = &(*node)[key];
    } else {
      node = nullptr;
    }
    // an element with a name owns what follows it; the run settings own theirs
    if (node && node->is_object() && node->contains("name") && (*node)["name"].is_string() &&
        k > 0) {
      owner = QString::fromStdString((*node)["name"].get<std::string>());
      fieldStart = k + 1;
    } else if (k == 0 && parts[0] == "settings") {
      owner = QObject::tr("the run settings");
      fieldStart = 1;
    }
  }
  // the rest of the path in words, "of" its owner ("point_i of hinge")
  const QString field = parts.mid(fieldStart).join(' ');
  if (owner.isEmpty()) return field.isEmpty() ? QObject::tr("the scene") : field;
  return field.isEmpty() ? owner : QObject::tr("%1 of %2").arg(field, owner);
}

// --- opening, reverting and saving ---------------------------------------------------------------

SceneDocument::SceneDocument(QObject* parent) : QObject(parent), undo_(new QUndoStack(this)) {
  // the document is modified while the undo stack is away from its clean state
  connect(undo_, &QUndoStack::cleanChanged, this,
          [this](bool clean) { emit modifiedChanged(!clean); });
}

SceneDocument::~SceneDocument() = default;

bool SceneDocument::openBuiltin(const QString& name, QString* error) {
  // a built-in scene by its name
  const BuiltinScene* scene = findBuiltinScene(name.toStdString());
  if (!scene) {
    if (error) *error = tr("There is no built-in scene named '%1'.").arg(name);
    return false;
  }
  return open(scene->text, "builtin:" + name, QString(), name, error);
}

bool SceneDocument::openFile(const QString& path, QString* error) {
  // a scene file, its path kept absolute
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    if (error) *error = tr("Cannot read %1: %2").arg(path, file.errorString());
    return false;
  }
  return open(file.readAll().toStdString(), path, QFileInfo(path).absoluteFilePath(), QString(),
              error);
}

bool SceneDocument::openNew(const std::string& text, QString* error) {
  if (!open(text, "new scene", QString(), QString(), error, true)) return false;
  // unsaved from the start: closing it or opening another scene offers to save it
  undo_->resetClean();
  return true;
}

bool SceneDocument::restore(const std::string& text, const QString& path, const QString& builtin,
                            bool modified, QString* error) {
  if (!open(text, path.isEmpty() ? "builtin:" + builtin : path, path, builtin, error)) return false;
  // unsaved edits stay unsaved (there is no clean state to go back to); what reverting them goes
  // back to is the file, or the built-in scene
  if (modified) {
    undo_->resetClean();
    QFile file(path);
    const BuiltinScene* scene = findBuiltinScene(builtin.toStdString());
    // what reverting goes back to: the file's text, else the built-in's
    const std::string original = !path.isEmpty() && file.open(QIODevice::ReadOnly)
                                     ? file.readAll().toStdString()
                                 : scene ? scene->text
                                         : std::string();
    // an original that does not parse: the restored text itself
    try {
      saved_ = parseJsonText<SceneJson>(original, path.toStdString());
    } catch (const SceneError&) {
      saved_ = json_;
    }
  }
  return true;
}

// unsaved edits dropped: back to the saved text, with no history
void SceneDocument::revert() {
  if (!isModified()) return;
  undo_->clear();
  undo_->setClean();
  setJson(saved_);
}

bool SceneDocument::open(const std::string& text, const QString& source, const QString& path,
                         const QString& builtin, QString* error, bool untitled) {
  // the engine's reader of JSON text: syntax, numbers too large, nesting (a scene nested 100 000
  // arrays deep overflowed the stack in the copies the undo stack keeps), keys given twice
  SceneJson json;
  try {
    json = parseJsonText<SceneJson>(text, source.toStdString());
  } catch (const SceneError& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  // where it comes from: a file, a built-in scene, or a new scene keyed by its name
  filePath_ = path;
  builtinName_ = builtin;
  // a new scene keyed "new:" and its name
  untitledKey_ = untitled && json.is_object() && json.contains("name") && json["name"].is_string()
                     ? "new:" + QString::fromStdString(json["name"].get<std::string>())
                 : untitled ? QString("new:")
                            : QString();
  // a fresh history, the text as the saved state
  undo_->clear();
  saved_ = json;
  setJson(json);
  emit replaced();
  return true;
}

bool SceneDocument::saveFile(const QString& path, QString* error) {
  // the file opened for writing, or why not
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  // the meshes' paths from the file's folder (another folder, or a new scene's absolute paths)
  const SceneJson moved = withMeshFilesMoved(json_, filePath_.toStdString(),
                                             QFileInfo(path).absoluteFilePath().toStdString());
  // the text written indented by two
  const std::string text = moved.dump(2) + "\n";
  if (file.write(text.data(), static_cast<qint64>(text.size())) !=
      static_cast<qint64>(text.size())) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  if (moved != json_) {
    json_ = moved;
    // the states before name the meshes from the old folder
    undo_->clear();
  }
  // the document now is that file, saved
  // a new key (a new name, a file for a built-in) takes the runs along
  const QString before = sceneKey();
  filePath_ = QFileInfo(path).absoluteFilePath();
  builtinName_.clear();
  untitledKey_.clear();
  if (sceneKey() != before) emit keyChanged(before, sceneKey());
  // the saved state is now this text
  saved_ = json_;
  undo_->setClean();
  validate();  // the model now names its file
  emit changed();
  return true;
}

// --- names and keys ------------------------------------------------------------------------------

// the name in the title: the file's, else the scene's, else the built-in's
QString SceneDocument::displayName() const {
  if (!filePath_.isEmpty()) return QFileInfo(filePath_).fileName();
  if (json_.is_object() && json_.contains("name") && json_["name"].is_string())
    return QString::fromStdString(json_["name"].get<std::string>());
  return builtinName_;
}

// the key of the runs' groups: a new scene's name, the file's path, or the built-in's name
QString SceneDocument::sceneKey() const {
  if (!untitledKey_.isEmpty()) return untitledKey_;
  return filePath_.isEmpty() ? "builtin:" + builtinName_ : filePath_;
}

bool SceneDocument::isModified() const { return !undo_->isClean(); }

// --- edits ---------------------------------------------------------------------------------------

// an edit as one undo step (none when nothing changes)
void SceneDocument::edit(SceneJson after, const QString& description) {
  if (after == json_) return;
  undo_->push(new SceneEditCommand(*this, json_, std::move(after), description));
}

void SceneDocument::setValue(const QString& pointer, const SceneJson& value,
                             const QString& description) {
  SceneJson after = json_;
  // a discarded value removes the field
  const SceneJson::json_pointer ptr(pointer.toStdString());
  if (value.is_discarded()) {
    if (!after.contains(ptr)) return;
    // the field removed from its parent
    SceneJson::json_pointer parent = ptr.parent_pointer();
    after[parent].erase(ptr.back());
    // an optional object emptied by this (a body's orientation or shape) goes too
    if (after[parent].empty() &&
        parent.parent_pointer().parent_pointer() != SceneJson::json_pointer())
      after[parent.parent_pointer()].erase(parent.back());
  } else {
    after[ptr] = value;
  }
  edit(std::move(after), description);
}

// --- issues, notes and validation ----------------------------------------------------------------

// the issues at the pointer or under it
std::vector<SceneIssue> SceneDocument::issuesUnder(const QString& pointer) const {
  std::vector<SceneIssue> out;
  for (const SceneIssue& i : issues_)
    if (isUnder(i.path, pointer.toStdString())) out.push_back(i);
  return out;
}

// the loader's notes there, while the scene loads
std::vector<ModelNote> SceneDocument::notesUnder(const QString& pointer) const {
  std::vector<ModelNote> out;
  // no notes while the scene does not load
  if (!isValid() || !model_) return out;
  for (const ModelNote& n : model_->notes)
    if (isUnder(n.path, pointer.toStdString())) out.push_back(n);
  return out;
}

// every change of the text: loaded again, then announced
void SceneDocument::setJson(const SceneJson& json) {
  json_ = json;
  validate();
  emit changed();
}

void SceneDocument::validate() {
  // issues and check start afresh; the model stays the last one that loaded
  const std::string source =
      filePath_.isEmpty() ? "builtin:" + builtinName_.toStdString() : filePath_.toStdString();
  issues_.clear();
  check_ = ModelCheck();
  // the engine's reader builds the model from the text; its issues are the document's
  try {
    Model model = parseScene(json_.dump(), source);
    model.sourcePath = filePath_.toStdString();
    // the meshes' files, looked for from the scene's folder (a new scene's paths are absolute)
    issues_ = meshFileIssues(json_, filePath_.toStdString());
    if (!issues_.empty()) return;
    // the check of the model that loaded, and the model kept
    check_ = checkModel(model);
    model_ = std::make_shared<const Model>(std::move(model));
    emit modelChanged(model_);
  } catch (const SceneError& e) {
    issues_ = e.issues();
  } catch (const std::exception& e) {
    issues_.push_back({"", e.what()});
  }
}

}  // namespace mbw::ui
