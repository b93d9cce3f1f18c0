#pragma once
// The joint tool (Edit > Place joint): a joint placed by three clicks, as Adams View and Gazebo's
// model editor place them: the first body (in the 3D view or the tree; the background is the
// ground), the second, then the location on either. The location snaps to the two bodies' named
// points (a bar's ends), frame origins and face centres (model/snap_points.h); the axis is the
// normal of the face clicked, snapped within 10 degrees to the normals of the bodies' solids (a
// box's faces, a cylinder's ends) and to their axes, the first body's before the second's. A
// universal joint asks for a fourth click: a face whose normal gives the cross axis (made
// perpendicular to the axis, snapped the same way), or Enter for the second body's first axis
// across it. While the location (and the cross axis) is chosen, the joint a click would place is
// drawn as its symbol under the mouse (joint_symbol.h), and removed on Esc. The joint's points are
// written by name where a named point is there, else as coordinates in each body's frame; its axes
// as a named vector or a body axis where one fits. One undoable edit.

#include <QObject>
#include <QString>

#include "math/types.h"

class QMenu;
class QStatusBar;
class QWidget;

namespace mbw::ui {

class ModelTree;
class SceneDocument;
class SceneView;
class ViewSync;

class JointTool : public QObject {
  Q_OBJECT

 public:
  enum class Step { Idle, FirstBody, SecondBody, Location, CrossAxis };

  // where a click would place the joint (world frame, initial poses) and why
  struct Placement {
    Vec3 at = Vec3::Zero();
    Vec3 axis = Vec3::UnitZ();
    Vec3 cross = Vec3::UnitX();  // a universal joint's axis on the second body
    QString where, axisWhat;     // "point 'end' of crank", "normal of the +y face of crank"
  };

  JointTool(SceneDocument& doc, ModelTree& tree, SceneView& view, ViewSync& views, QStatusBar& bar,
            QWidget& window);

  // one action per joint type the tool places
  QMenu* menu() const { return menu_; }
  // the joint types it places: the engine's joints with a location (scene/schema.h), the distance
  // rod aside
  static QStringList types();

  void start(const QString& type);
  void cancel();
  Step step() const { return step_; }
  QString type() const { return type_; }
  // as a click does: a body (kGround for the ground) at the steps that want one, a world point and
  // the surface normal there at the location step (and, for a universal joint, at the cross-axis
  // step: the face whose normal gives the cross axis)
  void chooseBody(int body);
  void placeAt(const Vec3& p_W, const Vec3& n_W);
  // as the mouse over a surface does: the joint a click there would place is drawn
  void hoverAt(const Vec3& p_W, const Vec3& n_W);
  // a universal joint placed with the cross axis it has now (Enter)
  void acceptCrossAxis();
  // the joint drawn now (valid at the location step after a hover, and at the cross-axis step)
  const Placement& placement() const { return placement_; }
  // the status bar's last word on the tool
  QString message() const { return message_; }

 signals:
  void placed(const QString& pointer);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void say(const QString& text);
  // the location and axis a click at p_W on a face of normal n_W gives
  Placement locate(const Vec3& p_W, const Vec3& n_W) const;
  // the cross axis a face of normal n_W gives (perpendicular to the placement's axis), or the
  // default
  Vec3 crossFrom(const Vec3& n_W, QString& what) const;
  Vec3 defaultCross(QString& what) const;
  void showPreview();
  void clearPreview();
  void commit();

  SceneDocument& doc_;
  ModelTree& tree_;
  SceneView& view_;
  ViewSync& views_;
  QStatusBar& bar_;
  QMenu* menu_;
  Step step_ = Step::Idle;
  QString type_, message_, crossWhat_;
  int bodyI_ = -1, bodyJ_ = -1;
  Placement placement_;
};

}  // namespace mbw::ui
