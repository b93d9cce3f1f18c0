#pragma once
// One option of a command, described once for every front end: its name, its help text, the field
// of the command's request it fills and how it is given (a positional argument, a required option,
// a comma-separated list, a flag). The tables of the study commands (studies/study_options.h) are
// made of them; `mbw-cli` adds one command-line option per entry, and a front end that builds a
// request from keywords or a form takes the same names and help texts. (A run's own options, which
// fill RunOverrides and name the settings they give, are simulation/run_options.h; they become
// command options bound to one RunOverrides by runCommandOptions.)

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace mbw {

// The field of a request an option fills: a word, a number, a whole number, a flag (bool), an
// optional number, whole number or word (unset when not given: a run's overrides), or a list of
// numbers or words.
using CommandOptionField =
    std::variant<std::string*, double*, int*, bool*, std::optional<double>*, std::optional<int>*,
                 std::optional<std::string>*, std::vector<double>*, std::vector<std::string>*>;

// How an option is given (bits of CommandOption::kind).
enum CommandOptionKind : unsigned {
  kOptionPositional = 1,   // an argument without a name ("scene"), not an option
  kOptionRequired = 2,     // the command refuses to run without it
  kOptionShowDefault = 4,  // the help shows the field's value before parsing
  kOptionCommaList = 8,    // a list given as "a,b,c"
};

struct CommandOption {
  std::string name;  // as the command line spells it without dashes: "reference-tol"; "scene"
  std::string help;
  CommandOptionField field;  // where its value goes, in the request the table was made for
  unsigned kind = 0;         // CommandOptionKind bits
  std::string shortName{};   // one letter given with one dash ("o": -o), "" for none
  std::string excludes{};    // the option of the same table it cannot be given with, "" for none
  std::vector<std::string> allowed{};  // the only values it takes, when not empty
  std::string alias{};  // another long name ("integrator" for "integrators"), "" for none
  // the value's shape in a usage line ("N", "UPPER,LOWER"), "" for its type's
  std::string valueName{};

  bool is(CommandOptionKind k) const { return (kind & k) != 0; }
  bool isFlag() const { return std::holds_alternative<bool*>(field); }
  // the option's name as a keyword: reference_tol
  std::string keyword() const;
};

// The items of a list given as one text, "a,b,,c" -> a, b, c (empty items dropped): the lists a
// request keeps as typed (compare's --channels, the studies' --outputs).
std::vector<std::string> commaListItems(const std::string& list);

// SCENE, the argument of every command on a scene: a built-in scene name or a scene file
// (required).
CommandOption sceneArgument(std::string& scene);

}  // namespace mbw
