#include "run_config_panel.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStyle>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>
#include <QFontMetrics>
#include <algorithm>
#include <map>
#include <stdexcept>

#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "simulation/output_grid.h"
#include "simulation/run_options.h"
#include "simulation/run_settings.h"
#include "simulation/settings_check.h"
#include "simulation/simulation.h"

namespace mbw::ui {
namespace {

// --- helpers: the texts of the integrator list ---------------------------------------------------

constexpr int kNameRole = Qt::UserRole;
// a run recording more rows than this gets a word of warning (about 10 GB of CSV for a small model)
constexpr double kManyRows = 1e7;

// "0, 0.2, 0.5": the rho_inf values an integrator accepts when it takes only some
QString valueList(const std::vector<double>& values) {
  QStringList parts;
  for (double v : values) parts << QString::number(v);
  return parts.join(", ");
}

// the range of rho_inf an integrator accepts, as its list of values or as an interval
QString rhoInfText(const Capabilities& c) {
  if (!c.rhoInfValues.empty())
    return QObject::tr("rho_inf one of %1").arg(valueList(c.rhoInfValues));
  return QObject::tr("rho_inf in [%1, %2%3")
      .arg(c.rhoInfMin)
      .arg(c.rhoInfMax)
      .arg(c.rhoInfMaxExcluded ? ")" : "]");
}

// one line of what an integrator can do: order, stability, steps, its parameters, formulations
QString capabilityText(const Capabilities& c) {
  // the order, the implicit stages and L-stability
  QStringList parts{QObject::tr("order %1").arg(c.order)};
  if (c.implicitStages > 1) parts << QObject::tr("%1 implicit stages").arg(c.implicitStages);
  if (c.lStable) parts << QObject::tr("L-stable");
  // what steps it takes, and whether it estimates its error without choosing steps by it
  if (c.variableStep)
    parts << (c.fixedStep ? QObject::tr("fixed or variable step")
                          : QObject::tr("variable step only"));
  else
    parts << QObject::tr("fixed step");
  if (c.errorEstimate && !c.variableStep) parts << QObject::tr("error estimate");
  // its damping parameters, and the formulations it works with
  if (c.hasRhoInf) parts << QObject::tr("%1, default %2").arg(rhoInfText(c)).arg(c.rhoInfDefault);
  if (c.hasAlpha) parts << QObject::tr("or alpha in [-1/3, 0]");
  QStringList formulations;
  for (const auto& f : c.formulations) formulations << QString::fromStdString(f);
  parts << QObject::tr("formulations: %1").arg(formulations.join(", "));
  return parts.join(" \u00b7 ");
}

// a number as typed back into a line edit (ten digits, no trailing zeros)
QString text(double x) { return QString::number(x, 'g', 10); }

// refills a combo with an integrator's options, keeping the current choice where it is offered
void offerChoices(QComboBox* box, const std::vector<std::string>* choices) {
  const QString current = box->currentText();
  const QSignalBlocker quiet(box);
  box->clear();
  if (choices)
    for (const std::string& c : *choices) box->addItem(QString::fromStdString(c));
  // the current choice kept where offered, else the first; a single choice cannot change
  box->setCurrentIndex(std::max(0, box->findText(current)));
  box->setEnabled(box->count() > 1);
}

// the settings under which an integrator is listed as available: its own kind of steps and its
// first Jacobian option, so that only the formulation can rule it out
IntegratorSettings listingSettings(const Capabilities& c) {
  IntegratorSettings s;
  // variable steps only where it has no fixed ones
  s.variableStep = !c.fixedStep;
  s.jacobian = c.jacobians.empty() ? s.jacobian : c.jacobians.front();
  return s;
}

}  // namespace

// --- building the panel --------------------------------------------------------------------------

RunConfigPanel::RunConfigPanel(QWidget* parent)
    : QWidget(parent),
      formulation_(new QComboBox(this)),
      integrator_(new QComboBox(this)),
      integrators_(new QStandardItemModel(this)),
      description_(new QLabel(this)),
      capabilities_(new QLabel(this)),
      step_(new QLineEdit(this)),
      variableStep_(new QCheckBox(tr("variable step (error control)"), this)),
      rtol_(new QLineEdit(this)),
      atol_(new QLineEdit(this)),
      maxStep_(new QLineEdit(this)),
      jacobian_(new QComboBox(this)),
      linearSolver_(new QComboBox(this)),
      jacobianUpdate_(new QComboBox(this)),
      rhoInf_(new QLineEdit(this)),
      alpha_(new QLineEdit(this)),
      tEnd_(new QLineEdit(this)),
      every_(new QSpinBox(this)),
      outputStep_(new QLineEdit(this)),
      outputTimes_(new QLineEdit(this)),
      chooseTimes_(new QToolButton(this)),
      recordSteps_(new QCheckBox(tr("record the steps as well"), this)),
      problem_(new QLabel(this)),
      warning_(new QLabel(this)) {
  describeControls();
  layOutControls();
  connectControls();
  // start from the defaults of an empty scene
  updateIntegrators();
  setDefaults(Model());
}

// the controls' choices, tooltips (each setting's unit and what it does) and message styles
void RunConfigPanel::describeControls() {
  // the formulations a run can take (the absolute ones and the joint coordinates), and the
  // integrators in a model of their own (with headings)
  for (const std::string& f : runFormulationNames())
    formulation_->addItem(QString::fromStdString(f));
  formulation_->setToolTip(
      tr("The coordinates of the equations of motion: body orientations by Euler parameters (rp), "
         "rotation matrices (rA) or Euler angles (rE), or the joint coordinates of the scene's "
         "tree (joint: the state-space integrators rn4, w2, adams and bdf, and ida)"));
  integrator_->setModel(integrators_);
  integrator_->setToolTip(
      tr("Integrators grouped by family; unavailable ones say why in their tooltip"));
  // the description lines and the two message lines (problem in red, warning in amber)
  description_->setWordWrap(true);
  capabilities_->setWordWrap(true);
  capabilities_->setStyleSheet("color: #555;");
  problem_->setWordWrap(true);
  problem_->setStyleSheet("color: #c0392b;");
  warning_->setWordWrap(true);
  warning_->setStyleSheet("color: #a35a00;");
  warning_->setVisible(false);
  // a tooltip for each setting, saying its unit and what it does
  // the step and its error control
  step_->setToolTip(tr("Time step h, s (the first step when the step is variable)"));
  rtol_->setToolTip(tr("Relative tolerance of the error estimate"));
  atol_->setToolTip(tr("Absolute tolerance of the error estimate"));
  maxStep_->setToolTip(tr("Largest step the error control may take, s (empty: no limit)"));
  maxStep_->setPlaceholderText(tr("no limit"));
  // the Newton options of the index-3 integrators
  jacobian_->setToolTip(
      tr("How the integrator gets its Jacobian: exact (analytic) or by finite differences"));
  linearSolver_->setToolTip(
      tr("Index-3 integrators: storage of the Newton matrix. auto: dense for small "
         "models, sparse (KLU) for large ones"));
  jacobianUpdate_->setToolTip(
      tr("Index-3 integrators: when the Newton matrix is evaluated. auto: kept across "
         "iterations and steps while Newton contracts well; iteration: full Newton; "
         "step: once per time point"));
  // the damping
  rhoInf_->setToolTip(
      tr("Spectral radius at infinity: 1 keeps high frequencies, 0 damps them at once"));
  alpha_->setToolTip(
      tr("HHT's alpha in [-1/3, 0], instead of rho_inf (empty: from rho_inf, or -1/3)"));
  // the span, and what is recorded
  tEnd_->setToolTip(tr("End of the simulated time span, s"));
  every_->setRange(1, 1000000);
  every_->setToolTip(
      tr("Record every N-th step (the first and the last step are always recorded)"));
  // the output grid: a step, or a file of times
  outputStep_->setPlaceholderText(tr("at the steps"));
  outputStep_->setToolTip(
      tr("Record at t0 + k x this step, s: states interpolated between the steps and put "
         "back on the constraints (runs on the same grid compare row by row)"));
  outputTimes_->setPlaceholderText(tr("times"));
  outputTimes_->setToolTip(
      tr("Or record at the times listed in this file, s (one per line or separated by "
         "blanks or commas, # starts a comment), interpolated and put back on the "
         "constraints as with an output step"));
  chooseTimes_->setText(tr("..."));
  chooseTimes_->setToolTip(tr("Choose the file of output times"));
  recordSteps_->setToolTip(
      tr("With an output step or output times: record the integrator's steps too "
         "(column on_grid = 0)"));
}

// the formulation and integrator choices above the description, the settings' form below
void RunConfigPanel::layOutControls() {
  // choices, the chosen integrator's description, its settings
  auto* choice = new QFormLayout;
  choice->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  choice->addRow(tr("Formulation"), formulation_);
  choice->addRow(tr("Integrator"), integrator_);
  // the form of the settings, under the description
  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(choice);
  layout->addWidget(description_);
  layout->addWidget(capabilities_);
  layout->addLayout(form);
  layout->addWidget(problem_);
  layout->addWidget(warning_);
  // the step and its control, the Newton options, the damping, the span and the recording
  form->addRow(tr("Step h [s]"), step_);
  form->addRow(variableStep_);
  form->addRow(tr("rtol"), rtol_);
  form->addRow(tr("atol"), atol_);
  form->addRow(tr("Max step [s]"), maxStep_);
  form->addRow(tr("Jacobian"), jacobian_);
  form->addRow(tr("Linear solver"), linearSolver_);
  form->addRow(tr("Jacobian update"), jacobianUpdate_);
  form->addRow(tr("rho_inf"), rhoInf_);
  form->addRow(tr("alpha"), alpha_);
  form->addRow(tr("t_end [s]"), tEnd_);
  form->addRow(tr("Record every"), every_);
  // the output step or, on the same row (the panel keeps its height: a row more made the window
  // taller than 800 pixels), the file of output times; the step wide enough for its placeholder
  // as QLineEdit draws it (its frame, 2 pixels of margin each side, one for the cursor)
  const int frame =
      outputStep_->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, outputStep_);
  outputStep_->setMinimumWidth(
      outputStep_->fontMetrics().horizontalAdvance(outputStep_->placeholderText()) + 1 + 2 * 2 +
      2 * frame);
  // the output step, the times file and its button on one row
  auto* outputRow = new QHBoxLayout;
  outputRow->setContentsMargins(0, 0, 0, 0);
  outputRow->addWidget(outputStep_, 1);
  outputRow->addWidget(outputTimes_, 1);
  outputRow->addWidget(chooseTimes_);
  form->addRow(tr("Output step [s]"), outputRow);
  form->addRow(recordSteps_);

