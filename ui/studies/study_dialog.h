#pragma once
// The study dialog of the workbench: the study on the left (a work-precision study of a scene, or
// a study file), its work-precision diagram and its runs on the right, growing as runs finish on
// worker threads; a progress bar with the runs done and the time left, and cancel. A click on a
// point of the diagram (or a double click on a row) asks for that run to be opened in the run list
// (openRunRequested: the run is made again with its settings, on the run controller's thread).
// The diagram shows the error of a compared output that moves (an output whose error is zero in
// every run, such as the last body's x on a planar pendulum, has nothing to draw on log axes)
// until the user picks one; an empty diagram says why.

#include <QDialog>
#include <QElapsedTimer>
#include <memory>

#include "simulation/simulation.h"
#include "studies/work_precision.h"

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace mbw::ui {

class StudyRecordsTable;
class StudyRunner;
class StudySetupForm;
class WorkPrecisionChart;

class StudyDialog : public QDialog {
  Q_OBJECT

 public:
  explicit StudyDialog(QWidget* parent = nullptr);
  ~StudyDialog() override;

  StudySetupForm& setup() const { return *setup_; }
  WorkPrecisionChart& chart() const { return *chart_; }
  StudyRecordsTable& table() const { return *table_; }
  StudyRunner& runner() const { return *runner_; }
  QProgressBar& progress() const { return *progress_; }
  QString statusText() const;

  // starts the study the form describes; false (the reason shown) when it does not describe one
  bool startStudy();
  void cancelStudy();
  // asks for a run of the study to be opened in the run list; false when it cannot be
  bool openRun(int run);
  // the diagram as a PNG, SVG or PDF file (by the path's extension)
  bool saveDiagram(const QString& path);

 signals:
  void openRunRequested(std::shared_ptr<const mbw::Model> model, const mbw::RunSettings& settings);
  void studyFinished(bool interrupted, const QString& error);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void onRecord(int finished, int total);
  void onFinished(bool interrupted, const QString& error);
  void showErrorOf();
  void updateButtons();
  void setStatus(const QString& text, bool problem = false);
  // the first compared output that moves in a finished run (-1: none yet)
  int movingOutput() const;

  StudySetupForm* setup_;
  WorkPrecisionChart* chart_;
  StudyRecordsTable* table_;
  StudyRunner* runner_;
  QComboBox* output_;
  QComboBox* measure_;
  QProgressBar* progress_;
  QLabel* status_;
  QPushButton* run_;
  QPushButton* cancel_;
  QPushButton* saveDiagram_;
  QElapsedTimer clock_;
  bool outputChosen_ = false;  // the user picked the output shown
};

}  // namespace mbw::ui
