#pragma once
// Attach mesh: how a mesh file read through VTK (mesh_geometry.h) is attached to a body. Its
// scale into metres; when it bounds a solid (closed and consistently oriented, the engine's test:
// scene/mesh_mass_properties.h), its mass, inertia and centre of mass at a density are offered in
// place of the body's ("computed from the mesh"), or the body's are kept ("given"). An open mesh
// is drawn for looks only, and the dialog says why it bounds no solid.

#include <QDialog>
#include <map>
#include <string>

class QComboBox;
class QLabel;
class QLineEdit;

namespace mbw::ui {

class MeshDialog : public QDialog {
  Q_OBJECT

 public:
  // path: the mesh file (absolute); body: the body's name
  MeshDialog(const QString& path, const QString& body, QWidget* parent = nullptr);

  // "scale", "mass_from" ("computed..." or "given"), "density", as a user types or chooses them;
  // false for another field, a choice not offered, or a choice that is disabled
  bool setField(const QString& field, const QString& text);
  double scale() const;
  // the density chosen for the mass properties; 0 when they stay given
  double density() const;
  // what the file holds and, when it bounds a solid, the mass properties the density gives
  QString preview() const;
  // whether the mesh at the scale chosen bounds a solid
  bool closed() const { return closed_; }

  void accept() override;

 private:
  void update();

  std::string path_;
  std::map<QString, QWidget*> fields_;
  QLabel* preview_;
  QLabel* refusal_;
  bool closed_ = false;
};

}  // namespace mbw::ui
