#include "formulation/rp_formulation.h"

#include "formulation/absolute_formulation_impl.h"
#include "formulation/rp_body.h"

namespace mbw {

// the absolute formulation for bodies in Euler parameters, compiled once, here
template class AbsoluteFormulation<RpBody>;

std::unique_ptr<Formulation> makeRpFormulation(const Model& model) {
  return std::make_unique<AbsoluteFormulation<RpBody>>(model, "rp");
}

}  // namespace mbw
