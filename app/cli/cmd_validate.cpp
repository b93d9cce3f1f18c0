// mbw-cli validate SCENE: load and check a scene, print a model summary.

#include <iostream>
#include <map>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "formulation/formulation.h"
#include "scene/scene_error.h"
#include "simulation/run_settings.h"
#include "simulation/settings_check.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"

namespace mbw::cli {
namespace {

const char* primitiveLabel(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::DP1:
      return "DP1";
    case PrimitiveType::DP2:
      return "DP2";
    case PrimitiveType::D:
      return "D";
    case PrimitiveType::CD:
      return "CD";
    case PrimitiveType::AngleDriver:
      return "angle-driver";
  }
  return "?";
}

// the scene's run settings, checked as `mbw-cli run` checks them (settings_check.h): a problem
// names the file and the JSON path of the setting
void checkSceneSettings(const Model& model) {
  RunSettings settings = sceneRunSettings(model);
  try {
    settings.output = sceneOutputRequest(model);
  } catch (const std::runtime_error& e) {
    throw InputError(SceneError(sceneSource(model), {{"/settings/output_times", e.what()}}).what());
  }
  if (const std::optional<SettingsProblem> p = runSettingsProblem(settings))
    throw InputError(settingsProblemText(*p, model, nullptr));
}

}  // namespace

Command addValidateCommand(CLI::App& app) {
  CLI::App* c = app.add_subcommand(
      "validate", "Load and check a scene and its run settings; print a model summary");
  auto scene = std::make_shared<std::string>();
  c->add_option("scene", *scene, "built-in scene name or scene file")->required();
  return {c, [scene] {
            const Model model = loadSceneOrThrow(*scene);
            checkSceneSettings(model);
            const auto f = makeFormulation("rp", model);
            ProjectionReport projection;
            const double t0 = model.defaults.tStart;
            consistentInitialState(*f, t0, &projection);
            const ConstraintRank rank = analyzeConstraintRank(*f);
            std::map<std::string, int> byType;
            for (const Primitive& p : model.primitives) ++byType[primitiveLabel(p.type)];

            std::cout << model.name << ": " << model.description << "\n"
                      << "  bodies             " << model.bodyCount() << "\n"
                      << "  joints             " << model.joints.size() << "\n"
                      << "  constraint equations " << model.primitiveCount() << " (";
            bool first = true;
            for (const auto& [type, n] : byType) {
              std::cout << (first ? "" : ", ") << n << " " << type;
              first = false;
            }
            std::cout << ")\n";
            if (!model.redundant.empty())
              std::cout << "  redundant equations " << model.redundant.size()
                        << " left out (independent equations "
                        << model.primitiveCount() - model.redundant.size() << "; notes below)\n";
            std::cout << "  force elements     " << model.forces.size() << "\n";
            if (!model.beams.empty())
              std::cout << "  beams              " << model.beams.size() << " ("
                        << model.beamElements.size()
                        << " three-node elements, their nodes among the bodies)\n";
            std::cout << "  degrees of freedom " << rank.degreesOfFreedom << "\n"
                      << "  initial projection largest move "
                      << formatNumber(projection.largestMove) << " (m or rad"
                      << (projection.largestMoveBody.empty()
                              ? ""
                              : ", body '" + projection.largestMoveBody + "'")
                      << "), velocity change " << formatNumber(projection.largestVelocityChange)
                      << "\n";
            // the initial pose in every formulation's coordinates (rE refuses the gimbal lock and
            // beams)
            for (const std::string& name : formulationNames()) {
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
              std::cout << "  formulation " << name
                        << std::string(7 - std::min<size_t>(name.size(), 6), ' ') << verdict
                        << "\n";
            }
            for (const ModelNote& note : model.notes)
              std::cout << "note: " << note.path << ": " << note.message << "\n";
            std::cout << "ok\n";
            return kSuccess;
          }};
}

}  // namespace mbw::cli
