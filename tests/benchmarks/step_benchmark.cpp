// CPU time per integration step for every built-in scene, formulation and integrator
// (fixed step 1e-3 from the consistent initial state; no output recording).
//   build/tests/benchmarks/mbw-bench [--benchmark_filter=slider-crank]

#include <benchmark/benchmark.h>

#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"

namespace mbw {
namespace {

// CPU per fixed step of one scene x formulation x integrator; a formulation that cannot start from
// the scene's pose is skipped with its reason, so the table lists it instead of crashing
void stepScene(benchmark::State& bench, const std::string& scene, const std::string& formulation,
               const std::string& integrator) {
  const Model model = loadScene(scene);
  const std::string refused = initialPoseRefusal(formulation, model);  // e.g. rE and beam nodes
  if (!refused.empty()) {
    bench.SkipWithError(refused.c_str());
    return;
  }
  const auto f = makeFormulation(formulation, model);
  IntegratorSettings settings;
  settings.step = 1e-3;
  State initial;
  try {
    initial = consistentInitialState(*f, 0.0);
  } catch (const ModelError& e) {  // e.g. a pose at the gimbal lock of rE
    bench.SkipWithError(e.what());
    return;
  }
  const auto stepper = findIntegrator(integrator)->make(*f, settings);
  stepper->initialize(initial);
  // one step per iteration; the first step that is not accepted ends the measurement
  long newton = 0;
  for (auto _ : bench) {
    const StepResult r = stepper->step(settings.step);
    if (r.kind != StepResult::Kind::Accepted) {
      bench.SkipWithError(r.reason.c_str());
      break;
    }
    newton += r.newtonIterations;
  }
  bench.counters["newton_per_step"] = benchmark::Counter(double(newton) / bench.iterations());
}

// every built-in scene x formulation x integrator that supports the formulation at its defaults
const bool registered = [] {
  for (const BuiltinScene& s : builtinScenes())
    for (const std::string& f : formulationNames())
      for (const IntegratorInfo& i : integratorRegistry()) {
        if (!unsupportedReason(i, f, IntegratorSettings{}).empty()) continue;
        benchmark::RegisterBenchmark((s.name + "/" + f + "/" + i.name).c_str(), stepScene, s.name,
                                     f, i.name)
            ->Unit(benchmark::kMicrosecond);
      }
  return true;
}();

}  // namespace
}  // namespace mbw

// the one main of mbw-bench: the other benchmark files register their entries only
BENCHMARK_MAIN();
