// The state-space integrators on the vehicle (Sandu et al. 2001 section 5.2): the cost of one
// evaluation of the acceleration map and of its exact Jacobian, and whole runs of rn4 and Adams at
// rtol = atol = 1e-3 with the real-time factor, CPU per simulated second and rn4's cost split.
//   build/tests/benchmarks/mbw-bench --benchmark_filter=statespace

#include <benchmark/benchmark.h>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/initial_conditions.h"
#include "statespace/state_space_ode.h"

namespace mbw {
namespace {

// the ODE at the vehicle's initial state, with some independent velocity
struct VehicleOde {
  Model model = loadScene("hmmwv-bump");
  std::unique_ptr<Formulation> formulation = makeFormulation("rp", model);
  StateSpaceOde ode{*formulation, StateSpaceSettings{}};
  VectorXd v, vdot, vddot;
  VehicleOde() {
    const State s = consistentInitialState(*formulation, 0.0);
    ode.initialize(s);
    ode.gatherIndependent(s.q, v);
    ode.gatherIndependent(s.v, vdot);
    vdot.array() += 0.05;
  }
};

// one evaluation of the acceleration map, the dependent coordinates solved by Newton at each point;
// counter: Newton iterations per evaluation (paid at each of rn4's stages)
void evaluation(benchmark::State& bench) {
  VehicleOde o;
  double sign = 1.0;
  for (auto _ : bench) {
    o.v[0] += sign * 1e-6;  // a nearby point each time (the dependent coordinates move)
    sign = -sign;
    if (!o.ode.evaluate(0.0, o.v, o.vdot, o.vddot)) bench.SkipWithError(o.ode.failure().c_str());
  }
  bench.counters["newton_per_evaluation"] =
      benchmark::Counter(double(o.ode.newtonIterations()) / o.ode.evaluations());
}

// the exact Jacobians J1 = d vddot/dv, J2 = d vddot/d vdot and df/dt at the initial point, the
// derivatives rn4 evaluates once per step
void jacobian(benchmark::State& bench) {
  VehicleOde o;
  o.ode.evaluate(0.0, o.v, o.vdot, o.vddot);
  MatrixXd J1, J2;
  VectorXd ft;
  for (auto _ : bench) o.ode.jacobians(J1, J2, ft);
}

// one whole run; counters: real-time factor, CPU per simulated second, steps and the phases
void run(benchmark::State& bench, const std::string& integrator, double tEnd) {
  const Model model = loadScene("hmmwv-bump");
  RunSettings s;
  s.integrator = integrator;
  s.tEnd = tEnd;
  s.every = 1000000;  // the first and last rows only
  // the scene's first and largest step, variable steps at rtol = atol = 1e-3
  s.integratorSettings.step = model.defaults.step;
  s.integratorSettings.maxStep = model.defaults.maxStep;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = 1e-3;
  Results r;
  for (auto _ : bench) {
    Simulation simulation(model, s);
    r = simulation.run();
    if (r.status != RunStatus::Completed) bench.SkipWithError(r.message.c_str());
  }
  // the figures of the last run; each phase's share of the CPU time under its name's first word
  const RunStatistics& st = r.stats;
  bench.counters["real_time_factor"] = tEnd / st.cpuSeconds;
  bench.counters["cpu_s_per_simulated_s"] = st.cpuSeconds / tEnd;
  bench.counters["steps"] = double(st.steps);
  bench.counters["us_per_step"] = 1e6 * st.cpuSeconds / double(st.steps);
  for (const auto& [phase, seconds] : st.phaseSeconds)
    bench.counters[phase.substr(0, phase.find(' ')) + "_%"] = 100.0 * seconds / st.cpuSeconds;
}

// rn4 over 5 s (three runs) and Adams, the explicit-type code Sandu et al. weigh it against, over
// 0.5 s once
const bool registered = [] {
  benchmark::RegisterBenchmark("statespace/hmmwv-bump/evaluation", evaluation)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("statespace/hmmwv-bump/jacobian", jacobian)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("statespace/hmmwv-bump/rn4-5s-tol1e-3", run, "rn4", 5.0)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(3);
  benchmark::RegisterBenchmark("statespace/hmmwv-bump/adams-0.5s-tol1e-3", run, "adams", 0.5)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  return true;
}();

}  // namespace
}  // namespace mbw
