#include "integrators/registry.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "integrators/backward_euler.h"
#include "integrators/butcher_tableau.h"
#include "integrators/cvode_integrator.h"
#include "integrators/esdirk.h"
#include "integrators/hht.h"
#include "integrators/ida_integrator.h"
#include "integrators/linear_multistep.h"
#include "integrators/rosenbrock_nystrom.h"
#include "integrators/single_step.h"

namespace mbw {
namespace {

// --- entries of the registry ---------------------------------------------------------------------

// an integrator of type T on the formulation, with the scheme's own arguments
template <class T, class... Args>
std::unique_ptr<Integrator> make(Formulation& f, const IntegratorSettings& s, Args... args) {
  return std::make_unique<T>(f, s, args...);
}

// a scheme without a linear model of the index-3 form (the state-space and IDA integrators)
template <class T>
IntegratorInfo noLinearModel(const char* name, const char* alias = "") {
  return {name, alias, T::capabilities(),
          [](Formulation& f, const IntegratorSettings& s) { return make<T>(f, s); }, nullptr};
}

// the settings' rho_inf, or the scheme's default when none was given
double rhoOr(const IntegratorSettings& s, double fallback) {
  return s.rhoInf >= 0.0 ? s.rhoInf : fallback;
}

// the k-step linear multistep scheme of Zhang et al. 2022
IntegratorInfo lms(int k) {
  return {
      "lms" + std::to_string(k), "", LinearMultistep::capabilities(k),
      [k](Formulation& f, const IntegratorSettings& s) { return make<LinearMultistep>(f, s, k); },
      [k](const IntegratorSettings& s) { return LinearMultistep::linearModel(k, s); }};
}

// the r-stage single-step scheme of Zhang et al. 2022
IntegratorInfo ss(int r) {
  return {"ss" + std::to_string(r), "", SingleStep::capabilities(r),
          [r](Formulation& f, const IntegratorSettings& s) { return make<SingleStep>(f, s, r); },
          [r](const IntegratorSettings& s) { return SingleStep::linearModel(r, s); }};
}

// an ESDIRK from a tableau builder in rho_inf (ignored by the fixed tableaux)
IntegratorInfo esdirk(const std::string& name, std::function<ButcherTableau(double)> tableau,
                      double rhoDefault, const std::vector<double>& rhoValues, bool tunable,
                      const std::string& description) {
  // the capabilities of the default tableau, with the entry's description and rho_inf's values
  const ButcherTableau t = tableau(rhoDefault);
  Capabilities c = Esdirk::capabilities(t);
  c.description = description;
  // a calibrated estimate says by how much (esdirk.h)
  if (t.estimateScale != 1.0) {
    std::ostringstream scale;
    scale << "; the estimate times " << t.estimateScale
          << ", calibrated to esdirk3-4l2sa's on the index-3 DAE";
    c.description += scale.str();
  }
  c.hasRhoInf = tunable;
  c.rhoInfDefault = rhoDefault;
  c.rhoInfValues = rhoValues;
  c.lStable = !tunable;
  // the tableau built for the run's rho_inf, for the integrator and its linear model alike
  return {name, "", c,
          [tableau, rhoDefault](Formulation& f, const IntegratorSettings& s) {
            return make<Esdirk>(f, s, tableau(rhoOr(s, rhoDefault)));
          },
          [tableau, rhoDefault](const IntegratorSettings& s) {
            return Esdirk::linearModel(tableau(rhoOr(s, rhoDefault)));
          }};
}

// MSSTC(n) or MSSTH(n): the tableau for rho_inf, with its tabulated values and its description
IntegratorInfo msst(bool higher, int n) {
  const std::string name = std::string(higher ? "mssth" : "msstc") + std::to_string(n);
  // MSSTH's rho_inf 0 by default, MSSTC's 0.6
  const double dflt = higher ? 0.0 : 0.6;
  auto build = [higher, n](double rho) {
    return higher ? mssthTableau(n, rho) : msstcTableau(n, rho);
  };
  // its line in the list of integrators
  const std::string what =
      std::string(higher ? "MSSTH(" : "MSSTC(") + std::to_string(n) +
      "): " + std::to_string(n + 1) + "-stage ESDIRK, order " +
      (higher ? std::to_string(n) : std::string("2")) +
      (higher ? "" : ", trapezoidal sub-steps then a general last stage") +
      "; rho_inf tabulated by MBDyn; fixed step (Zhang et al. 2022 section 2.3)";
  return esdirk(name, build, dflt, msstRhoInfValues(higher, n), true, what);
}

// the index-3 schemes (those with a linear model) solve their time points with Index3Solver and
// offer its linear solvers and Jacobian updates
std::vector<IntegratorInfo> withNewtonOptions(std::vector<IntegratorInfo> infos) {
  for (IntegratorInfo& info : infos)
    if (info.linearModel) {
      info.capabilities.linearSolvers = {"auto", "dense", "sparse"};
      info.capabilities.jacobianUpdates = {"auto", "iteration", "step"};
      info.capabilities.index3Forms = {"kkt", "augmented-lagrangian"};
    }
  return infos;
}

// The integrators that do not take the joint formulation say which do: the state-space ones,
// which integrate the joint coordinates' ODE (statespace/joint_ode.h), and IDA, on their GGL form
// (joint_ggl_system.h); the index-3 family needs the joint coordinates' constraints in a
// Formulation, which does not exist yet (docs/dev/joint-coordinates.md).
std::vector<IntegratorInfo> withJointRefusals(std::vector<IntegratorInfo> infos) {
  // whether an integrator lists the joint formulation
  const auto takesJoint = [](const IntegratorInfo& info) {
    const std::vector<std::string>& f = info.capabilities.formulations;
    return std::find(f.begin(), f.end(), "joint") != f.end();
  };
  // the names (and aliases) of those that take it
  std::string which;
  for (const IntegratorInfo& info : infos)
    if (takesJoint(info))
      which += (which.empty() ? "" : ", ") + info.name +
               (info.alias.empty() ? "" : " (" + info.alias + ")");
  // the others refuse it, naming those
  for (IntegratorInfo& info : infos)
    if (!takesJoint(info))
      info.capabilities.refusals["joint"] =
          "joint coordinates run with the state-space integrators and ida only: " + which;
  return infos;
}

}  // namespace

// --- the registry --------------------------------------------------------------------------------

const std::vector<IntegratorInfo>& integratorRegistry() {
  static const std::vector<IntegratorInfo> registry = withJointRefusals(withNewtonOptions({
      // the index-3 schemes: backward Euler, HHT, the multistep and single-step schemes of Zhang et
      // al. 2022, the composite ESDIRKs, the embedded ESDIRKs
      {"backward-euler", "", BackwardEuler::capabilities(),
       [](Formulation& f, const IntegratorSettings& s) { return make<BackwardEuler>(f, s); },
       [](const IntegratorSettings&) { return BackwardEuler::linearModel(); }},
      {"hht", "", Hht::capabilities(),
       [](Formulation& f, const IntegratorSettings& s) { return make<Hht>(f, s); },
       [](const IntegratorSettings& s) { return Hht::linearModel(s); }},
      lms(2),
      lms(3),
      lms(4),
      ss(2),
      ss(3),
      ss(4),
      // the composite schemes: Bathe's, then the multi-sub-step ones
      esdirk(
          "bathe", batheTableau, 0.0, {}, true,
          "rho_inf-Bathe: two sub-steps (trapezoidal, then a 3-point formula) as a 3-stage ESDIRK; "
          "order 2; fixed step (Zhang et al. 2022 eq 7)"),
      msst(false, 3),
      msst(false, 4),
      msst(false, 5),
      msst(true, 3),
      msst(true, 4),
      msst(true, 5),
      // the embedded ESDIRKs, with variable steps
      esdirk(
          "esdirk3-4l2sa", [](double) { return esdirk324l2saTableau(); }, 0.0, {}, false,
          "ESDIRK3(2)4L[2]SA: order 3, L-stable, embedded order 2: variable steps under "
          "rtol and atol"),
      esdirk(
          "esdirk3-5l2sa", [](double) { return esdirk325l2saTableau(); }, 0.0, {}, false,
          "ESDIRK3(2)5L[2]SA: order 3, L-stable, embedded order 2: variable steps under "
          "rtol and atol"),
      esdirk(
          "esdirk4-6l2sa2", [](double) { return esdirk436l2sa2Tableau(); }, 0.0, {}, false,
          "ESDIRK4(3)6L[2]SA2: order 4, L-stable, embedded order 3: variable steps under "
          "rtol and atol"),
      // state-space (ODE) integrators of Sandu et al. 2001: no linear model of the index-3 form
      // here
      noLinearModel<RosenbrockNystrom4>("rosenbrock-nystrom4", "rn4"),
      noLinearModel<WMethod2>("w2"),
      noLinearModel<AdamsIntegrator>("adams"),
      noLinearModel<BdfIntegrator>("bdf"),
      // the index-2 (GGL) form through SUNDIALS IDA
      noLinearModel<IdaIntegrator>("ida"),
  }));
  return registry;
}

// --- look-ups ------------------------------------------------------------------------------------

// by name or by alias
const IntegratorInfo* findIntegrator(const std::string& name) {
  for (const IntegratorInfo& info : integratorRegistry())
    if (info.name == name || (!info.alias.empty() && info.alias == name)) return &info;
  return nullptr;
}

// HHT without a given rho_inf: the one its alpha corresponds to
double effectiveRhoInf(const IntegratorInfo& info, const IntegratorSettings& s) {
  if (info.capabilities.hasAlpha && s.rhoInf < 0.0) {
    // rho_inf = (1 + alpha) / (1 - alpha)
    const double a = Hht::alpha(s);
    return (1.0 + a) / (1.0 - a);
  }
  return rhoOr(s, info.capabilities.rhoInfDefault);
}

double effectiveAlpha(const IntegratorSettings& s) { return Hht::alpha(s); }

// --- the settings checked against the integrator -------------------------------------------------

std::string unsupportedReason(const IntegratorInfo& info, const std::string& formulation,
                              const IntegratorSettings& settings) {
  // the formulation, with the integrator's reason when it refuses one
  const Capabilities& c = info.capabilities;
  std::ostringstream os;
  if (std::find(c.formulations.begin(), c.formulations.end(), formulation) ==
      c.formulations.end()) {
    os << info.name << " does not work with the " << formulation << " formulation (it supports:";
    for (const auto& f : c.formulations) os << ' ' << f;
    os << ")";
    const auto why = c.refusals.find(formulation);
    if (why != c.refusals.end()) os << ": " << why->second;
    return os.str();
  }
  // the Jacobian kind
  if (std::find(c.jacobians.begin(), c.jacobians.end(), settings.jacobian) == c.jacobians.end()) {
    os << info.name << " does not offer the '" << settings.jacobian << "' Jacobian (it offers:";
    for (const auto& j : c.jacobians) os << ' ' << j;
    os << ")";
    return os.str();
  }
  // each option among those the integrator offers, else what it offers
  auto offered = [&](const std::vector<std::string>& values, const std::string& value,
                     const std::string& what) {
    if (std::find(values.begin(), values.end(), value) != values.end()) return true;
    os << info.name << " does not offer " << what << " '" << value << "' (it offers:";
    for (const auto& v : values) os << ' ' << v;
    os << ")";
    return false;
  };
  // the linear solver, the Jacobian update, the error control and the index-3 form
  if (!offered(c.linearSolvers, settings.linearSolver, "the linear solver") ||
      !offered(c.jacobianUpdates, settings.jacobianUpdate, "the Jacobian update") ||
      !offered(c.errorControls, settings.errorControl, "the error control") ||
      !offered(c.index3Forms, settings.index3Form, "the index-3 form"))
    return os.str();
  // the penalty and the Newton tolerance rule
  if (!(settings.penalty > 0.0)) return "the penalty factor must be positive";
  if (settings.newtonToleranceRule != "step" && settings.newtonToleranceRule != "fixed")
    return "the Newton tolerance rule is step or fixed, got '" + settings.newtonToleranceRule + "'";
  // fixed or variable steps, as the integrator allows
  if (!settings.variableStep && !c.fixedStep)
    return info.name + " chooses its own steps: give tolerances (--rtol, --atol)";
  if (settings.variableStep && !c.variableStep)
    return info.name + " has no error estimate: it runs with fixed steps only";
  // alpha or rho_inf only where the scheme has it, never both; alpha in HHT's range [-1/3, 0]
  if (settings.rhoInf >= 0.0 && !c.hasRhoInf) return info.name + " has no tunable rho_inf";
  if (settings.alpha && !c.hasAlpha) return info.name + " has no alpha parameter (HHT has)";
  if (settings.alpha && settings.rhoInf >= 0.0)
    return "give either alpha or rho_inf for " + info.name + ", not both";
  if (settings.alpha && !(*settings.alpha >= -1.0 / 3.0 - 1e-12 && *settings.alpha <= 0.0)) {
    os << info.name << " needs alpha in [-1/3, 0], got " << *settings.alpha;
    return os.str();
  }
  // a given rho_inf: among the tabulated values, or within the scheme's range
  if (c.hasRhoInf && settings.rhoInf >= 0.0) {
    const double rho = settings.rhoInf;
    if (!c.rhoInfValues.empty()) {
      bool found = false;
      // rho_inf must match a tabulated value within 1e-6
      for (double v : c.rhoInfValues) found = found || std::abs(v - rho) < 1e-6;
      if (!found) {
        os << info.name << " is tabulated only for rho_inf in {";
        for (size_t i = 0; i < c.rhoInfValues.size(); ++i)
          os << (i ? ", " : "") << c.rhoInfValues[i];
        os << "}, got " << rho;
        return os.str();
      }
    } else if (rho < c.rhoInfMin || rho > c.rhoInfMax ||
               (c.rhoInfMaxExcluded && rho >= c.rhoInfMax)) {
      os << info.name << " needs rho_inf in [" << c.rhoInfMin << ", " << c.rhoInfMax
         << (c.rhoInfMaxExcluded ? ")" : "]") << ", got " << rho;
      if (c.rhoInfMaxExcluded && rho == c.rhoInfMax)
        os << " (at rho_inf = 1 the recurrence is not zero-stable: a double root at -1)";
      return os.str();
    }
  }
  // the step, the tolerances and the step control's factors
  if (!(settings.step > 0.0)) return "the step must be positive";
  if (settings.variableStep && !(settings.rtol > 0.0 && settings.atol > 0.0))
    return "the tolerances rtol and atol must be positive";
  if (!(settings.safetyFactor > 0.0 && settings.safetyFactor <= 1.0))
    return "the safety factor must be in (0, 1]";
  if (!(settings.minStepFactor > 0.0 && settings.minStepFactor <= 1.0 &&
        settings.maxStepFactor >= 1.0))
    return "the step factors need 0 < fac-min <= 1 <= fac-max";
  if (!(settings.constraintTolerance > 0.0)) return "the constraint tolerance must be positive";
  if (!(settings.repartitionGrowth > 1.0)) return "the repartition growth factor must exceed 1";
  return "";
}

}  // namespace mbw