  // the count of steps between two recorded ones reads "N steps"
  every_->setSuffix(tr(" steps"));
}

// every edit refreshes what depends on it
void RunConfigPanel::connectControls() {
  // a new formulation changes which integrators are available, and with them the details
  connect(formulation_, &QComboBox::currentTextChanged, this, [this] {
    updateIntegrators();
    updateDetails();
  });
  // every other edit refreshes the details, the problem and the warning
  connect(integrator_, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
          &RunConfigPanel::updateDetails);
  connect(variableStep_, &QCheckBox::toggled, this, [this](bool on) {
    variableWanted_ = on;
    updateDetails();
  });
  // the Newton options and the numbers typed
  for (QComboBox* box : {jacobian_, linearSolver_, jacobianUpdate_})
    connect(box, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
            &RunConfigPanel::updateDetails);
  for (QLineEdit* box : {step_, rtol_, atol_, maxStep_, rhoInf_, alpha_, tEnd_})
    connect(box, &QLineEdit::textChanged, this, &RunConfigPanel::updateDetails);
  // the recording choices
  connect(every_, QOverload<int>::of(&QSpinBox::valueChanged), this, &RunConfigPanel::changed);
  connect(outputStep_, &QLineEdit::textChanged, this, &RunConfigPanel::updateDetails);
  connect(outputTimes_, &QLineEdit::textChanged, this, &RunConfigPanel::updateDetails);
  connect(chooseTimes_, &QToolButton::clicked, this, &RunConfigPanel::chooseOutputTimes);
  connect(recordSteps_, &QCheckBox::toggled, this, &RunConfigPanel::changed);
}

