#include "study_dialog.h"

#include <qcustomplot.h>

#include <QCloseEvent>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include "figure_export.h"
#include "studies/study_execution.h"
#include "study_records_table.h"
#include "study_runner.h"
#include "study_setup_form.h"
#include "work_precision_chart.h"

namespace mbw::ui {
namespace {

// a duration as the status line gives it: hours and minutes, minutes and seconds, or seconds
QString duration(double seconds) {
  const long s = std::lround(seconds);
  if (s >= 3600) return QString("%1 h %2 min").arg(s / 3600).arg(s / 60 % 60);
  if (s >= 60) return QString("%1 min %2 s").arg(s / 60).arg(s % 60);
  return QString("%1 s").arg(s);
}

// the unit of each output, from the channels the first run of its scene records
std::vector<std::string> outputUnits(const Study& study,
                                     const std::vector<std::shared_ptr<const Model>>& models) {
  // none when the study has no runs
  std::vector<std::string> units(study.outputs.size());
  if (study.runs.empty()) return units;
  const RunSpec& first = study.runs.front();
  try {
    for (const Channel& c : runChannels(*models.at(first.variant), first))
      for (size_t k = 0; k < study.outputs.size(); ++k)
        if (c.name == study.outputs[k]) units[k] = c.unit;
  } catch (const std::exception&) {
    // a formulation that cannot be made: the study will say so when it starts
  }
  return units;
}

}  // namespace

// --- building the dialog -------------------------------------------------------------------------

StudyDialog::StudyDialog(QWidget* parent)
    : QDialog(parent),
      setup_(new StudySetupForm(this)),
      chart_(new WorkPrecisionChart(this)),
      table_(new StudyRecordsTable(this)),
      runner_(new StudyRunner(this)) {
  setWindowTitle(tr("Study"));
  setObjectName("studyDialog");

  // right: what the diagram shows, the diagram, the runs
  auto* results = new QWidget(this);
  auto* resultsLayout = new QVBoxLayout(results);
  resultsLayout->setContentsMargins(0, 0, 0, 0);
  // the output and the measure of its error, and the save button
  auto* choice = new QHBoxLayout;
  // the outputs listed when a study starts
  output_ = new QComboBox(this);
  output_->setToolTip(tr("The compared output whose error the diagram and the table show"));
  measure_ = new QComboBox(this);
  // the measures offered: largest, RMS, final
  for (ErrorMeasure m : {ErrorMeasure::Max, ErrorMeasure::Rms, ErrorMeasure::Final})
    measure_->addItem(toString(m), static_cast<int>(m));
  measure_->setToolTip(tr("max or rms: over the run; final: at t_end"));
  saveDiagram_ = new QPushButton(tr("Save diagram\u2026"), this);
  // one line: "Error of <output> measured as <measure>", the save button at its end
  choice->addWidget(new QLabel(tr("Error of"), this));
  choice->addWidget(output_, 1);
  choice->addWidget(new QLabel(tr("measured as"), this));
  choice->addWidget(measure_);
  choice->addStretch(1);
  choice->addWidget(saveDiagram_);
  resultsLayout->addLayout(choice);
  // the diagram above the table, three to two
  auto* resultsSplitter = new QSplitter(Qt::Vertical, this);
  resultsSplitter->addWidget(chart_);
  resultsSplitter->addWidget(table_);
  resultsSplitter->setStretchFactor(0, 3);
  resultsSplitter->setStretchFactor(1, 2);
  resultsLayout->addWidget(resultsSplitter, 1);

  // the setup form on the left, the results on the right
  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(setup_);
  splitter->addWidget(results);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);

  // below: progress, what happens, the buttons
  // the progress counts runs
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->setFormat(tr("%v of %m runs"));
  status_ = new QLabel(tr("Choose a scene and integrators, or a study file, then Run."), this);
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // run and cancel the study, close the dialog
  auto* buttons = new QDialogButtonBox(this);
  run_ = buttons->addButton(tr("&Run"), QDialogButtonBox::ActionRole);
  run_->setToolTip(tr("Run the study on worker threads; the diagram grows as runs finish"));
  cancel_ = buttons->addButton(tr("&Cancel study"), QDialogButtonBox::ActionRole);
  cancel_->setToolTip(tr("Stop the runs under way and start no more; the finished runs stay"));
  buttons->addButton(QDialogButtonBox::Close);

