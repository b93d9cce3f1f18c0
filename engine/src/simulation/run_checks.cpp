#include "simulation/run_checks.h"

#include <sstream>

namespace mbw {

std::vector<std::string> runCheckFindings(const Results& r) {
  // each finding one sentence; a clean run has none
  std::vector<std::string> findings;
  std::ostringstream os;
  // three significant digits
  os.precision(3);
  // the energy balance against the energy the run moved
  const int balance = r.column("energy.balance"), kinetic = r.column("energy.kinetic"),
            potential = r.column("energy.potential"), work = r.column("energy.work_in"),
            dissipated = r.column("energy.dissipated");
  if (balance >= 0 && kinetic >= 0 && potential >= 0 && work >= 0 && dissipated >= 0) {
    // the energy the run moved: the largest kinetic energy, the potential's range, the work in and
    // out
    const auto [vLow, vHigh] = r.channelRange(potential);
    const double moved = r.channelRange(kinetic).second + (vHigh - vLow) +
                         r.largestMagnitude(work) + r.largestMagnitude(dissipated);
    const double worst = r.largestMagnitude(balance);
    // a balance above its share of the energy moved is a finding
    if (moved > 0.0 && worst > kEnergyShare * moved) {
      os << "the energy balance reached " << worst << " J, " << 100.0 * worst / moved
         << " % of the energy the run moved (" << moved
         << " J): the run may have left the motion's branch at a singular position, or the step is "
            "far too "
            "large for the method";
      findings.push_back(os.str());
      os.str("");
    }
  }
  // the constraints
  const int violation = r.column("violation.position");
  if (violation >= 0) {
    // a position violation above the limit is a finding
    const double worst = r.largestMagnitude(violation);
    if (worst > kViolationLimit) {
      os << "the positions left the constraints by up to " << worst
         << " (|Phi|_inf, m or rad), more than " << kViolationLimit;
      findings.push_back(os.str());
    }
  }
  return findings;
}

}  // namespace mbw
