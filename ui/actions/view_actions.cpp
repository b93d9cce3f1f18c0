#include "view_actions.h"

#include <QAction>

#include "scene_view.h"
#include "workbench_icons.h"

namespace mbw::ui {

ViewActions::ViewActions(SceneView& view, QObject* parent) : QObject(parent) {
  reset_ = new QAction(resources::actionIcon("reset-view"), tr("&Reset view"), this);
  reset_->setShortcut(QKeySequence(tr("Ctrl+0")));
  reset_->setToolTip(tr("Default viewing direction, whole scene in view (Ctrl+0)"));
  connect(reset_, &QAction::triggered, &view, &SceneView::resetView);
  fit_ = new QAction(tr("&Fit to scene"), this);
  fit_->setShortcut(QKeySequence(tr("F")));
  fit_->setToolTip(tr("Whole scene in view, same direction (F)"));
  connect(fit_, &QAction::triggered, &view, &SceneView::fitView);
  frames_ = new QAction(resources::actionIcon("frames"), tr("Body &frames"), this);
  frames_->setCheckable(true);
  frames_->setShortcut(QKeySequence(tr("Ctrl+Shift+F")));
  frames_->setToolTip(tr("Show each body's frame (x red, y green, z blue) and the world frame"));
  connect(frames_, &QAction::toggled, &view, &SceneView::setFramesVisible);
  grid_ = new QAction(tr("Ground &grid"), this);
  grid_->setCheckable(true);
  grid_->setChecked(true);
  grid_->setToolTip(tr("A grid in the plane through the origin perpendicular to gravity"));
  connect(grid_, &QAction::toggled, &view, &SceneView::setGridVisible);
}

}  // namespace mbw::ui
