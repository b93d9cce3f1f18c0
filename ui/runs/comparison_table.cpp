#include "comparison_table.h"

#include <QHeaderView>

#include "plot_quantity.h"
#include "run_library.h"
#include "run_summary.h"

namespace mbw::ui {
namespace {

QString g(double x, int precision = 4) { return QString::number(x, 'g', precision); }

}  // namespace

ComparisonTable::ComparisonTable(RunLibrary& runs, QWidget* parent) : QTableWidget(parent), runs_(runs) {
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  setAlternatingRowColors(true);
  // finished runs change the figures; live rows only the time reached, refreshed when they end
  for (auto signal : {&RunLibrary::runAdded, &RunLibrary::runRemoved, &RunLibrary::runFinished,
                      &RunLibrary::shownChanged, &RunLibrary::referenceChanged})
    connect(&runs_, signal, this, &ComparisonTable::refresh);
  refresh();
}

void ComparisonTable::refresh() {
  const std::vector<const Run*> runs = runs_.shownRuns();
  const Run* reference = runs_.reference();
  const QString errorChannel = reference ? defaultChannel(reference->results) : QString();
  const QStringList rows{tr("Integrator"), tr("Settings"), tr("Status"), tr("Steps"), tr("Rejected steps"),
                         tr("Newton iterations"), tr("Iterations per step"), tr("CPU time [s]"),
                         tr("Real-time factor (t / CPU)"), tr("Final energy balance [J]"),
                         tr("Max |energy balance| [J]"), tr("Max position violation"), tr("Max velocity violation"),
                         tr("Max error of %1 vs reference").arg(errorChannel.isEmpty() ? tr("(none)") : errorChannel),
                         tr("RMS error vs reference"), tr("t reached [s]"), tr("Jacobian evaluations"), tr("Factorizations"), tr("Scene"),
                         tr("Formulation")};
  setRowCount(rows.size());
  setColumnCount(static_cast<int>(runs.size()));
  setVerticalHeaderLabels(rows);
  for (int c = 0; c < static_cast<int>(runs.size()); ++c) {
    const Run& run = *runs[static_cast<size_t>(c)];
    const RunSummary s = summarize(run);
    auto* header = new QTableWidgetItem(QString("#%1%2").arg(run.id).arg(reference && reference->id == run.id ? " \u2605" : ""));
    header->setForeground(run.color);
    setHorizontalHeaderItem(c, header);
    const std::optional<ErrorSummary> error =
        reference && reference->id != run.id ? errorAgainst(run, *reference, errorChannel) : std::nullopt;
    const bool done = !run.live();
    // the settings one per line, so that the runs stand side by side in narrow columns
    const QStringList values{QString::fromStdString(run.settings.integrator),
                             run.settingsText().split(", ").join("\n"), statusText(run), QString::number(s.steps), QString::number(s.rejected),
                             done ? QString::number(s.newtonIterations) : "", done ? g(s.iterationsPerStep) : "",
                             done ? g(s.cpuSeconds, 3) : "",
                             done && s.cpuSeconds > 0 ? g(s.reachedTime / s.cpuSeconds, 3) : "",
                             g(s.finalEnergyBalance), g(s.maxEnergyBalance), g(s.maxPositionViolation),
                             g(s.maxVelocityViolation), error ? g(error->maximum) : "", error ? g(error->rms) : "",
                             g(s.reachedTime), done ? QString::number(s.jacobianEvaluations) : "",
                             done ? QString::number(s.factorizations) : "", run.sceneName(),
                             QString::fromStdString(run.settings.formulation)};
    for (int r = 0; r < values.size(); ++r) {
      auto* item = new QTableWidgetItem(values[r]);
      item->setToolTip(r == 4 ? s.rejectionReasons : values[r]);
      setItem(r, c, item);
    }
  }
  resizeRowsToContents();
}

}  // namespace mbw::ui
