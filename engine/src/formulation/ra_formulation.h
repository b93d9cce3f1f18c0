#pragma once
// The rA formulation: rotation matrices updated on SO(3) by the exponential map (Kissel et al. 2021
// sections 2.1 and 3.1). Coordinates per body: q_b = (r, A), v_b = (rdot, omega_B); 12 nb stored
// position numbers, 6 nb velocity coordinates and one constraint row per primitive (no
// normalization).

#include <memory>

#include "formulation/formulation.h"

namespace mbw {

std::unique_ptr<Formulation> makeRaFormulation(const Model& model);

}  // namespace mbw
