#pragma once
// The runs of a study as they finish, one row each: scene variant (when the study has several),
// method, setting, status, steps, rejected steps, Newton iterations, factorizations, CPU time and
// the chosen error of one compared output. A double click on a row asks for that run.

#include <QTableWidget>
#include <vector>

#include "studies/work_precision.h"

namespace mbw::ui {

class StudyRecordsTable : public QTableWidget {
  Q_OBJECT

 public:
  explicit StudyRecordsTable(QWidget* parent = nullptr);

  // fills the table with these records (in the order given) of this study
  void showRecords(const Study& study, const std::vector<RunRecord>& records, int output,
                   ErrorMeasure measure);
  // the run of a row (-1 for none)
  int runAt(int row) const;

 signals:
  void runActivated(int run);
};

}  // namespace mbw::ui
