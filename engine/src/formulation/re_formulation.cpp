#include "formulation/re_formulation.h"

#include "formulation/absolute_formulation_impl.h"
#include "formulation/re_body.h"

namespace mbw {

// the absolute formulation for bodies in ZXZ Euler angles, compiled once, here
template class AbsoluteFormulation<ReBody>;

std::unique_ptr<Formulation> makeReFormulation(const Model& model) {
  return std::make_unique<AbsoluteFormulation<ReBody>>(model, "rE");
}

}  // namespace mbw
