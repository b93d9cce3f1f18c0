#include "scene/templates/scene_templates.h"

#include <algorithm>
#include <cctype>

#include <functional>
#include <sstream>

#include "math/number_text.h"
#include "scene/templates/template_generators.h"
#include "scene/templates/template_values.h"

namespace mbw {
namespace {

using Kind = ParameterKind;

// --- parameter declarations ----------------------------------------------------------------------

// a number in [minimum, maximum] (or (minimum, maximum] when the minimum is excluded)
TemplateParameter number(std::string name, std::string unit, std::string description,
                         std::string value, double minimum, double maximum,
                         bool minimumExcluded = false) {
  TemplateParameter p;
  p.name = std::move(name);
  p.kind = Kind::Number;
  p.unit = std::move(unit);
  p.description = std::move(description);
  p.defaultValue = std::move(value);
  p.minimum = minimum;
  p.maximum = maximum;
  p.minimumExcluded = minimumExcluded;
  return p;
}

// a number above zero
TemplateParameter positive(std::string name, std::string unit, std::string description,
                           std::string value, double maximum = 1e6) {
  return number(std::move(name), std::move(unit), std::move(description), std::move(value), 0.0,
                maximum, true);
}

// a whole number in [minimum, maximum]
TemplateParameter integer(std::string name, std::string description, std::string value, int minimum,
                          int maximum) {
  TemplateParameter p =
      number(std::move(name), "", std::move(description), std::move(value), minimum, maximum);
  // a number whose value must be whole
  p.kind = Kind::Integer;
  return p;
}

// a list of numbers, one per named element, each in the parameter's range
TemplateParameter numbers(TemplateParameter p, std::vector<std::string> elements) {
  p.kind = Kind::Numbers;
  p.count = static_cast<int>(elements.size());
  p.elementNames = std::move(elements);
  return p;
}

// one of the choices, the first the default
TemplateParameter choice(std::string name, std::string description,
                         std::vector<std::string> choices) {
  TemplateParameter p;
  p.name = std::move(name);
  p.kind = Kind::Choice;
  p.description = std::move(description);
  p.defaultValue = choices.front();
  p.choices = std::move(choices);
  return p;
}

// true or false, false by default
TemplateParameter flag(std::string name, std::string description) {
  TemplateParameter p;
  p.name = std::move(name);
  p.kind = Kind::Flag;
  p.description = std::move(description);
  p.defaultValue = "false";
  return p;
}

// free text, empty by default
TemplateParameter text(std::string name, std::string description) {
  TemplateParameter p;
  p.name = std::move(name);
  p.kind = Kind::Text;
  p.description = std::move(description);
  return p;
}

// the crank of a closed loop: its angle and speed at the start, free or driven
std::vector<TemplateParameter> crankParameters(const std::string& angle, const std::string& speed,
                                               const std::string& speedMeaning) {
  return {number("crank_angle", "deg", "crank angle at the start, counterclockwise from +x", angle,
                 -360.0, 360.0),
          number("crank_speed", "rad/s",
                 "crank speed at the start, counterclockwise" + speedMeaning +
                     "; with driven, the constant speed it is turned at",
                 speed, -1e4, 1e4),
          flag("driven",
               "turn the crank at constant crank_speed (an angle driver: 0 degrees of freedom) "
               "instead of "
               "letting the mechanism move under gravity")};
}

// the joints of a closed loop: revolute as drawn, or spherical-universal without repeated equations
TemplateParameter loopJoints(const std::string& repeated) {
  return choice("joints",
                "revolute: every pin a revolute joint, as drawn (" + repeated +
                    " equations repeat the others; the engine finds and leaves them out); "
                    "spherical-universal: each coupler ends on a spherical and a universal joint "
                    "instead (the same "
                    "motion, no repeated equations)",
                {"revolute", "spherical-universal"});
}

// appended to every template: the plane, the run, the scene's own name and description
void addCommonParameters(std::vector<TemplateParameter>& p, const std::string& tEnd) {
  // the vertical axis, which also sets the hinge axes of the planar mechanisms
  p.push_back(
      choice("up",
             "the vertical axis: z (the scenes' convention; hinges about y) or y (as the IFToMM "
             "benchmark problems; hinges about z); gravity 9.81 m/s^2 down it",
             {"z", "y"}));
  // the run's length and its recording grid
  p.push_back(positive("t_end", "s", "end time of a run", tEnd));
  p.push_back(number("output_step", "s", "record runs every output_step seconds (0: at every step)",
                     "0", 0.0, 1e6));
  // names the user may give in place of the generated ones
  p.push_back(text("name", "the scene's name (default: the template's name and size)"));
  p.push_back(text("description", "the scene's description (default: what the template made)"));
}

// --- the templates -------------------------------------------------------------------------------

// a template's declaration and the generator of its scene text
struct Entry {
  SceneTemplate declaration;
  std::function<std::string(const TemplateValues&)> generate;
};

// each template: its parameters, the common ones, and its generator
std::vector<Entry> makeEntries() {
  std::vector<Entry> e;

  // the chain
  SceneTemplate chain{
      "chain",
      "An N-link pendulum chain: equal bars hinged end to end by revolute joints, released in line "
      "from rest (N degrees of freedom)",
      // its size, its bars and their release angle
      {integer("links", "number of bars N", "8", 1, 100000),
       positive("length", "m", "length of each bar", "1"),
       positive("mass", "kg", "mass of each bar", "1"),
       number("angle", "deg", "release angle below the horizontal", "0", -180.0, 180.0)}};
  // then the plane, the run and the names; and its generator
  addCommonParameters(chain.parameters, "1");
  e.push_back({chain, templates::chainScene});

  // the double pendulum
  SceneTemplate pendulum{
      "double-pendulum",
      "A double pendulum: two bars hinged end to end by revolute joints, released from rest (2 "
      "degrees of freedom)",
      {numbers(positive("lengths", "m", "lengths of the upper and lower bar", "1,1"),
               {"upper", "lower"}),
       numbers(positive("masses", "kg", "masses of the upper and lower bar", "1,1"),
               {"upper", "lower"}),
       numbers(
           number("angles", "deg", "release angles of the upper and lower bar below the horizontal",
                  "0,0", -180.0, 180.0),
           {"upper", "lower"})}};
  addCommonParameters(pendulum.parameters, "5");
  e.push_back({pendulum, templates::doublePendulumScene});

  // the four-bar, from its four lengths, a crank and its assembly branch
  SceneTemplate fourBar{
      "four-bar",
      "A four-bar linkage from its four lengths: crank A-B and rocker C-D pinned to the ground at "
      "A "
      "and D, coupler B-C (1 degree of freedom)",
      {numbers(positive("lengths", "m",
                        "lengths a, b, c, d of the crank, the coupler, the rocker and "
                        "the ground A-D",
                        "0.2,0.5,0.4,0.5"),
               {"crank", "coupler", "rocker", "ground"}),
       positive("mass_per_length", "kg/m", "mass of the bars per metre", "1")}};
  // the crank's start, the assembly branch and the kind of pin joints
  for (TemplateParameter& p : crankParameters("90", "0", ""))
    fourBar.parameters.push_back(std::move(p));
  fourBar.parameters.push_back(
      choice("branch",
             "which of the two assemblies: C on the left of the line from B to D "
             "(elbow-up) or on its right (elbow-down)",
             {"elbow-up", "elbow-down"}));
  fourBar.parameters.push_back(loopJoints("3 of its 20"));
  addCommonParameters(fourBar.parameters, "2");
  e.push_back({fourBar, templates::fourBarScene});

  // the slider-crank
  SceneTemplate sliderCrank{
      "slider-crank",
      "A slider-crank from crank, rod and offset: crank O-B pinned to the ground at O, rod B-C, "
      "slider C on a horizontal slide (1 degree of freedom)",
      {positive("crank", "m", "crank length", "0.1"), positive("rod", "m", "rod length", "0.3"),
       number("offset", "m", "height of the slide line above the crank pivot O", "0", -1e3, 1e3),
       positive("mass_per_length", "kg/m", "mass of crank and rod per metre", "1"),
       positive("slider_mass", "kg", "mass of the slider", "0.5")}};
  // the crank's start and the kind of pin joints
  for (TemplateParameter& p : crankParameters("90", "0", ""))
    sliderCrank.parameters.push_back(std::move(p));
  sliderCrank.parameters.push_back(loopJoints("3 of its 20"));
  addCommonParameters(sliderCrank.parameters, "2");
  e.push_back({sliderCrank, templates::sliderCrankScene});

  // the IFToMM N four-bar
  SceneTemplate nFourBar{
      "n-four-bar",
      "The N-four-bar of the IFToMM benchmark A02: N parallelogram windows of 2N+1 equal bars, "
      "N+1 cranks pinned to the ground one bar length apart (1 degree of freedom, N+1 where the "
      "cranks lie horizontal)",
      // the windows, and the bars' length and mass
      {integer("windows", "number of windows N", "4", 1, 10000),
       positive("length", "m", "length of every bar", "1"),
       positive("mass", "kg", "mass of every bar", "1")}};
  // the first crank's start; by default it moves as in the benchmark
  for (TemplateParameter& p : crankParameters(
           "90", "-1",
           " (-1 rad/s moves B0, the tip of the first crank, at +1 m/s along x from upright)"))
    nFourBar.parameters.push_back(std::move(p));
  nFourBar.parameters.push_back(loopJoints("3N of its 15N+5"));
  addCommonParameters(nFourBar.parameters, "5");
  e.push_back({nFourBar, templates::nFourBarScene});
  return e;
}

// made once, on first use
const std::vector<Entry>& entries() {
  static const std::vector<Entry> e = makeEntries();
  return e;
}

// a range's ends, to six significant digits
std::string numberText(double x) { return formatNumber(x, 6); }

}  // namespace

// --- parameters, the list and the generation -----------------------------------------------------

// the range as the parameter's description shows it: an interval, the choices, or nothing
std::string TemplateParameter::rangeText() const {
  switch (kind) {
    // the numbers: an interval, open or closed at each end
    case Kind::Integer:
    case Kind::Number:
    case Kind::Numbers:
      return (minimumExcluded ? "(" : "[") + numberText(minimum) + ", " + numberText(maximum) +
             (maximumExcluded ? ")" : "]");
    // the choices, separated by bars
    case Kind::Choice: {
      std::string s;
      for (const std::string& c : choices) s += (s.empty() ? "" : " | ") + c;
      return s;
    }
    // no range for a flag or a text
    case Kind::Flag:
    case Kind::Text:
      return "";
  }
  return "";
}

std::string TemplateParameter::helpText() const {
  // the unit, the elements, the default and the range, those the parameter has
  std::string details = unit;
  auto add = [&](const std::string& s) { details += (details.empty() ? "" : "; ") + s; };
  if (kind == Kind::Numbers) {
    std::string names;
    for (const std::string& e : elementNames) names += (names.empty() ? "" : ", ") + e;
    add(std::to_string(count) + " values: " + names);
  }
  // a flag's default (false) goes unsaid
  if (kind != Kind::Flag && !defaultValue.empty()) add("default " + defaultValue);
  if (kind == Kind::Integer || kind == Kind::Number) add("in " + rangeText());
  if (kind == Kind::Numbers) add("each in " + rangeText());
  return details.empty() ? description : description + " (" + details + ")";
}

// the shape of the value in an option's help: N, X, TEXT, a list or the choices
std::string TemplateParameter::valueShape() const {
  switch (kind) {
    case Kind::Integer:
      return "N";
    // the elements' names in capitals, or the choices
    case Kind::Numbers: {
      std::string s;
      for (const std::string& e : elementNames) {
        std::string upper = e;
        std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
        s += (s.empty() ? "" : ",") + upper;
      }
      return s;
    }
    case Kind::Choice: {
      std::string s;
      for (const std::string& c : choices) s += (s.empty() ? "" : "|") + c;
      return s;
    }
    case Kind::Text:
      return "TEXT";
    case Kind::Number:
    case Kind::Flag:
      return "X";
  }
  return "X";
}

const std::vector<SceneTemplate>& sceneTemplates() {
  // the declarations alone, in the order of the table
  static const std::vector<SceneTemplate> list = [] {
    std::vector<SceneTemplate> l;
    for (const Entry& e : entries()) l.push_back(e.declaration);
    return l;
  }();
  return list;
}

// a template by name, or none
const SceneTemplate* findSceneTemplate(const std::string& name) {
  for (const SceneTemplate& t : sceneTemplates())
    if (t.name == name) return &t;
  return nullptr;
}

// crank_angle -> crank-angle
std::string templateOptionName(const std::string& parameter) {
  std::string s = parameter;
  std::replace(s.begin(), s.end(), '_', '-');
  return s;
}

// the parameters given, as text
TemplateArguments TemplateInput::arguments() const {
  TemplateArguments a;
  for (const auto& [name, value] : texts)
    if (value) a[name] = *value;
  for (const auto& [name, set] : flags)
    if (set) a[name] = "true";
  return a;
}

// an option per parameter, bound to its entry of the input
std::vector<CommandOption> templateOptions(const SceneTemplate& t, TemplateInput& input) {
  std::vector<CommandOption> options;
  for (const TemplateParameter& p : t.parameters) {
    // a flag for a yes/no parameter, else a text with the value's shape
    if (p.kind == Kind::Flag)
      options.push_back({templateOptionName(p.name), p.helpText(), &input.flags[p.name]});
    else
      options.push_back({templateOptionName(p.name),
                         p.helpText(),
                         &input.texts[p.name],
                         0,
                         "",
                         "",
                         {},
                         "",
                         p.valueShape()});
  }
  return options;
}

std::string generateScene(const std::string& templateName, const TemplateArguments& arguments) {
  // the named template's scene from the arguments checked against its declaration
  for (const Entry& e : entries())
    if (e.declaration.name == templateName)
      return e.generate(TemplateValues(e.declaration, arguments));
  // an unknown name: the error lists those there are
  std::string names;
  for (const Entry& e : entries()) names += (names.empty() ? "" : ", ") + e.declaration.name;
  throw TemplateError("", "no template named '" + templateName + "' (there are " + names + ")");
}

}  // namespace mbw
