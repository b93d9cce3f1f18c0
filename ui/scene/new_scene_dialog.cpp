#include "new_scene_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>

#include "scene/templates/scene_templates.h"

namespace mbw::ui {
namespace {

// --- the parameters of a template ----------------------------------------------------------------

constexpr int kTemplateRole = Qt::UserRole;

// the name and description fields of the empty scene, declared as the templates declare theirs
std::vector<TemplateParameter> emptySceneParameters() {
  // two text parameters, with no default: the scene's own name and description
  TemplateParameter name, description;
  name.name = "name";
  name.kind = ParameterKind::Text;
  name.description = "the scene's name";
  description.name = "description";
  description.kind = ParameterKind::Text;
  description.description = "the scene's description";
  return {name, description};
}

// the parameters of a template, or those of the empty scene
const std::vector<TemplateParameter>& parametersOf(const QString& templateName) {
  static const std::vector<TemplateParameter> empty = emptySceneParameters();
  const SceneTemplate* t = findSceneTemplate(templateName.toStdString());
  return t ? t->parameters : empty;
}

// the label of a parameter: its name in words and its unit
QString labelOf(const TemplateParameter& p) {
  QString label = QString::fromStdString(p.name).replace('_', ' ');
  if (!p.unit.empty()) label += " [" + QString::fromStdString(p.unit) + "]";
  return label;
}

// a parameter's tooltip: its description, its range and the order of the elements it names
QString tooltipOf(const TemplateParameter& p) {
  // the description, then the range and the names when the parameter has them
  QString tip = QString::fromStdString(p.description);
  const std::string range = p.rangeText();
  if (!range.empty()) tip += "\n" + QObject::tr("range: %1").arg(QString::fromStdString(range));
  if (!p.elementNames.empty()) {
    QStringList names;
    for (const std::string& n : p.elementNames) names << QString::fromStdString(n);
    tip += "\n" + QObject::tr("in order: %1").arg(names.join(", "));
  }
  return tip;
}

}  // namespace

// the empty scene's text: the ground, gravity along -z, no bodies; rp and HHT at a 1 ms step for
// 2 s
std::string emptySceneText(const std::string& name, const std::string& description) {
  nlohmann::ordered_json s;
  // the format and its version first
  s["format"] = "mbw-scene";
  s["version"] = 1;
  s["name"] = name.empty() ? "new scene" : name;
  s["description"] = description.empty() ? "the ground and gravity" : description;
  s["gravity"] = {0.0, 0.0, -9.81};
  s["bodies"] = nlohmann::ordered_json::array();
  s["joints"] = nlohmann::ordered_json::array();
  s["settings"] = {{"formulation", "rp"}, {"integrator", "hht"}, {"step", 0.001}, {"t_end", 2.0}};
  return s.dump(2);
}

// --- the dialog ----------------------------------------------------------------------------------

NewSceneDialog::NewSceneDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("New scene"));
  setObjectName("newSceneDialog");
  // the choices: the empty scene first, then the templates with their summaries
  list_ = new QListWidget(this);
  list_->setObjectName("templates");
  // the empty scene: no template
  auto* empty = new QListWidgetItem(tr("Empty scene"), list_);
  empty->setData(kTemplateRole, QString());
  empty->setToolTip(tr("The ground and gravity: add bodies and joints yourself"));
  // each template by its name, its summary in the tooltip
  for (const SceneTemplate& t : sceneTemplates()) {
    auto* item = new QListWidgetItem(QString::fromStdString(t.name), list_);
    item->setData(kTemplateRole, QString::fromStdString(t.name));
    item->setToolTip(QString::fromStdString(t.summary));
  }
  list_->setMaximumWidth(180);
  // the chosen template's summary, its form, and a red line for a refusal
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setStyleSheet("color: #555;");
  formPage_ = new QWidget(this);
  refusal_ = new QLabel(this);
  refusal_->setObjectName("refusal");
  refusal_->setWordWrap(true);
  refusal_->setStyleSheet("color: #c0392b;");
  // Create and Cancel; Create checks the scene first
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
  connect(buttons, &QDialogButtonBox::accepted, this, &NewSceneDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  // the summary, form and refusal beside the list, the buttons below
  auto* right = new QVBoxLayout;
  right->addWidget(summary_);
  right->addWidget(formPage_, 1);
  right->addWidget(refusal_);
  auto* top = new QHBoxLayout;
  top->addWidget(list_);
  top->addLayout(right, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top, 1);
  layout->addWidget(buttons);
  // the form follows the choice; the empty scene is chosen first
  connect(list_, &QListWidget::currentRowChanged, this, &NewSceneDialog::buildForm);
  list_->setCurrentRow(0);
  resize(720, 560);
}

