#pragma once
// Edit > Add part from shape: a body made from a box, a cylinder, a sphere or a bar between two
// points, its mass and inertia computed from the solid and a density by the engine
// (scene/solid_mass_properties.h) or typed in. What the density gives shows as the fields change.

#include <QDialog>
#include <map>

#include "part_json.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace mbw::ui {

class PartDialog : public QDialog {
  Q_OBJECT

 public:
  // name: the new body's name (unused in the scene); up: the scene's vertical
  PartDialog(const QString& name, const Vec3& up, QWidget* parent = nullptr);

  // the field of a part's property ("name", "shape", "size", "radius", "length", "axis",
  // "position", "from", "to", "mass_from", "density", "mass", "inertia"), as a user types it
  bool setField(const QString& field, const QString& text);
  // the part described; false with *error when a field is no number or the shape no solid
  bool part(PartSpec* out, QString* error) const;
  // what the computed mass properties are now ("" when given or no solid)
  QString preview() const;

  void accept() override;

 private:
  void update();

  QFormLayout* form_;
  std::map<QString, QWidget*> fields_;
  QLabel* preview_;
  QLabel* refusal_;
  Vec3 up_;
};

}  // namespace mbw::ui
