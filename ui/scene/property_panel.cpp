#include "property_panel.h"

#include <QGridLayout>
#include <algorithm>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "angles_editor.h"
#include "field_editor.h"
#include "orientation_json.h"
#include "part_json.h"
#include "scene_document.h"
#include "scene_templates.h"

namespace mbw::ui {
namespace {

// --- helpers: tooltips and message labels --------------------------------------------------------

// a field's tooltip: name, unit, description, kind (and choices), whether required, its default
QString tooltipOf(const FieldSpec& f) {
  // the name in bold with its unit
  QString tip = "<b>" + QString::fromStdString(f.name) + "</b>";
  if (!f.unit.empty()) tip += " [" + QString::fromStdString(f.unit) + "]";
  tip += "<br>" + QString::fromStdString(f.description).toHtmlEscaped();
  // the kind, the choices of an enumeration
  tip += "<br><i>" + QString::fromLatin1(toString(f.kind)).toHtmlEscaped();
  if (!f.choices.empty()) {
    QStringList choices;
    for (const auto& c : f.choices) choices << QString::fromStdString(c);
    tip += ": " + choices.join(", ");
  }
  // required or optional, and the default when there is one
  tip += f.required ? QObject::tr(", required") : QObject::tr(", optional");
  if (!f.defaultText.empty())
    tip += QObject::tr(", default ") + QString::fromStdString(f.defaultText).toHtmlEscaped();
  return tip + "</i>";
}

// the issues the loader found: red, hidden while there are none
QLabel* errorLabel(QWidget* parent) {
  auto* label = new QLabel(parent);
  label->setWordWrap(true);
  label->setStyleSheet("color: #c0392b;");
  label->setVisible(false);
  return label;
}

// what the loader noticed that is not an error: dark blue-grey, beside the red of the issues
QLabel* noteLabel(QWidget* parent) {
  auto* label = new QLabel(parent);
  label->setWordWrap(true);
  label->setObjectName("notes");
  label->setStyleSheet("color: #2c4a6b;");
  label->setVisible(false);
  return label;
}

// messages one a line; the label hidden when there are none
void showMessages(QLabel* label, const std::vector<std::string>& messages) {
  QStringList lines;
  for (const std::string& m : messages) lines << QString::fromStdString(m);
  label->setText(lines.join("\n"));
  label->setVisible(!lines.isEmpty());
}

}  // namespace

// --- the page of the selected element ------------------------------------------------------------

PropertyPanel::PropertyPanel(SceneDocument& doc, QWidget* parent) : QScrollArea(parent), doc_(doc) {
  // the page scrolls; it is refreshed at each edit, and shows the scene's own fields when another
  // scene is opened
  setWidgetResizable(true);
  setFrameShape(QFrame::NoFrame);
  connect(&doc_, &SceneDocument::changed, this, &PropertyPanel::refresh);
  connect(&doc_, &SceneDocument::replaced, this, [this] { showPointer(""); });
}

void PropertyPanel::showPointer(const QString& pointer) {
  pointer_ = pointer;
  rebuild();
}

// a new page: its title, the element's issues and notes, a body's mass origin and mesh button
void PropertyPanel::rebuild() {
  // the old page's rows and angles editor forgotten
  rows_.clear();
  angles_ = nullptr;
  // the old page may be the sender of the edit that got us here: delete it later
  if (QWidget* old = takeWidget()) old->deleteLater();
  // the element's type at the pointer decides the page
  objectType_ = objectTypeAt(doc_.json(), pointer_.toStdString());
  page_ = new QWidget;
  auto* layout = new QVBoxLayout(page_);
  // the title line, then the element's messages
  title_ = new QLabel(page_);
  title_->setStyleSheet("font-weight: bold; font-size: 11pt;");
  title_->setWordWrap(true);
  layout->addWidget(title_);
  objectIssues_ = errorLabel(page_);
  objectNotes_ = noteLabel(page_);
  // a body: whether its mass and inertia come from its shape or were typed in
  massOrigin_ = new QLabel(page_);
  massOrigin_->setObjectName("massOrigin");
  massOrigin_->setWordWrap(true);
  massOrigin_->setStyleSheet("color: #555; font-style: italic;");
  massOrigin_->setVisible(false);
  layout->addWidget(massOrigin_);
  // a body offers a mesh to draw it
  if (objectType_ == "body") {
    auto* attach = new QPushButton(tr("Attach mesh..."), page_);
    attach->setObjectName("attachMesh");
    attach->setToolTip(
        tr("Draw the body as an STL or OBJ mesh; a closed mesh offers its mass and inertia"));
    connect(attach, &QPushButton::clicked, this, [this] { emit attachMeshRequested(pointer_); });
    auto* row = new QHBoxLayout;
    row->addWidget(attach);
    row->addStretch(1);
    layout->addLayout(row);
  }

  // its description, then a grid of its fields: name, editor, unit, and an error line under each
  const ObjectSpec* spec = findObjectSpec(objectType_);
  // an element of unknown type: edit its name and type until it is one the schema knows
  if (spec && !spec->discriminator.empty() && !spec->variants.empty())
    spec = findObjectSpec(objectType_ + "/" + spec->variants.front());
  if (spec) {
    // the schema's description of the element
    auto* description = new QLabel(QString::fromStdString(spec->description), page_);
    description->setWordWrap(true);
    description->setStyleSheet("color: #555;");
    layout->addWidget(description);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    addFields(grid, *spec, pointer_);
    layout->addLayout(grid);
    // the element's issues that name no field shown go under the fields: the fields stay where
    // they are when one appears; the loader's notes with them
    layout->addWidget(objectIssues_);
    layout->addWidget(objectNotes_);
  } else {
    // no spec: the messages alone
    layout->addWidget(objectIssues_);
    layout->addWidget(objectNotes_);
  }
  layout->addStretch(1);
  setWidget(page_);
  refresh();
}

// the fields of an object spec, nested objects in group boxes of their own
void PropertyPanel::addFields(QGridLayout* grid, const ObjectSpec& spec, const QString& base) {
  for (const FieldSpec& f : spec.fields) {
    const QString pointer = base + "/" + QString::fromStdString(f.name);
    // the scene's arrays of elements and its settings have their own items in the tree; other
    // arrays (a road's bumps) are edited as JSON text
    if (base.isEmpty() && (f.kind == FieldKind::Array || f.type == "settings")) continue;
    // a body's orientation as angles, over the form the scene stores it in
    if (f.name == "orientation" && objectType_ == "body" && base == pointer_) {
      const int row = grid->rowCount();
      // its label and unit, the angles editor between them
      auto* name = new QLabel(tr("angles"), page_);
      name->setToolTip(
          tr("The orientation as angles in degrees (the scene keeps the form it gives: %1)")
              .arg("matrix, euler_parameters, zxz, or axis and angle"));
      angles_ = new AnglesEditor(page_);
      grid->addWidget(name, row, 0);
      grid->addWidget(angles_, row, 1);
      grid->addWidget(new QLabel(tr("deg"), page_), row, 2);
      connect(angles_, &AnglesEditor::edited, this, &PropertyPanel::commitAngles);
    }
    if (f.kind == FieldKind::Object) {
      if (const ObjectSpec* nested = findObjectSpec(f.type)) {
        // a nested object: its fields in a group box titled with its name
        auto* box = new QGroupBox(QString::fromStdString(f.name), page_);
        box->setToolTip(tooltipOf(f) + "<br>" +
                        QString::fromStdString(nested->description).toHtmlEscaped());
        auto* inner = new QGridLayout(box);
        inner->setColumnStretch(1, 1);
        addFields(inner, *nested, pointer);
        grid->addWidget(box, grid->rowCount(), 0, 1, 3);
      }
      continue;
    }
    // a plain field: its name (bold when required), its editor and its unit, a line for its error
    const int row = grid->rowCount();
    auto* name = new QLabel(QString::fromStdString(f.name), page_);
    if (f.required) name->setStyleSheet("font-weight: bold;");
    name->setToolTip(tooltipOf(f));
    auto* editor = new FieldEditor(f, page_);
    editor->setToolTip(tooltipOf(f));
    // its unit in grey, and its error line under the editor
    auto* unit = new QLabel(QString::fromStdString(f.unit), page_);
    unit->setStyleSheet("color: #555;");
    auto* error = errorLabel(page_);
    grid->addWidget(name, row, 0);
    grid->addWidget(editor, row, 1);
    grid->addWidget(unit, row, 2);
    grid->addWidget(error, row + 1, 1, 1, 2);
    rows_.push_back({pointer, editor, error});
    // an edit commits that field; a pick asks the 3D view for a point or axis on the field's body
    connect(editor, &FieldEditor::edited, this, [this, pointer] {
      for (const Row& r : rows_)
        if (r.pointer == pointer) commit(r);
    });
    const bool axis = f.kind == FieldKind::VectorRef;
    connect(editor, &FieldEditor::pickRequested, this,
            [this, pointer, axis] { emit pickRequested(pointer, bodyOfField(pointer), axis); });
  }
}

// --- the values and messages shown ---------------------------------------------------------------

void PropertyPanel::refresh() {
  // an edit that changed the element's type needs another page
  if (!page_) return;
  const SceneJson& json = doc_.json();
  if (objectTypeAt(json, pointer_.toStdString()) != objectType_) {
    rebuild();
    return;
  }
  // title: the element's name and type
  const SceneJson::json_pointer ptr(pointer_.toStdString());
  QString title = QString::fromStdString(objectType_.empty() ? "(nothing selected)" : objectType_);
  if (json.contains(ptr) && json[ptr].is_object() && json[ptr].contains("name") &&
      json[ptr]["name"].is_string())
    title = QString::fromStdString(json[ptr]["name"].get<std::string>()) + "  (" + title + ")";
  title_->setText(title);
  // a body's mass and inertia: from its shape or mesh, or typed in
  const QString origin = objectType_ == "body" && json.contains(ptr)
                             ? massOrigin(json[ptr], doc_.filePath())
                             : QString();
  massOrigin_->setText(origin);
  massOrigin_->setVisible(!origin.isEmpty());
  // the angles shown for the body's orientation, in the sequence that suits it unless one was
  // chosen
  if (angles_ && json.contains(ptr)) {
    const SceneJson orientation = json[ptr].value("orientation", SceneJson());
    if (!angleSequenceChosen_) angles_->setSequence(naturalSequence(orientation));
    angles_->setOrientation(orientation);
  }

  // values, and each issue next to the field it names (the rest under the fields)
  std::vector<SceneIssue> issues = doc_.issuesUnder(pointer_);
  // each field's value; a body reference offers the body names
  for (const Row& r : rows_) {
    const SceneJson::json_pointer field(r.pointer.toStdString());
    const SceneJson* value = json.contains(field) ? &json[field] : nullptr;
    if (isBodyReference(r.editor->spec())) r.editor->setBodyChoices(bodyNames());
    r.editor->setValue(value);
    // point and vector references offer the body's names
    const FieldKind kind = r.editor->spec().kind;
    if (kind == FieldKind::PointRef || kind == FieldKind::VectorRef) {
      QStringList names;
      // the names of the body's points or vectors, as the field's kind asks
      const std::string body = bodyOfField(r.pointer).toStdString();
      const char* key = kind == FieldKind::PointRef ? "points" : "vectors";
      if (json.contains("bodies") && json["bodies"].is_array())
        for (const SceneJson& b : json["bodies"])
          if (b.is_object() && b.value("name", "") == body && b.contains(key) && b[key].is_object())
            for (auto it = b[key].begin(); it != b[key].end(); ++it)
              names << QString::fromStdString(it.key());
      r.editor->setNamedChoices(names);
    }
    // the issues under this field, taken out of the list
    std::vector<std::string> messages;
    for (auto it = issues.begin(); it != issues.end();) {
      if (isUnder(it->path, r.pointer.toStdString())) {
        messages.push_back(it->message);
        it = issues.erase(it);
      } else {
        ++it;
      }
    }
    showMessages(r.error, messages);
  }
  // the rest under the fields, named by their path within the element
  std::vector<std::string> rest;
  for (const SceneIssue& i : issues)
    rest.push_back(i.path.size() > static_cast<size_t>(pointer_.size())
                       ? i.path.substr(pointer_.size() + 1) + ": " + i.message
                       : i.message);
  showMessages(objectIssues_, rest);
  showMessages(objectNotes_, notesText());
}

// the notes of the element; for the scene, what was left out in one paragraph (the joints carry
// theirs)
std::vector<std::string> PropertyPanel::notesText() const {
  // the notes as they are for an element, or the scene without left-out equations
  const std::vector<ModelNote> notes = doc_.notesUnder(pointer_);
  if (notes.empty()) return {};
  const Model& m = *doc_.model();
  if (!pointer_.isEmpty() || m.redundant.empty()) {
    std::vector<std::string> lines;
    for (const ModelNote& n : notes) lines.push_back(n.message);
    return lines;
  }
  // for the scene, one paragraph on the equations the loader left out
  const QString count =
      m.redundant.size() == 1
          ? tr("1 equation of a joint repeats what the others impose")
          : tr("%1 equations of the joints repeat what the others impose").arg(m.redundant.size());
  // the summary's list, after its colon (the whole summary if it has none)
  const std::string summary = m.redundancySummary();
  const size_t colon = summary.find(": ");
  const std::string list = colon == std::string::npos ? summary : summary.substr(colon + 2);
  return {tr("Note: %1 (the mechanism's loops are closed more than once); the loader left them "
             "out: %2. The recorded reactions are those of the kept equations. Select a joint "
             "marked (i) for what its left-out equations repeat.")
              .arg(count, QString::fromStdString(list))
              .toStdString()};
}

// --- committing edits ----------------------------------------------------------------------------

void PropertyPanel::commit(const Row& row) {
  // the edited value, and whether it is a field of the element itself (not of a nested object)
  const SceneJson value = row.editor->value();
  const std::string field = row.editor->spec().name;
  const SceneJson& json = doc_.json();
  const SceneJson::json_pointer object(pointer_.toStdString());
  const bool topLevel = row.pointer.count('/') == pointer_.count('/') + 1;
  // a body's new name follows into every joint and force element that names it
  if (topLevel && field == "name" && objectType_ == "body" && value.is_string() &&
      json.contains(object)) {
    const std::string oldName = json[object].value("name", "");
    doc_.edit(renameBody(json, oldName, value.get<std::string>()),
              tr("Rename body '%1' to '%2'")
                  .arg(QString::fromStdString(oldName),
                       QString::fromStdString(value.get<std::string>())));
    return;
  }
  // another type of joint or force element
  if (topLevel && field == "type" && value.is_string() && json.contains(object) &&
      (objectType_.rfind("joint", 0) == 0 || objectType_.rfind("force", 0) == 0)) {
    // the family before the slash: joint or force
    const std::string family = objectType_.substr(0, objectType_.find('/'));
    SceneJson after = json;
    after[object] = convertElement(json[object], family, value.get<std::string>(), json);
    doc_.edit(std::move(after),
              tr("Change the type to %1").arg(QString::fromStdString(value.get<std::string>())));
    return;
  }
  // a body's solid (shape or mesh) changed: mass and inertia follow when they were computed from it
  // (or a density was set just now)
  const QString shape = pointer_ + "/shape", mesh = pointer_ + "/mesh";
  const std::string changedField = row.pointer.toStdString();
  if (objectType_ == "body" &&
      (isUnder(changedField, shape.toStdString()) || isUnder(changedField, mesh.toStdString())) &&
      json.contains(object)) {
    // the field set or, when emptied, removed
    SceneJson after = json;
    const SceneJson::json_pointer changed(row.pointer.toStdString());
    if (value.is_discarded())
      after[changed.parent_pointer()].erase(changed.back());
    else
      after[changed] = value;
    // recomputed when the mass was the solid's, or a density was set just now
    if (massIsComputed(json[object], doc_.filePath()) || row.pointer == shape + "/density" ||
        row.pointer == mesh + "/density")
      after[object] = withComputedMass(after[object], doc_.filePath());
    doc_.edit(std::move(after), describeField(json, row.pointer));
    return;
  }
  // any other field: set as it is
  doc_.setValue(row.pointer, value, describeField(json, row.pointer));
}

void PropertyPanel::commitAngles() {
  // the rotation of the angles typed; nothing when they do not make one
  Mat3 R;
  const SceneJson& json = doc_.json();
  const SceneJson::json_pointer ptr(pointer_.toStdString());
  if (!angles_ || !json.contains(ptr) || !angles_->rotation(&R)) return;
  // the sequence the user works in stays chosen for the next bodies
  angleSequenceChosen_ = true;
  // the orientation written in the form the scene gives it
  const QString pointer = pointer_ + "/orientation";
  doc_.setValue(pointer, orientationJson(R, json[ptr].value("orientation", SceneJson())),
                tr("%1 as angles").arg(describeField(json, pointer)));
}

// --- bodies and fields ---------------------------------------------------------------------------

QStringList PropertyPanel::bodyNames() const {
  // the ground, the bodies, and the nodes of the beams (<beam>.<k>)
  QStringList names{"ground"};
  const SceneJson& json = doc_.json();
  if (json.contains("bodies") && json["bodies"].is_array())
    for (const SceneJson& b : json["bodies"])
      if (b.is_object() && b.contains("name") && b["name"].is_string())
        names << QString::fromStdString(b["name"].get<std::string>());
  // the beams' nodes, 2 n + 1 for n elements
  if (json.contains("beams") && json["beams"].is_array())
    for (const SceneJson& b : json["beams"])
      if (b.is_object() && b.contains("name") && b["name"].is_string() && b.contains("elements") &&
          b["elements"].is_number_integer())
        for (int k = 0; k <= 2 * std::min(b["elements"].get<int>(), 1000); ++k)
          names << QString::fromStdString(b["name"].get<std::string>()) + "." + QString::number(k);
  return names;
}

QString PropertyPanel::bodyOfField(const QString& fieldPointer) const {
  // the field's name and its element's pointer
  const QString field = fieldPointer.section('/', -1);
  const QString element = fieldPointer.section('/', 0, -2);
  const SceneJson& json = doc_.json();
  const SceneJson::json_pointer ptr(element.toStdString());
  if (!json.contains(ptr) || !json[ptr].is_object()) return {};
  const SceneJson& e = json[ptr];
  // "point_i" is on body_i, "axis_j" on body_j; a load's "point" on its "body"
  const char* key = field.endsWith("_i")   ? "body_i"
                    : field.endsWith("_j") ? "body_j"
                    : e.contains("body")   ? "body"
                                           : "body_i";
  return e.contains(key) && e[key].is_string() ? QString::fromStdString(e[key].get<std::string>())
                                               : QString();
}

// the editor and the error of a field, for the tests and the pick tools
FieldEditor* PropertyPanel::editorFor(const QString& fieldPointer) const {
  for (const Row& r : rows_)
    if (r.pointer == fieldPointer) return r.editor;
  return nullptr;
}

QString PropertyPanel::fieldError(const QString& fieldPointer) const {
  for (const Row& r : rows_)
    if (r.pointer == fieldPointer) return r.error->text();
  return {};
}

}  // namespace mbw::ui
