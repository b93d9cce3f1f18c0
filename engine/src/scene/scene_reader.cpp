#include "scene/scene_reader.h"

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "formulation/formulation.h"
#include "joint/tree_ode.h"
#include "model/primitive_name.h"
#include "scene/builtin_scenes.h"
#include "scene/json_reader.h"
#include "scene/mesh_file.h"
#include "scene/model_builder.h"
#include "scene/schema_validation.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

using json = nlohmann::json;

// m or rad: how far a redundant equation may be off where the kept ones hold
constexpr double kRedundantMismatch = 1e-8;

// --- the notes on redundant equations ------------------------------------------------------------

// "joints 'a', 'b' and 'c'"
std::string jointList(const Model& model, const std::vector<int>& joints) {
  // "joint" or "joints", then the names with commas and a final "and"
  std::string text = joints.size() == 1 ? "joint " : "joints ";
  for (size_t i = 0; i < joints.size(); ++i) {
    if (i) text += i + 1 == joints.size() ? " and " : ", ";
    text += "'" + model.joints[joints[i]].name + "'";
  }
  return text;
}

// One note per joint with left-out equations: which, and what they repeat.
std::vector<ModelNote> redundancyNotes(const Model& model) {
  std::vector<ModelNote> notes;
  // the redundant equations come grouped by joint: one note per group
  for (size_t i = 0; i < model.redundant.size();) {
    // the joint of the group's first equation
    const int joint = model.primitives[model.redundant[i].primitive].joint;
    const Joint& j = model.joints[joint];
    // the equations of this joint left out, and the other joints they combine
    std::vector<std::string> equations;
    std::set<int> others;
    bool own = false;
    for (; i < model.redundant.size() &&
           model.primitives[model.redundant[i].primitive].joint == joint;
         ++i) {
      // each equation named by its type and its number within the joint
      const int k = model.redundant[i].primitive;
      equations.push_back(primitiveName(model.primitives[k].type) + " " +
                          std::to_string(k - j.firstPrimitive + 1));
      // the joints it repeats; its own joint's other equations apart
      for (int other : model.redundant[i].repeats) {
        if (other == joint)
          own = true;
        else
          others.insert(other);
      }
    }
    // "joint 'j': 2 of its 5 equations (DP1 1, D 3) repeat what joints 'a' and 'b' impose; ..."
    std::ostringstream os;
    os << "joint '" << j.name << "': " << equations.size() << " of its " << j.primitiveCount
       << " equations (";
    for (size_t e = 0; e < equations.size(); ++e) os << (e ? ", " : "") << equations[e];
    os << ") " << (equations.size() == 1 ? "repeats" : "repeat") << " what ";
    // the other joints named, then its own equations when they take part
    const std::vector<int> list(others.begin(), others.end());
    if (!list.empty())
      os << jointList(model, list) << (own ? " and its own other equations" : "");
    else
      os << "its own other equations";
    os << (list.size() == 1 && !own ? " imposes" : " impose")
       << "; left out (redundant): their share of the reactions is carried by the kept equations";
    notes.push_back({j.jsonPath, os.str()});
  }
  return notes;
}

// --- the constraints at the initial pose ---------------------------------------------------------

