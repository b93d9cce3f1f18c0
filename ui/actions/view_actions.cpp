#include "view_actions.h"

#include <QAction>

#include "scene_view.h"
#include "workbench_icons.h"

namespace mbw::ui {

ViewActions::ViewActions(SceneView& view, QObject* parent) : QObject(parent) {
  // the isometric view (Ctrl+0)
  reset_ = new QAction(resources::actionIcon("reset-view"), tr("&Isometric"), this);
  reset_->setShortcut(QKeySequence(tr("Ctrl+0")));
  reset_->setToolTip(tr("Isometric view from front-right above, everything in view (Ctrl+0)"));
  connect(reset_, &QAction::triggered, &view, &SceneView::resetView);
  // the standard views: front, side, top (Ctrl+1 to Ctrl+3)
  // one entry per view: its action, text, shortcut, tool tip and direction
  struct Standard {
    QAction*& action;
    const char* text;
    const char* key;
    const char* tip;
    StandardView view;
  };
  for (const Standard& s :
       {Standard{front_, "F&ront", "Ctrl+1",
                 "Front view: world x to the right, up against gravity (Ctrl+1)",
                 StandardView::Front},
        Standard{side_, "&Side", "Ctrl+2", "Side view, from the right of the front view (Ctrl+2)",
                 StandardView::Side},
        Standard{top_, "&Top", "Ctrl+3", "Top view, looking down along gravity (Ctrl+3)",
                 StandardView::Top}}) {
    // each a menu entry with its shortcut, turning the camera to its direction
    s.action = new QAction(tr(s.text), this);
    s.action->setShortcut(QKeySequence(tr(s.key)));
    s.action->setToolTip(tr(s.tip));
    const StandardView v = s.view;
    connect(s.action, &QAction::triggered, &view, [&view, v] { view.setStandardView(v); });
  }
  // fit everything in view (F)
  fit_ = new QAction(tr("&Fit"), this);
  fit_->setShortcut(QKeySequence(tr("F")));
  fit_->setToolTip(tr(
      "Everything in view, same direction: the scene, or the whole motion of the run shown (F)"));
  connect(fit_, &QAction::triggered, &view, &SceneView::fitView);
  // the body frames, off at first (Ctrl+Shift+F)
  frames_ = new QAction(resources::actionIcon("frames"), tr("Body &frames"), this);
  frames_->setCheckable(true);
  frames_->setShortcut(QKeySequence(tr("Ctrl+Shift+F")));
  frames_->setToolTip(tr("Show each body's frame (x red, y green, z blue) and the world frame"));
  connect(frames_, &QAction::toggled, &view, &SceneView::setFramesVisible);
  // the ground grid, on at first
  grid_ = new QAction(tr("Ground &grid"), this);
  grid_->setCheckable(true);
  grid_->setChecked(true);
  grid_->setToolTip(tr("A grid in the plane through the origin perpendicular to gravity"));
  connect(grid_, &QAction::toggled, &view, &SceneView::setGridVisible);
}

}  // namespace mbw::ui
