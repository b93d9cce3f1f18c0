#pragma once
// The scene being edited: its JSON (key order kept, so saved files stay readable and diffable), an
// undo stack of edits, and the outcome of validating it with the engine's loader after every
// change: either a Model or the list of issues, each with the JSON path of its field.

#include <QObject>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "analysis/model_check.h"
#include "model/model.h"
#include "scene/scene_error.h"

class QUndoStack;

namespace mbw::ui {

using SceneJson = nlohmann::ordered_json;

class SceneDocument : public QObject {
  Q_OBJECT

 public:
  explicit SceneDocument(QObject* parent = nullptr);
  ~SceneDocument() override;

  // Replace the document; the undo history starts afresh. They fail (false, *error) only when the
  // text cannot be read or is not JSON of a scene file (scene/json_reader.h: nesting, keys given
  // twice); a scene with problems opens, with its issues listed.
  bool openBuiltin(const QString& name, QString* error);
  bool openFile(const QString& path, QString* error);
  // writes the meshes' paths relative to the file's folder (the undo history then starts afresh)
  bool saveFile(const QString& path, QString* error);
  // a new scene (File > New scene) from its text: untitled and unsaved until it is saved as a file
  bool openNew(const std::string& text, QString* error);
  // a scene as a saved session left it: its text, where it came from, unsaved edits or not
  bool restore(const std::string& text, const QString& path, const QString& builtin, bool modified,
               QString* error);

  const SceneJson& json() const { return json_; }
  QString filePath() const { return filePath_; }
  // the built-in scene this document started from ("" for files)
  QString builtinName() const { return builtinName_; }
  QString displayName() const;
  // the scene's identity, which runs belong to: "builtin:NAME", "new:NAME" for a new scene not yet
  // saved, or the file's absolute path
  QString sceneKey() const;
  bool isModified() const;
  QUndoStack* undoStack() const { return undo_; }
  // back to the scene as it was last opened or saved, its unsaved edits dropped (the undo history
  // starts afresh)
  void revert();

  // One undoable edit: the document becomes `after`.
  void edit(SceneJson after, const QString& description);
  // Sets the value at a JSON pointer; a discarded value removes the field (and an optional object
  // left empty by that).
  void setValue(const QString& pointer, const SceneJson& value, const QString& description);

  bool isValid() const { return issues_.empty(); }
  const std::vector<SceneIssue>& issues() const { return issues_; }
  // the issues at this path or below it
  std::vector<SceneIssue> issuesUnder(const QString& pointer) const;
  // what the loader noticed in the current state that is not an error (redundant equations left
  // out), at this path or below it; none while the document has issues
  std::vector<ModelNote> notesUnder(const QString& pointer) const;
  // the model of the last valid state of the document (nullptr when it has never been valid)
  std::shared_ptr<const Model> model() const { return model_; }
  // the engine's model check of the current state (counts, degrees of freedom, findings); empty
  // while the document has issues
  const ModelCheck& check() const { return check_; }

 signals:
  void replaced();  // another scene was opened
  void changed();   // the document changed (edit, undo, redo) and was validated
  void modelChanged(std::shared_ptr<const Model> model);  // a new valid model
  void modifiedChanged(bool modified);
  void keyChanged(const QString& from, const QString& to);  // saved under another name

 private:
  friend class SceneEditCommand;
  bool open(const std::string& text, const QString& source, const QString& path,
            const QString& builtin, QString* error, bool untitled = false);
  void setJson(const SceneJson& json);
  void validate();

  SceneJson json_;
  SceneJson saved_;  // as last opened or saved
  QString filePath_, builtinName_;
  QString untitledKey_;  // a new scene, never saved: "new:NAME" with the name it was made with
  QUndoStack* undo_;
  std::vector<SceneIssue> issues_;
  std::shared_ptr<const Model> model_;
  ModelCheck check_;
};

// A field in words, for undo labels: "/bodies/1/mass" -> "mass of body_2", "/bodies/1/shape/size"
// -> "shape size of body_2", "/settings/t_end" -> "t_end of the run settings", "/gravity" ->
// "gravity"
QString describeField(const SceneJson& json, const QString& pointer);

// The scene with its bodies' mesh files (scene/mesh_file.h) written from the folder of the file
// `to` instead of that of `from` ("" for a scene never saved: absolute paths).
SceneJson withMeshFilesMoved(const SceneJson& scene, const std::string& from,
                             const std::string& to);

// true when path is pointer or lies below it ("/bodies/1/mass" is under "/bodies/1")
bool isUnder(const std::string& path, const std::string& pointer);

}  // namespace mbw::ui
