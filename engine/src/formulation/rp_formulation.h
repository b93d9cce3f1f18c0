#pragma once
// The rp formulation: Euler parameters with the normalization constraint (Kissel et al. 2021
// sections 2.2 and 3.2). Coordinates per body: q_b = (r, p), v_b = (rdot, pdot); 7 nb coordinates
// and nprim + nb constraint rows.

#include <memory>

#include "formulation/formulation.h"

namespace mbw {

std::unique_ptr<Formulation> makeRpFormulation(const Model& model);

}  // namespace mbw
