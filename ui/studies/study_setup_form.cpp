#include "study_setup_form.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "simulation/run_settings.h"
#include "studies/executor.h"
#include "studies/scene_variant_loader.h"
#include "studies/study_file.h"

namespace mbw::ui {
namespace {

// --- helpers -------------------------------------------------------------------------------------

// "1e-3, 1e-4 1e-5": positive numbers separated by commas or spaces; false at the first bad one
bool parseNumbers(const QString& text, std::vector<double>* out, QString* bad) {
  // the numbers one by one, refusing the first that is not a positive number
  out->clear();
  for (const QString& item : text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts)) {
    bool ok = false;
    const double x = item.toDouble(&ok);
    if (!ok || !(x > 0.0)) {
      *bad = item;
      return false;
    }
    out->push_back(x);
  }
  return true;
}

// a line edit with its text and tooltip
QLineEdit* lineEdit(const QString& text, const QString& tip, QWidget* parent) {
  auto* e = new QLineEdit(text, parent);
  e->setToolTip(tip);
  return e;
}

// a line edit with a "Browse..." button beside it
QWidget* withBrowse(QLineEdit* edit, QPushButton** button, QWidget* parent) {
  auto* row = new QWidget(parent);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(edit, 1);
  *button = new QPushButton(QObject::tr("Browse\u2026"), row);
  layout->addWidget(*button);
  return row;
}

}  // namespace

// --- building the form ---------------------------------------------------------------------------

StudySetupForm::StudySetupForm(QWidget* parent) : QWidget(parent), tabs_(new QTabWidget(this)) {
  // a work-precision study of a scene, or a study file; how it runs, where the table goes
  tabs_->addTab(buildSceneTab(), tr("Work-precision"));
  tabs_->addTab(buildFileTab(), tr("Study file"));
  QFormLayout* common = buildCommonSettings();
  // the scene's defaults shown for the scene chosen
  connect(scene_, &QComboBox::currentIndexChanged, this, &StudySetupForm::showSceneDefaults);
  showSceneDefaults();
  // the tabs above the common settings
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tabs_, 1);
  layout->addLayout(common);
}

// the scene, its formulation and end time, the integrators, tolerances and steps, the outputs
// compared, the repetitions and the reference
QWidget* StudySetupForm::buildSceneTab() {
  auto* sceneTab = new QWidget(this);
  auto* form = new QFormLayout(sceneTab);
  // the scene of the study: a built-in one, or the one being edited (see setCurrentScene)
  scene_ = new QComboBox(sceneTab);
  for (const BuiltinScene& s : builtinScenes())
    scene_->addItem(QString::fromStdString(s.name), QString::fromStdString(s.name));
  scene_->setToolTip(tr("The scene of the study: the one being edited, or a built-in scene"));
  form->addRow(tr("Scene"), scene_);
  // the formulation every run uses
  formulation_ = new QComboBox(sceneTab);
  for (const std::string& f : runFormulationNames())
    formulation_->addItem(QString::fromStdString(f));
  formulation_->setToolTip(
      tr("The formulation every run uses (and the reference run); in joint coordinates only the "
         "state-space integrators (rn4, w2, adams, bdf) and ida run"));
  form->addRow(tr("Formulation"), formulation_);
  // the end time, the scene's unless given
  tEnd_ = lineEdit("", tr("The simulated time of every run, s (empty: the scene's)"), sceneTab);
  tEnd_->setPlaceholderText(tr("the scene's"));
  form->addRow(tr("t_end [s]"), tEnd_);
  // the integrators to compare, ticked in a list, each with its description and whether it runs
  // at tolerances or at fixed steps
  integrators_ = new QListWidget(sceneTab);
  // each integrator an entry to tick, its tooltip its description and family
  for (const IntegratorInfo& info : integratorRegistry()) {
    auto* item = new QListWidgetItem(QString::fromStdString(info.name), integrators_);
    item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
    item->setCheckState(Qt::Unchecked);
    const Capabilities& c = info.capabilities;
    item->setToolTip(
        QString::fromStdString(c.description + "\n[" + c.family + "]") +
        (c.variableStep ? tr("\nruns at the tolerances") : tr("\nruns at the fixed steps")));
  }
  integrators_->setMinimumHeight(160);
  form->addRow(tr("Integrators"), integrators_);
  // the tolerances and fixed steps it runs at, the outputs compared
  tolerances_ = lineEdit(
      "1e-3, 1e-4, 1e-5, 1e-6",
      tr("rtol = atol of the integrators that choose their steps (separated by commas)"), sceneTab);
  form->addRow(tr("Tolerances"), tolerances_);
  steps_ = lineEdit("1e-2, 5e-3, 2e-3, 1e-3",
                    tr("Fixed steps of the other integrators, s (separated by commas)"), sceneTab);
  form->addRow(tr("Steps [s]"), steps_);
  outputs_ = lineEdit(
      "", tr("CSV columns compared with the reference, separated by commas (e.g. body_2.y)"),
      sceneTab);
  outputs_->setPlaceholderText(tr("the scene's outputs, else the last body's x, y, z"));
  form->addRow(tr("Outputs"), outputs_);
  // the repetitions, and the reference every error is measured against
  repeat_ = new QSpinBox(sceneTab);
  repeat_->setRange(1, 20);
  repeat_->setToolTip(tr("Runs of each setting; the CPU time is the least"));
  form->addRow(tr("Repetitions"), repeat_);
  auto* reference =
      new QLabel(tr("the engine's reference-quality run (CVODE BDF at 1e-12)"), sceneTab);
  reference->setWordWrap(true);
  form->addRow(tr("Reference"), reference);
  return sceneTab;
}

