#include "formulation/ra_formulation.h"

#include "formulation/absolute_formulation_impl.h"
#include "formulation/ra_body.h"

namespace mbw {

// the absolute formulation for bodies in rotation matrices, compiled once, here
template class AbsoluteFormulation<RaBody>;

std::unique_ptr<Formulation> makeRaFormulation(const Model& model) {
  return std::make_unique<AbsoluteFormulation<RaBody>>(model, "rA");
}

}  // namespace mbw
