#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "about_action.h"
#include "attach_mesh_action.h"
#include "body_handle.h"
#include "close_guard.h"
#include "comparison_table.h"
#include "export_actions.h"
#include "frame_scheduler.h"
#include "help_actions.h"
#include "initial_conditions_action.h"
#include "joint_tool.h"
#include "model_check_panel.h"
#include "model_tree.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "pick_field_behaviour.h"
#include "plot_panel.h"
#include "property_panel.h"
#include "responsiveness_monitor.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "run_list_panel.h"
#include "run_status_indicator.h"
#include "scene/builtin_scenes.h"
#include "scene_document.h"
#include "scene_edit_actions.h"
#include "scene_file_actions.h"
#include "scene_scope_behaviour.h"
#include "scene_view.h"
#include "session_actions.h"
#include "settings_behaviour.h"
#include "signal_browser.h"
#include "study_action.h"
#include "undo_actions.h"
#include "view_actions.h"
#include "video_export_action.h"
#include "view_sync.h"
#include "workbench_icons.h"

namespace mbw::gui {
namespace {

// the scene dock's first width where it is alone on its side (a narrow screen): a field's longest
// numbers whole (17 significant digits) beside the field's name and unit
constexpr int kSceneDockWidth = 380;

// a dock of the window, named so that the saved layout finds it again
QDockWidget* dock(QMainWindow* window, const QString& title, const QString& name, QWidget* content,
                  Qt::DockWidgetArea area) {
  auto* d = new QDockWidget(title, window);
  d->setObjectName(name);
  d->setWidget(content);
  window->addDockWidget(area, d);
  return d;
}

}  // namespace

// --- the window ----------------------------------------------------------------------------------

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      doc_(std::make_unique<ui::SceneDocument>()),
      runs_(std::make_unique<ui::RunLibrary>()),
      controller_(std::make_unique<ui::RunController>(*runs_)) {
  // the panels, the actions on them, the menus, then the signals between them
  setObjectName("MainWindow");
  buildPanels();
  buildActions();
  buildMenus();
  wire();
  // the title from the scene, and the window's first size
  updateTitle();
  resize(1600, 1000);
}

// the run stops first, so that no worker writes into the runs meanwhile
MainWindow::~MainWindow() {
  controller_.reset();
  // the panels go while the scene and the runs they show are still there
  qDeleteAll(findChildren<QWidget*>(Qt::FindDirectChildrenOnly));
}

// --- layout: the panels and the actions ----------------------------------------------------------

void MainWindow::buildPanels() {
  // left: the scene as a tree, the selected element's fields
  tree_ = new ui::ModelTree(*doc_, this);
  properties_ = new ui::PropertyPanel(*doc_, this);
  // the tree above the fields, in a splitter of their own
  sceneSplitter_ = new QSplitter(Qt::Vertical, this);
  sceneSplitter_->setObjectName("sceneSplitter");
  sceneSplitter_->addWidget(tree_);
  sceneSplitter_->addWidget(properties_);
  sceneSplitter_->setSizes({300, 500});
  dock(this, tr("Scene"), "sceneDock", sceneSplitter_, Qt::LeftDockWidgetArea);
  // under it, the model check: counts, degrees of freedom, what is worth a look
  check_ = new ui::ModelCheckPanel(*doc_, this);
  dock(this, tr("Model check"), "modelCheckDock", check_, Qt::LeftDockWidgetArea);

  // right: the run configuration with its buttons
  config_ = new ui::RunConfigPanel(this);
  // the configuration above its buttons, in one pane
  auto* setup = new QWidget(this);
  auto* setupLayout = new QVBoxLayout(setup);
  setupLayout->addWidget(config_);
  runButtons_ = new QHBoxLayout;
  setupLayout->addLayout(runButtons_);
  setupLayout->addStretch(1);
  dock(this, tr("Run setup"), "runDock", setup, Qt::RightDockWidgetArea);
  // the smallest widths the two sides keep
  sceneSplitter_->setMinimumWidth(220);
  setup->setMinimumWidth(210);

  // middle: the 3D view and its playback bar beside the plots; the runs below
  frames_ = new ui::FrameScheduler(this);
  view_ = new ui::SceneView(this, frames_);
  playback_ = new ui::PlaybackController(this);
  playbackBar_ = new ui::PlaybackBar(*playback_, *runs_, this);
  // the 3D view's pane: its toolbar above, the playback bar below
  auto* viewPane = new QWidget(this);
  auto* viewLayout = new QVBoxLayout(viewPane);
  viewLayout->setContentsMargins(0, 0, 0, 0);
  viewLayout->setSpacing(0);
  // the view's toolbar: small icons, text only
  viewBar_ = new QToolBar(tr("3D view"), viewPane);
  viewBar_->setObjectName("viewToolBar");
  viewBar_->setIconSize(QSize(16, 16));
  viewBar_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  viewLayout->addWidget(viewBar_);
  viewLayout->addWidget(view_, 1);
  viewLayout->addWidget(playbackBar_);
  // the plots beside the view pane, sharing the width evenly
  plots_ = new ui::PlotPanel(*runs_, frames_, this);
  viewSplitter_ = new QSplitter(Qt::Horizontal, this);
  viewSplitter_->setObjectName("viewSplitter");
  viewSplitter_->addWidget(viewPane);
  viewSplitter_->addWidget(plots_);
  viewSplitter_->setStretchFactor(0, 1);
  viewSplitter_->setStretchFactor(1, 1);

  // the run list and the comparison table as tabs under the view and the plots; the signal browser
  // docked on the right
  runList_ = new ui::RunListPanel(*runs_, this);
  comparison_ = new ui::ComparisonTable(*runs_, this);
  connect(plots_, &ui::PlotPanel::comparedChannelChanged, comparison_,
          &ui::ComparisonTable::setChannel);
  signals_ = new ui::SignalBrowser(*runs_, *plots_, this);
  dock(this, tr("Signals"), "signalDock", signals_, Qt::RightDockWidgetArea);
  // the runs and the comparison as tabs below the view, each with its tooltip
  auto* tabs = bottomTabs_ = new QTabWidget(this);
  tabs->addTab(runList_, tr("Runs"));
  tabs->addTab(comparison_, tr("Comparison"));
  tabs->setTabToolTip(
      0, tr("Every run of the session; tick runs to overlay them, mark one as the reference"));
  tabs->setTabToolTip(1, tr("The runs overlaid on the plots, side by side"));
  // the view and the plots above, the tabs below, in a ratio of three to one
  centralSplitter_ = new QSplitter(Qt::Vertical, this);
  centralSplitter_->setObjectName("centralSplitter");
  centralSplitter_->addWidget(viewSplitter_);
  centralSplitter_->addWidget(tabs);
  centralSplitter_->setStretchFactor(0, 3);
  centralSplitter_->setStretchFactor(1, 1);
  centralSplitter_->setSizes({680, 190});
  setCentralWidget(centralSplitter_);

  // behaviours that tie the panels together: the runs in the scope of the current scene, the 3D
  // view and playback following the runs, picking a field's value in the view, the status line,
  // and the watch on the GUI thread's responsiveness
  sceneScope_ = new ui::SceneScopeBehaviour(*doc_, *runs_, this);
  viewSync_ = new ui::ViewSync(*doc_, *runs_, *playback_, *playbackBar_, *view_, *plots_, this);
  new ui::PickFieldBehaviour(*doc_, *properties_, *view_, *viewSync_, *statusBar());
  runStatus_ = new ui::RunStatusIndicator(*statusBar(), *controller_, *runs_, *doc_);
  monitor_ = new ui::ResponsivenessMonitor(*controller_, *view_, *plots_, this);
  // a running run's motion is drawn at a limited resolution, until it pauses or ends
  auto runLive = [this] { view_->setRunLive(controller_->busy() && !controller_->paused()); };
  connect(controller_.get(), &ui::RunController::activeChanged, view_, runLive);
  connect(controller_.get(), &ui::RunController::pausedChanged, view_, runLive);
}

void MainWindow::buildActions() {
  // the actions, each on the panels it works with; the 3D view's own toolbar
  fileActions_ = new ui::SceneFileActions(*doc_, *this);
  editActions_ = new ui::SceneEditActions(*doc_, *tree_, this);
  runActions_ = new ui::RunActions(*doc_, *config_, *controller_, this);
  exportActions_ = new ui::ExportActions(*runs_, *view_, *plots_, *this);
  viewActions_ = new ui::ViewActions(*view_, this);
  // the view's toggles named, the key under which the layout saves them
  viewActions_->frames()->setObjectName("frames");
  viewActions_->grid()->setObjectName("grid");
  // the view toolbar: the camera's directions, then what is drawn
  viewBar_->addActions({viewActions_->fit(), viewActions_->reset(), viewActions_->front(),
                        viewActions_->side(), viewActions_->top()});
  viewBar_->addSeparator();
  viewBar_->addActions({viewActions_->frames(), viewActions_->grid()});
  // the editing tools that work in the 3D view: initial conditions, joints, body handle, meshes
  initialConditions_ = new ui::InitialConditionsAction(*doc_, *config_, *viewSync_, *this);
  jointTool_ = new ui::JointTool(*doc_, *tree_, *view_, *viewSync_, *statusBar(), *this);
  bodyHandle_ = new ui::BodyHandle(*doc_, *tree_, *view_, *viewSync_, *controller_, *this);
  attachMesh_ = new ui::AttachMeshAction(*doc_, *tree_, *this);
  connect(properties_, &ui::PropertyPanel::attachMeshRequested, attachMesh_,
          &ui::AttachMeshAction::attachTo);
  // the about box, a run's CSV export from the run list, a run's scene opened again from it
  about_ = new ui::AboutAction(*view_, *this);
  runList_->addRunAction(exportActions_->csv());
  connect(runList_, &ui::RunListPanel::openSceneRequested, this, [this](const QString& key) {
    fileActions_->openScene(key.startsWith("builtin:") ? key.mid(8) : key);
  });

  // the run buttons under the configuration
  for (QAction* a : {runActions_->run(), runActions_->pause(), runActions_->cancel()}) {
    auto* b = new QToolButton(this);
    b->setDefaultAction(a);
    b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    runButtons_->addWidget(b);
  }

  // the remembered layout and options, video export, sessions
  settings_ = new ui::SettingsBehaviour(*this, *plots_, *doc_,
                                        {sceneSplitter_, viewSplitter_, centralSplitter_},
                                        {viewActions_->frames(), viewActions_->grid()});
  video_ = new ui::VideoExportAction(*runs_, *playback_, *view_, *plots_, *this);
  sessions_ = new ui::SessionActions(*doc_, *runs_, *controller_, *fileActions_, *settings_, *this);
  // installed last, so it sees the close first
  closeGuard_ = new ui::CloseGuard(*this, *doc_, *fileActions_, *controller_);
}

// --- the menus and the main toolbar --------------------------------------------------------------

void MainWindow::buildMenus() {
  // undo and redo of the scene's edits
  auto* undo = new ui::UndoActions(*doc_->undoStack(), this);
  QAction* undoAction = undo->undo();
  QAction* redoAction = undo->redo();
  // their icons, for the menu and the toolbar
  undoAction->setIcon(resources::actionIcon("undo"));
  redoAction->setIcon(resources::actionIcon("redo"));
  // the menus in the menu bar's order, each showing its actions' tooltips
  for (QMenu* m : {buildFileMenu(), buildEditMenu(undoAction, redoAction), buildViewMenu(),
                   buildRunMenu(), buildHelpMenu()})
    m->setToolTipsVisible(true);
  // the main toolbar
  buildMainToolBar(undoAction, redoAction);
  // the window's actions work wherever the focus is
  addActions({playbackBar_->playAction(), viewActions_->fit()});
}

// File: scenes, sessions, exports, quit
QMenu* MainWindow::buildFileMenu() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(fileActions_->newScene());
  file->addAction(fileActions_->library());
  QMenu* builtin = file->addMenu(tr("&Built-in scenes"));
  // one entry per built-in scene, with its icon
  for (const BuiltinScene& s : builtinScenes()) {
    const QString name = QString::fromStdString(s.name);
    builtin->addAction(resources::sceneIcon(name), name, this,
                       [this, name] { fileActions_->openScene(name); });
  }
  // scene files: open, recent, save
  file->addAction(fileActions_->open());
  file->addMenu(fileActions_->recentMenu());
  file->addSeparator();
  file->addAction(fileActions_->save());
  file->addAction(fileActions_->saveAs());
  file->addSeparator();
  // sessions
  file->addAction(sessions_->open());
  file->addAction(sessions_->save());
  file->addSeparator();
  // exports: the run as CSV, images, the screenshot, the video
  file->addAction(exportActions_->csv());
  file->addAction(exportActions_->viewPng());
  file->addAction(exportActions_->plotsPng());
  file->addAction(exportActions_->windowPng());
  file->addAction(exportActions_->screenshot());
  file->addAction(video_->action());
  file->addSeparator();
  // Quit closes the window, through its guards
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  return file;
}