  // the splitter above the progress, the status and the buttons
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(splitter, 1);
  layout->addWidget(progress_);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  resize(1280, 780);

  // the buttons; saving the diagram as a figure
  connect(run_, &QPushButton::clicked, this, &StudyDialog::startStudy);
  connect(cancel_, &QPushButton::clicked, this, &StudyDialog::cancelStudy);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  connect(saveDiagram_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the diagram"), "work-precision.png", plot::figureFileFilter());
    if (!path.isEmpty()) saveDiagram(path);
  });
  // another output or measure shows its error
  connect(output_, &QComboBox::currentIndexChanged, this, &StudyDialog::showErrorOf);
  // an output the user picks stays; until then the diagram shows one that moves
  connect(output_, &QComboBox::activated, this, [this] { outputChosen_ = true; });
  connect(measure_, &QComboBox::currentIndexChanged, this, &StudyDialog::showErrorOf);
  // the runner's notes, records and end; a point or a row opens its run
  connect(runner_, &StudyRunner::note, this, [this](const QString& text) { setStatus(text); });
  connect(runner_, &StudyRunner::recordArrived, this,
          [this](const RunRecord&, int finished, int total) { onRecord(finished, total); });
  connect(runner_, &StudyRunner::finished, this, &StudyDialog::onFinished);
  connect(chart_, &WorkPrecisionChart::runClicked, this, &StudyDialog::openRun);
  connect(table_, &StudyRecordsTable::runActivated, this, &StudyDialog::openRun);
  updateButtons();
}

StudyDialog::~StudyDialog() = default;

QString StudyDialog::statusText() const { return status_->text(); }

// --- running a study -----------------------------------------------------------------------------

bool StudyDialog::startStudy() {
  // one study at a time, from the form's request
  if (runner_->busy()) return false;
  StudyRequest request;
  QString error;
  if (!setup_->build(&request, &error)) {
    setStatus(error, true);
    return false;
  }
  // the diagram and the table start empty, showing the study's first output
  const std::vector<std::string> units = outputUnits(request.study, request.models);
  chart_->setStudy(request.study, units);
  {
    const QSignalBlocker blockOutput(output_), blockMeasure(measure_);
    // the output list anew, the measure the study asks for, without redrawing twice
    output_->clear();
    for (const std::string& o : request.study.outputs) output_->addItem(QString::fromStdString(o));
    measure_->setCurrentIndex(measure_->findData(static_cast<int>(request.measure)));
  }
  // the title, then the runs started on the worker threads, with the results table if one is
  // asked for
  setWindowTitle(tr("Study: %1").arg(request.title));
  const int total = static_cast<int>(request.study.runs.size());
  if (!runner_->start(std::move(request.study), std::move(request.models), setup_->jobs(),
                      setup_->tableFile()))
    return false;
  // the output the diagram shows follows the runs until the user picks one
  outputChosen_ = false;
  showErrorOf();
  // the progress and the clock start at zero
  progress_->setRange(0, total);
  progress_->setValue(0);
  clock_.start();
  setStatus(tr("%1 runs, %2 at once; the reference run first").arg(total).arg(runner_->workers()));
  updateButtons();
  return true;
}

void StudyDialog::cancelStudy() {
  // the runs under way stop; those finished stay
  if (!runner_->busy()) return;
  runner_->cancel();
  setStatus(tr("Cancelling: the runs under way stop\u2026"));
  cancel_->setEnabled(false);
}

// a dynamics run of the study into the run list, to be made again there with its settings
bool StudyDialog::openRun(int run) {
  const Study& study = runner_->study();
  // a run number of the study, a dynamics run only
  if (run < 0 || run >= static_cast<int>(study.runs.size())) return false;
  const RunSpec& spec = study.runs[run];
  if (spec.analysis != RunAnalysis::Dynamics) {
    setStatus(tr("Run %1 is a kinematic analysis: the run list holds dynamics runs only.").arg(run),
              true);
    return false;
  }
  // the run's scene and settings go to the run list, which makes it again
  emit openRunRequested(runner_->models().at(spec.variant), spec.settings);
  setStatus(tr("Run %1 (%2, %3) opened in the run list: it is made again there with its settings.")
                .arg(run)
                .arg(QString::fromStdString(methodLabel(spec.settings)),
                     QString::fromStdString(workPrecisionSetting(spec))));
  return true;
}

