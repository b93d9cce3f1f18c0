// mbw-cli schema: the scene (or study) file format reference (Markdown), generated from the schema.

#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "scene/schema.h"
#include "studies/study_schema.h"

namespace mbw::cli {

Command addSchemaCommand(CLI::App& app) {
  auto output = std::make_shared<std::string>();
  auto study = std::make_shared<bool>(false);
  CLI::App* c = app.add_subcommand("schema", "Print the scene format reference (Markdown)");
  c->add_option("--output,-o", *output, "write it to this file instead of standard output");
  c->add_flag("--study", *study, "the study file format instead (docs/study-format.md)");
  // the study's format or the scene's, to the file or standard output
  return {c, [output, study] {
            return writeOutput(*study ? studyFormatMarkdown() : sceneFormatMarkdown(), *output);
          }};
}

}  // namespace mbw::cli
