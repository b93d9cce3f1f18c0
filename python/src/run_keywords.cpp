#include "run_keywords.h"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <variant>

#include "errors.h"
#include "scene.h"
#include "simulation/run_options.h"
#include "simulation/run_settings.h"

namespace mbw::python {
namespace {

using Overrides = RunOverrides;

// a keyword's value as the type its option wants, or an input error naming the keyword: a number
// (True is not one, a NumPy scalar is), a whole number, a string, or True or False
double number(py::handle v, const std::string& name) {
  if (py::isinstance<py::bool_>(v) || !(py::isinstance<py::float_>(v) ||
                                        py::isinstance<py::int_>(v) || py::hasattr(v, "__float__")))
    throw InputFailure(name + ": expected a number, got " + py::repr(v).cast<std::string>());
  return py::float_(py::reinterpret_borrow<py::object>(v)).cast<double>();
}
// a whole number: anything with __index__ (int, a NumPy integer), but not a bool
int integer(py::handle v, const std::string& name) {
  if (py::isinstance<py::bool_>(v) || !py::hasattr(v, "__index__"))
    throw InputFailure(name + ": expected an integer, got " + py::repr(v).cast<std::string>());
  // within int's range, or bad input naming the keyword (not pybind11's cast error)
  const py::int_ n(py::reinterpret_borrow<py::object>(v));
  if (n < py::int_(std::numeric_limits<int>::min()) ||
      n > py::int_(std::numeric_limits<int>::max()))
    throw InputFailure(name + ": " + py::repr(v).cast<std::string>() + " is out of range");
  return n.cast<int>();
}
// a string: a str only
std::string text(py::handle v, const std::string& name) {
  if (!py::isinstance<py::str>(v))
    throw InputFailure(name + ": expected a string, got " + py::repr(v).cast<std::string>());
  return v.cast<std::string>();
}
// a flag: True or False only (1 and 0 are refused)
bool flag(py::handle v, const std::string& name) {
  if (!py::isinstance<py::bool_>(v))
    throw InputFailure(name + ": expected True or False, got " + py::repr(v).cast<std::string>());
  return v.cast<bool>();
}

// stores a keyword's value where its run option (simulation/run_options.h) keeps it, checked for
// the option's type: a number, a whole number, a string, True or False (a times file: a path too)
void store(const RunOption& option, Overrides& o, py::handle v, const std::string& name) {
  // output_times: a file, given as a str or a pathlib.Path
  if (option.setting == "output_times") {
    o.outputTimes = pathText(v);
    return;
  }
  // the other options by the type of their member of RunOverrides: a flag, an optional whole
  // number, an optional string, else a number
  std::visit(
      [&](auto member) {
        using Member = std::remove_reference_t<decltype(o.*member)>;
        if constexpr (std::is_same_v<Member, bool>)
          o.*member = flag(v, name);
        else if constexpr (std::is_same_v<Member, std::optional<int>>)
          o.*member = integer(v, name);
        else if constexpr (std::is_same_v<Member, std::optional<std::string>>)
          o.*member = text(v, name);
        else
          o.*member = number(v, name);
      },
      option.target);
}

// the run option of a keyword: every option of `mbw-cli run` that sets something of the run (not
// its outputs -o and --plot), by its name with underscores
const RunOption* findKeyword(const std::string& name) {
  for (const RunOption& o : runOptions())
    if (o.keyword() == name) return &o;
  return nullptr;
}

}  // namespace

// every run option by its keyword, in the order of `mbw-cli run --help`
std::vector<std::string> runKeywordNames() {
  std::vector<std::string> names;
  for (const RunOption& o : runOptions()) names.push_back(o.keyword());
  return names;
}

// the keywords as overrides of the scene's settings, resolved by the engine's one rule
// (simulation/run_settings.h); given keeps the settings set by keyword, for the wording of problems
ResolvedRun resolveRunKeywords(const Model& model, const py::kwargs& given) {
  Overrides overrides;
  ResolvedRun run;
  // each keyword to its option, its value checked and stored; its setting noted as given
  for (const auto& [key, value] : given) {
    const std::string name = py::str(key).cast<std::string>();
    const RunOption* k = findKeyword(name);
    if (!k)
      throw py::type_error("run() got an unexpected keyword argument '" + name +
                           "' (see mbw.run_keywords())");
    if (value.is_none()) continue;  // None: the scene's setting, as an option not given
    store(*k, overrides, value, name);
    run.given.push_back(k->setting);
  }
  // the engine's refusals at this stage (a times file that cannot be read, output_step and
  // output_times both given) are input errors
  try {
    run.settings = resolveRunSettings(model, overrides);
  } catch (const std::exception& e) {
    throw InputFailure(e.what());
  }
  return run;
}

// the engine's wording, with the keywords this run was given
std::string settingsProblemText(const SettingsProblem& p, const Model& model,
                                const std::string& source, const std::vector<std::string>& given) {
  return mbw::settingsProblemText(
      p, model, source,
      // a setting the keywords gave is named by its keyword; "" for the others, which the engine
      // names by their JSON path in the scene
      [&given](const std::string& setting) {
        const bool isGiven = std::find(given.begin(), given.end(), setting) != given.end();
        return isGiven ? runOptionFor(setting)->keyword() : std::string();
      },
      // the hint after a size the run takes only when confirmed
      "; give yes=True to run it anyway");
}

}  // namespace mbw::python