// a study file, and a summary of it or what is wrong with it
QWidget* StudySetupForm::buildFileTab() {
  auto* fileTab = new QWidget(this);
  auto* fileLayout = new QFormLayout(fileTab);
  // the file, and a summary of it or what is wrong with it
  studyFile_ = lineEdit(
      "", tr("A study file (JSON, \"format\": \"mbw-study\"; see docs/study-format.md)"), fileTab);
  QPushButton* browseFile = nullptr;
  fileLayout->addRow(tr("Study file"), withBrowse(studyFile_, &browseFile, fileTab));
  fileSummary_ = new QLabel(fileTab);
  fileSummary_->setWordWrap(true);
  fileLayout->addRow(fileSummary_);
  connect(browseFile, &QPushButton::clicked, this, &StudySetupForm::browseStudyFile);
  connect(studyFile_, &QLineEdit::editingFinished, this, &StudySetupForm::describeStudyFile);
  return fileTab;
}

// how either study runs and where its table goes, below the tabs
QFormLayout* StudySetupForm::buildCommonSettings() {
  auto* common = new QFormLayout;
  // runs at once (0: one per core), and the results table
  jobs_ = new QSpinBox(this);
  jobs_->setRange(0, 256);
  // 0 reads "one per core"
  jobs_->setSpecialValueText(tr("one per core (%1)").arg(coreCount()));
  jobs_->setToolTip(tr("Runs at once, each on one thread so that CPU times stay comparable"));
  common->addRow(tr("Runs at once"), jobs_);
  // the results table: a file chosen, or none
  table_ = lineEdit(
      "", tr("The long-format results table (CSV, one row per run), appended as runs finish"),
      this);
  table_->setPlaceholderText(tr("not written"));
  QPushButton* browseTable = nullptr;
  common->addRow(tr("Results table"), withBrowse(table_, &browseTable, this));
  connect(browseTable, &QPushButton::clicked, this, &StudySetupForm::browseTable);
  return common;
}

// --- the scene and the request -------------------------------------------------------------------

