#pragma once
// The 3D view's actions: reset the camera (Ctrl+0), fit the scene (F), body frames on or off
// (Ctrl+Shift+F), ground grid on or off.

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

 private:
  QAction* reset_;
  QAction* fit_;
  QAction* frames_;
  QAction* grid_;
};

}  // namespace mbw::ui
