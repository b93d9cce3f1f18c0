#pragma once
// A body's orientation edited as angles (degrees): three angles of a chosen sequence of axes
// (z-y-x: yaw, pitch, roll about the turned axes; x-y-z; z-x-z) or an axis and an angle. The
// scene keeps its own form (orientation_json.h): the editor shows the orientation as angles and
// an edit is written back as the scene wrote it.

#include <QWidget>
#include <vector>

#include "math/types.h"
#include "scene_document.h"

class QComboBox;
class QLineEdit;

namespace mbw::ui {

class AnglesEditor : public QWidget {
  Q_OBJECT

 public:
  explicit AnglesEditor(QWidget* parent = nullptr);

  // shows an orientation object (null: the identity) in the chosen sequence
  void setOrientation(const SceneJson& orientation);
  void setSequence(const QString& sequence);
  QString sequence() const;
  // sets the angles (degrees; for axis-angle the axis and the angle) as a user types them
  void setAngles(const std::vector<double>& values);
  std::vector<double> angles() const;
  // the rotation typed; false when the boxes hold no rotation
  bool rotation(Mat3* R) const;

 signals:
  void edited();  // the user committed new angles

 private:
  void show(const Mat3& R);

  QComboBox* sequence_;
  std::vector<QLineEdit*> boxes_;
  Mat3 shown_ = Mat3::Identity();
  Vec3 axisHint_ = Vec3::UnitZ();
};

}  // namespace mbw::ui
