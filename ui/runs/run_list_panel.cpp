#include "run_list_panel.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include "run_library.h"
#include "run_list_model.h"

namespace mbw::ui {

RunListPanel::RunListPanel(RunLibrary& runs, QWidget* parent)
    : QWidget(parent),
      runs_(runs),
      model_(new RunListModel(runs, this)),
      view_(new QTreeView(this)) {
  // the list, the runs' actions, the toolbar above the list
  setUpView();
  buildActions();
  // the actions also in a toolbar above the list
  auto* bar = new QToolBar(this);
  bar->setIconSize(QSize(16, 16));
  bar->addActions({reference_, showOnly_, remove_});
  bar->addSeparator();
  bar->addActions({otherScenes_, openScene_});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(bar);
  layout->addWidget(view_);

  // the list and the actions follow the runs
  wire();
  // the groups open at start
  for (int g = 0; g < model_->groupCount(); ++g) view_->expand(model_->index(g, 0));
  updateActions();
}

// the runs grouped by scene, one selected at a time, the actions in the context menu
void RunListPanel::setUpView() {
  view_->setModel(model_);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  view_->setRootIsDecorated(true);
  view_->setIndentation(12);
  view_->setUniformRowHeights(true);
  view_->setContextMenuPolicy(Qt::ActionsContextMenu);
  view_->setAlternatingRowColors(true);
  view_->setTextElideMode(Qt::ElideMiddle);
  // numbers sized to their content; the settings take what is left, elided in the middle with the
  // whole text in the tooltip
  QHeaderView* header = view_->header();
  header->setStretchLastSection(false);
  header->setSectionResizeMode(QHeaderView::ResizeToContents);
  header->setSectionResizeMode(RunListModel::Settings, QHeaderView::Stretch);
  header->setMinimumSectionSize(24);
}

// the reference, showing one run, removing it, the scope of other scenes, opening a run's scene
void RunListPanel::buildActions() {
  // the reference: the base of the error plots and of the differences
  reference_ = new QAction(tr("Use as &reference"), this);
  reference_->setToolTip(
      tr("Plot the other runs' error against the selected run (again to clear)"));
  reference_->setCheckable(true);
  connect(reference_, &QAction::triggered, this,
          [this](bool on) { runs_.setReference(on ? selectedId() : -1); });
  // show the selected run alone on the plots
  showOnly_ = new QAction(tr("Show &only this run"), this);
  showOnly_->setToolTip(tr("Overlay the selected run alone on the plots"));
  connect(showOnly_, &QAction::triggered, this, [this] {
    for (const auto& r : runs_.runs()) runs_.setShown(r->id, r->id == selectedId());
  });
  // remove a finished run
  remove_ = new QAction(tr("Re&move run"), this);
  remove_->setToolTip(
      tr("Remove the selected run from the list (a running run cannot be removed)"));
  connect(remove_, &QAction::triggered, this, [this] { runs_.remove(selectedId()); });
  // the runs of other scenes with the same bodies, in scope or not
  otherScenes_ = new QAction(tr("Other &scenes' runs"), this);
  otherScenes_->setCheckable(true);
  otherScenes_->setToolTip(
      tr("Include the runs of other scenes whose bodies are the open scene's (a saved copy, "
         "an edited variant) in the plots, the comparison and the playback"));
  connect(otherScenes_, &QAction::toggled, &runs_, &RunLibrary::setOtherScenesShown);
  // open the scene a run of another scene belongs to
  openScene_ = new QAction(tr("Open this run's &scene"), this);
  openScene_->setToolTip(tr("Open the scene the selected run belongs to, with its runs"));
  connect(openScene_, &QAction::triggered, this,
          [this] { emit openSceneRequested(model_->sceneKeyAt(view_->currentIndex())); });
  // the context menu holds the run's actions (the scope toggle sits in the toolbar)
  view_->addActions({reference_, showOnly_, remove_, openScene_});
}

// the selection and the current run kept together; the groups and columns as runs come and go;
// the actions' states following the runs
void RunListPanel::wire() {
  // the selected row makes its run current (when it is in scope), and the current run is selected
  connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& index) {
            const Run* run = runs_.find(model_->runIdAt(index));
            if (run && runs_.inScope(*run)) runs_.setCurrent(run->id);
            updateActions();
          });
  // the current run, set elsewhere (a plot, playback), selected here too
  connect(&runs_, &RunLibrary::currentChanged, this, [this](int id) {
    const QModelIndex index = model_->indexOf(id);
    if (index.isValid() && view_->currentIndex().siblingAtColumn(0) != index)
      view_->setCurrentIndex(index);
    updateActions();
  });
  // groups open as runs arrive; the open scene's group stays open, the others fold
  connect(model_, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& group) {
    if (!group.isValid()) view_->expandAll();
    fitColumns();
  });
  // every group open again after a reset; the first column fitted at each change
  connect(model_, &QAbstractItemModel::modelReset, this, [this] {
    view_->expandAll();
    fitColumns();
  });
  connect(model_, &QAbstractItemModel::dataChanged, this, &RunListPanel::fitColumns);
  // the actions' states follow the reference, the runs and the scope
  for (auto signal :
       {&RunLibrary::referenceChanged, &RunLibrary::runFinished, &RunLibrary::runRemoved})
    connect(&runs_, signal, this, &RunListPanel::updateActions);
  connect(&runs_, &RunLibrary::scopeChanged, this, &RunListPanel::updateActions);
}

// --- the actions of the selection ----------------------------------------------------------------

void RunListPanel::fitColumns() {
  // group titles span the row, so that they never widen the first column
  for (int g = 0; g < model_->groupCount(); ++g) view_->setFirstColumnSpanned(g, {}, true);
}

// more actions for a run (the CSV export)
void RunListPanel::addRunAction(QAction* action) { view_->addAction(action); }

int RunListPanel::selectedId() const { return model_->runIdAt(view_->currentIndex()); }

// each action where it applies: reference and show-only in scope, remove when finished, open
// another scene
void RunListPanel::updateActions() {
  const Run* run = runs_.find(selectedId());
  const bool scope = run && runs_.inScope(*run);
  reference_->setEnabled(scope);
  reference_->setChecked(run && run->id == runs_.referenceId());
  showOnly_->setEnabled(scope);
  // a live run stays until it ends
  remove_->setEnabled(run && !run->live());
  // another scene's run: its scene can be opened
  const QString key = model_->sceneKeyAt(view_->currentIndex());
  openScene_->setEnabled(!key.isEmpty() && key != runs_.activeScene());
}

}  // namespace mbw::ui