// --- the integrator list and the details of the chosen one ---------------------------------------

void RunConfigPanel::updateIntegrators() {
  // keep the current choice across the refill where it is still offered
  const QString selected = integrator();
  const std::string formulation = formulation_->currentText().toStdString();
  integrators_->clear();
  // families in the registry's order, each followed by its integrators
  std::vector<std::string> families;
  for (const IntegratorInfo& i : integratorRegistry())
    if (std::find(families.begin(), families.end(), i.capabilities.family) == families.end())
      families.push_back(i.capabilities.family);
  // each family as a bold heading that cannot be chosen
  for (const std::string& family : families) {
    auto* header = new QStandardItem(QString::fromStdString(family));
    header->setFlags(Qt::NoItemFlags);
    QFont bold = header->font();
    bold.setBold(true);
    header->setFont(bold);
    // a heading, not a greyed-out choice: drawn in the text colour though it cannot be chosen
    header->setForeground(integrator_->palette().brush(QPalette::Active, QPalette::WindowText));
    integrators_->appendRow(header);
    // its integrators, indented under the heading; one the formulation rules out is greyed, its
    // tooltip saying why
    for (const IntegratorInfo& i : integratorRegistry()) {
      if (i.capabilities.family != family) continue;
      auto* item = new QStandardItem("    " + QString::fromStdString(i.name));
      // the entry carries the integrator's name, its text indented
      item->setData(QString::fromStdString(i.name), kNameRole);
      // available unless the formulation rules it out, for its own kind of steps
      const std::string why = unsupportedReason(i, formulation, listingSettings(i.capabilities));
      if (!why.empty()) {
        item->setFlags(Qt::NoItemFlags);
        item->setToolTip(QString::fromStdString(why));
      } else {
        item->setToolTip(QString::fromStdString(i.capabilities.description) + "\n" +
                         capabilityText(i.capabilities));
      }
      integrators_->appendRow(item);
    }
  }
  // the list opens as wide as its longest line (the family headers, in bold, name their stages):
  // the combo's menu delegate measures every line in the combo's own font and keeps room for a
  // check mark on each side, so the bold headers are measured here
  int widest = integrator_->view()->sizeHintForColumn(0);
  for (int r = 0; r < integrators_->rowCount(); ++r) {
    const QStandardItem* item = integrators_->item(r);
    widest = std::max(widest, QFontMetrics(item->font()).horizontalAdvance(item->text()) +
                                  4 * integrator_->fontMetrics().height());
  }
  integrator_->view()->setMinimumWidth(
      widest + integrator_->style()->pixelMetric(QStyle::PM_ScrollBarExtent));
  integrator_->view()->setTextElideMode(Qt::ElideNone);
  // the choice kept where it is still offered, else the first available one
  if (!setIntegrator(selected)) {
    for (int r = 0; r < integrators_->rowCount(); ++r)
      if (integrators_->item(r)->isEnabled() && !integrators_->item(r)->data(kNameRole).isNull()) {
        integrator_->setCurrentIndex(r);
        break;
      }
  }
}

