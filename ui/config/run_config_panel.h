#pragma once
// The run configuration: formulation, integrator (grouped by family, with its description and
// capabilities), step or tolerances and largest step, Jacobian option, rho_inf (or HHT's alpha),
// t_end, the output interval and the output step (rows on a time grid). Everything offered
// comes from the engine's registries, so new integrators and formulations appear without GUI
// changes; combinations the engine refuses are disabled, with its reason as the tooltip.

#include <QWidget>

#include "model/model.h"
#include "simulation/simulation.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QStandardItemModel;

namespace mbw::ui {

class RunConfigPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RunConfigPanel(QWidget* parent = nullptr);

  // the scene's run settings become the panel's values
  void setDefaults(const RunDefaults& defaults);
  // formulations that cannot start from the scene's initial poses (rE at its gimbal lock) are
  // disabled with the engine's reason as tooltip; a disabled choice gives way to the first usable one
  void checkFormulations(const Model& model);
  RunSettings settings() const;
  // why this configuration cannot run ("" when it can)
  QString problem() const;

  bool setFormulation(const QString& name);
  bool setIntegrator(const QString& nameOrAlias);
  void setStep(double step);
  void setTEnd(double tEnd);
  QString formulation() const;
  QString integrator() const;
  // the integrator list (families as headers), for tests
  QComboBox* integratorBox() const { return integrator_; }

 signals:
  void changed();

 private:
  void updateIntegrators();
  void updateDetails();
  double number(const QLineEdit* box, bool* ok) const;
  // the step chosen by the error control
  bool varying() const;

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
  QCheckBox* recordSteps_;  // with an output step: the steps as well
  QLabel* problem_;
};

}  // namespace mbw::ui
