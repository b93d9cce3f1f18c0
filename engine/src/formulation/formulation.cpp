#include "formulation/formulation.h"

#include <stdexcept>

#include "formulation/ra_formulation.h"
#include "formulation/re_formulation.h"
#include "formulation/rp_formulation.h"

namespace mbw {

double Formulation::positionViolation() const {
  const VectorXd& phi = constraints();
  return primitiveCount() == 0 ? 0.0 : phi.head(primitiveCount()).cwiseAbs().maxCoeff();
}

namespace {

struct FormulationEntry {
  const char* name;
  std::unique_ptr<Formulation> (*make)(const Model&);
};

const FormulationEntry kFormulations[] = {
    {"rp", &makeRpFormulation},
    {"rA", &makeRaFormulation},
    {"rE", &makeReFormulation},
};

}  // namespace

std::vector<std::string> formulationNames() {
  std::vector<std::string> names;
  for (const auto& f : kFormulations) names.emplace_back(f.name);
  return names;
}

std::unique_ptr<Formulation> makeFormulation(const std::string& name, const Model& model) {
  std::string known;
  for (const auto& f : kFormulations) {
    if (name == f.name) return f.make(model);
    known += (known.empty() ? "" : ", ") + std::string(f.name);
  }
  throw std::invalid_argument("unknown formulation '" + name + "' (available: " + known + ")");
}

}  // namespace mbw