void NewSceneDialog::buildForm() {
  // a new page of fields for the choice
  delete formPage_->layout();
  // the old page's editors deleted
  for (QWidget* w : formPage_->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) delete w;
  // no fields and no refusal left from the last choice
  fields_.clear();
  refusal_->clear();
  form_ = new QFormLayout(formPage_);
  // the chosen template's summary
  const QString chosen =
      list_->currentItem() ? list_->currentItem()->data(kTemplateRole).toString() : QString();
  const SceneTemplate* t = findSceneTemplate(chosen.toStdString());
  summary_->setText(t ? QString::fromStdString(t->summary) : list_->item(0)->toolTip());
  // one editor per parameter: a check box, a combo of choices, or a line (a text's placeholder
  // says the template has its own)
  for (const TemplateParameter& p : parametersOf(chosen)) {
    QWidget* editor = nullptr;
    const QString value = QString::fromStdString(p.defaultValue);
    switch (p.kind) {
      // a flag: a check box
      case ParameterKind::Flag: {
        auto* box = new QCheckBox(formPage_);
        box->setChecked(value == "true");
        editor = box;
        break;
      }
      // a choice: a combo of its values
      case ParameterKind::Choice: {
        auto* box = new QComboBox(formPage_);
        for (const std::string& c : p.choices) box->addItem(QString::fromStdString(c));
        box->setCurrentText(value);
        editor = box;
        break;
      }
      // a number or a text: a line
      default: {
        auto* line = new QLineEdit(value, formPage_);
        if (p.kind == ParameterKind::Text)
          line->setPlaceholderText(t ? tr("the template's own")
                                     : QString::fromStdString(p.description));
        editor = line;
        break;
      }
    }
    // each editor named after its parameter, with its label and tooltip
    editor->setObjectName(QString::fromStdString(p.name));
    editor->setToolTip(tooltipOf(p));
    auto* label = new QLabel(labelOf(p), formPage_);
    label->setToolTip(tooltipOf(p));
    form_->addRow(label, editor);
    fields_[p.name] = editor;
  }
}

// --- choosing and generating ---------------------------------------------------------------------

// the template chosen by its name, as the scripted session asks
void NewSceneDialog::choose(const QString& templateName) {
  for (int k = 0; k < list_->count(); ++k)
    if (list_->item(k)->data(kTemplateRole).toString() == templateName) list_->setCurrentRow(k);
}

// a parameter set by its name
bool NewSceneDialog::setParameter(const QString& name, const QString& value) {
  const auto it = fields_.find(name.toStdString());
  if (it == fields_.end()) return false;
  // set as the editor's kind takes it
  if (auto* box = qobject_cast<QCheckBox*>(it->second))
    box->setChecked(value == "true");
  else if (auto* combo = qobject_cast<QComboBox*>(it->second))
    combo->setCurrentText(value);
  else if (auto* line = qobject_cast<QLineEdit*>(it->second))
    line->setText(value);
  return true;
}

std::string NewSceneDialog::sceneText(QString* error) const {
  // the arguments as typed
  TemplateArguments arguments;
  for (const auto& [name, editor] : fields_) {
    QString value;
    // each editor's value as text: a flag as true or false
    if (auto* box = qobject_cast<QCheckBox*>(editor))
      value = box->isChecked() ? "true" : "false";
    else if (auto* combo = qobject_cast<QComboBox*>(editor))
      value = combo->currentText();
    else if (auto* line = qobject_cast<QLineEdit*>(editor))
      value = line->text().trimmed();
    // an empty name or description: the template's own
    if (!value.isEmpty()) arguments[name] = value.toStdString();
  }
  // the empty scene's text, or the template's scene generated by the engine
  const QString chosen =
      list_->currentItem() ? list_->currentItem()->data(kTemplateRole).toString() : QString();
  if (chosen.isEmpty()) return emptySceneText(arguments["name"], arguments["description"]);
  try {
    return generateScene(chosen.toStdString(), arguments);
  } catch (const TemplateError& e) {
    // the refusal names the parameter as the form labels it
    QString label = QString::fromStdString(e.parameter());
    for (const TemplateParameter& p : parametersOf(chosen))
      if (p.name == e.parameter()) label = labelOf(p);
    if (error)
      *error = label.isEmpty() ? QString::fromStdString(e.what())
                               : label + ": " + QString::fromStdString(e.what());
    return {};
  }
}

QString NewSceneDialog::refusal() const { return refusal_->text(); }

// the dialog closes only on a scene that generates
void NewSceneDialog::accept() {
  QString error;
  if (sceneText(&error).empty()) {
    refusal_->setText(error);
    return;
  }
  QDialog::accept();
}

}  // namespace mbw::ui
