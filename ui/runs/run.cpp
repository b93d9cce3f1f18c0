#include "run.h"

#include "integrators/registry.h"
#include "number_text.h"

namespace mbw::ui {

// the run's accuracy settings as the run list shows them: tolerances or step, and what differs
// from the defaults
QString Run::settingsText() const {
  const IntegratorSettings& s = settings.integratorSettings;
  QString text = s.variableStep
                     ? QString("rtol %1, atol %2, h0 = %3 s").arg(s.rtol).arg(s.atol).arg(s.step)
                     : QString("h = %1 s").arg(s.step);
  // the largest step, the damping and a Jacobian option other than the default, when set
  if (s.variableStep && s.maxStep > 0.0) text += QString(", h_max = %1 s").arg(s.maxStep);
  if (s.rhoInf >= 0.0) text += QString(", rho_inf %1").arg(s.rhoInf);
  if (s.alpha) text += QString(", alpha %1").arg(*s.alpha);
  if (s.jacobian != IntegratorSettings().jacobian)
    text += QString(", Jacobian %1").arg(QString::fromStdString(s.jacobian));
  return text;
}

// number, integrator and settings
QString Run::label() const {
  return QString("#%1 %2, %3")
      .arg(id)
      .arg(QString::fromStdString(settings.integrator), settingsText());
}

// the time of the last row kept
double Run::lastTime() const {
  return results.rowCount() > 0 ? results.at(results.rowCount() - 1, 0) : 0.0;
}

}  // namespace mbw::ui

namespace mbw::ui {

// number, integrator's short name and accuracy, for the plots' key
QString Run::shortLabel() const {
  const IntegratorInfo* info = findIntegrator(settings.integrator);
  // the integrator's short alias when it has one
  const QString name =
      QString::fromStdString(info && !info->alias.empty() ? info->alias : settings.integrator);
  const IntegratorSettings& s = settings.integratorSettings;
  // the accuracy: a variable step's tolerances, else the step
  const QString accuracy =
      s.variableStep ? QString("rtol %1, atol %2").arg(shortNumber(s.rtol), shortNumber(s.atol))
                     : QString("h = %1 s").arg(shortNumber(s.step));
  return QString("#%1 %2, %3").arg(id).arg(name, accuracy);
}

}  // namespace mbw::ui
