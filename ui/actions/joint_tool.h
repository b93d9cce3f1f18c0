#pragma once
// The joint tool (Edit > Place joint): a joint placed by three clicks, as Adams View and Gazebo's
// model editor place them: the first body (in the 3D view or the tree; the background is the
// ground), the second, then the location on either. The location snaps to the two bodies' named
// points (a bar's ends), frame origins and face centres (model/snap_points.h); the axis is the
// normal of the face clicked, snapped to the first body's axes (then the second's) within 10
// degrees. The joint's points are written by name where a named point is there, else as
// coordinates in each body's frame; its axes as a named vector or a body axis where one fits.
// One undoable edit; Esc cancels.

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
  enum class Step { Idle, FirstBody, SecondBody, Location };

  JointTool(SceneDocument& doc, ModelTree& tree, SceneView& view, ViewSync& views, QStatusBar& bar, QWidget& window);

  // one action per joint type the tool places
  QMenu* menu() const { return menu_; }
  // the joint types it places: revolute, spherical, cylindrical, translational, fixed
  static QStringList types();

  void start(const QString& type);
  void cancel();
  Step step() const { return step_; }
  // as a click does: a body (kGround for the ground) at the steps that want one, a world point and
  // the surface normal there at the location step
  void chooseBody(int body);
  void placeAt(const Vec3& p_W, const Vec3& n_W);
  // the status bar's last word on the tool
  QString message() const { return message_; }

 signals:
  void placed(const QString& pointer);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void say(const QString& text);

  SceneDocument& doc_;
  ModelTree& tree_;
  SceneView& view_;
  ViewSync& views_;
  QStatusBar& bar_;
  QMenu* menu_;
  Step step_ = Step::Idle;
  QString type_, message_;
  int bodyI_ = -1, bodyJ_ = -1;
};

}  // namespace mbw::ui
