// mbw-cli generate: scenes made from a few parameters (today: the N-link pendulum chain).

#include <cmath>
#include <memory>
#include <stdexcept>

#include "cli_common.h"
#include "commands.h"
#include "scene/chain_scene.h"

namespace mbw::cli {

Command addGenerateCommand(CLI::App& app) {
  struct Options {
    ChainOptions chain;
    double angleDegrees = 0.0;
    std::string output;
  };
  auto o = std::make_shared<Options>();
  CLI::App* c = app.add_subcommand("generate", "Write a generated scene (a model that grows with a parameter)");
  c->require_subcommand(1);
  CLI::App* chain = c->add_subcommand(
      "chain", "An N-link pendulum chain: bars hinged end to end by revolute joints about y, released "
               "in line from rest (N degrees of freedom, 5 N constraint equations)");
  chain->add_option("--links,-n", o->chain.links, "number of links N")->required();
  chain->add_option("--length", o->chain.length, "length of each bar, m (default 1)");
  chain->add_option("--mass", o->chain.mass, "mass of each bar, kg (default 1)");
  chain->add_option("--angle", o->angleDegrees, "release angle below the horizontal, degrees (default 0)");
  chain->add_option("--output,-o", o->output, "write the scene to this file instead of standard output");
  return {c, [o] {
            o->chain.angle = o->angleDegrees * M_PI / 180.0;
            std::string text;
            try {
              text = chainScene(o->chain);
            } catch (const std::invalid_argument& e) {
              throw InputError(std::string("generate chain: ") + e.what());
            }
            return writeOutput(text, o->output);
          }};
}

}  // namespace mbw::cli
