#pragma once
// The runs overlaid on the plots, side by side: one column per run, one row per figure (settings,
// status, steps, rejections, iterations, CPU time, energy balance with what it means, constraint
// violation), and the difference of a chosen signal against the comparison base (the reference
// run, or else the first run shown): its largest and RMS value (the engine's reference-error
// analysis, 4-point cubic interpolation of the base). Numbers are short in the cells, whole in the
// tooltips.

#include <QWidget>

class QComboBox;
class QTableWidget;

namespace mbw::ui {

class RunLibrary;

class ComparisonTable : public QWidget {
  Q_OBJECT

 public:
  explicit ComparisonTable(RunLibrary& runs, QWidget* parent = nullptr);
  void refresh();
  // the signal whose differences are compared ("" : the body coordinate that moves the most)
  void setChannel(const QString& channel);
  QString channel() const { return channel_; }
  QTableWidget* table() const { return table_; }
  // a cell's text by row title and column (run) index, for tests
  QString cell(const QString& row, int column) const;

 private:
  void fillChannels();

  RunLibrary& runs_;
  QComboBox* channelBox_;
  QTableWidget* table_;
  QString channel_;
};

}  // namespace mbw::ui
