#include "run_keywords.h"

#include <algorithm>
#include <functional>

#include "errors.h"
#include "scene.h"
#include "scene/scene_error.h"
#include "simulation/run_settings.h"

namespace mbw::python {
namespace {

using Overrides = RunOverrides;

// a keyword: the setting it gives (its name in a scene's "settings" and in settings problems)
// and how its value is stored
struct Keyword {
  const char* name;
  const char* setting;
  std::function<void(Overrides&, py::handle, const std::string& name)> store;
};

double number(py::handle v, const std::string& name) {
  if (py::isinstance<py::bool_>(v) || !(py::isinstance<py::float_>(v) ||
                                        py::isinstance<py::int_>(v) || py::hasattr(v, "__float__")))
    throw InputFailure(name + ": expected a number, got " + py::repr(v).cast<std::string>());
  return py::float_(py::reinterpret_borrow<py::object>(v)).cast<double>();
}
int integer(py::handle v, const std::string& name) {
  if (py::isinstance<py::bool_>(v) || !py::hasattr(v, "__index__"))
    throw InputFailure(name + ": expected an integer, got " + py::repr(v).cast<std::string>());
  return py::int_(py::reinterpret_borrow<py::object>(v)).cast<int>();
}
std::string text(py::handle v, const std::string& name) {
  if (!py::isinstance<py::str>(v))
    throw InputFailure(name + ": expected a string, got " + py::repr(v).cast<std::string>());
  return v.cast<std::string>();
}
bool flag(py::handle v, const std::string& name) {
  if (!py::isinstance<py::bool_>(v))
    throw InputFailure(name + ": expected True or False, got " + py::repr(v).cast<std::string>());
  return v.cast<bool>();
}

template <typename T>
Keyword real(const char* name, const char* setting, std::optional<T> Overrides::*member) {
  return {name, setting,
          [member](Overrides& o, py::handle v, const std::string& n) { o.*member = number(v, n); }};
}
Keyword whole(const char* name, const char* setting, std::optional<int> Overrides::*member) {
  return {name, setting, [member](Overrides& o, py::handle v, const std::string& n) {
            o.*member = integer(v, n);
          }};
}
Keyword word(const char* name, const char* setting, std::optional<std::string> Overrides::*member) {
  return {name, setting,
          [member](Overrides& o, py::handle v, const std::string& n) { o.*member = text(v, n); }};
}
Keyword yesNo(const char* name, const char* setting, bool Overrides::*member) {
  return {name, setting,
          [member](Overrides& o, py::handle v, const std::string& n) { o.*member = flag(v, n); }};
}

// every option of `mbw-cli run` that sets something of the run (not its outputs -o and --plot)
const std::vector<Keyword>& keywords() {
  static const std::vector<Keyword> table = {
      word("integrator", "integrator", &Overrides::integrator),
      real("step", "step", &Overrides::step),
      whole("every", "every", &Overrides::every),
      yesNo("variable_step", "variable_step", &Overrides::variableStep),
      yesNo("fixed_step", "fixed_step", &Overrides::fixedStep),
      real("rtol", "rtol", &Overrides::rtol),
      real("atol", "atol", &Overrides::atol),
      yesNo("multipliers", "multipliers", &Overrides::multipliers),
      real("max_step", "max_step", &Overrides::maxStep),
      word("error_control", "error_control", &Overrides::errorControl),
      real("min_step", "min_step", &Overrides::minStep),
      real("safety", "safety", &Overrides::safety),
      real("fac_min", "fac_min", &Overrides::facMin),
      real("fac_max", "fac_max", &Overrides::facMax),
      real("constraint_tol", "constraint_tolerance", &Overrides::constraintTolerance),
      real("repartition_growth", "repartition_growth", &Overrides::repartitionGrowth),
      word("jacobian", "jacobian", &Overrides::jacobian),
      real("output_step", "output_step", &Overrides::outputStep),
      {"output_times", "output_times",
       [](Overrides& o, py::handle v, const std::string&) { o.outputTimes = pathText(v); }},
      yesNo("yes", "yes", &Overrides::confirmed),
      yesNo("record_steps", "record_steps", &Overrides::recordSteps),
      word("formulation", "formulation", &Overrides::formulation),
      real("t_start", "t_start", &Overrides::tStart),
      real("t_end", "t_end", &Overrides::tEnd),
      real("record_from", "record_from", &Overrides::recordFrom),
      yesNo("from_equilibrium", "from_equilibrium", &Overrides::fromEquilibrium),
      real("rho_inf", "rho_inf", &Overrides::rhoInf),
      real("alpha", "alpha", &Overrides::alpha),
      real("newton_tol", "newton_tolerance", &Overrides::newtonTolerance),
      word("newton_tol_rule", "newton_tolerance_rule", &Overrides::newtonToleranceRule),
      whole("max_newton", "max_newton_iterations", &Overrides::maxNewtonIterations),
      word("linear_solver", "linear_solver", &Overrides::linearSolver),
      word("jacobian_update", "jacobian_update", &Overrides::jacobianUpdate),
      word("index3_form", "index3_form", &Overrides::index3Form),
      real("penalty", "penalty", &Overrides::penalty),
  };
  return table;
}

const Keyword* findKeyword(const std::string& name) {
  for (const Keyword& k : keywords())
    if (name == k.name) return &k;
  return nullptr;
}

}  // namespace

std::vector<std::string> runKeywordNames() {
  std::vector<std::string> names;
  for (const Keyword& k : keywords()) names.push_back(k.name);
  return names;
}

ResolvedRun resolveRunKeywords(const Model& model, const py::kwargs& given) {
  Overrides overrides;
  ResolvedRun run;
  for (const auto& [key, value] : given) {
    const std::string name = py::str(key).cast<std::string>();
    const Keyword* k = findKeyword(name);
    if (!k)
      throw py::type_error("run() got an unexpected keyword argument '" + name +
                           "' (see mbw.run_keywords())");
    if (value.is_none()) continue;  // None: the scene's setting, as an option not given
    k->store(overrides, value, name);
    run.given.push_back(k->setting);
  }
  try {
    run.settings = resolveRunSettings(model, overrides);
  } catch (
      const std::exception& e) {  // a times file that cannot be read, output_step and output_times
    throw InputFailure(e.what());
  }
  return run;
}

std::string settingsProblemText(const SettingsProblem& p, const Model& model,
                                const std::string& source, const std::vector<std::string>& given) {
  const std::string hint = p.confirmable ? "; give yes=True to run it anyway" : "";
  // a keyword the user gave, then a setting the scene gives
  for (const std::string& setting : p.settings)
    if (std::find(given.begin(), given.end(), setting) != given.end())
      for (const Keyword& k : keywords())
        if (setting == k.setting) return std::string(k.name) + ": " + p.message + hint;
  const std::vector<std::string>& inScene = model.defaults.given;
  for (const std::string& setting : p.settings)
    if (std::find(inScene.begin(), inScene.end(), setting) != inScene.end())
      return SceneError(source, {{"/settings/" + setting, p.message + hint}}).what();
  return p.message + hint;
}

}  // namespace mbw::python
