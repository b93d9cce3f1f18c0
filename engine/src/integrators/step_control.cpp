#include "integrators/step_control.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace mbw {

double positionErrorNorm(const Formulation& f, const VectorXd& errorQ, const VectorXd& q,
                         const IntegratorSettings& s) {
  // RMS of the error over atol + rtol |q_i|; where positions and increments differ in layout (rA),
  // atol alone
  const bool sameLayout = f.positionSize() == f.velocitySize();
  double sum = 0.0;
  for (Eigen::Index i = 0; i < errorQ.size(); ++i) {
    const double scale = s.atol + (sameLayout ? s.rtol * std::abs(q[i]) : 0.0);
    sum += std::pow(errorQ[i] / scale, 2);
  }
  return errorQ.size() > 0 ? std::sqrt(sum / static_cast<double>(errorQ.size())) : 0.0;
}

double toleranceNorm(const double* e, const double* y, int n, const IntegratorSettings& s) {
  double sum = 0.0;
  // RMS of e over atol + rtol |y_i|
  for (int i = 0; i < n; ++i) sum += std::pow(e[i] / (s.atol + s.rtol * std::abs(y[i])), 2);
  return n > 0 ? std::sqrt(sum / n) : 0.0;
}

bool controlPerUnitStep(const IntegratorSettings& s, bool perUnitStepByDefault) {
  // per unit step when asked, or by the integrator's default under "auto"
  return s.errorControl == "per-unit-step" || (s.errorControl == "auto" && perUnitStepByDefault);
}

double toleranceShare(double h, const IntegratorSettings& s) {
  // the step's share h / T of the tolerance, no smaller than the local error floor allows
  return std::max(h / s.errorSpan, kLocalErrorFloor / s.atol);
}

double newtonToleranceFor(double h, const IntegratorSettings& s) {
  // a tenth of the step's share of atol, unless the settings ask for less
  return std::min(s.newtonTolerance, 0.1 * s.atol * toleranceShare(h, s));
}

double newtonRoundingFloor(const VectorXd& q) {
  // kRoundingUlps units of rounding of the largest coordinate
  return q.size() > 0
             ? kRoundingUlps * std::numeric_limits<double>::epsilon() * q.cwiseAbs().maxCoeff()
             : 0.0;
}

double newtonToleranceForStep(double h, const IntegratorSettings& s) {
  // the settings' own at and above the reference step; below it, falling as h^4 down to the floor
  if (s.newtonToleranceRule == "fixed" || h >= kNewtonReferenceStep) return s.newtonTolerance;
  return std::max(s.newtonTolerance * std::pow(h / kNewtonReferenceStep, 4),
                  std::min(s.newtonTolerance, kNewtonToleranceFloor));
}

int effectiveEstimateOrder(const Formulation& f, int designOrder) {
  // on the constraints an index-3 scheme's estimate behaves as second order, whatever its design
  return f.constraintSize() > 0 ? std::min(designOrder, 2) : designOrder;
}

double proposeStep(double h, double err, double rate, bool afterRejection,
                   const IntegratorSettings& s) {
  // h (fac err^(-1/rate)), bounded by the factors (no growth right after a rejection) and the
  // largest step
  const double fMin = s.minStepFactor, fMax = afterRejection ? 1.0 : s.maxStepFactor;
  // a zero error allows the largest factor
  const double factor = err > 0.0 ? s.safetyFactor * std::pow(err, -1.0 / rate) : fMax;
  double next = h * std::min(fMax, std::max(fMin, factor));
  if (s.maxStep > 0.0) next = std::min(next, s.maxStep);
  return next;
}

void rejectStep(StepResult& r, const std::string& reason, const std::string& detail, double next,
                const IntegratorSettings& s) {
  // rejected with the next step to try; a failure when it would fall below the minimum
  r.nextStep = next;
  r.reason = reason;
  r.detail = detail;
  r.kind = StepResult::Kind::Rejected;
  if (next < s.minStep) {
    r.kind = StepResult::Kind::Failed;
    std::ostringstream os;
    os << reason << "; the step would fall below the minimum " << s.minStep << " s";
    r.reason = os.str();
  }
}

}  // namespace mbw