void RunConfigPanel::updateDetails() {
  // the chosen integrator's description, its sources in the tooltip, and its capabilities
  const IntegratorInfo* info = findIntegrator(integrator().toStdString());
  description_->setText(info ? QString::fromStdString(info->capabilities.description) : QString());
  description_->setToolTip(
      info && !info->capabilities.source.empty()
          ? tr("Coefficients: %1").arg(QString::fromStdString(info->capabilities.source))
          : QString());
  capabilities_->setText(info ? capabilityText(info->capabilities) : QString());
  // whether it can take variable steps, fixed ones, or both
  const bool canVary = info && info->capabilities.variableStep;
  const bool canFix = !info || info->capabilities.fixedStep;
  // integrators that choose their own steps run with tolerances only, those without an error
  // estimate with fixed steps; the choice made for the others is kept meanwhile
  {
    const QSignalBlocker keep(variableStep_);
    variableStep_->setChecked(!canFix || (canVary && variableWanted_));
  }
  variableStep_->setEnabled(canVary && canFix);
  variableStep_->setToolTip(!canVary ? tr("This integrator has no error estimate: fixed steps only")
                            : !canFix ? tr("This integrator chooses its own steps: give tolerances")
                                      : tr("Choose steps from the error estimate"));
  // tolerances only with variable steps
  const bool varying = canVary && variableStep_->isChecked();
  for (QLineEdit* box : {rtol_, atol_, maxStep_}) box->setEnabled(varying);
  step_->setToolTip(varying ? tr("The first step, s (the error control chooses the next ones)")
                            : tr("Time step h, s"));
  // the Jacobian and Newton options it offers
  offerChoices(jacobian_, info ? &info->capabilities.jacobians : nullptr);
  offerChoices(linearSolver_, info ? &info->capabilities.linearSolvers : nullptr);
  offerChoices(jacobianUpdate_, info ? &info->capabilities.jacobianUpdates : nullptr);
  // rho_inf and alpha where the integrator has them, the placeholder giving the default
  const bool rho = info && info->capabilities.hasRhoInf;
  rhoInf_->setEnabled(rho);
  rhoInf_->setPlaceholderText(!rho ? tr("not tunable")
                              : info->capabilities.rhoInfValues.empty()
                                  ? tr("default %1").arg(info->capabilities.rhoInfDefault)
                                  : tr("default %1; one of %2")
                                        .arg(info->capabilities.rhoInfDefault)
                                        .arg(valueList(info->capabilities.rhoInfValues)));
  const bool alpha = info && info->capabilities.hasAlpha;
  alpha_->setEnabled(alpha);
  alpha_->setPlaceholderText(alpha ? tr("from rho_inf") : tr("HHT only"));
  // recording the steps as well means something only with an output grid
  recordSteps_->setEnabled(!outputStep_->text().trimmed().isEmpty() ||
                           !outputTimesFile().isEmpty());
  // the problem and the warning of these settings, shown only when there is one
  problem_->setText(problem());
  problem_->setVisible(!problem_->text().isEmpty());
  warning_->setText(warning());
  warning_->setVisible(!warning_->text().isEmpty());
  emit changed();
}

