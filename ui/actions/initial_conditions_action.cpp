#include "initial_conditions_action.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "math/rotation.h"
#include "scene_templates.h"
#include "run_config_panel.h"
#include "scene/scene_reader.h"
#include "scene_document.h"
#include "scene_view.h"
#include "solvers/initial_state_changes.h"
#include "view_sync.h"
#include "workbench_icons.h"

namespace mbw::ui {
namespace {

// three significant digits, for the table of changes
QString g(double x) { return QString::number(x, 'g', 3); }

}  // namespace

// Beside the widget it must not cover (the 3D view showing what the dialog describes): right of
// it, else left, else below, else above, within the screen; where none has room, where it fits
// best (its least overlap).
void placeBeside(QWidget& dialog, const QWidget& avoid) {
  // the view's rectangle on the screen, and the room the screen gives
  const QRect keep(avoid.mapToGlobal(QPoint(0, 0)), avoid.size());
  const QScreen* screen = avoid.screen();
  if (!screen) return;
  const QRect room = screen->availableGeometry();
  const QSize size = dialog.size();
  const int gap = 8;
  // right of the view, left of it, below, above
  const QList<QPoint> corners{{keep.right() + gap, keep.top()},
                              {keep.left() - gap - size.width(), keep.top()},
                              {keep.left(), keep.bottom() + gap},
                              {keep.left(), keep.top() - gap - size.height()}};
  QPoint best = corners.front();
  long bestOverlap = -1;
  // the first place that covers none of the view wins; else the one that covers least
  for (const QPoint& c : corners) {
    // kept on the screen, then how much of the view it still covers
    QRect r(c, size);
    r.moveLeft(std::clamp(r.left(), room.left(), std::max(room.left(), room.right() - r.width())));
    r.moveTop(std::clamp(r.top(), room.top(), std::max(room.top(), room.bottom() - r.height())));
    // its overlap with the view, in square pixels
    const QRect over = r.intersected(keep);
    const long overlap = over.isEmpty() ? 0 : long(over.width()) * over.height();
    if (bestOverlap < 0 || overlap < bestOverlap) {
      bestOverlap = overlap;
      best = r.topLeft();
    }
    if (overlap == 0) break;
  }
  dialog.move(best);
}

// the action, Ctrl+I, in the Edit menu and the toolbar
InitialConditionsAction::InitialConditionsAction(SceneDocument& doc, RunConfigPanel& config,
                                                 ViewSync& views, QWidget& window)
    : QObject(&window), doc_(doc), config_(config), views_(views), window_(window) {
  // its icon, a short toolbar text and a tooltip that says what it does
  action_ = new QAction(resources::actionIcon("initial-conditions"),
                        tr("&Assemble (consistent initial conditions)..."), this);
  action_->setObjectName("initialConditions");
  action_->setIconText(tr("Assemble"));
  action_->setShortcut(QKeySequence(tr("Ctrl+I")));
  action_->setToolTip(tr(
      "Close the loops from the poses as placed: project the initial poses and velocities onto the "
      "constraints (the least move), show what moved, and write the consistent state in clean "
      "numbers (Ctrl+I)"));
  connect(action_, &QAction::triggered, this, &InitialConditionsAction::run);
}

void InitialConditionsAction::run() {
  // the scene as a model, without the loader's limit on the initial correction
  SceneJson unlimited = doc_.json();
  unlimited["settings"]["max_initial_correction"] = 1e300;
  std::shared_ptr<const Model> model;
  InitialStateChanges changes;
  try {
    // the initial state made consistent by the engine's projection, in the chosen formulation
    model = std::make_shared<const Model>(
        parseScene(unlimited.dump(), doc_.displayName().toStdString()));
    changes = computeInitialStateChanges(*model, config_.formulation().toStdString());
  } catch (const SceneError& e) {
    // a scene that does not load says why
    QStringList lines;
    for (const SceneIssue& i : e.issues())
      lines << QString::fromStdString(i.path + ": " + i.message);
    QMessageBox::warning(&window_, action_->text(),
                         tr("The scene has problems to fix first:\n") + lines.join("\n"));
    return;
  } catch (const std::exception& e) {
    // any other failure of the projection, as the engine words it
    QMessageBox::warning(&window_, action_->text(), QString::fromUtf8(e.what()));
    return;
  }

  // the poses before and after, shown in the 3D view (the scene's ghosted)
  BodyPoses before, after;
  for (const BodyStateChange& c : changes.bodies) {
    before.push_back({c.before.position_W, rotationFromEulerParameters(c.before.eulerParameters)});
    after.push_back({c.after.position_W, rotationFromEulerParameters(c.after.eulerParameters)});
  }
  views_.showInitialStateChanges(model, before, after);

  // a table of what each body moved, turned, and how its velocities changed
  QDialog dialog(&window_);
  dialog.setWindowTitle(tr("Assemble: consistent initial conditions"));
  // one row per body: moved, turned, speed and spin changes; the largest change kept
  auto* table = new QTableWidget(static_cast<int>(changes.bodies.size()), 5, &dialog);
  table->setHorizontalHeaderLabels({tr("Body"), tr("Moved [m]"), tr("Turned [deg]"),
                                    tr("Speed change [m/s]"), tr("Spin change [rad/s]")});
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  double largest = 0.0;
  for (int r = 0; r < table->rowCount(); ++r) {
    const BodyStateChange& c = changes.bodies[static_cast<size_t>(r)];
    // the body's name, then its changes; the turn in degrees
    const QStringList cells{QString::fromStdString(c.body), g(c.distance),
                            g(c.angle * 180.0 / M_PI), g(c.speedChange), g(c.spinChange)};
    for (int k = 0; k < cells.size(); ++k) table->setItem(r, k, new QTableWidgetItem(cells[k]));
    // the largest of all the changes decides whether Apply is offered
    largest = std::max({largest, c.distance, c.angle, c.speedChange, c.spinChange});
  }
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // what was done, and what Apply does
  auto* summary = new QLabel(
      tr("Projection with the %1 formulation: %2 Newton iterations. The 3D view shows the "
         "consistent poses; the scene's are ghosted. Apply writes them in clean numbers: a value "
         "within round-off of the scene's, or of 0, stays as it is.")
          .arg(config_.formulation())
          .arg(changes.iterations),
      &dialog);
  summary->setWordWrap(true);
  // Apply only when something moved; Close leaves the scene as it is
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
  QPushButton* apply = buttons->addButton(tr("Apply to scene"), QDialogButtonBox::AcceptRole);
  apply->setToolTip(
      tr("Write the consistent positions, orientations and velocities into the scene (undoable)"));
  apply->setEnabled(largest > 0.0);
  connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  // the summary over the table, the buttons under it
  auto* layout = new QVBoxLayout(&dialog);
  layout->addWidget(summary);
  layout->addWidget(table);
  layout->addWidget(buttons);
  dialog.resize(640, 300);
  // the 3D view shows the consistent poses over the scene's: the dialog beside it, not over it
  if (const auto* view = window_.findChild<SceneView*>()) {
    dialog.ensurePolished();
    placeBeside(dialog, *view);
  }
  // applied as one undoable edit; the view shows the scene again either way
  if (dialog.exec() == QDialog::Accepted)
    doc_.edit(withInitialState(doc_.json(), changes), tr("Assemble"));
  views_.showScene();
}

}  // namespace mbw::ui