// Edit: undo, adding, changing and removing elements, initial conditions
QMenu* MainWindow::buildEditMenu(QAction* undo, QAction* redo) {
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  // adding elements, placing joints, moving bodies, attaching meshes
  edit->addActions(editActions_->addActions());
  edit->addMenu(jointTool_->menu());
  edit->addAction(bodyHandle_->action());
  edit->addAction(attachMesh_->action());
  // the selected element: duplicate, rename, remove
  edit->addAction(editActions_->duplicate());
  edit->addAction(editActions_->rename());
  edit->addAction(editActions_->remove());
  edit->addSeparator();
  edit->addAction(initialConditions_->action());
  return edit;
}

// View: the camera, what is drawn, the docks and the default plots
QMenu* MainWindow::buildViewMenu() {
  QMenu* view = menuBar()->addMenu(tr("&View"));
  // the camera's fit and directions, then what is drawn
  view->addAction(viewActions_->fit());
  view->addAction(viewActions_->reset());
  view->addAction(viewActions_->front());
  view->addAction(viewActions_->side());
  view->addAction(viewActions_->top());
  view->addAction(viewActions_->frames());
  view->addAction(viewActions_->grid());
  view->addAction(tree_->primitivesAction());
  view->addSeparator();
  // each dock can be hidden and shown again
  for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());
  view->addAction(tr("Default &plots"), plots_, &ui::PlotPanel::resetLayout);
  return view;
}

