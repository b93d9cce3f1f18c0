#pragma once
// The runs overlaid on the plots, side by side: one column per run, one row per figure (settings,
// status, steps, rejections, Newton iterations, CPU time, energy balance, constraint violation,
// error against the reference run).

#include <QTableWidget>

namespace mbw::ui {

class RunLibrary;

class ComparisonTable : public QTableWidget {
  Q_OBJECT

 public:
  explicit ComparisonTable(RunLibrary& runs, QWidget* parent = nullptr);
  void refresh();

 private:
  RunLibrary& runs_;
};

}  // namespace mbw::ui
