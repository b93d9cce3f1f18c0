#pragma once
// The 3D view's actions: reset the camera to the isometric view (Ctrl+0), the front, side and top
// views (Ctrl+1, 2, 3; "up" against gravity), fit everything in view (F: the scene, or the whole
// motion of the run shown), body frames on or off (Ctrl+Shift+F), ground grid on or off.

#include <QObject>

class QAction;

namespace mbw::ui {

class SceneView;

class ViewActions : public QObject {
  Q_OBJECT

 public:
  ViewActions(SceneView& view, QObject* parent);

  QAction* reset() const { return reset_; }
  QAction* fit() const { return fit_; }
  QAction* frames() const { return frames_; }
  QAction* grid() const { return grid_; }
  QAction* front() const { return front_; }
  QAction* side() const { return side_; }
  QAction* top() const { return top_; }

 private:
  QAction* reset_;
  QAction* front_;
  QAction* side_;
  QAction* top_;
  QAction* fit_;
  QAction* frames_;
  QAction* grid_;
};

}  // namespace mbw::ui
