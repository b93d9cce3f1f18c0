// mbw-cli validate SCENE: load and check a scene, print a model summary (the engine's check,
// analysis/scene_validation.h).

#include <iostream>
#include <memory>

#include "analysis/scene_validation.h"
#include "cli_common.h"
#include "commands.h"

namespace mbw::cli {

Command addValidateCommand(CLI::App& app) {
  CLI::App* c = app.add_subcommand(
      "validate", "Load and check a scene and its run settings; print a model summary");
  auto scene = std::make_shared<std::string>();
  addCommandOptions(*c, {sceneArgument(*scene)});
  // the scene read, its settings checked as `mbw-cli run` checks them, then its summary
  return {c, [scene] {
            const Model model = loadSceneOrThrow(*scene);
            if (const std::optional<std::string> p = sceneSettingsProblem(
                    model, sceneSource(model), "; give --yes to run it anyway"))
              throw InputError(*p);
            std::cout << sceneValidationText(model);
            return kSuccess;
          }};
}

}  // namespace mbw::cli
