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
  const char* description;
  std::unique_ptr<Formulation> (*make)(const Model&);
};

const FormulationEntry kFormulations[] = {
    {"rp", "Euler parameters with the normalization constraint (seed 001 sections 2.2, 3.2)",
     &makeRpFormulation},
    {"rA", "rotation matrices, exponential-map updates on SO(3) (seed 001 sections 2.1, 3.1)",
     &makeRaFormulation},
    {"rE", "ZXZ Euler angles; refuses poses near the gimbal lock (seed 001 sections 2.3, 3.3)",
     &makeReFormulation},
};

}  // namespace

std::vector<std::string> formulationNames() {
  std::vector<std::string> names;
  for (const auto& f : kFormulations) names.emplace_back(f.name);
  return names;
}

std::string formulationDescription(const std::string& name) {
  for (const auto& f : kFormulations)
    if (name == f.name) return f.description;
  return {};
}

std::unique_ptr<Formulation> makeFormulation(const std::string& name, const Model& model) {
  std::string known;
  for (const auto& f : kFormulations) {
    if (name == f.name) return f.make(model);
    known += (known.empty() ? "" : ", ") + std::string(f.name);
  }
  throw std::invalid_argument("unknown formulation '" + name + "' (available: " + known + ")");
}

std::string initialPoseRefusal(const std::string& name, const Model& model) {
  const std::unique_ptr<Formulation> f = makeFormulation(name, model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  return f->coordinateSingularity();
}

}  // namespace mbw