// --- checks of the settings ----------------------------------------------------------------------

QString RunConfigPanel::warning() const {
  // a warning only for settings that are otherwise valid
  if (!problem().isEmpty()) return {};
  const RunSettings s = settings();
  const double span = s.tEnd - std::max(s.tStart, s.recordFrom);
  // rows on the output grid, and at the steps (every N-th; a variable step at most its largest)
  double rows = 0.0;
  if (s.output.active())
    rows += s.output.step > 0.0 ? span / s.output.step : static_cast<double>(s.output.times.size());
  if (!s.output.active() || s.output.recordSteps) {
    const IntegratorSettings& is = s.integratorSettings;
    // a variable step counted at its largest (none given: not counted)
    const double h = is.variableStep ? is.maxStep : is.step;
    if (h > 0.0) rows += span / h / std::max(1, s.every);
  }
  // a warning only past about ten million rows
  if (!(rows > kManyRows)) return {};
  return tr("About %1 rows would be recorded, each written to the run's file: record every N "
            "steps, or give an "
            "output step.")
      .arg(QString::number(rows, 'g', 2));
}

// variable steps when the integrator can take them and either they are asked for or it has no
// fixed step
bool RunConfigPanel::varying() const {
  const IntegratorInfo* info = findIntegrator(integrator().toStdString());
  return info && info->capabilities.variableStep &&
         (variableStep_->isChecked() || !info->capabilities.fixedStep);
}

// a number typed in the C locale (a dot as decimal point, whatever the system's locale)
double RunConfigPanel::number(const QLineEdit* box, bool* ok) const {
  return QLocale::c().toDouble(box->text().trimmed(), ok);
}

// --- the settings read from the panel and written to it ------------------------------------------

RunSettings RunConfigPanel::settings() const {
  // formulation, integrator and step
  RunSettings s;
  s.formulation = formulation().toStdString();
  s.integrator = integrator().toStdString();
  bool ok = false;
  IntegratorSettings& is = s.integratorSettings;
  is.step = number(step_, &ok);
  is.variableStep = varying();
  // the tolerances and the largest step, with variable steps only
  if (is.variableStep) {
    is.rtol = number(rtol_, &ok);
    is.atol = number(atol_, &ok);
    if (!maxStep_->text().trimmed().isEmpty()) is.maxStep = number(maxStep_, &ok);
  }
  // the Jacobian and Newton options the integrator offers, and its damping parameters if given
  if (jacobian_->count() > 0) is.jacobian = jacobian_->currentText().toStdString();
  if (linearSolver_->count() > 0) is.linearSolver = linearSolver_->currentText().toStdString();
  if (jacobianUpdate_->count() > 0)
    is.jacobianUpdate = jacobianUpdate_->currentText().toStdString();
  // rho_inf and alpha, only where typed
  if (rhoInf_->isEnabled() && !rhoInf_->text().trimmed().isEmpty())
    is.rhoInf = number(rhoInf_, &ok);
  if (alpha_->isEnabled() && !alpha_->text().trimmed().isEmpty()) is.alpha = number(alpha_, &ok);
  // the time span and where recording starts, as the scene gave them
  s.tEnd = number(tEnd_, &ok);
  s.tStart = tStart_;
  s.recordFrom = recordFrom_;
  s.startFromEquilibrium = startFromEquilibrium_;
  // what is recorded: every N-th step, the output grid or the times of a file
  s.every = every_->value();
  if (!outputStep_->text().trimmed().isEmpty()) s.output.step = number(outputStep_, &ok);
  // the times of the file, read and checked once per change of the file
  if (!outputTimesFile().isEmpty()) {
    const OutputRequest& file = timesFile().request;
    s.output.times = file.times;
    s.output.timesFile = file.timesFile;
    s.output.timesLines = file.timesLines;
  }
  s.output.recordSteps = s.output.active() && recordSteps_->isChecked();
  // a run of the workbench can be stopped at any time, and warning() names a large one
  s.confirmed = true;
  return s;
}