void StudySetupForm::setCurrentScene(std::shared_ptr<const Model> model, const QString& name) {
  // the scene being edited, first in the list, replacing the one given before
  const bool had = current_ != nullptr;
  current_ = std::move(model);
  currentName_ = name;
  // the entry of the scene edited before goes
  if (had) scene_->removeItem(0);
  if (current_) {
    scene_->insertItem(0, tr("%1 (being edited)").arg(name), QString());
    scene_->setCurrentIndex(0);
  }
  showSceneDefaults();
}

// the request of the tab shown
bool StudySetupForm::build(StudyRequest* request, QString* error) const {
  // the first tab builds from the form, the second from the file
  return tabs_->currentIndex() == 0 ? buildSceneStudy(request, error)
                                    : buildFileStudy(request, error);
}

// the scene chosen: the edited one (no data) or a built-in one, loaded here; none if it fails
std::shared_ptr<const Model> StudySetupForm::chosenScene() const {
  const QString builtin = scene_->currentData().toString();
  if (builtin.isEmpty()) return current_;
  try {
    return std::make_shared<const Model>(loadScene(builtin.toStdString()));
  } catch (const std::exception&) {
    return nullptr;
  }
}

void StudySetupForm::showSceneDefaults() {
  // its formulation chosen, its end time as the placeholder
  const std::shared_ptr<const Model> model = chosenScene();
  if (!model) return;
  formulation_->setCurrentText(QString::fromStdString(model->defaults.formulation));
  tEnd_->setPlaceholderText(tr("the scene's, %1").arg(model->defaults.tEnd));
}

