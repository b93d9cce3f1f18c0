#pragma once
// Andrews' squeezer's reference solution from the IVP test set (../shared/refdata/models/
// andrews_squeezer: Hairer-Wanner's equations in seven angles, solved by PSIDE with rtol = atol =
// 1e-14; andrews.f, subroutine soln), the crank angle read back from a run, and the variable-step
// run the tests compare with it.

#include <string>
#include <vector>

#include "simulation/results.h"

namespace mbw::test {

// y(1) = beta and y(8) = beta' at t = 0.03 s, rad and rad/s
constexpr double kAndrewsBetaAt003 = 15.81077119629904;
constexpr double kAndrewsOmegaAt003 = 1139.920302151208;

// The angle of `body` about z from its Euler parameters (2 atan2(e3, e0)), continued along the
// rows, rad.
std::vector<double> planarAngle(const Results& r, const std::string& body);

// The built-in squeezer run over its first 0.03 s by a variable-step integrator at rtol = atol =
// tol, from a first step of 1e-6 s.
Results andrewsVariableStepRun(const std::string& integrator, double tol);

}  // namespace mbw::test