// Run: run, pause, cancel, playback, the reference, studies
QMenu* MainWindow::buildRunMenu() {
  QMenu* run = menuBar()->addMenu(tr("&Run"));
  // the run: start, pause, cancel
  run->addAction(runActions_->run());
  run->addAction(runActions_->pause());
  run->addAction(runActions_->cancel());
  run->addSeparator();
  // playback, and the run list's reference and removal
  run->addAction(playbackBar_->playAction());
  run->addAction(runList_->referenceAction());
  run->addAction(runList_->removeAction());
  run->addSeparator();
  // the studies, a dialog of their own
  run->addAction((new ui::StudyAction(*doc_, *controller_, *this))->action());
  return run;
}

// Help: guide, shortcuts, scene format, about
QMenu* MainWindow::buildHelpMenu() {
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help_ = new ui::HelpActions(*this);
  help->addAction(help_->guide());
  help->addAction(help_->shortcuts());
  help->addAction(help_->sceneFormat());
  help->addSeparator();
  help->addAction(about_->action());
  return help;
}

// the main toolbar: the actions used most
void MainWindow::buildMainToolBar(QAction* undo, QAction* redo) {
  QToolBar* bar = addToolBar(tr("Main"));
  // named for the saved layout, text beside the icons
  bar->setObjectName("mainToolBar");
  bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  // the scene library and saving, undo, the run, assembling, the screenshot
  bar->addAction(fileActions_->library());
  bar->addAction(fileActions_->save());
  bar->addSeparator();
  bar->addAction(undo);
  bar->addAction(redo);
  bar->addSeparator();
  bar->addAction(runActions_->run());
  bar->addAction(runActions_->pause());
  bar->addAction(runActions_->cancel());
  bar->addSeparator();
  bar->addAction(initialConditions_->action());
  bar->addSeparator();
  bar->addAction(exportActions_->screenshot());
}

