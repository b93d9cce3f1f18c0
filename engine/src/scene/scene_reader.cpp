#include "scene/scene_reader.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "formulation/formulation.h"
#include "scene/builtin_scenes.h"
#include "scene/json_reader.h"
#include "scene/model_builder.h"
#include "scene/schema_validation.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

using json = nlohmann::json;

std::string primitiveName(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::DP1: return "DP1";
    case PrimitiveType::DP2: return "DP2";
    case PrimitiveType::D: return "D";
    case PrimitiveType::CD: return "CD";
    case PrimitiveType::AngleDriver: return "angle driver";
  }
  return "?";
}


// The constraint set at the initial pose (at the start time): no redundant equations, and a
// consistent projection.
void checkConstraints(const Model& model, std::vector<SceneIssue>& issues) {
  if (model.bodies.empty()) return;
  const std::unique_ptr<Formulation> f = makeFormulation("rp", model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(model.defaults.tStart, q);
  const ConstraintRank rank = analyzeConstraintRank(*f);
  for (int k : rank.redundant) {
    const Primitive& p = model.primitives[k];
    const Joint& j = model.joints[p.joint];
    std::ostringstream os;
    os << "joint '" << j.name << "': its " << primitiveName(p.type) << " equation "
       << (k - j.firstPrimitive + 1) << " of " << j.primitiveCount
       << " is redundant (it repeats what the constraints listed before it already impose)";
    if (j.type == JointType::Revolute)
      os << "; in a planar closed loop, keep the bodies in the plane (planar joints) and pin them "
            "with planar-revolute joints";
    issues.push_back({j.jsonPath, os.str()});
  }
  if (!issues.empty()) return;
  try {
    consistentInitialState(*f, model.defaults.tStart);
  } catch (const ModelError& e) {
    std::string path;
    for (const Body& b : model.bodies)
      if (std::string(e.what()).find("'" + b.name + "'") != std::string::npos) path = b.jsonPath;
    issues.push_back({path, e.what()});
  }
}

}  // namespace

Model parseScene(const std::string& text, const std::string& source) {
  // syntax errors, numbers too large for a double (found by the fuzzer), nesting and keys given
  // twice
  const json scene = parseJsonText<json>(text, source);
  std::vector<SceneIssue> issues;
  validateAgainstSchema(scene, "scene", "", issues);
  if (!issues.empty()) throw SceneError(source, std::move(issues));

  Model model = ModelBuilder(scene, issues).build();
  if (!issues.empty()) throw SceneError(source, std::move(issues));
  checkConstraints(model, issues);
  if (!issues.empty()) throw SceneError(source, std::move(issues));
  return model;
}

Model loadSceneFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw SceneError(path, {{"", "cannot open the file"}});
  std::stringstream text;
  text << in.rdbuf();
  Model model = parseScene(text.str(), path);
  model.sourcePath = path;
  return model;
}

Model loadScene(const std::string& nameOrPath) {
  if (const BuiltinScene* s = findBuiltinScene(nameOrPath)) return parseScene(s->text, "builtin:" + s->name);
  return loadSceneFile(nameOrPath);
}

}  // namespace mbw
