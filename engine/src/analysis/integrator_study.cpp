#include "analysis/integrator_study.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "analysis/reference_error.h"
#include "integrators/registry.h"

namespace mbw {

std::string StudyMethod::label() const {
  // the name, with the rho_inf in force for a method that has one
  const IntegratorInfo* info = findIntegrator(integrator);
  if (!info || !info->capabilities.hasRhoInf) return integrator;
  // the method's damping as the run would take it
  IntegratorSettings s;
  s.rhoInf = rhoInf;
  std::ostringstream os;
  os << integrator << " (" << effectiveRhoInf(*info, s) << ")";
  return os.str();
}

std::vector<StudyMethod> parseStudyMethods(const std::string& list) {
  std::vector<StudyMethod> methods;
  std::stringstream items(list);
  std::string item;
  // "name" or "name:rho_inf", separated by commas
  while (std::getline(items, item, ',')) {
    // empty items (",," or a trailing comma) are skipped
    if (item.empty()) continue;
    StudyMethod m;
    const auto colon = item.find(':');
    // the name must be an integrator's
    m.integrator = item.substr(0, colon);
    if (!findIntegrator(m.integrator))
      throw ConfigurationError("unknown integrator '" + m.integrator + "' (see `mbw-cli list`)");
    if (colon != std::string::npos) {
      // the damping: the whole rest of the item must read as a number
      try {
        size_t used = 0;
        m.rhoInf = std::stod(item.substr(colon + 1), &used);
        if (used != item.size() - colon - 1) throw std::invalid_argument(item);
      } catch (const std::exception&) {
        throw ConfigurationError("'" + item +
                                 "': expected NAME:RHO_INF with a number after the colon");
      }
    }
    methods.push_back(m);
  }
  if (methods.empty()) throw ConfigurationError("no integrators given");
  return methods;
}

RunSettings studyRunSettings(const RunSettings& base, const StudyMethod& method, double step,
                             bool perStage) {
  RunSettings s = base;
  s.integrator = method.integrator;
  IntegratorSettings& is = s.integratorSettings;
  const IntegratorInfo* info = findIntegrator(method.integrator);
  if (!info) throw ConfigurationError("unknown integrator '" + method.integrator + "'");
  // the study's rho_inf and alpha go to the methods that have them
  if (method.rhoInf >= 0.0) is.rhoInf = method.rhoInf;
  // a method without rho_inf takes none; alpha is kept only for a method that has one
  // and no rho_inf of its own
  if (!info->capabilities.hasRhoInf) is.rhoInf = -1.0;
  if (!info->capabilities.hasAlpha || method.rhoInf >= 0.0) is.alpha.reset();
  // fixed steps: the given one, or per stage: a step of n implicit stages covers n given steps
  // (equal cost per stage)
  is.variableStep = false;
  is.step = perStage ? step * info->capabilities.implicitStages : step;
  return s;
}

double relativeError(const Results& run, const Results& reference, const std::string& channel) {
  return relativeError(trajectoryError(run, reference, channel), reference);
}

double relativeError(const TrajectoryError& e, const Results& reference) {
  // RE = sqrt(sum_j (x(t_j) - x_j)^2 / sum_j x(t_j)^2) (Zhang et al. 2022 eq 26), the reference
  // interpolated at the run's times, the initial row left out
  // the reference's time and channel columns
  const std::vector<double> T = reference.columnValues(0);
  const std::vector<double> X = reference.columnValues(reference.column(e.channel));
  double num = 0.0, den = 0.0;
  // the sums over the run's rows after the first, where both start equal
  for (size_t j = 1; j < e.times.size(); ++j) {
    const double x = interpolateCubic4(T, X, e.times[j]);
    num += e.errors[j] * e.errors[j];
    den += x * x;
  }
  return den > 0.0 ? std::sqrt(num / den) : std::numeric_limits<double>::quiet_NaN();
}

double observedOrder(const std::vector<double>& steps, const std::vector<double>& errors) {
  // the least-squares slope of log(error) against log(step)
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (size_t i = 0; i < steps.size() && i < errors.size(); ++i) {
    // only positive finite errors count
    if (!(errors[i] > 0.0) || !std::isfinite(errors[i])) continue;
    const double x = std::log(steps[i]), y = std::log(errors[i]);
    // the sums of x, y, x^2 and x y of the normal equations
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    ++n;
  }
  // no slope from fewer than two usable points
  if (n < 2) return std::numeric_limits<double>::quiet_NaN();
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// Newton's iterations per step, and per time point (stage)
double iterationsPerStep(const RunStatistics& s) {
  return s.steps ? double(s.newtonIterations) / double(s.steps) : 0.0;
}

double iterationsPerTimePoint(const RunStatistics& s) {
  return s.timePoints ? double(s.newtonIterations) / double(s.timePoints) : 0.0;
}

}  // namespace mbw
