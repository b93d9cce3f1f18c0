#pragma once
// The checks of a completed run: what a run on the motion's branch, at a step or tolerance its
// method can carry, keeps small. A run that fails one still completed (its rows are the
// integrator's), but it says so beside its status: a state-space or DAE code that jumped to another
// branch of the constraint manifold at a singular position, or a step far too large for the
// method, is not reported as a plain "completed".
//
// Energy: the balance E - E0 - W_in + D (recorder.h) is the integrator's error, plus the
// quadrature error of the work integrals where they are not the method's own. Against the energy
// the run moved,
//     S = max T + (max V - min V) + max |W_in| + max D   (over every row the run appended),
// a balance of more than kEnergyShare S is not an integration error a user would accept (the N
// four-bar's jump to another branch: 0.21 S; the built-in scenes at their default settings: below
// 1e-3 S).
// Constraints: the largest position violation |Phi|_inf over the rows appended, against
// kViolationLimit (m, or rad): a thousand times the loosest tolerance the integrators solve the
// positions to.

#include <string>
#include <vector>

#include "simulation/results.h"

namespace mbw {

constexpr double kEnergyShare = 0.1;
constexpr double kViolationLimit = 1e-6;

// the findings of a run's checks, each a sentence ("the energy balance reached ..."), empty when
// it passes (a run without the energy or violation channels is not checked for them)
std::vector<std::string> runCheckFindings(const Results& results);

}  // namespace mbw