QString RunConfigPanel::problem() const {
  // a formulation greyed out for this model says why
  const auto* formulations = static_cast<const QStandardItemModel*>(formulation_->model());
  const QStandardItem* formulation = formulations->item(formulation_->currentIndex());
  if (formulation && !formulation->isEnabled()) return formulation->toolTip();
  const IntegratorInfo* info = findIntegrator(integrator().toStdString());
  if (!info) return tr("Choose an integrator.");
  // the step and the end time must be positive
  bool ok = false;
  struct Box {
    const QLineEdit* box;
    QString name;
  };
  for (const Box& b : {Box{step_, tr("the step")}, Box{tEnd_, tr("t_end")}}) {
    const double x = number(b.box, &ok);
    if (!ok || !(x > 0.0)) return tr("%1 must be a positive number").arg(b.name);
  }
  // with variable steps, the tolerances too
  if (varying())
    for (const Box& b : {Box{rtol_, "rtol"}, Box{atol_, "atol"}}) {
      const double x = number(b.box, &ok);
      if (!ok || !(x > 0.0)) return tr("%1 must be a positive number").arg(b.name);
    }
  // rho_inf and alpha, when given, must be numbers
  for (const Box& b : {Box{rhoInf_, "rho_inf"}, Box{alpha_, "alpha"}}) {
    if (!b.box->isEnabled() || b.box->text().trimmed().isEmpty()) continue;
    number(b.box, &ok);
    if (!ok) return tr("%1 must be a number").arg(b.name);
  }
  // the largest step and the output step, when given, must be positive
  if (maxStep_->isEnabled() && !maxStep_->text().trimmed().isEmpty()) {
    const double x = number(maxStep_, &ok);
    if (!ok || !(x > 0.0)) return tr("the largest step must be a positive number (or empty)");
  }
  if (!outputStep_->text().trimmed().isEmpty()) {
    const double x = number(outputStep_, &ok);
    if (!ok || !(x > 0.0)) return tr("the output step must be a positive number (or empty)");
  }
  // a times file that cannot be read says why
  if (!outputTimesFile().isEmpty() && !timesFile().error.isEmpty()) return timesFile().error;
  // the engine's check of every run (values that are not finite, the integrator's options, the
  // output request)
  const std::optional<SettingsProblem> p = runSettingsProblem(settings());
  return p ? QString::fromStdString(p->message) : QString();
}

