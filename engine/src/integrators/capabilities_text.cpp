#include "integrators/capabilities_text.h"

#include <sstream>

#include "math/number_text.h"

namespace mbw {

std::string rhoInfRangeText(const Capabilities& k) {
  std::ostringstream os;
  // the values offered (a long list shortened), else the interval
  if (!k.rhoInfValues.empty()) {
    // more than three values: the first two and the last
    if (k.rhoInfValues.size() > 3) {
      os << "{" << k.rhoInfValues.front() << ", " << k.rhoInfValues[1] << ", ..., "
         << k.rhoInfValues.back() << "}";
    } else {
      os << "{";
      for (size_t j = 0; j < k.rhoInfValues.size(); ++j) os << (j ? ", " : "") << k.rhoInfValues[j];
      os << "}";
    }
  } else {
    os << "[" << k.rhoInfMin << ", " << k.rhoInfMax << (k.rhoInfMaxExcluded ? ")" : "]");
  }
  os << " (default " << formatNumber(k.rhoInfDefault) << ")";
  return os.str();
}

std::string capabilitiesText(const Capabilities& k) {
  // the order, the implicit stages, L-stability and the steps it takes
  std::ostringstream os;
  os << "order " << k.order;
  if (k.implicitStages > 1) os << ", " << k.implicitStages << " implicit stages";
  os << (k.lStable ? ", L-stable" : "")
     << (k.variableStep ? (k.fixedStep ? ", variable step" : ", variable step only")
                        : ", fixed step");
  // its damping parameter and the Jacobians it offers
  if (k.hasRhoInf) os << ", rho_inf " << rhoInfRangeText(k);
  if (k.jacobians.size() > 1) {
    std::string jacobians;
    for (const std::string& j : k.jacobians) jacobians += (jacobians.empty() ? "" : "|") + j;
    os << ", Jacobian " << jacobians;
  }
  // what the tolerances bound: the default first (errorControls[1]), then the others
  if (k.variableStep) {
    os << ", tolerance " << k.errorControls[1];
    for (size_t e = 2; e < k.errorControls.size(); ++e)
      os << (e == 2 ? " (or " : ", ") << k.errorControls[e];
    if (k.errorControls.size() > 2) os << ")";
  }
  return os.str();
}

}  // namespace mbw
