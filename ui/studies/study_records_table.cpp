#include "study_records_table.h"

#include <QHeaderView>
#include <cmath>

namespace mbw::ui {
namespace {

// four significant digits; empty for a missing value
QString number(double x) { return std::isnan(x) ? QString() : QString::number(x, 'g', 4); }

// a read-only cell, numbers to the right
QTableWidgetItem* cell(const QString& text, bool numeric) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  if (numeric) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

}  // namespace

// the table: whole rows selected one at a time; a double click opens the run
StudyRecordsTable::StudyRecordsTable(QWidget* parent) : QTableWidget(parent) {
  // whole rows, one at a time, no row numbers, the last column stretching
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  verticalHeader()->setVisible(false);
  horizontalHeader()->setStretchLastSection(true);
  setToolTip(tr("The runs as they finish; double-click one to open it in the run list"));
  // a double click opens the row's run
  connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
    if (runAt(row) >= 0) emit runActivated(runAt(row));
  });
}

// one row per finished run, in the order they finished
void StudyRecordsTable::showRecords(const Study& study, const std::vector<RunRecord>& records,
                                    int output, ErrorMeasure measure) {
  const bool variants = study.variants.size() > 1;
  const bool hasOutput = output >= 0 && output < static_cast<int>(study.outputs.size());
  // the header: run, scene (when there are several variants), method, setting, status and counts,
  // then the error of the output chosen
  QStringList header{tr("run")};
  if (variants) header << tr("scene");
  header << tr("method") << tr("setting") << tr("status") << tr("steps") << tr("rejected")
         << tr("Newton") << tr("factor.") << tr("CPU [s]");
  if (hasOutput)
    header << QString("%1 error %2")
                  .arg(toString(measure), QString::fromStdString(study.outputs[output]));
  setColumnCount(header.size());
  setHorizontalHeaderLabels(header);
  setRowCount(static_cast<int>(records.size()));
  // each row's cells, the run's number kept with the first
  for (int row = 0; row < static_cast<int>(records.size()); ++row) {
    const RunRecord& r = records[row];
    const RunSpec& spec = study.runs.at(r.run);
    int c = 0;
    // each cell put in the next column
    auto put = [&](const QString& text, bool numeric) { setItem(row, c++, cell(text, numeric)); };
    put(QString::number(r.run), true);
    item(row, 0)->setData(Qt::UserRole, r.run);
    if (variants) put(QString::fromStdString(variantLabel(study.variants[spec.variant])), false);
    put(QString::fromStdString(methodLabel(spec.settings)), false);
    put(QString::fromStdString(workPrecisionSetting(spec)), false);
    // the status with its reason, whole in the tooltip
    QString status = toString(r.status);
    if (r.status != RunStatus::Completed && !r.message.empty())
      status += ": " + QString::fromStdString(r.message);
    put(status, false);
    item(row, c - 1)->setToolTip(status);
    // the counts and CPU time, then the error in the measure chosen
    put(QString::number(r.stats.steps), true);
    put(QString::number(r.stats.rejectedSteps), true);
    put(QString::number(r.stats.newtonIterations), true);
    put(QString::number(r.stats.factorizations), true);
    put(number(r.stats.cpuSeconds), true);
    if (hasOutput)
      put(number(r.errors.size() > size_t(output) ? measureOf(r.errors[output], measure) : NAN),
          true);
  }
  resizeColumnsToContents();
}

// the study's run of a row, -1 for none
int StudyRecordsTable::runAt(int row) const {
  const QTableWidgetItem* i = item(row, 0);
  return i ? i->data(Qt::UserRole).toInt() : -1;
}

}  // namespace mbw::ui
