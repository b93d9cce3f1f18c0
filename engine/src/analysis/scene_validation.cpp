#include "analysis/scene_validation.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include "formulation/formulation.h"
#include "model/primitive_name.h"
#include "math/number_text.h"
#include "scene/scene_error.h"
#include "simulation/output_grid.h"
#include "simulation/run_options.h"
#include "simulation/run_settings.h"
#include "simulation/settings_check.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"

namespace mbw {

std::optional<std::string> sceneSettingsProblem(const Model& model, const std::string& source,
                                                const std::string& confirmHint) {
  // the settings a run of the scene takes, its output times read as a run reads them
  RunSettings settings = sceneRunSettings(model);
  try {
    settings.output = sceneOutputRequest(model);
  } catch (const std::runtime_error& e) {
    return SceneError(source, {{"/settings/output_times", e.what()}}).what();
  }
  // checked as a run checks them, the problem named by the setting the scene gives
  const std::optional<SettingsProblem> p = runSettingsProblem(settings);
  if (!p) return std::nullopt;
  return settingsProblemText(
      *p, model, source, [](const std::string&) { return std::string(); }, confirmHint);
}

std::string sceneValidationText(const Model& model) {
  // the initial state made consistent in rp, and the rank of its constraint Jacobian
  const auto f = makeFormulation("rp", model);
  ProjectionReport projection;
  const double t0 = model.defaults.tStart;
  consistentInitialState(*f, t0, &projection);
  const ConstraintRank rank = analyzeConstraintRank(*f);
  // the equations counted by primitive type
  std::map<std::string, int> byType;
  for (const Primitive& p : model.primitives) ++byType[primitiveName(p.type)];

  // what the scene is made of: bodies, joints, equations by primitive, redundant ones, forces
  std::ostringstream out;
  out << model.name << ": " << model.description << "\n"
      << "  bodies             " << model.bodyCount() << "\n"
      << "  joints             " << model.joints.size() << "\n"
      << "  constraint equations " << model.primitiveCount() << " (";
  bool first = true;
  for (const auto& [type, n] : byType) {
    out << (first ? "" : ", ") << n << " " << type;
    first = false;
  }
  out << ")\n";
  // the redundant equations, when some were left out
  if (!model.redundant.empty())
    out << "  redundant equations " << model.redundant.size() << " left out (independent equations "
        << model.primitiveCount() - model.redundant.size() << "; notes below)\n";
  out << "  force elements     " << model.forces.size() << "\n";
  // the beams, when there are some
  if (!model.beams.empty())
    out << "  beams              " << model.beams.size() << " (" << model.beamElements.size()
        << " three-node elements, their nodes among the bodies)\n";

  // the degrees of freedom and how far the initial projection moved the pose
  out << "  degrees of freedom " << rank.degreesOfFreedom << "\n"
      << "  initial projection largest move " << formatNumber(projection.largestMove)
      << " (m or rad"
      << (projection.largestMoveBody.empty() ? "" : ", body '" + projection.largestMoveBody + "'")
      << "), velocity change " << formatNumber(projection.largestVelocityChange) << "\n";

  // the initial pose in every formulation's coordinates (rE refuses the gimbal lock and beams)
  for (const std::string& name : formulationNames()) {
    // a formulation that refuses the model or its pose says why; else it must find its own
    // consistent initial state
    std::string verdict = initialPoseRefusal(name, model);
    if (verdict.empty()) {
      verdict = "ok";
      try {
        const auto other = makeFormulation(name, model);
        consistentInitialState(*other, t0);
      } catch (const ModelError& e) {
        verdict = e.what();
      }
    }
    // the verdict after the name, in a column
    out << "  formulation " << name << std::string(7 - std::min<size_t>(name.size(), 6), ' ')
        << verdict << "\n";
  }

  // the scene's notes (redundant equations and what they repeat), then the verdict
  for (const ModelNote& note : model.notes)
    out << "note: " << note.path << ": " << note.message << "\n";
  out << "ok\n";
  return out.str();
}

}  // namespace mbw