// --- wiring --------------------------------------------------------------------------------------

void MainWindow::wire() {
  // selection: tree -> properties and 3D highlight; a pick in the 3D view -> tree
  connect(tree_, &ui::ModelTree::pointerSelected, this, [this](const QString& pointer) {
    properties_->showPointer(pointer);
    view_->setSelection(pointer);
  });
  // the model check's elements, and picks in the view, select in the tree
  connect(check_, &ui::ModelCheckPanel::elementRequested, tree_, &ui::ModelTree::selectPointer);
  connect(view_, &ui::SceneView::picked, this, [this](const QString& pointer) {
    if (!pointer.isEmpty()) tree_->selectPointer(pointer);
  });
  // a newly opened scene brings its run settings
  connect(doc_.get(), &ui::SceneDocument::replaced, this, [this] {
    if (doc_->model()) {
      config_->setDefaults(*doc_->model());
      config_->checkFormulations(*doc_->model());
    }
    // no element selected in the new scene
    tree_->selectPointer("");
    // plots whose signals the new scene does not record start anew
    if (doc_->model()) plots_->fitToScene(*doc_->model());
    updateTitle();
  });
  // the title follows the scene's name and its unsaved changes
  connect(doc_.get(), &ui::SceneDocument::modifiedChanged, this, &MainWindow::updateTitle);
  // an opened session says how many runs it brought back
  connect(sessions_, &ui::SessionActions::opened, this, [this](const QString& path, int runs) {
    const QString count = runs == 1 ? tr("1 run") : tr("%1 runs").arg(runs);
    statusBar()->showMessage(tr("Session %1 opened: %2").arg(QFileInfo(path).fileName(), count),
                             15000);
  });
  // an edit may change which formulations the initial pose allows
  connect(doc_.get(), &ui::SceneDocument::changed, this, [this] {
    if (doc_->model()) config_->checkFormulations(*doc_->model());
    updateTitle();
  });
}