bool StudySetupForm::buildSceneStudy(StudyRequest* request, QString* error) const {
  // the scene: the edited one or a built-in one
  const QString builtin = scene_->currentData().toString();
  const std::shared_ptr<const Model> model = chosenScene();
  if (!model) {
    *error = tr("Choose a scene.");
    return false;
  }
  // tolerances, steps, the ticked integrators, the outputs and the repetitions
  WorkPrecisionSettings settings;
  QString bad;
  if (!parseNumbers(tolerances_->text(), &settings.tolerances, &bad)) {
    *error = tr("Tolerances: '%1' is not a positive number.").arg(bad);
    return false;
  }
  if (!parseNumbers(steps_->text(), &settings.steps, &bad)) {
    *error = tr("Steps: '%1' is not a positive number.").arg(bad);
    return false;
  }
  // each ticked integrator, by name
  for (int r = 0; r < integrators_->count(); ++r)
    if (integrators_->item(r)->checkState() == Qt::Checked)
      settings.methods.push_back({integrators_->item(r)->text().toStdString(), -1.0});
  if (settings.methods.empty()) {
    *error = tr("Tick one integrator or more.");
    return false;
  }
  // the outputs, separated as the numbers are
  for (const QString& o :
       outputs_->text().split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts))
    settings.outputs.push_back(o.toStdString());
  settings.repeat = repeat_->value();

  // the runs' common settings: the scene's (resolved as `mbw-cli study work-precision` does), the
  // chosen formulation and end time
  RunOverrides chosen;
  chosen.formulation = formulation_->currentText().toStdString();
  // a t_end given must be a positive time
  if (!tEnd_->text().trimmed().isEmpty()) {
    bool ok = false;
    chosen.tEnd = tEnd_->text().toDouble(&ok);
    if (!ok || !(*chosen.tEnd > 0.0)) {
      *error = tr("t_end: '%1' is not a positive time.").arg(tEnd_->text());
      return false;
    }
  }
  // the scene's settings with the choices over them, as the engine resolves them
  RunSettings base;
  try {
    base = resolveRunSettings(*model, chosen);
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
  // the study by the engine's definition, under the scene's name; errors measured as the largest
  // difference
  const std::string scene = builtin.isEmpty() ? currentName_.toStdString() : builtin.toStdString();
  try {
    request->study = makeWorkPrecisionStudy(scene, *model, base, settings);
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
  // one model; the largest difference as the measure; a title from the scene's name
  request->models = {model};
  request->measure = ErrorMeasure::Max;
  request->title = QString::fromStdString(model->name) + tr(": work-precision");
  return true;
}

bool StudySetupForm::buildFileStudy(StudyRequest* request, QString* error) const {
  // a file given
  const QString path = studyFile_->text().trimmed();
  if (path.isEmpty()) {
    *error = tr("Choose a study file.");
    return false;
  }
  // read and checked by the engine; the models of its variants loaded here (the GUI thread)
  try {
    StudyFile file = readStudyFile(path.toStdString());
    request->models.clear();
    for (const SceneVariant& v : file.study.variants)
      request->models.push_back(std::make_shared<const Model>(loadSceneVariant(v)));
    request->study = std::move(file.study);
    request->measure = file.measure;
    request->title = QString::fromStdString(file.name);
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

// --- settings for the scripted session and the tests ---------------------------------------------

int StudySetupForm::jobs() const { return jobs_->value(); }
QString StudySetupForm::tableFile() const { return table_->text().trimmed(); }

bool StudySetupForm::setScene(const QString& name) {
  // a built-in scene by its name
  const int index = scene_->findData(name);
  if (index < 0) return false;
  scene_->setCurrentIndex(index);
  return true;
}

void StudySetupForm::setIntegrators(const QStringList& names) {
  // exactly the integrators named are ticked
  for (int r = 0; r < integrators_->count(); ++r) {
    QListWidgetItem* item = integrators_->item(r);
    item->setCheckState(names.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
  }
}

void StudySetupForm::setTolerances(const QString& list) { tolerances_->setText(list); }
void StudySetupForm::setSteps(const QString& list) { steps_->setText(list); }
void StudySetupForm::setTEnd(double tEnd) { tEnd_->setText(QString::number(tEnd)); }
void StudySetupForm::setOutputs(const QString& list) { outputs_->setText(list); }
void StudySetupForm::setJobs(int jobs) { jobs_->setValue(jobs); }
bool StudySetupForm::setFormulation(const QString& name) {
  // only a formulation the form offers
  if (formulation_->findText(name) < 0) return false;
  formulation_->setCurrentText(name);
  return true;
}
void StudySetupForm::setTableFile(const QString& path) { table_->setText(path); }

// --- the study file and the table ----------------------------------------------------------------

void StudySetupForm::useStudyFile(const QString& path) {
  studyFile_->setText(path);
  // a file given shows its tab; none, the form's
  tabs_->setCurrentIndex(path.isEmpty() ? 0 : 1);
  describeStudyFile();
}

void StudySetupForm::browseStudyFile() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a study file"),
                                                    studyFile_->text(), tr("Study files (*.json)"));
  // a file chosen fills the field and shows its summary
  if (!path.isEmpty()) useStudyFile(path);
}

void StudySetupForm::browseTable() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Results table"), table_->text(),
                                                    tr("CSV tables (*.csv)"));
  if (!path.isEmpty()) table_->setText(path);
}

// the file's name, description and size, or what is wrong with it
void StudySetupForm::describeStudyFile() {
  const QString path = studyFile_->text().trimmed();
  // no file: no summary
  if (path.isEmpty()) {
    fileSummary_->clear();
    return;
  }
  try {
    // the name, description, runs, variants and outputs of the file
    const StudyFile file = readStudyFile(path.toStdString());
    fileSummary_->setText(tr("<b>%1</b><br>%2<br>%3 runs on %4 scene variants, outputs: %5")
                              .arg(QString::fromStdString(file.name).toHtmlEscaped(),
                                   QString::fromStdString(file.description).toHtmlEscaped())
                              .arg(file.study.runs.size())
                              .arg(file.study.variants.size())
                              .arg(file.study.outputs.empty()
                                       ? tr("none")
                                       : QString::fromStdString(file.study.outputs.front()) +
                                             (file.study.outputs.size() > 1 ? ", \u2026" : "")));
  } catch (const std::exception& e) {
    // an unreadable file: the engine's reason instead
    fileSummary_->setText(QString::fromStdString(e.what()).toHtmlEscaped());
  }
}

}  // namespace mbw::ui
