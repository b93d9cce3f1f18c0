#include "formulation/formulation.h"

#include <stdexcept>

#include "formulation/ra_formulation.h"
#include "formulation/re_formulation.h"
#include "formulation/rp_formulation.h"

namespace mbw {

double Formulation::positionViolation() const {
  // the largest violation over the joints' equations (not the normalization rows)
  const VectorXd& phi = constraints();
  return primitiveRows() == 0 ? 0.0 : phi.head(primitiveRows()).cwiseAbs().maxCoeff();
}

namespace {

// one formulation: its name, its line in the list of formulations, and its maker
struct FormulationEntry {
  const char* name;
  const char* description;
  std::unique_ptr<Formulation> (*make)(const Model&);
};

// the formulations the engine offers, the default (rp) first
const FormulationEntry kFormulations[] = {
    {"rp",
     "Euler parameters with the normalization constraint (Kissel et al. 2021 sections 2.2, 3.2)",
     &makeRpFormulation},
    {"rA",
     "rotation matrices, exponential-map updates on SO(3) (Kissel et al. 2021 sections 2.1, 3.1)",
     &makeRaFormulation},
    {"rE",
     "ZXZ Euler angles; refuses poses near the gimbal lock (Kissel et al. 2021 sections 2.3, 3.3)",
     &makeReFormulation},
};

// Why a formulation cannot hold the model at all, whatever its poses ("" when it can).
std::string modelRefusal(const std::string& name, const Model& model) {
  // only rE refuses a model, and only one with beams
  if (name != "rE" || model.beams.empty()) return {};
  return "the rE formulation cannot hold beam '" + model.beams.front().name +
         "': ZXZ Euler angles are singular at theta = 0, which is the orientation of every node "
         "of a straight beam whose section axes are the world's, and a beam node must pass "
         "through any orientation (a cantilever rolled into a circle turns its tip a full turn); "
         "use rA or rp";
}

}  // namespace

std::vector<std::string> formulationNames() {
  std::vector<std::string> names;
  // in the table's order: rp first
  for (const auto& f : kFormulations) names.emplace_back(f.name);
  return names;
}

std::string formulationDescription(const std::string& name) {
  for (const auto& f : kFormulations)
    // by name in the table; an unknown name has no description
    if (name == f.name) return f.description;
  return {};
}

std::unique_ptr<Formulation> makeFormulation(const std::string& name, const Model& model) {
  std::string known;
  // by name, after the model's refusal; an unknown name lists those there are
  for (const auto& f : kFormulations) {
    known += (known.empty() ? "" : ", ") + std::string(f.name);
    if (name != f.name) continue;
    const std::string refused = modelRefusal(name, model);
    if (!refused.empty()) throw std::invalid_argument(refused);
    return f.make(model);
  }
  throw std::invalid_argument("unknown formulation '" + name + "' (available: " + known + ")");
}

std::string initialPoseRefusal(const std::string& name, const Model& model) {
  // an unknown name throws as makeFormulation does; then the refusal of the model as a whole
  if (formulationDescription(name).empty()) makeFormulation(name, model);  // throws for the name
  const std::string refused = modelRefusal(name, model);
  if (!refused.empty()) return refused;
  // the initial pose at t = 0, checked for a singularity of the coordinates
  const std::unique_ptr<Formulation> f = makeFormulation(name, model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  return f->coordinateSingularity();
}

}  // namespace mbw
