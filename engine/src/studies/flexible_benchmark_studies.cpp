#include "studies/flexible_benchmark_studies.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "studies/method_grid.h"

namespace mbw {

// --- the methods, the experiments and the parts --------------------------------------------------

std::vector<MethodGroup> flexibleStudyMethodGroups() {
  // the three groups of the paper's figures: second-order methods without and with damping, and
  // the higher-order ones
  const char* secondOrder[] = {"lms2", "lms3",  "lms4",   "ss2",    "ss3",
                               "ss4",  "bathe", "msstc3", "msstc4", "msstc5"};
  const char* higherOrder[] = {"mssth3",        "mssth4",        "mssth5",
                               "esdirk3-4l2sa", "esdirk3-5l2sa", "esdirk4-6l2sa2"};
  std::vector<MethodGroup> groups{{"(a) second-order methods, rho_inf = 0", {}},
                                  {"(b) second-order methods, rho_inf = 0.6", {}},
                                  {"(c) higher-order methods, rho_inf = 0", {}}};
  // each second-order method in both groups: without damping and at rho_inf = 0.6
  for (const char* m : secondOrder) {
    groups[0].methods.push_back({m, 0.0});
    groups[1].methods.push_back({m, 0.6});
  }
  // the MSSTH methods at rho_inf = 0; the ESDIRKs are L-stable (no parameter)
  for (const char* m : higherOrder)
    groups[2].methods.push_back({m, std::string(m).rfind("mssth", 0) == 0 ? 0.0 : -1.0});
  return groups;
}

std::vector<StudyMethod> flexibleStudyMethods() {
  // every method of the three groups, in their order
  std::vector<StudyMethod> all;
  for (const MethodGroup& g : flexibleStudyMethodGroups())
    all.insert(all.end(), g.methods.begin(), g.methods.end());
  return all;
}

std::vector<Experiment> flexibleBenchmarkExperiments() {
  // the figures of each experiment: its scene, step per stage, end time, and the channel of each
  // figure by number
  return {
      // Figures 14-15: the flexible four-bar at Delta t / n = 4e-3 s
      {"four-bar",
       "flexible-four-bar",
       4e-3,
       12.0,
       {{14, "theta_c", "theta at C [rad]"}, {15, "bc.10.wx", "omega_1 at C [rad/s]"}}},
      // Figure 16: the same four-bar at 1e-3 s
      {"four-bar-fine",
       "flexible-four-bar",
       1e-3,
       12.0,
       {{16, "bc.10.wx", "omega_1 at C [rad/s]"}}},
      // Figures 18-20: the lateral buckling of a beam
      {"buckling",
       "lateral-buckling",
       1e-3,
       0.8,
       {{18, "theta_mid", "theta at mid-span [rad]"},
        {19, "beam.5.wx", "omega_1 at mid-span [rad/s]"},
        {20, "mid.F3", "F_3 at mid-span [N]"}}},
      // Figures 22-24: the rotating shaft
      {"shaft",
       "rotating-shaft",
       1e-3,
       2.5,
       {{22, "shaft.16.z", "u_3 at mid-span [m]"},
        {23, "shaft.16.vz", "v_3 at mid-span [m/s]"},
        {24, "shaft.16.az", "a_3 at mid-span [m/s^2]"}}},
  };
}

std::vector<IterationExample> newtonIterationExamples() {
  // Figure 28's examples: each scene at two steps per stage
  return {{"andrews-squeezer", {1e-4, 1e-5}, 0.05},
          {"flexible-four-bar", {4e-3, 1e-3}, 12.0},
          {"lateral-buckling", {1e-3, 5e-4}, 0.8},
          {"rotating-shaft", {1e-3, 1e-4}, 2.5}};
}

ConvergenceExperiment shaftConvergenceExperiment() {
  // Figures 25-27: the shaft's mid-span displacement, velocity and acceleration
  return {
      "rotating-shaft", 2.5, {"shaft.16.z", "shaft.16.vz", "shaft.16.az"}, {"u_3", "v_3", "a_3"}};
}

// the experiments, then the convergence study and the iterations
std::vector<std::string> flexibleStudyParts() {
  std::vector<std::string> parts;
  for (const Experiment& e : flexibleBenchmarkExperiments()) parts.push_back(e.key);
  parts.insert(parts.end(), {"convergence", "iterations"});
  return parts;
}

std::optional<Experiment> flexibleStudyExperiment(const std::string& part) {
  // an experiment by its key; the two studies that are none
  for (const Experiment& e : flexibleBenchmarkExperiments())
    if (e.key == part) return e;
  if (part == "convergence" || part == "iterations") return std::nullopt;
  // anything else refused, the parts listed
  std::string list;
  for (const std::string& p : flexibleStudyParts()) list += (list.empty() ? "" : ", ") + p;
  throw std::invalid_argument("unknown part '" + part + "' (" + list + ")");
}

// --- the study and its reference -----------------------------------------------------------------

int FlexibleStudy::run(int group, int method, int step) const {
  // the index of a run by its place in the groups, -1 if the study has no such run
  for (size_t k = 0; k < runs.size(); ++k)
    if (runs[k].group == group && runs[k].method == method && runs[k].step == step)
      return static_cast<int>(k);
  return -1;
}

FlexibleStudy makeFlexibleStudy(const Model& model, RunSettings base,
                                const FlexibleStudySettings& o) {
  // the groups, their first methods only when quick
  FlexibleStudy flexible;
  flexible.groups = flexibleStudyMethodGroups();
  if (o.quick)
    for (MethodGroup& g : flexible.groups) g.methods.resize(1);
  // the runs' common settings: the time window, Newton, the bodies the channels name
  base.tEnd = o.tEnd;
  base.integratorSettings.jacobianUpdate = o.jacobianUpdate;
  base.recordBodies.emplace();
  for (const std::string& c : o.channels) {
    // a channel "body.quantity" records its body; channels of no body record none
    const std::string body = c.substr(0, c.rfind('.'));
    std::vector<std::string>& bodies = *base.recordBodies;
    if (model.bodyIndex(body) >= 0 && std::find(bodies.begin(), bodies.end(), body) == bodies.end())
      bodies.push_back(body);
  }
  // every method (outer) at every step (inner), each run placed in its group
  std::vector<StudyMethod> methods;
  for (size_t g = 0; g < flexible.groups.size(); ++g)
    for (size_t m = 0; m < flexible.groups[g].methods.size(); ++m) {
      methods.push_back(flexible.groups[g].methods[m]);
      for (size_t k = 0; k < o.stepsPerStage.size(); ++k)
        flexible.runs.push_back({static_cast<int>(g), static_cast<int>(m), static_cast<int>(k)});
    }
  // the runs at steps per stage, in the order of their places
  flexible.study = makeMethodStepStudy(model.name, base, methods, o.stepsPerStage, true);
  flexible.study.title = model.name;
  return flexible;
}

// the flexible convergence study's one reference run
void addFlexibleConvergenceReference(FlexibleStudy& flexible,
                                     const std::vector<std::string>& outputs,
                                     double referenceStep) {
  Study& study = flexible.study;
  // the reference runs near the given step, rounded to a whole fraction of the study's smallest
  double smallest = 1e300;
  for (const RunSpec& r : study.runs)
    smallest = std::min(smallest, r.settings.integratorSettings.step);
  ConvergenceReference reference;
  // the refinement: the smallest step over the reference step, rounded, at least 1
  reference.refine = std::max(1, static_cast<int>(std::lround(smallest / referenceStep)));
  // the reference on the first run's settings
  addConvergenceReference(study, study.runs.front().settings, reference, outputs);
}

}  // namespace mbw
