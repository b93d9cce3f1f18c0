#pragma once
// Runs of the state-space integrators for their tests (rn4, w2, CVODE's adams and bdf): a run of a
// model to tEnd at a fixed step, or under a tolerance when one is given, checked to complete; and
// the largest difference of two runs' body coordinates and velocities at their ends.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "simulation/simulation.h"

namespace mbw::test {

inline Results stateSpaceRun(const Model& model, const std::string& integrator, double tEnd,
                             double step, double tolerance = 0.0,
                             const std::string& jacobian = "exact",
                             const std::string& errorControl = "auto") {
  // the integrator's settings: the step, or the tolerance with variable steps
  RunSettings s;
  s.integrator = integrator;
  s.tEnd = tEnd;
  s.integratorSettings.step = step;
  s.integratorSettings.jacobian = jacobian;
  s.integratorSettings.errorControl = errorControl;
  s.integratorSettings.maxStep = model.defaults.maxStep;
  if (tolerance > 0.0) {
    s.integratorSettings.variableStep = true;
    s.integratorSettings.rtol = s.integratorSettings.atol = tolerance;
  }
  // the run, which must complete
  Results r = Simulation(model, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r;
}

inline double endDifference(const Results& a, const Results& b) {
  // every body channel (a dotted name) but the energies and the violations, at the last rows
  double worst = 0.0;
  for (int c = 1; c < a.columnCount(); ++c) {
    const std::string& name = a.channels()[c].name;
    if (name.find('.') == std::string::npos || name.rfind("energy", 0) == 0 ||
        name.rfind("violation", 0) == 0)
      continue;
    worst = std::max(worst,
                     std::abs(a.at(a.rowCount() - 1, c) - b.at(b.rowCount() - 1, b.column(name))));
  }
  return worst;
}

}  // namespace mbw::test
