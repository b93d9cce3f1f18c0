#pragma once
// A handle in the 3D view to move the selected body (View > Move body with a handle, Ctrl+G):
// VTK's box widget (vtkBoxWidget2) around the body's solid at its scene pose, scaling and face
// moves turned off: the sphere at its centre (or the middle button anywhere) translates it in the
// view's plane, a face dragged turns it about its centre. At the end of a drag the body's position
// and orientation are written back as one undoable edit, as the property fields write them: the
// position to a micrometre, the orientation in the form the scene gives it, numbers within
// round-off of the ones there kept (orientation_json.h). Only while no run is going: a run
// started turns the handle off, and the view shows the scene's initial poses while it is on.

#include <QObject>
#include <vtkSmartPointer.h>

#include "math/types.h"

class QAction;
class QWidget;
class vtkBoxRepresentation;
class vtkBoxWidget2;
class vtkObject;
class vtkRenderWindowInteractor;
class vtkRenderer;

namespace mbw::ui {

class ModelTree;
class RunController;
class SceneDocument;
class SceneView;
class ViewSync;

class BodyHandle : public QObject {
  Q_OBJECT

 public:
  BodyHandle(SceneDocument& doc, ModelTree& tree, SceneView& view, ViewSync& views,
             RunController& controller, QWidget& window);
  ~BodyHandle() override;

  QAction* action() const { return action_; }
  // the body the handle is on, -1 while none is shown
  int body() const { return body_; }
  // the box's centre in the world now (where its translating sphere is)
  Vec3 centre() const;

 private:
  void place();
  void onDrag(vtkObject*, unsigned long, void*);
  void onDragEnd(vtkObject*, unsigned long, void*);
  void writeBack();

  SceneDocument& doc_;
  ModelTree& tree_;
  SceneView& view_;
  ViewSync& views_;
  RunController& controller_;
  QAction* action_;
  // held for the widget, which may outlive the view's at the window's end (it leaves them last)
  vtkSmartPointer<vtkRenderWindowInteractor> interactor_;
  vtkSmartPointer<vtkRenderer> renderer_;
  vtkSmartPointer<vtkBoxWidget2> widget_;
  vtkSmartPointer<vtkBoxRepresentation> box_;
  int body_ = -1;
};

}  // namespace mbw::ui