// --- settings, first layout and title ------------------------------------------------------------

// the tab under the view: runs or comparison
void MainWindow::showBottomTab(int index) { bottomTabs_->setCurrentIndex(index); }

bool MainWindow::restoreSettings() {
  layoutRestored_ = settings_->restore();
  // a first start: the window fits the screen (the narrow layout follows on a small one)
  if (!layoutRestored_) {
    ui::placeFirstWindow(*this);
    firstStart_ = true;
  }
  return layoutRestored_;
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  // only the first show lays the window out
  if (shown_) return;
  shown_ = true;
  // the window manager's frame is known once the window is shown: the whole of it on the screen
  if (firstStart_) QTimer::singleShot(0, this, [this] { ui::keepOnScreen(*this); });
  // the default layout, or the saved splitters once the layout is active
  if (!layoutRestored_)
    defaultLayout();
  else {
    layout()->activate();
    settings_->restoreSplitters();
  }
}

// The first layout, before the user makes one: docks at a comfortable width, and on a narrow
// screen the run setup as a tab beside the scene, so that the 3D view and the plots get a fair
// share; the 3D view and the plots share the middle evenly.
void MainWindow::defaultLayout() {
  // the docks by their names
  auto* scene = findChild<QDockWidget*>("sceneDock");
  auto* run = findChild<QDockWidget*>("runDock");
  auto* signalDock = findChild<QDockWidget*>("signalDock");
  auto* checkDock = findChild<QDockWidget*>("modelCheckDock");
  // narrow below 1500 pixels
  const bool narrow = width() < 1500;
  // a narrow screen: the scene, run setup and signals as tabs on the left
  if (narrow) {
    tabifyDockWidget(scene, run);
    tabifyDockWidget(run, signalDock);
    scene->raise();
    resizeDocks({scene}, {kSceneDockWidth}, Qt::Horizontal);
  } else {
    // a wide one: the scene on the left, the run setup and signals as tabs on the right
    tabifyDockWidget(run, signalDock);
    run->raise();
    resizeDocks({scene, run}, {320, 280}, Qt::Horizontal);
  }
  // the scene three quarters of the left side's height, the model check the rest
  resizeDocks({scene, checkDock}, {height() * 3 / 4, height() / 4}, Qt::Vertical);
  layout()->activate();
  // the view and the plots half the middle's width each, the tabs a quarter of its height
  const int middle = centralSplitter_->width();
  viewSplitter_->setSizes({middle / 2, middle - middle / 2});
  const int height = centralSplitter_->height();
  centralSplitter_->setSizes({height * 3 / 4, height - height * 3 / 4});
}

void MainWindow::updateTitle() {
  const QString scene = doc_->displayName();
  // "[*]" marks unsaved changes in the title
  setWindowTitle((scene.isEmpty() ? QString() : scene + "[*] \u2014 ") + tr("Multibody Workbench"));
  setWindowModified(doc_->isModified());
}

}  // namespace mbw::gui
