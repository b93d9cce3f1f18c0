#pragma once
// File > New scene (Ctrl+N): an empty scene (gravity down -z, the ground, no bodies) or one made
// from a template of the engine (scene/templates/scene_templates.h). The template's form is built
// from its declared parameters (name, unit, default, range, choices), so the dialog holds no copy
// of them; the engine checks the values and a refusal shows under the form, naming the parameter.
// The scene's own name and description are fields of every choice.

#include <QDialog>
#include <map>
#include <string>

class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QWidget;

namespace mbw::ui {

class NewSceneDialog : public QDialog {
  Q_OBJECT

 public:
  explicit NewSceneDialog(QWidget* parent = nullptr);

  // chooses the empty scene ("") or a template by name, as the list does
  void choose(const QString& templateName);
  // sets a parameter's field (its text; "true"/"false" for a flag)
  bool setParameter(const QString& name, const QString& value);
  // the scene made from the choice and the fields; "" with *error when the engine refuses them
  std::string sceneText(QString* error = nullptr) const;
  // what the dialog refused last ("" when nothing)
  QString refusal() const;

  void accept() override;

 private:
  void buildForm();

  QListWidget* list_;
  QWidget* formPage_;
  QFormLayout* form_ = nullptr;
  QLabel* summary_;
  QLabel* refusal_;
  std::map<std::string, QWidget*> fields_;  // parameter -> its editor
};

// An empty scene: the ground, gravity 9.81 m/s^2 down -z, no bodies, a run of 2 s.
std::string emptySceneText(const std::string& name, const std::string& description);

}  // namespace mbw::ui
