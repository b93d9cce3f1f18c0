// mbw.integrators(), mbw.describe(name), mbw.formulations(), mbw.scenes(): what `mbw-cli list`
// prints, as Python values (integrators/registry.h, scene/builtin_scenes.h).

#include <pybind11/stl.h>

#include "bindings.h"
#include "errors.h"
#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "simulation/simulation.h"

namespace mbw::python {
namespace {

// mbw.describe: an integrator's capabilities (integrators/registry.h) as a dict, keys in snake
// case; an unknown name is an input error pointing to mbw.integrators()
py::dict describe(const std::string& name) {
  const IntegratorInfo* info = findIntegrator(name);
  if (!info) throw InputFailure("unknown integrator '" + name + "' (see mbw.integrators())");
  const Capabilities& k = info->capabilities;
  // what it is: its name, its alias (None when it has none), family, one-line description and
  // where its coefficients come from
  py::dict d;
  d["name"] = info->name;
  d["alias"] = info->alias.empty() ? py::object(py::none()) : py::object(py::str(info->alias));
  d["family"] = k.family;
  d["description"] = k.description;
  d["source"] = k.source;
  // its design order, the time points solved per step, L-stability and the step control it offers
  d["order"] = k.order;
  d["implicit_stages"] = k.implicitStages;
  d["l_stable"] = k.lStable;
  d["error_estimate"] = k.errorEstimate;
  d["variable_step"] = k.variableStep;
  d["fixed_step"] = k.fixedStep;
  // rho_inf: its range and default, or the only values offered
  if (k.hasRhoInf) {
    py::dict rho;
    rho["min"] = k.rhoInfMin;
    rho["max"] = k.rhoInfMax;
    rho["max_excluded"] = k.rhoInfMaxExcluded;
    rho["default"] = k.rhoInfDefault;
    rho["values"] = k.rhoInfValues;
    d["rho_inf"] = rho;
  } else {
    d["rho_inf"] = py::none();
  }
  // whether it takes alpha in place of rho_inf (HHT: alpha in [-1/3, 0])
  d["alpha"] = k.hasAlpha;
  // the values each keyword of run() accepts with this integrator
  py::dict options;
  options["jacobian"] = k.jacobians;
  options["linear_solver"] = k.linearSolvers;
  options["jacobian_update"] = k.jacobianUpdates;
  options["error_control"] = k.errorControls;
  options["index3_form"] = k.index3Forms;
  d["options"] = options;
  // the formulations it is tested with and why it refuses the others; what its counters count and
  // how it advances the work integrals
  d["formulations"] = k.formulations;
  d["refusals"] = k.refusals;
  d["iteration_count"] = k.iterationCount;
  d["evaluation_count"] = k.evaluationCount;
  d["work_rule"] = k.workRule;
  return d;
}

}  // namespace

// the lists of `mbw-cli list`, and describe
void bindIntegrators(py::module_& m) {
  // integrators(): the registry's names
  m.def(
      "integrators",
      [] {
        std::vector<std::string> names;
        for (const IntegratorInfo& i : integratorRegistry()) names.push_back(i.name);
        return names;
      },
      "The integrators' names, in the order of `mbw-cli list`.");
  m.def("describe", &describe, py::arg("integrator"),
        "An integrator's capabilities (by name or alias): order, family, the values of its "
        "options, the "
        "formulations it runs with.");
  // formulations(): the absolute ones from their registry, then the joint coordinates
  m.def("formulations", &runFormulationNames,
        "The formulations' names (rA, rp, rE, and joint for the state-space integrators and ida).");
  // scenes(): the names Scene.load takes besides paths
  m.def(
      "scenes",
      [] {
        std::vector<std::string> names;
        for (const BuiltinScene& s : builtinScenes()) names.push_back(s.name);
        return names;
      },
      "The built-in scenes' names (mbw.Scene.load takes them, or a path).");
}

}  // namespace mbw::python