// The constraint set at the initial pose (at the start time): its redundant equations found and
// left out of the formulations, the others consistent with each other (a projection that the
// left-out ones also satisfy).
void checkConstraints(Model& model, std::vector<SceneIssue>& issues) {
  // nothing to check without bodies
  if (model.bodies.empty()) return;
  const double t0 = model.defaults.tStart;
  {
    // the redundant equations at the initial pose, with every equation in the formulation
    const std::unique_ptr<Formulation> all = makeFormulation("rp", model);
    VectorXd q, v;
    all->initialState(q, v);
    all->computePositions(t0, q);
    model.redundant = explainRedundancy(*all, analyzeConstraintRank(*all).redundant);
    model.notes = redundancyNotes(model);
  }
  // the initial state without them: a projection failure names the body when it can
  const std::unique_ptr<Formulation> f = makeFormulation("rp", model);
  State s;
  try {
    s = consistentInitialState(*f, t0);
  } catch (const ModelError& e) {
    // the body the message names, if any, gives the path
    std::string path;
    for (const Body& b : model.bodies)
      if (std::string(e.what()).find("'" + b.name + "'") != std::string::npos) path = b.jsonPath;
    issues.push_back({path, e.what()});
    return;
  }
  if (model.redundant.empty()) return;
  // the left-out equations must hold where the kept ones do: a loop whose joints disagree (axes
  // that are not parallel in a planar loop) cannot be assembled
  // the model with every equation, at the projected state
  Model full = model;
  full.redundant.clear();
  const std::unique_ptr<Formulation> all = makeFormulation("rp", full);
  all->computePositions(t0, s.q);
  const VectorXd& phi = all->constraints();
  for (const RedundantEquation& r : model.redundant) {
    // an equation that holds within the mismatch agrees
    if (!(std::abs(phi[r.primitive]) > kRedundantMismatch)) continue;
    // one issue per equation off: its joint, which equation, what it repeats, by how much
    const Primitive& p = model.primitives[r.primitive];
    const Joint& j = model.joints[p.joint];
    std::ostringstream os;
    os << "joint '" << j.name << "': its " << primitiveName(p.type) << " equation "
       << (r.primitive - j.firstPrimitive + 1) << " of " << j.primitiveCount << " repeats what "
       << (r.repeats.empty()
               ? std::string("the others impose")
               : jointList(model, r.repeats) + (r.repeats.size() == 1 ? " imposes" : " impose"))
       << " but disagrees: it is off by " << std::abs(phi[r.primitive])
       << " where the kept equations hold (check the joints' points and axes: in a planar loop the "
          "revolute axes must be parallel)";
    issues.push_back({j.jsonPath, os.str()});
  }
}

// --- joint coordinates asked for by the scene ----------------------------------------------------

// A scene whose settings ask for joint coordinates must be one their tree can hold, its loops
// closed by coordinate partitioning as a run closes them: else an issue at /settings/formulation
// naming the body and why (as a run refuses it).
void checkJointCoordinates(const Model& model, std::vector<SceneIssue>& issues) {
  if (model.defaults.formulation != "joint") return;
  try {
    TreeOde ode(model, true);
  } catch (const JointTreeError& e) {
    issues.push_back({"/settings/formulation",
                      std::string("joint coordinates cannot hold this scene: ") + e.what()});
  }
}

// --- the three phases ----------------------------------------------------------------------------

// The three phases; the bodies' mesh files are looked for next to a scene read from a file.
Model readScene(const std::string& text, const std::string& source, const std::string& sceneFile) {
  // syntax errors, numbers too large for a double (found by the fuzzer), nesting and keys given
  // twice
  const json scene = parseJsonText<json>(text, source);
  std::vector<SceneIssue> issues;
  // phase 1: the scene against the schema
  validateAgainstSchema(scene, "scene", "", issues);
  if (!issues.empty()) throw SceneError(source, std::move(issues));

  // phase 2: the model, with the mesh files of a scene read from a file
  Model model = ModelBuilder(scene, issues).build();
  if (!sceneFile.empty())
    for (SceneIssue& i : meshFileIssues(scene, sceneFile)) issues.push_back(std::move(i));
  if (!issues.empty()) throw SceneError(source, std::move(issues));
  // phase 3: the constraints at the initial pose, and the joint coordinates the scene asks for
  checkConstraints(model, issues);
  checkJointCoordinates(model, issues);
  if (!issues.empty()) throw SceneError(source, std::move(issues));
  return model;
}

}  // namespace

// --- loading a scene -----------------------------------------------------------------------------

Model parseScene(const std::string& text, const std::string& source) {
  return readScene(text, source, "");
}

Model loadSceneFile(const std::string& path) {
  // a file's whole text, read and named by its path
  std::ifstream in(path);
  if (!in) throw SceneError(path, {{"", "cannot open the file"}});
  std::stringstream text;
  text << in.rdbuf();
  Model model = readScene(text.str(), path, path);
  // the scene remembers its file, for the paths relative to it
  model.sourcePath = path;
  return model;
}

Model loadScene(const std::string& nameOrPath) {
  // a built-in scene's name first, else a file's path
  if (const BuiltinScene* s = findBuiltinScene(nameOrPath))
    return parseScene(s->text, "builtin:" + s->name);
  return loadSceneFile(nameOrPath);
}

}  // namespace mbw
