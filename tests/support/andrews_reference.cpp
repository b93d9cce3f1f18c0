// Helpers shared by the test programs: the crank angle of a planar body from its Euler parameters
// and a variable-step run of Andrews' squeezer (the reference values: andrews_reference.h).

#include "andrews_reference.h"

#include <cmath>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw::test {

// the rotation about z of a body turning in the x-y plane: 2 atan2(e3, e0), unwrapped
std::vector<double> planarAngle(const Results& r, const std::string& body) {
  const int e0 = r.column(body + ".e0"), e3 = r.column(body + ".e3");
  std::vector<double> angle;
  for (size_t i = 0; i < r.rowCount(); ++i) {
    const double a = 2.0 * std::atan2(r.at(i, e3), r.at(i, e0));
    // continue from the previous row: the rows are much closer than half a turn
    angle.push_back(angle.empty() ? a
                                  : angle.back() + std::remainder(a - angle.back(), 2.0 * M_PI));
  }
  return angle;
}

// the squeezer to t = 0.03 s, the test set's span, at rtol = atol = tol from a first step of 1 us
Results andrewsVariableStepRun(const std::string& integrator, double tol) {
  // the scene read once for all the runs of a test program
  static const Model model = loadScene("andrews-squeezer");
  RunSettings s;
  s.integrator = integrator;
  s.tEnd = 0.03;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = tol;
  s.integratorSettings.step = 1e-6;
  return Simulation(model, s).run();
}

}  // namespace mbw::test