// the diagram as an image file, 1000 by 700 pixels
bool StudyDialog::saveDiagram(const QString& path) {
  const bool ok = plot::savePlot(*chart_->plot(), path, 1000, 700);
  setStatus(ok ? tr("Diagram saved to %1").arg(path) : tr("Cannot write %1").arg(path), !ok);
  return ok;
}

void StudyDialog::closeEvent(QCloseEvent* event) {
  // closing does not leave runs going in the background
  cancelStudy();
  QDialog::closeEvent(event);
}

// the first output that moves in the runs made so far, -1 for none
int StudyDialog::movingOutput() const {
  const int outputs = static_cast<int>(runner_->study().outputs.size());
  for (int o = 0; o < outputs; ++o)
    if (runner_->outputMoves(o)) return o;
  return -1;
}

// --- records as they come, and the end -----------------------------------------------------------

void StudyDialog::onRecord(int finished, int total) {
  // the diagram grows by the record
  const auto measure = static_cast<ErrorMeasure>(measure_->currentData().toInt());
  chart_->setRecords(runner_->records());
  // an output that does not move (the last body's x of a planar pendulum) has no error to show
  // but round-off: the first one that moves, unless the user chose
  if (!outputChosen_ && !runner_->outputMoves(output_->currentIndex())) {
    const int moving = movingOutput();
    if (moving >= 0 && moving != output_->currentIndex()) output_->setCurrentIndex(moving);
  }
  chart_->setOutputStill(!runner_->outputMoves(output_->currentIndex()));
  table_->showRecords(runner_->study(), runner_->records(), output_->currentIndex(), measure);
  // the progress, the time so far and an estimate of what is left, and a failed run's reason
  progress_->setValue(finished);
  const double elapsed = clock_.elapsed() / 1000.0;
  QString text = tr("%1 of %2 runs finished, %3").arg(finished).arg(total).arg(duration(elapsed));
  // an estimate of what is left from the mean time per run so far
  if (finished < total)
    text += tr(", about %1 left").arg(duration(elapsed / finished * (total - finished)));
  // a run that did not complete says how it ended
  if (!runner_->records().empty()) {
    const RunRecord& last = runner_->records().back();
    if (last.status != RunStatus::Completed)
      text += tr("; run %1 %2: %3")
                  .arg(last.run)
                  .arg(toString(last.status), QString::fromStdString(last.message));
  }
  setStatus(text);
}

void StudyDialog::onFinished(bool interrupted, const QString& error) {
  // done, cancelled or failed, with the table written
  updateButtons();
  // how many runs were made and how many failed
  const int made = static_cast<int>(runner_->records().size());
  int failed = 0;
  for (const RunRecord& r : runner_->records()) failed += r.status != RunStatus::Completed;
  // the table named when one is written
  const QString table =
      setup_->tableFile().isEmpty() ? QString() : tr("; table %1").arg(setup_->tableFile());
  // the error, the cancel or the summary of a finished study
  if (!error.isEmpty())
    setStatus(error, true);
  else if (interrupted)
    setStatus(tr("Cancelled: %1 of %2 runs finished%3")
                  .arg(made)
                  .arg(static_cast<int>(runner_->study().runs.size()))
                  .arg(table));
  else
    setStatus(tr("Done: %1 runs in %2, %3 failed%4; click a point to open its run")
                  .arg(made)
                  .arg(duration(clock_.elapsed() / 1000.0))
                  .arg(failed)
                  .arg(table));
  emit studyFinished(interrupted, error);
}

// the diagram and the table show the chosen output's error, measured as chosen
void StudyDialog::showErrorOf() {
  const auto measure = static_cast<ErrorMeasure>(measure_->currentData().toInt());
  // a still output's diagram says why it shows only round-off
  chart_->setOutputStill(!runner_->records().empty() &&
                         !runner_->outputMoves(output_->currentIndex()));
  chart_->setErrorOf(output_->currentIndex(), measure);
  table_->showRecords(runner_->study(), runner_->records(), output_->currentIndex(), measure);
}

// the form and run are locked while the study runs
void StudyDialog::updateButtons() {
  run_->setEnabled(!runner_->busy());
  cancel_->setEnabled(runner_->busy());
  setup_->setEnabled(!runner_->busy());
}

// the status line, red for a problem
void StudyDialog::setStatus(const QString& text, bool problem) {
  status_->setText(text);
  status_->setStyleSheet(problem ? "color: #b00020;" : "");
}

}  // namespace mbw::ui
