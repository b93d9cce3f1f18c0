#include "part_dialog.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <stdexcept>

#include "form_dialog.h"
#include "scene/solid_mass_properties.h"

namespace mbw::ui {
namespace {

// "0.1, 0.2, 0.3" as a vector; false when it is not three numbers
bool readVector(const QString& text, Vec3* out) {
  // brackets allowed, as JSON writes a vector
  const QStringList parts = QString(text).remove('[').remove(']').split(',');
  if (parts.size() != 3) return false;
  for (int k = 0; k < 3; ++k) {
    bool ok = false;
    (*out)[k] = parts[k].trimmed().toDouble(&ok);
    if (!ok) return false;
  }
  return true;
}

// a number; false when it is not one
bool readNumber(const QString& text, double* out) {
  bool ok = false;
  *out = text.trimmed().toDouble(&ok);
  return ok;
}

}  // namespace

// --- building the dialog -------------------------------------------------------------------------

PartDialog::PartDialog(const QString& name, const Vec3& up, QWidget* parent)
    : QDialog(parent), up_(up) {
  setWindowTitle(tr("Add part from shape"));
  setObjectName("partDialog");
  // the form with a preview line and a refusal line under it
  form_ = new QFormLayout;
  const FormDialogLabels labels = layOutFormDialog(*this, form_);
  preview_ = labels.preview;
  refusal_ = labels.refusal;
  // a line edit of the form, under a key; every change updates the preview
  auto line = [this](const QString& key, const QString& label, const QString& text,
                     const QString& tip) {
    auto* edit = new QLineEdit(text, this);
    edit->setObjectName(key);
    edit->setToolTip(tip);
    form_->addRow(label, edit);
    fields_[key] = edit;
    connect(edit, &QLineEdit::textChanged, this, &PartDialog::update);
  };
  // a choice of the form, under a key
  auto choice = [this](const QString& key, const QString& label, const QStringList& items) {
    auto* box = new QComboBox(this);
    box->setObjectName(key);
    box->addItems(items);
    form_->addRow(label, box);
    fields_[key] = box;
    connect(box, &QComboBox::currentTextChanged, this, &PartDialog::update);
  };
  // the name, the shape and its sizes, where it is
  line("name", tr("Name"), name, tr("the body's name"));
  choice("shape", tr("Shape"), {"box", "cylinder", "sphere", "bar"});
  line("size", tr("Edges [m]"), "0.2, 0.1, 0.05",
       tr("the box's edges along the body's x, y and z"));
  line("radius", tr("Radius [m]"), "0.05",
       tr("cylinder and sphere radius; a bar's section (square) width"));
  line("length", tr("Length [m]"), "0.2", tr("the cylinder's length"));
  choice("axis", tr("Cylinder axis"), {"x", "y", "z"});
  line("position", tr("Centre [m]"), "0, 0, 0",
       tr("where the solid's centre (the body's frame) is, world frame"));
  line("from", tr("From [m]"), "0, 0, 0",
       tr("the bar's first end (its point 'start'), world frame"));
  line("to", tr("To [m]"), "0.2, 0, 0", tr("the bar's second end (its point 'end'), world frame"));
  // mass and inertia: from a density, or given
  choice("mass_from", tr("Mass and inertia"), {tr("computed from the density"), tr("given")});
  line("density", tr("Density [kg/m\u00b3]"), "7850",
       tr("steel 7850, aluminium 2700, wood about 600, water 1000"));
  line("mass", tr("Mass [kg]"), "1", tr("the mass, typed in"));
  line("inertia", tr("Inertia [kg m\u00b2]"), "0.01, 0.01, 0.01",
       tr("moments about the centre of mass along the body's axes, typed in"));
  // a cylinder along z unless chosen otherwise; the preview made once
  static_cast<QComboBox*>(fields_["axis"])->setCurrentText("z");
  update();
}

// --- reading the part ----------------------------------------------------------------------------

// a field set by its key (the scripted session and the tests)
bool PartDialog::setField(const QString& field, const QString& text) {
  return setFormField(fields_, field, text);
}

bool PartDialog::part(PartSpec* out, QString* error) const {
  // a field's text, whichever widget it is
  auto text = [this](const QString& key) {
    QWidget* w = fields_.at(key);
    if (auto* box = qobject_cast<QComboBox*>(w)) return box->currentText();
    return static_cast<QLineEdit*>(w)->text();
  };
  // a refusal: its reason given back, false returned
  auto fail = [&](const QString& what) {
    if (error) *error = what;
    return false;
  };
  // name, shape, axis, up and the choice of mass
  PartSpec p;
  p.name = text("name").trimmed().toStdString();
  if (p.name.empty()) return fail(tr("The part needs a name."));
  p.shape = text("shape").toStdString();
  p.axis = static_cast<QComboBox*>(fields_.at("axis"))->currentIndex();
  p.up_W = up_;
  p.computed = static_cast<QComboBox*>(fields_.at("mass_from"))->currentIndex() == 0;
  // the fields the shape and the choice of mass use, read as numbers
  if (p.shape == "box" && !readVector(text("size"), &p.size))
    return fail(tr("Edges: three numbers, e.g. 0.2, 0.1, 0.05"));
  if (p.shape != "box" && !readNumber(text("radius"), &p.radius))
    return fail(tr("Radius: a number"));
  if (p.shape == "cylinder" && !readNumber(text("length"), &p.length))
    return fail(tr("Length: a number"));
  // a bar: its two ends; the others: their centre
  if (p.shape == "bar") {
    if (!readVector(text("from"), &p.from_W) || !readVector(text("to"), &p.to_W))
      return fail(tr("From and To: three numbers each"));
  } else if (!readVector(text("position"), &p.position_W)) {
    return fail(tr("Centre: three numbers"));
  }
  // the density, or the mass and inertia, as chosen
  if (p.computed && !readNumber(text("density"), &p.density)) return fail(tr("Density: a number"));
  if (!p.computed &&
      (!readNumber(text("mass"), &p.mass) || !readVector(text("inertia"), &p.inertia)))
    return fail(tr("Mass: a number; inertia: three numbers"));
  // the engine's checks of the part (positive sizes, a bar's two ends apart...)
  try {
    partBody(p);
  } catch (const std::invalid_argument& e) {
    return fail(QString::fromUtf8(e.what()));
  }
  *out = p;
  return true;
}

// --- preview and acceptance ----------------------------------------------------------------------

QString PartDialog::preview() const { return preview_->text(); }

void PartDialog::update() {
  // the rows the shape and the choice of mass use
  const QString shape = static_cast<QComboBox*>(fields_["shape"])->currentText();
  const bool computed = static_cast<QComboBox*>(fields_["mass_from"])->currentIndex() == 0;
  const std::map<QString, bool> shown{
      {"size", shape == "box"},      {"radius", shape != "box"},   {"length", shape == "cylinder"},
      {"axis", shape == "cylinder"}, {"position", shape != "bar"}, {"from", shape == "bar"},
      {"to", shape == "bar"},        {"density", computed},        {"mass", !computed},
      {"inertia", !computed}};
  // the rows of the shape and the choice shown, the others hidden; a bar's radius is its section
  for (const auto& [key, visible] : shown) form_->setRowVisible(fields_[key], visible);
  static_cast<QLabel*>(form_->labelForField(fields_["radius"]))
      ->setText(shape == "bar" ? tr("Section [m]") : tr("Radius [m]"));
  // what the density gives
  PartSpec p;
  QString error;
  // no refusal shown while editing; an invalid part's reason in the preview
  refusal_->clear();
  if (!part(&p, &error)) {
    preview_->setText(error);
    return;
  }
  // the body the part makes, its computed mass and inertia in the preview
  const SceneJson body = partBody(p);
  preview_->setText(computed ? tr("Computed: mass %1 kg, inertia [%2, %3, %4] kg m\u00b2")
                                   .arg(body["mass"].get<double>(), 0, 'g', 6)
                                   .arg(body["inertia"][0].get<double>(), 0, 'g', 4)
                                   .arg(body["inertia"][1].get<double>(), 0, 'g', 4)
                                   .arg(body["inertia"][2].get<double>(), 0, 'g', 4)
                             : tr("Given: mass and inertia as typed"));
}

// the dialog closes only on a valid part
void PartDialog::accept() {
  PartSpec p;
  QString error;
  if (!part(&p, &error)) {
    refusal_->setText(error);
    return;
  }
  QDialog::accept();
}

}  // namespace mbw::ui
