#pragma once
// Joints' points and axes picked in the 3D view: the pick button of a point or vector field puts
// the 3D view in pick mode (the scene shown in its initial poses); the next click on a body gives
// the field its value in that body's frame: the named point of the body near the click (by name),
// or the clicked point's coordinates; for an axis, the surface normal there, snapped to a named
// vector, a normal of the body's solid (a cylinder's axis) or a body axis within a few degrees. The
// edit is one undoable change; Esc cancels.

#include <QObject>
#include <QString>

#include "math/types.h"
#include "model/model.h"
#include "scene_document.h"

class QStatusBar;

namespace mbw::ui {

class PropertyPanel;
class SceneView;
class ViewSync;

class PickFieldBehaviour : public QObject {
  Q_OBJECT

 public:
  PickFieldBehaviour(SceneDocument& doc, PropertyPanel& panel, SceneView& view, ViewSync& views,
                     QStatusBar& bar);

  // the value a pick gives a field: body b's named point near p_W (or its coordinates), or, for an
  // axis, the normal n_W in the body's frame (a named vector, a normal of its solid or a body axis
  // when within 5 degrees);
  // tolerance: how near a named point must be, m
  static SceneJson pickedValue(const Model& model, int body, const Vec3& p_W, const Vec3& n_W,
                               bool axis, double tolerance);
  // the field waiting for a pick ("" when none)
  QString pending() const { return pointer_; }
  // completes the pending pick with a world point and normal (as a click does)
  void complete(const Vec3& p_W, const Vec3& n_W);
  void cancel();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void start(const QString& pointer, const QString& body, bool axis);

  SceneDocument& doc_;
  SceneView& view_;
  ViewSync& views_;
  QStatusBar& bar_;
  QString pointer_, body_;
  bool axis_ = false;
};

}  // namespace mbw::ui
