// mbw-cli generate TEMPLATE [--PARAMETER VALUE ...]: a scene made from a few parameters. The
// templates and their parameters come from the engine's declared list (scene/templates), so this
// command only turns each parameter into an option and prints what the engine makes.

#include <map>
#include <memory>
#include <vector>

#include "cli_common.h"
#include "commands.h"
#include "scene/templates/scene_templates.h"

namespace mbw::cli {
namespace {

// one template's subcommand: its options, and the values the user gave
struct TemplateCommand {
  const SceneTemplate* declaration = nullptr;
  CLI::App* subcommand = nullptr;
  std::map<std::string, std::string> texts;  // parameter -> value typed
  std::map<std::string, bool> flags;
  std::vector<std::pair<std::string, CLI::Option*>> options;
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
  // one subcommand per template, an option per parameter (a flag for the yes/no ones)
  for (size_t k = 0; k < sceneTemplates().size(); ++k) {
    TemplateCommand& t = (*commands)[k];
    t.declaration = &sceneTemplates()[k];
    t.subcommand = c->add_subcommand(t.declaration->name, t.declaration->summary);
    for (const TemplateParameter& p : t.declaration->parameters) {
      // --crank-angle for crank_angle
      const std::string name = "--" + templateOptionName(p.name);
      CLI::Option* o = p.kind == ParameterKind::Flag
                           ? t.subcommand->add_flag(name, t.flags[p.name], p.helpText())
                           : t.subcommand->add_option(name, t.texts[p.name], p.helpText())
                                 ->type_name(p.valueShape());
      t.options.emplace_back(p.name, o);
    }
    // the file the scene goes to
    t.subcommand->add_option("--output,-o", t.output,
                             "write the scene to this file instead of standard output");
  }
  // the chosen template's scene, from the parameters given, to the file or standard output
  return {c, [commands]() -> int {
            for (TemplateCommand& t : *commands) {
              if (!t.subcommand->parsed()) continue;
              // only the parameters given: the engine fills in the defaults
              TemplateArguments arguments;
              for (const auto& [name, option] : t.options) {
                if (option->count() == 0) continue;
                arguments[name] =
                    t.flags.count(name) ? (t.flags[name] ? "true" : "false") : t.texts[name];
              }
              // the engine's scene; a parameter refused names its option
              std::string text;
              try {
                text = generateScene(t.declaration->name, arguments);
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
