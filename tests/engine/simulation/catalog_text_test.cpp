// The catalog front ends show (simulation/catalog_text.h): every built-in scene, alias, integrator
// and formulation on its own line under its heading, in the registries' order, names in their
// column; a long scene description cut at 90 characters with "...".

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "integrators/capabilities_text.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/catalog_text.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// the text's lines, without their line ends
std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// the index of the first line at or after `from` that starts with "  NAME", or -1
int entryLine(const std::vector<std::string>& lines, const std::string& name, size_t from) {
  for (size_t k = from; k < lines.size(); ++k)
    if (lines[k].rfind("  " + name, 0) == 0) return static_cast<int>(k);
  return -1;
}

// the catalogue text lists every scene, alias, integrator and formulation in its registry's
// order, names and descriptions aligned in columns, with nothing missing or left over
TEST(CatalogText, EveryEntryUnderItsHeadingInOrder) {
  // the catalog mbw-cli list prints: scenes, aliases, integrators and formulations, each under
  // its heading and in its order
  const std::vector<std::string> lines = linesOf(catalogText());
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "Built-in scenes:");
  // the scenes in their order, each description in its column, cut at 90 characters
  size_t at = 1, wordsColumn = 0;
  bool someCut = false;
  for (const BuiltinScene& s : builtinScenes()) {
    const int k = entryLine(lines, s.name, at);
    ASSERT_GE(k, 0) << s.name;
    // the model's description is the scene's (ModelBuilder), read here without building the model
    const std::string description = nlohmann::json::parse(s.text).value("description", "");
    const bool cut = description.size() > 90;
    const std::string words = description.substr(0, 90) + (cut ? "..." : "");
    const std::string& line = lines[k];
    ASSERT_GE(line.size(), 2 + s.name.size() + words.size()) << line;
    EXPECT_EQ(line.substr(line.size() - words.size()), words) << line;
    const std::string gap =
        line.substr(2 + s.name.size(), line.size() - words.size() - 2 - s.name.size());
    EXPECT_EQ(gap.find_first_not_of(' '), std::string::npos) << line;
    // two spaces at least between the name and its words, which all start in one column
    EXPECT_GE(gap.size(), 2u) << line;
    const size_t column = line.size() - words.size();
    if (wordsColumn == 0) wordsColumn = column;
    EXPECT_EQ(column, wordsColumn) << line;
    someCut = someCut || cut;
    at = k + 1;
  }
  EXPECT_TRUE(someCut) << "no scene description is long enough to test the cut";
  // the aliases after them, each with the scene it names and why
  for (const BuiltinSceneAlias& a : builtinSceneAliases()) {
    const int k = entryLine(lines, a.name, at);
    ASSERT_GE(k, 0) << a.name;
    EXPECT_NE(lines[k].find("= " + a.scene + " (" + a.reason + ")"), std::string::npos);
    at = k + 1;
  }
  // a blank line, then the integrators: capabilities and family, description, work rule
  ASSERT_LT(at + 1, lines.size());
  EXPECT_EQ(lines[at], "");
  EXPECT_EQ(lines[at + 1], "Integrators:");
  for (const IntegratorInfo& i : integratorRegistry()) {
    const std::string name = i.alias.empty() ? i.name : i.name + ", " + i.alias;
    const int k = entryLine(lines, name, at);
    ASSERT_GE(k, 0) << name;
    ASSERT_LT(static_cast<size_t>(k) + 2, lines.size());
    const Capabilities& c = i.capabilities;
    EXPECT_NE(lines[k].find(capabilitiesText(c) + "  [" + c.family + "]"), std::string::npos);
    EXPECT_EQ(lines[k + 1], std::string(28, ' ') + c.description);
    EXPECT_EQ(lines[k + 2], std::string(28, ' ') + "energy balance: work by " + c.workRule);
    at = k + 3;
  }
  // a blank line, then the formulations with their descriptions, and nothing after them
  ASSERT_LT(at + 1, lines.size());
  EXPECT_EQ(lines[at], "");
  EXPECT_EQ(lines[at + 1], "Formulations:");
  at += 2;
  for (const std::string& f : runFormulationNames()) {
    ASSERT_LT(at, lines.size());
    EXPECT_EQ(lines[at].rfind("  " + f, 0), 0u) << lines[at];
    EXPECT_EQ(lines[at].substr(20), runFormulationDescription(f));
    ++at;
  }
  EXPECT_EQ(at, lines.size());
}

}  // namespace
}  // namespace mbw
