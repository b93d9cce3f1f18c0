#include "run_list_panel.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include "run_library.h"
#include "run_list_model.h"

namespace mbw::ui {

RunListPanel::RunListPanel(RunLibrary& runs, QWidget* parent)
    : QWidget(parent), runs_(runs), model_(new RunListModel(runs, this)), view_(new QTableView(this)) {
  view_->setModel(model_);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  view_->verticalHeader()->hide();
  view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view_->horizontalHeader()->setStretchLastSection(true);
  view_->setContextMenuPolicy(Qt::ActionsContextMenu);
  view_->setAlternatingRowColors(true);

  reference_ = new QAction(tr("Use as &reference"), this);
  reference_->setToolTip(tr("Plot the other runs' error against the selected run (again to clear)"));
  reference_->setCheckable(true);
  connect(reference_, &QAction::triggered, this, [this](bool on) { runs_.setReference(on ? selectedId() : -1); });
  showOnly_ = new QAction(tr("Show &only this run"), this);
  showOnly_->setToolTip(tr("Overlay the selected run alone on the plots"));
  connect(showOnly_, &QAction::triggered, this, [this] {
    for (const auto& r : runs_.runs()) runs_.setShown(r->id, r->id == selectedId());
  });
  remove_ = new QAction(tr("Re&move run"), this);
  remove_->setToolTip(tr("Remove the selected run from the list (a running run cannot be removed)"));
  connect(remove_, &QAction::triggered, this, [this] { runs_.remove(selectedId()); });
  view_->addActions({reference_, showOnly_, remove_});

  auto* bar = new QToolBar(this);
  bar->setIconSize(QSize(16, 16));
  bar->addActions({reference_, showOnly_, remove_});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(bar);
  layout->addWidget(view_);

  connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& index) {
    if (index.isValid()) runs_.setCurrent(model_->runIdAt(index.row()));
    updateActions();
  });
  connect(&runs_, &RunLibrary::currentChanged, this, [this](int id) {
    const int row = model_->rowOf(id);
    if (row >= 0 && view_->currentIndex().row() != row) view_->selectRow(row);
    updateActions();
  });
  for (auto signal : {&RunLibrary::referenceChanged, &RunLibrary::runFinished, &RunLibrary::runRemoved})
    connect(&runs_, signal, this, &RunListPanel::updateActions);
  updateActions();
}

void RunListPanel::addRunAction(QAction* action) { view_->addAction(action); }

int RunListPanel::selectedId() const {
  const QModelIndex index = view_->currentIndex();
  return index.isValid() ? model_->runIdAt(index.row()) : -1;
}

void RunListPanel::updateActions() {
  const Run* run = runs_.find(selectedId());
  reference_->setEnabled(run != nullptr);
  reference_->setChecked(run && run->id == runs_.referenceId());
  showOnly_->setEnabled(run != nullptr);
  remove_->setEnabled(run && !run->live());
}

}  // namespace mbw::ui
