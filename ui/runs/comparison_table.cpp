#include "comparison_table.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "number_text.h"
#include "plot_quantity.h"
#include "run_library.h"
#include "run_summary.h"

namespace mbw::ui {

// --- building the table --------------------------------------------------------------------------

ComparisonTable::ComparisonTable(RunLibrary& runs, QWidget* parent)
    : QWidget(parent),
      runs_(runs),
      channelBox_(new QComboBox(this)),
      table_(new QTableWidget(this)) {
  // read-only cells, alternating row colours, long texts wrapped
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  // columns as wide as their figures (set at each refresh): a long message wraps in its column
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  table_->setAlternatingRowColors(true);
  table_->setWordWrap(true);
  // the compared signal, chosen above the table
  channelBox_->setToolTip(tr("The signal whose difference between the runs is measured"));
  channelBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  // the header: a label and the choice of signal
  auto* header = new QHBoxLayout;
  header->setContentsMargins(4, 2, 4, 2);
  header->addWidget(new QLabel(tr("Compared signal"), this));
  header->addWidget(channelBox_);
  header->addStretch(1);
  // the header above the table
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(header);
  layout->addWidget(table_, 1);
  // a signal chosen here is compared; the table follows the runs and the scope
  connect(channelBox_, QOverload<int>::of(&QComboBox::activated), this,
          [this] { setChannel(channelBox_->currentData().toString()); });
  // finished runs change the figures; live rows only the time reached, refreshed when they end
  for (auto signal : {&RunLibrary::runAdded, &RunLibrary::runRemoved, &RunLibrary::runFinished,
                      &RunLibrary::shownChanged, &RunLibrary::referenceChanged})
    connect(&runs_, signal, this, &ComparisonTable::refresh);
  connect(&runs_, &RunLibrary::scopeChanged, this, &ComparisonTable::refresh);
  refresh();
}

// --- the compared signal -------------------------------------------------------------------------

// another compared signal (also from a difference plot)
void ComparisonTable::setChannel(const QString& channel) {
  if (channel == channel_) return;
  channel_ = channel;
  refresh();
}

// the choices from the first run shown; the compared signal kept if it has it, else the default
void ComparisonTable::fillChannels() {
  const std::vector<const Run*> runs = runs_.shownRuns();
  channelBox_->clear();
  // no run shown with channels: no choices
  if (runs.empty() || runs.front()->results.columnCount() == 0) return;
  const Results& r = runs.front()->results;
  // one choice per channel but time, by its title
  for (int c = 1; c < r.columnCount(); ++c) {
    const QString name = QString::fromStdString(r.channels()[c].name);
    channelBox_->addItem(channelTitle(r, name), name);
  }
  // the signal compared kept, else the one that moves the most
  if (channel_.isEmpty() || r.column(channel_.toStdString()) < 0) channel_ = defaultChannel(r);
  channelBox_->setCurrentIndex(channelBox_->findData(channel_));
}

// a cell by the start of its row's title, for the tests
QString ComparisonTable::cell(const QString& row, int column) const {
  // the row whose title starts so
  for (int r = 0; r < table_->rowCount(); ++r)
    if (table_->verticalHeaderItem(r)->text().startsWith(row))
      return table_->item(r, column) ? table_->item(r, column)->text() : QString();
  return {};
}

// --- the figures ---------------------------------------------------------------------------------

void ComparisonTable::refresh() {
  fillChannels();
  const std::vector<const Run*> runs = runs_.shownRuns();
  // the base of the differences: the reference, or else the first run shown
  const Run* base = runs_.reference() ? runs_.reference() : runs.empty() ? nullptr : runs.front();
  const QString against = base ? tr(" vs #%1").arg(base->id) : QString();
  // one row per figure, one column per run shown
  const QStringList rows{tr("Integrator"),
                         tr("Settings"),
                         tr("Status"),
                         tr("Steps"),
                         tr("Rejected steps"),
                         tr("Iterations"),
                         tr("Iterations per step"),
                         tr("CPU time [s]"),
                         tr("Real-time factor (t / CPU)"),
                         tr("Final energy balance [J]"),
                         tr("Max |energy balance| [J]"),
                         tr("Energy balance: what it is"),
                         tr("Max position violation"),
                         tr("Max velocity violation"),
                         tr("Max |difference| of %1%2")
                             .arg(channel_.isEmpty() ? tr("(no signal)") : channel_, against),
                         tr("RMS difference%1").arg(against),
                         tr("t reached [s]"),
                         tr("Jacobian evaluations"),
                         tr("Factorizations"),
                         tr("Scene"),
                         tr("Formulation")};
  // a row per figure, a column per run, the figures' names as the rows' headers
  table_->setRowCount(static_cast<int>(rows.size()));
  table_->setColumnCount(static_cast<int>(runs.size()));
  table_->setVerticalHeaderLabels(rows);
  // the rows with their own look or tooltip, by their place in the list above
  const int statusRow = 2, rejectedRow = 4, iterationsRow = 5, noteRow = 11;
  // each run's column: its number (with the reference's star) in its colour
  for (int c = 0; c < static_cast<int>(runs.size()); ++c) {
    const Run& run = *runs[static_cast<size_t>(c)];
    const RunSummary s = summarize(run);
    auto* header = new QTableWidgetItem(
        QString("#%1%2").arg(run.id).arg(runs_.referenceId() == run.id ? " \u2605" : ""));
    header->setForeground(run.color);
    table_->setHorizontalHeaderItem(c, header);
    // the difference of the compared signal against the base (none for the base itself)
    std::optional<ErrorSummary> difference;
    if (base && base->id != run.id) difference = errorAgainst(run, *base, channel_);
    const bool done = !run.live();
    // each figure shown short, whole in its tooltip; live runs leave the final ones empty
    struct Value {
      QString shown, whole;
    };
    // a number short in the cell, whole in the tooltip
    auto number = [](double x, int digits = 4) {
      return Value{shortNumber(x, digits), fullNumber(x)};
    };
    auto text = [](const QString& t) { return Value{t, t}; };
    const QString note = energyNote(run, s);
    // the settings one per line, so that the runs stand side by side in narrow columns
    const std::vector<Value> values{
        text(QString::fromStdString(run.settings.integrator)),
        {run.settingsText().split(", ").join("\n"), run.settingsText()},
        text(statusText(run)),
        text(QString::number(s.steps)),
        text(QString::number(s.rejected)),
        done ? text(QString::number(s.newtonIterations)) : text(""),
        done ? number(s.iterationsPerStep, 3) : text(""),
        done ? number(s.cpuSeconds, 3) : text(""),
        done && s.cpuSeconds > 0 ? number(s.reachedTime / s.cpuSeconds, 3) : text(""),
        number(s.finalEnergyBalance),
        number(s.maxEnergyBalance),
        {note.isEmpty() ? tr("within round-off") : energyNoteShort(run, s), note},
        number(s.maxPositionViolation, 3),
        number(s.maxVelocityViolation, 3),
        difference ? number(difference->maximum)
                   : text(base && base->id == run.id ? tr("(base)") : ""),
        difference ? number(difference->rms) : text(""),
        number(s.reachedTime),
        done ? text(QString::number(s.jacobianEvaluations)) : text(""),
        done ? text(QString::number(s.factorizations)) : text(""),
        text(run.sceneName()),
        text(QString::fromStdString(run.settings.formulation))};
    // the cells, the rejection reasons and the iterations' meaning in their tooltips
    for (int r = 0; r < static_cast<int>(values.size()); ++r) {
      auto* item = new QTableWidgetItem(values[static_cast<size_t>(r)].shown);
      QString tip = values[static_cast<size_t>(r)].whole;
      if (r == rejectedRow) tip = s.rejectionReasons;
      if (r == iterationsRow) tip = iterationsLabel(run);
      item->setToolTip(tip);
      if (r == noteRow || r == statusRow) item->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
      // the status's one word sizes the column; its reason (a failure's) then wraps in it
      if (r == statusRow) item->setText(statusWord(run));
      table_->setItem(r, c, item);
    }
  }
  // columns sized to their figures and the status word, then the whole status put back to wrap
  table_->resizeColumnsToContents();
  for (int c = 0; c < static_cast<int>(runs.size()); ++c)
    if (QTableWidgetItem* status = table_->item(statusRow, c)) status->setText(status->toolTip());
  table_->resizeRowsToContents();
}

}  // namespace mbw::ui
