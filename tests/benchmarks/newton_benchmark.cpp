// The index-3 Newton core's cost (docs/performance.md, "Dense or sparse"):
//   chain/N/<linear solver>/<Jacobian update>   CPU per backward-Euler step (rp, h = 1e-3) of the
//                                               N-link chain, N = 4 ... 256
//   hmmwv-bump/<linear solver>/<Jacobian update> the same on the vehicle
//   andrews/<integrator>/<tol>                  a whole run of Andrews' squeezer to t = 0.03 s with
//                                               rtol = atol = tol; counter beta_error against the
//                                               IVP test set's reference
//   build/tests/benchmarks/mbw-bench --benchmark_filter='chain|hmmwv|andrews'

#include <benchmark/benchmark.h>

#include <cmath>
#include <string>

#include "integrators/registry.h"
#include "scene/templates/scene_templates.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// the Newton matrix's storage and update compared: dense or sparse LU at every iteration, and the
// defaults, where auto picks both by the model's size
struct NewtonChoice {
  const char* linearSolver;
  const char* jacobianUpdate;
};
constexpr NewtonChoice kChoices[] = {
    {"dense", "iteration"}, {"sparse", "iteration"}, {"auto", "auto"}};

// backward-Euler steps of a model from its initial state; a failed step ends the measurement
void stepModel(benchmark::State& bench, const Model& model, NewtonChoice choice) {
  const auto f = makeFormulation("rp", model);
  IntegratorSettings settings;
  settings.step = 1e-3;
  settings.linearSolver = choice.linearSolver;
  settings.jacobianUpdate = choice.jacobianUpdate;
  const State initial = consistentInitialState(*f, 0.0);
  const auto stepper = findIntegrator("backward-euler")->make(*f, settings);
  stepper->initialize(initial);
  // one step per iteration; counters: Newton iterations and factorizations per step
  long newton = 0, steps = 0;
  for (auto _ : bench) {
    const StepResult r = stepper->step(settings.step);
    if (r.kind != StepResult::Kind::Accepted) {
      bench.SkipWithError(r.reason.c_str());
      break;
    }
    newton += r.newtonIterations;
    ++steps;
  }
  bench.counters["newton_per_step"] = double(newton) / double(std::max(1L, steps));
  bench.counters["factorizations_per_step"] =
      double(stepper->stats().factorizations) / double(std::max(1L, steps));
}

// a whole variable-step run of Andrews' squeezer; counter beta_error: the crank angle's distance
// from the IVP test set's reference at t = 0.03 s, 15.81077119629904 rad
void andrews(benchmark::State& bench, const std::string& integrator, double tol) {
  static const Model model = loadScene("andrews-squeezer");
  RunSettings s;
  s.integrator = integrator;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = tol;
  s.integratorSettings.step = 1e-6;
  s.tEnd = 0.03;
  s.every = 1000000;  // the first and last rows
  double beta = 0.0;
  for (auto _ : bench) {
    const Results r = Simulation(model, s).run();
    if (r.status != RunStatus::Completed) {
      bench.SkipWithError(r.message.c_str());
      break;
    }
    // the crank angle from the last row's Euler parameters, continued from the first
    const size_t last = r.rowCount() - 1;
    const double e0 = r.at(last, r.column("of.e0")), e3 = r.at(last, r.column("of.e3"));
    const double first = 2.0 * std::atan2(r.at(0, r.column("of.e3")), r.at(0, r.column("of.e0")));
    const double turns = std::round((15.81077119629904 - first) / (2.0 * M_PI));
    beta =
        first + 2.0 * M_PI * turns + std::remainder(2.0 * std::atan2(e3, e0) - first, 2.0 * M_PI);
  }
  bench.counters["beta_error"] = std::abs(beta - 15.81077119629904);
}

// chains of 4 to 256 links with each choice (dense only to 64 links), the vehicle with each choice,
// and the squeezer with four variable-step integrators at three tolerances
const bool registered = [] {
  for (int n : {4, 8, 16, 32, 64, 128, 256})
    for (const NewtonChoice& c : kChoices) {
      if (std::string(c.linearSolver) == "dense" && n > 64) continue;  // seconds per step
      const std::string name =
          "chain/" + std::to_string(n) + "/" + c.linearSolver + "/" + c.jacobianUpdate;
      benchmark::RegisterBenchmark(name.c_str(), [n, c](benchmark::State& b) {
        stepModel(b, parseScene(generateScene("chain", {{"links", std::to_string(n)}}), "chain"),
                  c);
      })->Unit(benchmark::kMicrosecond);
    }
  for (const NewtonChoice& c : kChoices)
    benchmark::RegisterBenchmark(
        (std::string("hmmwv-bump/") + c.linearSolver + "/" + c.jacobianUpdate).c_str(),
        [c](benchmark::State& b) { stepModel(b, loadScene("hmmwv-bump"), c); })
        ->Unit(benchmark::kMicrosecond);
  for (const char* integrator : {"lms2", "esdirk3-4l2sa", "esdirk3-5l2sa", "esdirk4-6l2sa2"})
    for (const char* tol : {"1e-6", "1e-7", "1e-8"})
      benchmark::RegisterBenchmark(("andrews/" + std::string(integrator) + "/" + tol).c_str(),
                                   andrews, integrator, std::stod(tol))
          ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace mbw
