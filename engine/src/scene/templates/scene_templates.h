#pragma once
// Scenes made from a few parameters: the templates of `mbw-cli generate`, of the workbench's
// "New scene from template" and of the Python module. One declared list names every template and
// its parameters, each with its unit, default and valid range, so that any front end can list
// them, build its form and check a value before it asks for a scene.
//
// The mechanisms are drawn as an engineer draws them: bars with a thin rod's mass and inertia
// between named end points, hinged by revolute joints (a closed loop may instead end its coupler
// on a spherical and a universal joint, the same motion without repeated constraint equations),
// slid by translational joints. Planar mechanisms lie in the vertical plane of x and the `up`
// axis (z by default, y as in the IFToMM benchmark problems), hinge axes along x cross up, angles
// counted counterclockwise from +x towards up. Initial poses close the loops exactly and initial
// velocities satisfy the velocity constraints; a crank is free (the mechanism moves under gravity
// from its initial speed) unless `driven`, then an angle driver turns it at constant speed.

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "simulation/command_option.h"

namespace mbw {

enum class ParameterKind {
  Integer,  // a whole number in [minimum, maximum]
  Number,   // a number in the range
  Numbers,  // `count` numbers, each in the range, written "a,b,c"
  Flag,     // on or off: "true" / "false" (a command line's bare --flag)
  Choice,   // one of `choices`
  Text,     // free text (a name, a description)
};

struct TemplateParameter {
  std::string name;  // snake_case, e.g. "crank_angle" (the command line writes --crank-angle)
  ParameterKind kind = ParameterKind::Number;
  std::string unit;          // "m", "kg", "deg", "rad/s", ... or "" for none
  std::string description;   // one line, e.g. "crank angle from the ground line at release"
  std::string defaultValue;  // as text, as a user would type it ("" for a Text parameter: the
                             // template's own)
  double minimum = 0.0, maximum = 0.0;  // Integer, Number, Numbers
  bool minimumExcluded = false, maximumExcluded = false;
  int count = 1;                     // Numbers
  std::vector<std::string> choices;  // Choice
  std::vector<std::string>
      elementNames;  // Numbers: what each value is, e.g. {"crank", "coupler", ...}

  // "(0, 1000]", "[-180, 180]", "z | y", "" for text and flags
  std::string rangeText() const;
  // The description with what else a user needs in one line (a command-line option's help, a
  // keyword's doc): "crank angle ... (deg; default 90; in [-360, 360])", "lengths ... (m; 2
  // values: upper, lower; default 1,1; each in (0, 1e+06])".
  std::string helpText() const;
  // The shape of a value in a usage line: N, X, TEXT, the choices ("revolute|spherical-universal")
  // or the elements' names ("UPPER,LOWER").
  std::string valueShape() const;
};

struct SceneTemplate {
  std::string name;     // e.g. "four-bar"
  std::string summary;  // one line: what it makes
  std::vector<TemplateParameter> parameters;
};

// Every template, in the order a list shows them.
const std::vector<SceneTemplate>& sceneTemplates();
// nullptr for an unknown name
const SceneTemplate* findSceneTemplate(const std::string& name);

// A parameter's name as a command line spells its option, with hyphens for the underscores:
// "crank_angle" -> "crank-angle" (mbw-cli generate four-bar --crank-angle 30).
std::string templateOptionName(const std::string& parameter);

// Bad arguments: names the parameter (empty for an unknown template or parameter) and says what
// is wrong, e.g. parameter "lengths", "the longest bar (5 m) is longer than the other three
// together (3 m): the loop cannot close".
class TemplateError : public std::invalid_argument {
 public:
  TemplateError(std::string parameter, const std::string& message)
      : std::invalid_argument(message), parameter_(std::move(parameter)) {}
  const std::string& parameter() const { return parameter_; }

 private:
  std::string parameter_;
};

// parameter name -> value as text; the parameters not given take their defaults
using TemplateArguments = std::map<std::string, std::string>;

// What a front end's options (templateOptions) are given for one template, as typed.
struct TemplateInput {
  std::map<std::string, std::optional<std::string>> texts;  // parameter -> value, when given
  std::map<std::string, bool> flags;                        // flag parameter -> set
  // the arguments of generateScene: only the parameters given (the engine fills in the defaults;
  // a flag, false by default, is given as "true" when set)
  TemplateArguments arguments() const;
};

// One command option per parameter of t, in its order (simulation/command_option.h): named as
// templateOptionName says, with its help text and value shape, a flag for a Flag parameter; each
// bound to its entry of input (which lives as long as the options are used).
std::vector<CommandOption> templateOptions(const SceneTemplate& t, TemplateInput& input);

// The scene's JSON text (docs/scene-format.md). Throws TemplateError for an unknown template, an
// unknown parameter, a value out of its range, or values that make no mechanism (a four-bar whose
// lengths cannot close, a slider the rod cannot reach, ...).
std::string generateScene(const std::string& templateName, const TemplateArguments& arguments = {});

}  // namespace mbw
