#pragma once
// The run configuration: formulation, integrator (grouped by family, with its description and
// capabilities), step or tolerances and largest step, Jacobian option, rho_inf (or HHT's alpha),
// t_end, the output interval, and the output step or a file of output times (rows on a time grid;
// a file that cannot be read or holds a bad time is named with its line). Everything offered
// comes from the engine's registries, so new integrators and formulations appear without GUI
// changes; combinations the engine refuses are disabled, with its reason as the tooltip.

#include <QDateTime>
#include <QWidget>

#include "model/model.h"
#include "simulation/simulation.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStandardItemModel;
class QToolButton;

namespace mbw::ui {

class RunConfigPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RunConfigPanel(QWidget* parent = nullptr);

  // the scene's run settings (simulation/run_settings.h: sceneRunSettings, as every front end
  // reads them) become the panel's values
  void setDefaults(const Model& scene);
  // formulations that cannot run the scene (rE at its gimbal lock, joint coordinates on a scene
  // whose joints the tree cannot hold: simulation/run_options.h, runFormulationRefusal) are
  // disabled with the engine's reason as tooltip; a disabled choice gives way to the first usable
  // one
  void checkFormulations(const Model& model);
  RunSettings settings() const;
  // why this configuration cannot run ("" when it can)
  QString problem() const;
  // what is worth a word before it runs ("" for nothing): a run that would record a huge number of
  // rows (t_end = 1e9 s at h = 1e-3 s, every step)
  QString warning() const;

  bool setFormulation(const QString& name);
  bool setIntegrator(const QString& nameOrAlias);
  void setStep(double step);
  void setTEnd(double tEnd);
  // rows at the times listed in this file ("" for none)
  void setOutputTimesFile(const QString& path);
  QString outputTimesFile() const;
  QString formulation() const;
  QString integrator() const;
  // the integrator list (families as headers), for tests
  QComboBox* integratorBox() const { return integrator_; }

 signals:
  void changed();

 private:
  // the constructor's parts: what each control offers and says, where it sits, what it updates
  void describeControls();
  void layOutControls();
  void connectControls();
  void updateIntegrators();
  void updateDetails();
  double number(const QLineEdit* box, bool* ok) const;
  // the step chosen by the error control
  bool varying() const;
  void chooseOutputTimes();

  // the output times file, read again when its name, size or time of change differs
  struct TimesFile {
    QString path;
    QDateTime modified;
    qint64 size = -1;
    OutputRequest request;  // its times, with the file and lines for messages
    QString error;          // why it cannot be read ("" when it can)
  };
  const TimesFile& timesFile() const;

  QComboBox* formulation_;
  QComboBox* integrator_;
  QStandardItemModel* integrators_;
  QLabel* description_;
  QLabel* capabilities_;
  QLineEdit* step_;
  QCheckBox* variableStep_;
  bool variableWanted_ = false;  // the box's state for integrators that offer both (kept meanwhile)
  QLineEdit* rtol_;
  QLineEdit* atol_;
  QLineEdit* maxStep_;
  QComboBox* jacobian_;
  QComboBox* linearSolver_;    // index-3 Newton matrix: auto, dense, sparse
  QComboBox* jacobianUpdate_;  // auto, iteration, step
  QLineEdit* rhoInf_;
  QLineEdit* alpha_;
  QLineEdit* tEnd_;
  // the scene's run window and initial state, passed on unchanged
  double tStart_ = 0.0, recordFrom_ = -1e300;
  bool startFromEquilibrium_ = false;
  QSpinBox* every_;
  QLineEdit* outputStep_;   // empty: rows at the steps
  QLineEdit* outputTimes_;  // or a file of output times
  QToolButton* chooseTimes_;
  QCheckBox* recordSteps_;  // with an output step or times: the steps as well
  mutable TimesFile times_;
  QLabel* problem_;
  QLabel* warning_;
};

}  // namespace mbw::ui
