#include "mesh_dialog.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStandardItemModel>
#include <stdexcept>

#include "form_dialog.h"
#include "mesh_geometry.h"
#include "scene/mesh_mass_properties.h"

namespace mbw::ui {
namespace {

// a positive number typed in; 0 when it is none
double positive(const QWidget* field) {
  bool ok = false;
  const double x = static_cast<const QLineEdit*>(field)->text().trimmed().toDouble(&ok);
  return ok && x > 0.0 ? x : 0.0;
}

// a vector with four significant digits
QString vectorText(double a, double b, double c) {
  return QString("(%1, %2, %3)").arg(a, 0, 'g', 4).arg(b, 0, 'g', 4).arg(c, 0, 'g', 4);
}

}  // namespace

// --- the dialog ----------------------------------------------------------------------------------

MeshDialog::MeshDialog(const QString& path, const QString& body, QWidget* parent)
    : QDialog(parent), path_(path.toStdString()) {
  setWindowTitle(tr("Attach mesh to %1").arg(body));
  setObjectName("meshDialog");
  // the form with a preview line and a refusal line under it
  auto* form = new QFormLayout;
  const FormDialogLabels labels = layOutFormDialog(*this, form);
  preview_ = labels.preview;
  refusal_ = labels.refusal;
  // the file's name, as a row of its own
  form->addRow(tr("File"), new QLabel(QFileInfo(path).fileName(), this));
  // the file's scale into metres, the choice of mass, the density
  auto* scale = new QLineEdit("1", this);
  scale->setObjectName("scale");
  scale->setToolTip(
      tr("multiplies the file's coordinates into metres: 0.001 for a file in millimetres"));
  form->addRow(tr("Scale"), scale);
  // computed from a closed mesh, or the body's own kept
  auto* massFrom = new QComboBox(this);
  massFrom->setObjectName("mass_from");
  massFrom->addItems({tr("computed from the mesh"), tr("given (the body's, kept)")});
  form->addRow(tr("Mass and inertia"), massFrom);
  auto* density = new QLineEdit("2700", this);
  density->setObjectName("density");
  density->setToolTip(tr("steel 7850, aluminium 2700, wood about 600, water 1000"));
  form->addRow(tr("Density [kg/m\u00b3]"), density);
  fields_ = {{"scale", scale}, {"mass_from", massFrom}, {"density", density}};
  // every change updates the preview
  connect(scale, &QLineEdit::textChanged, this, &MeshDialog::update);
  connect(density, &QLineEdit::textChanged, this, &MeshDialog::update);
  connect(massFrom, &QComboBox::currentIndexChanged, this, &MeshDialog::update);
  update();
}

// --- the fields, the preview and acceptance ------------------------------------------------------

// a field set by its key (the scripted session and the tests)
bool MeshDialog::setField(const QString& field, const QString& text) {
  return setFormField(fields_, field, text);
}

double MeshDialog::scale() const { return positive(fields_.at("scale")); }

// the density when mass and inertia are computed from a closed mesh, else 0
double MeshDialog::density() const {
  const bool computed = static_cast<QComboBox*>(fields_.at("mass_from"))->currentIndex() == 0;
  return closed_ && computed ? positive(fields_.at("density")) : 0.0;
}

QString MeshDialog::preview() const { return preview_->text(); }

void MeshDialog::update() {
  // the "computed" choice, enabled only for a closed mesh
  auto* massFrom = static_cast<QComboBox*>(fields_.at("mass_from"));
  // the choice's "computed" entry, enabled below or not
  auto* computed = qobject_cast<QStandardItemModel*>(massFrom->model())->item(0);
  const double s = scale();
  TriangleMesh mesh;
  std::string error;
  closed_ = false;
  // the file at this scale: what it holds, whether it bounds a solid, what the density gives
  if (s <= 0.0) {
    preview_->setText(tr("Scale: a positive number"));
  } else if (!meshTriangles(path_, s, &mesh, &error)) {
    preview_->setText(QString::fromStdString(error));
  } else if (const std::string open = meshClosedProblem(mesh); !open.empty()) {
    preview_->setText(tr("%1 triangles, not closed (%2): drawn for looks; the body's mass and "
                         "inertia stay as given")
                          .arg(mesh.triangles.size())
                          .arg(QString::fromStdString(open)));
  } else {
    closed_ = true;
    const double density = positive(fields_.at("density"));
    // a closed mesh: triangles, and the mass, inertia, products and centre of mass the density
    // gives
    QString text = tr("%1 triangles, closed").arg(mesh.triangles.size());
    if (massFrom->currentIndex() == 0 && density > 0.0) {
      try {
        // the mass properties of the closed mesh at that density
        const SolidMass m = meshMassProperties(mesh, density);
        const Mat3& I = m.inertia_B;
        text +=
            tr(". Computed: mass %1 kg, inertia %2 kg m\u00b2, products %3, centre of mass %4 m")
                .arg(m.mass, 0, 'g', 6)
                .arg(vectorText(I(0, 0), I(1, 1), I(2, 2)), vectorText(I(0, 1), I(0, 2), I(1, 2)),
                     vectorText(m.centerOfMass_B.x(), m.centerOfMass_B.y(), m.centerOfMass_B.z()));
      } catch (const std::invalid_argument& e) {
        closed_ = false;
        text += ": " + QString::fromStdString(e.what());
      }
    } else if (massFrom->currentIndex() == 0) {
      text += tr(". Density: a positive number");
    }
    preview_->setText(text);
  }
  // an open mesh offers no mass properties
  computed->setEnabled(closed_ || s <= 0.0);
  // an open mesh falls back to the body's mass and inertia
  if (!closed_ && s > 0.0 && massFrom->currentIndex() == 0) massFrom->setCurrentIndex(1);
  // the density only for a computed mass; the last refusal (of OK) cleared
  fields_.at("density")->setEnabled(massFrom->currentIndex() == 0);
  refusal_->clear();
}

void MeshDialog::accept() {
  // the dialog closes only on a positive scale and, when computed, a positive density
  const bool computed = static_cast<QComboBox*>(fields_.at("mass_from"))->currentIndex() == 0;
  if (scale() <= 0.0) {
    refusal_->setText(tr("Scale: a positive number"));
    return;
  }
  if (computed && density() <= 0.0) {
    refusal_->setText(tr("Density: a positive number"));
    return;
  }
  QDialog::accept();
}

}  // namespace mbw::ui
