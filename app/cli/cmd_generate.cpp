// mbw-cli generate TEMPLATE [--PARAMETER VALUE ...]: a scene made from a few parameters. The
// templates and their parameters come from the engine's declared list (scene/templates), so this
// command only turns each parameter into an option and prints what the engine makes.

#include <memory>
#include <vector>

#include "cli_common.h"
#include "commands.h"
#include "scene/templates/scene_templates.h"

namespace mbw::cli {
namespace {

// one template's subcommand, the values its options were given (scene/templates: TemplateInput),
// and the file
struct TemplateCommand {
  const SceneTemplate* declaration = nullptr;
  CLI::App* subcommand = nullptr;
  TemplateInput input;
  std::string output;
};

}  // namespace

Command addGenerateCommand(CLI::App& app) {
  // a template command per template, kept alive with the program
  auto commands = std::make_shared<std::vector<TemplateCommand>>(sceneTemplates().size());
  CLI::App* c =
      app.add_subcommand("generate", "Write a scene made from a template and a few parameters");
  // one template required; the footer says where the parameters are listed
  c->require_subcommand(1);
  c->footer(
      "Each template's parameters, with their units, defaults and ranges: mbw-cli generate "
      "TEMPLATE --help");
  // one subcommand per template, the engine's option per parameter (a flag for the yes/no ones)
  for (size_t k = 0; k < sceneTemplates().size(); ++k) {
    TemplateCommand& t = (*commands)[k];
    t.declaration = &sceneTemplates()[k];
    t.subcommand = c->add_subcommand(t.declaration->name, t.declaration->summary);
    addCommandOptions(*t.subcommand, templateOptions(*t.declaration, t.input));
    // the file the scene goes to
    t.subcommand->add_option("--output,-o", t.output,
                             "write the scene to this file instead of standard output");
  }
  // the chosen template's scene, from the parameters given, to the file or standard output
  return {c, [commands]() -> int {
            for (TemplateCommand& t : *commands) {
              if (!t.subcommand->parsed()) continue;
              // the engine's scene from the parameters given; a parameter refused names its option
              std::string text;
              try {
                text = generateScene(t.declaration->name, t.input.arguments());
              } catch (const TemplateError& e) {
                const std::string where =
                    e.parameter().empty() ? "" : "--" + templateOptionName(e.parameter()) + ": ";
                throw InputError("generate " + t.declaration->name + ": " + where + e.what());
              }
              return writeOutput(text, t.output);
            }
            // no template parsed (CLI11 requires one)
            return kBadInput;
          }};
}

}  // namespace mbw::cli
