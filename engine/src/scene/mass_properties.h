#pragma once
// Checks of a rigid body's mass and inertia that the scene reader makes before a model is built:
// what no rigid body can have, and what the arithmetic of doubles cannot carry.
//
// - Scale: a mass and the principal moments must lie within [1e-150, 1e150] (kg, kg m^2). The
//   equations of motion are unchanged when every mass is scaled alike, so any plausible unit is
//   fine; outside that range products with the model's other quantities leave the range of
//   doubles (a mass of 5e-324 kg is a subnormal number, which the integrators flush to zero).
// - Positive definiteness of the inertia tensor.
// - The triangle inequality of the principal moments, I1 + I2 >= I3: I1 + I2 - I3 = 2 * integral
//   of z^2 dm over the body (principal axes), which no distribution of positive mass makes
//   negative; equality is a flat body. A relative slack of 1e-6 covers moments rounded in the file.
//   Broken, it is a warning, not a refusal: the equations of motion still hold for any positive
//   definite tensor, and published models break it (the control arms of Project Chrono's HMMWV
//   data, 0.03, 0.03 and 0.06276 kg m^2 for an upper one, in scenes/hmmwv-bump.json).

#include <string>

#include "math/types.h"

namespace mbw {

// "" when the mass (kg) is positive and within scale, else what is wrong
std::string massProblem(double mass);
// "" when the inertia tensor (kg m^2, body frame) is positive definite and within scale, else what
// is wrong
std::string inertiaProblem(const Mat3& inertia);
// "" when its principal moments keep the triangle inequality, else why no rigid body has them
// (for a tensor inertiaProblem accepts)
std::string inertiaWarning(const Mat3& inertia);

}  // namespace mbw
