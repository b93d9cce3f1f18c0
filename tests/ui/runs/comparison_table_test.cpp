// The comparison table on runs with known values: the difference of the compared signal against
// the base (the reference run, or else the first run shown) gives its largest and RMS value over
// the compared run's rows, short in the cell and whole in the tooltip; the base's own column says
// it is the base.

#include <QTableWidget>
#include <QtTest>
#include <cmath>

#include "comparison_table.h"
#include "run_library.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// a finished run of the double pendulum whose channel y = a t^2, on rows evenly spread over [0, 1]
int addRun(RunLibrary& runs, double a, int rows) {
  auto run = std::make_unique<Run>();
  run->model = std::make_shared<const Model>(
      parseScene(findBuiltinScene("double-pendulum")->text, "double-pendulum"));
  run->sceneKey = "builtin:double-pendulum";
  run->settings.tEnd = 1.0;
  Results& r = run->results;
  r.setChannels({{"t", "s"}, {"y", "m"}, {"energy.balance", "J"}});
  for (int k = 0; k < rows; ++k) {
    const double t = static_cast<double>(k) / (rows - 1);
    r.appendRow({t, a * t * t, 0.0});
  }
  r.status = RunStatus::Completed;
  return runs.restore(std::move(run)).id;
}

// the RMS of c t^2 over n rows evenly spread over [0, 1]
double rmsOfQuadratic(double c, int n) {
  double sum = 0.0;
  for (int k = 0; k < n; ++k) {
    const double t = static_cast<double>(k) / (n - 1);
    sum += c * c * std::pow(t, 4);
  }
  return std::sqrt(sum / n);
}

// the title of the row that starts so
QString rowTitle(const ComparisonTable& table, const QString& start) {
  for (int r = 0; r < table.table()->rowCount(); ++r)
    if (table.table()->verticalHeaderItem(r)->text().startsWith(start))
      return table.table()->verticalHeaderItem(r)->text();
  return {};
}

// the value of a cell: shown to 4 digits, whole in the tooltip
void checkCell(const ComparisonTable& table, const QString& row, int column, double expected) {
  for (int r = 0; r < table.table()->rowCount(); ++r) {
    if (!table.table()->verticalHeaderItem(r)->text().startsWith(row)) continue;
    const QTableWidgetItem* item = table.table()->item(r, column);
    QVERIFY(item);
    bool ok = false;
    const double shown = item->text().toDouble(&ok);
    QVERIFY2(ok && std::abs(shown - expected) <= 5e-4 * std::abs(expected),
             qPrintable(row + ": " + item->text()));
    const double whole = item->toolTip().toDouble(&ok);
    QVERIFY2(ok && std::abs(whole - expected) <= 1e-12 * std::abs(expected),
             qPrintable(row + ": " + item->toolTip()));
    return;
  }
  QFAIL(qPrintable("no row " + row));
}

}  // namespace

class ComparisonTableTest : public QObject {
  Q_OBJECT

 private slots:
  // the comparison table's largest and rms differences of each run from the base run
  void largestAndRmsDifferenceAgainstTheBase() {
    RunLibrary runs;
    runs.setActiveScene("builtin:double-pendulum", nullptr);
    // y1 = t^2 on 101 rows, y2 = 3 t^2 on 41 others: y2 - y1 = 2 t^2 (the cubic interpolation of
    // the base is exact on a quadratic)
    addRun(runs, 1.0, 101);
    const int second = addRun(runs, 3.0, 41);
    ComparisonTable table(runs);
    table.setChannel("y");
    // a column per run shown
    QCOMPARE(table.table()->columnCount(), 2);

    // no reference: against the first run shown, over the second run's 41 rows
    QCOMPARE(table.cell("Max |difference|", 0), QString("(base)"));
    checkCell(table, "Max |difference|", 1, 2.0);
    checkCell(table, "RMS difference", 1, rmsOfQuadratic(2.0, 41));
    QVERIFY(rowTitle(table, "Max |difference|").contains("of y vs #1"));

    // the second as the reference: the first run against it, over its 101 rows
    runs.setReference(second);
    QCOMPARE(table.cell("Max |difference|", 1), QString("(base)"));
    checkCell(table, "Max |difference|", 0, 2.0);
    checkCell(table, "RMS difference", 0, rmsOfQuadratic(2.0, 101));
    QVERIFY(rowTitle(table, "Max |difference|").contains("of y vs #2"));
    // the two RMS values differ, so that the check tells which rows were used
    QVERIFY(std::abs(rmsOfQuadratic(2.0, 101) - rmsOfQuadratic(2.0, 41)) > 1e-3);
  }
};

QTEST_MAIN(ComparisonTableTest)
#include "comparison_table_test.moc"
