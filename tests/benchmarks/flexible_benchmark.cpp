// The flexible-beam benchmarks of Zhang et al. 2022 (section 5.2-5.4), each a whole run at the
// paper's Delta t / n from the scene's start time (run-ins included), recording only the first and
// last rows: the performance goal is at most 5 s of CPU with lms3 per run (docs/performance.md).
//   build/tests/benchmarks/mbw-bench --benchmark_filter=flexible

#include <benchmark/benchmark.h>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

// one whole run of the scene with its own formulation, step and span, the Newton matrix's storage
// and update given; counters: steps, Newton iterations per step, factorizations
void flexibleRun(benchmark::State& bench, const std::string& scene, const std::string& integrator,
                 const std::string& linearSolver, const std::string& update) {
  const Model model = loadScene(scene);
  RunSettings s;
  s.formulation = model.defaults.formulation;
  s.integrator = integrator;
  s.integratorSettings.step = model.defaults.step;
  s.integratorSettings.linearSolver = linearSolver;
  s.integratorSettings.jacobianUpdate = update;
  s.tStart = model.defaults.tStart;
  s.tEnd = model.defaults.tEnd;
  // the first and last rows, no body channels: the figure is the integration's, not the output's
  s.every = 1000000;
  s.recordBodies.emplace();
  Results r;
  for (auto _ : bench) {
    r = Simulation(model, s).run();
    // a run that fails is no figure: skipped with the engine's message
    if (r.status != RunStatus::Completed) {
      bench.SkipWithError(r.message.c_str());
      return;
    }
  }
  bench.counters["steps"] = double(r.stats.steps);
  bench.counters["newton_per_step"] = double(r.stats.newtonIterations) / r.stats.steps;
  bench.counters["factorizations"] = double(r.stats.factorizations);
}

// each scene with lms3: sparse storage with the default and the every-iteration update (as the
// studies run), and dense with the default; three single runs each, for the minimum and spread
const bool registered = [] {
  for (const char* scene : {"flexible-four-bar", "lateral-buckling", "rotating-shaft"}) {
    for (const char* update : {"auto", "iteration"})
      benchmark::RegisterBenchmark(
          (std::string("flexible/") + scene + "/lms3/sparse/" + update).c_str(), flexibleRun, scene,
          "lms3", "sparse", update)
          ->Unit(benchmark::kSecond)
          ->Iterations(1)
          ->Repetitions(3);
    benchmark::RegisterBenchmark((std::string("flexible/") + scene + "/lms3/dense/auto").c_str(),
                                 flexibleRun, scene, "lms3", "dense", "auto")
        ->Unit(benchmark::kSecond)
        ->Iterations(1)
        ->Repetitions(3);
  }
  return true;
}();

}  // namespace
}  // namespace mbw