void RunConfigPanel::setDefaults(const Model& scene) {
  // the scene's run settings as the engine resolves them (the same as mbw-cli's)
  const RunSettings s = sceneRunSettings(scene);
  const IntegratorSettings& is = s.integratorSettings;
  // the formulation, integrator, step and span, where recording starts and how often
  setFormulation(QString::fromStdString(s.formulation));
  setIntegrator(QString::fromStdString(s.integrator));
  setStep(is.step);
  setTEnd(s.tEnd);
  tStart_ = s.tStart;
  recordFrom_ = s.recordFrom;
  startFromEquilibrium_ = s.startFromEquilibrium;
  every_->setValue(s.every);
  // a scene's tolerances ask for variable steps, whichever integrator is chosen later
  rtol_->setText(text(is.rtol));
  atol_->setText(text(is.atol));
  variableStep_->setChecked(sceneAsksVariableSteps(scene.defaults));
  // the largest step and the output grid the scene asks for
  maxStep_->setText(is.maxStep > 0.0 ? text(is.maxStep) : QString());
  outputStep_->setText(scene.defaults.outputStep > 0.0 ? text(scene.defaults.outputStep)
                                                       : QString());
  outputTimes_->setText(QString::fromStdString(sceneOutputTimesPath(scene)));
  updateDetails();
  // the scene's Newton options where the integrator offers them
  linearSolver_->setCurrentIndex(
      std::max(0, linearSolver_->findText(QString::fromStdString(is.linearSolver))));
  jacobianUpdate_->setCurrentIndex(
      std::max(0, jacobianUpdate_->findText(QString::fromStdString(is.jacobianUpdate))));
}

void RunConfigPanel::checkFormulations(const Model& model) {
  // grey out the formulations this model refuses (its initial pose, or a joint the tree cannot
  // hold), saying why in the tooltip
  auto* formulations = static_cast<QStandardItemModel*>(formulation_->model());
  int firstUsable = -1;
  for (int i = 0; i < formulations->rowCount(); ++i) {
    QStandardItem* item = formulations->item(i);
    const std::string why = runFormulationRefusal(item->text().toStdString(), model);
    item->setEnabled(why.empty());
    item->setToolTip(QString::fromStdString(why));
    if (why.empty() && firstUsable < 0) firstUsable = i;
  }
  // leave a refused formulation for the first usable one
  if (!formulations->item(formulation_->currentIndex())->isEnabled() && firstUsable >= 0)
    formulation_->setCurrentIndex(firstUsable);
  updateDetails();
}

bool RunConfigPanel::setFormulation(const QString& name) {
  const int index = formulation_->findText(name);
  if (index >= 0) formulation_->setCurrentIndex(index);
  return index >= 0;
}

bool RunConfigPanel::setIntegrator(const QString& nameOrAlias) {
  // find the integrator by its name or an alias, among the available entries only
  const IntegratorInfo* info = findIntegrator(nameOrAlias.toStdString());
  const QString name = info ? QString::fromStdString(info->name) : QString();
  // its row, when the formulation leaves it available
  for (int r = 0; r < integrators_->rowCount(); ++r) {
    const QStandardItem* item = integrators_->item(r);
    if (item->data(kNameRole).toString() == name && !name.isEmpty() && item->isEnabled()) {
      integrator_->setCurrentIndex(r);
      return true;
    }
  }
  return false;
}

// --- the file of output times --------------------------------------------------------------------

void RunConfigPanel::chooseOutputTimes() {
  // a file of output times, from its folder or the current one
  const QString current = outputTimesFile();
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Output times"),
      current.isEmpty() ? QDir::currentPath() : QFileInfo(current).absolutePath(),
      tr("Output times (*.txt *.csv *.dat);;All files (*)"));
  if (!path.isEmpty()) setOutputTimesFile(path);
}

// the file is read again only when its path, time or size changed; a read error is kept to show
const RunConfigPanel::TimesFile& RunConfigPanel::timesFile() const {
  const QString path = outputTimesFile();
  const QFileInfo info(path);
  if (times_.path == path && times_.modified == info.lastModified() && times_.size == info.size())
    return times_;
  // read it, keeping the error message to show as the panel's problem
  times_ = TimesFile{path, info.lastModified(), info.size(), OutputRequest(), QString()};
  try {
    readOutputTimes(path.toStdString(), times_.request);
  } catch (const std::runtime_error& e) {
    times_.error = QString::fromStdString(e.what());
  }
  return times_;
}

// --- small accessors -----------------------------------------------------------------------------

void RunConfigPanel::setOutputTimesFile(const QString& path) { outputTimes_->setText(path); }
QString RunConfigPanel::outputTimesFile() const { return outputTimes_->text().trimmed(); }
void RunConfigPanel::setStep(double step) { step_->setText(text(step)); }
void RunConfigPanel::setTEnd(double tEnd) { tEnd_->setText(text(tEnd)); }
QString RunConfigPanel::formulation() const { return formulation_->currentText(); }
QString RunConfigPanel::integrator() const {
  return integrator_->currentData(kNameRole).toString();
}

}  // namespace mbw::ui
