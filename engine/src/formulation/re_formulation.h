#pragma once
// The rE formulation: ZXZ Euler angles (Kissel et al. 2021 sections 2.3 and 3.3). Coordinates per
// body: q_b = (r, phi, theta, psi), v_b = (rdot, phidot, thetadot, psidot); 6 nb coordinates and
// one constraint row per primitive. Poses within ReBody::kGimbalMargin of the gimbal lock are
// reported by coordinateSingularity().

#include <memory>

#include "formulation/formulation.h"

namespace mbw {

std::unique_ptr<Formulation> makeReFormulation(const Model& model);

}  // namespace mbw
