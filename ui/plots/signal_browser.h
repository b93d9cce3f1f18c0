#pragma once
// The signal browser: every quantity the current run recorded, grouped (bodies: position,
// orientation, velocity, angular velocity, accelerations; joints: reaction force and torque in the
// joint's frame, multipliers; energies; the scene's outputs; the integrator's counts and the
// constraint violation), with its unit and meaning, searchable. Selected signals are plotted
// against time, one against another (x-y plots, phase planes: the first selected is x), or as the
// difference between runs.

#include <QStringList>
#include <QWidget>

class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace mbw::ui {

class PlotPanel;
class RunLibrary;
struct Run;

class SignalBrowser : public QWidget {
  Q_OBJECT

 public:
  SignalBrowser(RunLibrary& runs, PlotPanel& plots, QWidget* parent = nullptr);

  // the signals listed (channel names), in tree order, after the search filter
  QStringList visibleSignals() const;
  void setFilter(const QString& text);
  // selects signals by name (for scripts and tests), in that order
  void select(const QStringList& channels);
  QStringList selectedSignals() const;
  // what the buttons do
  void plotAgainstTime();
  void plotXY();
  void plotDifference();

 private:
  void rebuild();
  void updateButtons();

  RunLibrary& runs_;
  PlotPanel& plots_;
  QLineEdit* search_;
  QStandardItemModel* model_;
  QSortFilterProxyModel* filter_;
  QTreeView* view_;
  QPushButton* againstTime_;
  QPushButton* xy_;
  QPushButton* difference_;
  QStringList order_;   // selection order
  QStringList listed_;  // channels of the tree, to rebuild only when they change
};

// what a channel is, in words ("x of the frame origin of body_1, world frame"), from its name and
// the run's model
QString signalDescription(const Run& run, const QString& channel);

}  // namespace mbw::ui
