#include "integrators/step_control.h"

#include <algorithm>
#include <cmath>

namespace mbw {

double weightedErrorNorm(const Formulation& f, const VectorXd& errorQ, const VectorXd& q,
                         const VectorXd& errorV, const VectorXd& v, double h,
                         const IntegratorSettings& s) {
  const bool sameLayout = f.positionSize() == f.velocitySize();
  double sum = 0.0;
  for (Eigen::Index i = 0; i < errorQ.size(); ++i) {
    const double scale = s.atol + (sameLayout ? s.rtol * std::abs(q[i]) : 0.0);
    sum += std::pow(errorQ[i] / scale, 2);
  }
  for (Eigen::Index i = 0; i < errorV.size(); ++i) {
    const double scale = s.atol + s.rtol * h * std::abs(v[i]);
    sum += std::pow(h * errorV[i] / scale, 2);
  }
  const double n = static_cast<double>(errorQ.size() + errorV.size());
  return n > 0.0 ? std::sqrt(sum / n) : 0.0;
}

double proposeStep(double h, double err, int k, bool afterRejection, const IntegratorSettings& s) {
  const double fMin = s.minStepFactor, fMax = afterRejection ? 1.0 : s.maxStepFactor;
  const double factor = err > 0.0 ? s.safetyFactor * std::pow(err, -1.0 / (k + 1)) : fMax;
  double next = h * std::min(fMax, std::max(fMin, factor));
  if (s.maxStep > 0.0) next = std::min(next, s.maxStep);
  return next;
}

}  // namespace mbw

namespace mbw {

void rejectStep(StepResult& r, const std::string& reason, const std::string& detail, double next,
                const IntegratorSettings& s) {
  r.nextStep = next;
  r.reason = reason;
  r.detail = detail;
  r.kind = StepResult::Kind::Rejected;
  if (next < s.minStep) {
    r.kind = StepResult::Kind::Failed;
    r.reason = reason + "; the step would fall below the minimum " + std::to_string(s.minStep) + " s";
  }
}

}  // namespace mbw
