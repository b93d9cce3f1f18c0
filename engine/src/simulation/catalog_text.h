#pragma once
// What a run can be made of, as text a front end shows as it is (mbw-cli list prints it): the
// built-in scenes with their descriptions and the other names some of them are known by
// (scene/builtin_scenes.h), the integrators with what they can do
// (integrators/capabilities_text.h), their family, description and the rule their energy balance
// counts work by, and the run formulations with their descriptions (simulation.h).

#include <string>

namespace mbw {

// Three sections, "Built-in scenes:", "Integrators:" and "Formulations:", a blank line apart; under
// each heading one line per entry indented by two spaces, its name in a column (for a scene or an
// alias 24 wide, or two spaces past the longest of their names; 26 for an integrator with its
// alias, 18 for a formulation) and its words after it: a scene's description cut at 90 characters
// ("..." when longer), an alias's "= SCENE (REASON)", an integrator's capabilities and [family],
// then its description and "energy balance: work by RULE" on two lines under the words.
std::string catalogText();

}  // namespace mbw
