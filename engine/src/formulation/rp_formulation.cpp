#include "formulation/rp_formulation.h"

#include "formulation/absolute_formulation_impl.h"
#include "formulation/rp_body.h"

namespace mbw {

template class AbsoluteFormulation<RpBody>;

std::unique_ptr<Formulation> makeRpFormulation(const Model& model) {
  return std::make_unique<AbsoluteFormulation<RpBody>>(model, "rp");
}

}  // namespace mbw
