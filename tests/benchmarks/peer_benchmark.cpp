// Issue 11's comparison measured side by side in one run: the engine's best integrators and the
// peers users trust (peer_solvers.h) on the same problems, at the same accuracy, with output on
// the same times:
//   peers/double-pendulum/<method>        body 2's centre within 1e-6 m over 3 s (grid 0.01 s), the
//                                         engine in rp and in joint coordinates (engine-*-joint)
//   peers/stiff-double-pendulum/<method>  theta1 within 1e-5 rad over 2 s (grid 0.01 s), the
//                                         engine in rp and in joint coordinates (engine-*-joint)
// Each method runs at the loosest tolerance of the ladder 10^(-k/4) (rtol = atol; Simbody's
// accuracy) whose largest error on the grid meets the target, found once before the timing;
// the reference is CVODE Adams (double pendulum) or BDF (stiff) on the 2-angle ODE at 1e-12.
// Counters: tol, error (largest on the grid), steps. The engine's runs record the grid (states
// interpolated and projected onto the constraints, as `mbw-cli run --output-step 0.01`); the
// .../steps-only entries run the same tolerance recording only the first and last states.
//   build/tests/benchmarks/mbw-bench --benchmark_filter=peers --benchmark_repetitions=5
//     --benchmark_report_aggregates_only=true  (one line; rows _min and _max: figure and spread)

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "peer_solvers.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

namespace mbw {
namespace {

using peers::PeerRun;
using peers::Quantity;

// --- the problems and the runs -------------------------------------------------------------------

// a problem of the comparison: its pendulum, initial angles and rates, span, accuracy target,
// the quantity compared, the grid and the reference on it
struct Problem {
  std::string scene;
  const peers::TwoBarPendulum* pendulum;
  std::array<double, 4> initial;  // phi1, phi2, phi1', phi2'
  double tEnd, target;
  Quantity quantity;
  std::vector<double> times;  // 0.01, 0.02, ..., tEnd
  peers::Samples reference;
};

// made once per scene: the stiff pendulum with its first angle at 0 and its second at -pi/12
// turning at 10 rad/s, the double pendulum from rest with the upper bar horizontal; the reference
// by CVODE (BDF for the stiff one, Adams for the other) at 1e-12
Problem& problem(const std::string& scene) {
  static std::map<std::string, Problem> problems;
  auto it = problems.find(scene);
  if (it != problems.end()) return it->second;
  Problem p;
  p.scene = scene;
  const bool stiff = scene == "stiff-double-pendulum";
  p.pendulum = stiff ? &peers::stiffDoublePendulum() : &peers::doublePendulum();
  p.initial = stiff ? std::array<double, 4>{0.0, -M_PI / 12, 0.0, 10.0}
                    : std::array<double, 4>{0.0, -M_PI / 2, 0.0, 0.0};
  p.tEnd = stiff ? 2.0 : 3.0;
  p.target = stiff ? 1e-5 : 1e-6;
  p.quantity = stiff ? Quantity::FirstAngle : Quantity::SecondBarCentre;
  for (int k = 1; k <= int(std::lround(p.tEnd / 0.01)); ++k) p.times.push_back(0.01 * k);
  p.reference =
      peers::cvodeTwoAngles(*p.pendulum, p.initial, stiff, 1e-12, p.times, p.quantity).samples;
  return problems.emplace(scene, std::move(p)).first->second;
}

// the largest distance from the reference over the grid (infinite for a failed or short run)
double largestError(const Problem& p, const PeerRun& run) {
  if (!run.failure.empty() || run.samples.size() != p.reference.size()) return INFINITY;
  double worst = 0.0;
  for (size_t i = 0; i < run.samples.size(); ++i)
    worst = std::max(worst, std::hypot(run.samples[i][0] - p.reference[i][0],
                                       run.samples[i][1] - p.reference[i][1]));
  return worst;
}

// an engine run on the problem's grid (or with the first and last rows only), in the formulation
// given (the scene's, rp, or joint coordinates)
PeerRun engineRun(const Problem& p, const std::string& integrator, const std::string& formulation,
                  double tol, bool grid) {
  static std::map<std::string, Model> models;
  if (!models.count(p.scene)) models.emplace(p.scene, loadScene(p.scene));
  RunSettings s;
  s.integrator = integrator;
  s.formulation = formulation;
  s.tEnd = p.tEnd;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = tol;
  // on the grid, or only the first and last rows (the steps-only entries)
  if (grid)
    s.output.times = p.times;
  else
    s.every = 100000000;
  const Results r = Simulation(models.at(p.scene), s).run();
  PeerRun run;
  run.steps = r.stats.steps;
  if (r.status != RunStatus::Completed) run.failure = r.message;
  // the grid's samples of the compared quantity, the row at t = 0 left out as the reference's is
  const bool angle = p.quantity == Quantity::FirstAngle;
  const int a = r.column(angle ? "theta1" : "body_2.y"), b = r.column("body_2.z");
  for (size_t i = 1; grid && i < r.rowCount(); ++i)
    run.samples.push_back({r.at(i, a), angle ? 0.0 : r.at(i, b)});
  return run;
}

using Method = std::function<PeerRun(const Problem&, double tol)>;

// the loosest tolerance of the ladder meeting the problem's target, found once per method
double tolerance(const std::string& key, const Problem& p, const Method& method) {
  static std::map<std::string, double> found;
  auto it = found.find(key);
  if (it != found.end()) return it->second;
  double tol = 0.0;
  for (int k = 8; k <= 48 && tol == 0.0; ++k)
    if (largestError(p, method(p, std::pow(10.0, -k / 4.0))) <= p.target)
      tol = std::pow(10.0, -k / 4.0);
  return found[key] = tol;
}

// --- measuring and registering -------------------------------------------------------------------

// the timed runs at the tolerance found, with its error and step count as counters
void measure(benchmark::State& bench, const std::string& scene, const std::string& name,
             const Method& method) {
  const Problem& p = problem(scene);
  const double tol = tolerance(scene + name, p, method);
  if (tol == 0.0) {
    bench.SkipWithError("no tolerance down to 1e-12 meets the target");
    return;
  }
  PeerRun run;
  for (auto _ : bench) run = method(p, tol);
  bench.counters["tol"] = tol;
  bench.counters["error"] = largestError(p, run);
  bench.counters["steps"] = double(run.steps);
}

// the smallest and largest of the repetitions (--benchmark_repetitions): the figure and its spread
benchmark::internal::Benchmark* withExtremes(benchmark::internal::Benchmark* b) {
  return b->Unit(benchmark::kMillisecond)
      ->ComputeStatistics(
          "min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); })
      ->ComputeStatistics("max", [](const std::vector<double>& v) {
        return *std::max_element(v.begin(), v.end());
      });
}

// a peer or engine method under its name in the scene's group
void registerMethod(const std::string& scene, const std::string& name, Method method) {
  withExtremes(benchmark::RegisterBenchmark(
      ("peers/" + scene + "/" + name).c_str(),
      [scene, name, method](benchmark::State& b) { measure(b, scene, name, method); }));
}

// an engine integrator on the grid and, at the same tolerance, recording nothing between
void registerEngine(const std::string& scene, const std::string& integrator,
                    const std::string& formulation = "rp") {
  const std::string name =
      "engine-" + integrator + (formulation == "rp" ? std::string() : "-" + formulation);
  const Method onGrid = [integrator, formulation](const Problem& p, double tol) {
    return engineRun(p, integrator, formulation, tol, true);
  };
  registerMethod(scene, name, onGrid);
  // the same tolerance, recording only the first and last states (no grid)
  withExtremes(benchmark::RegisterBenchmark(
      ("peers/" + scene + "/" + name + "/steps-only").c_str(),
      [scene, name, integrator, formulation, onGrid](benchmark::State& bench) {
        const Problem& p = problem(scene);
        const double tol = tolerance(scene + name, p, onGrid);
        PeerRun run;
        for (auto _ : bench) run = engineRun(p, integrator, formulation, tol, false);
        bench.counters["tol"] = tol;
        bench.counters["steps"] = double(run.steps);
      }));
}

// the double pendulum: CVODE on the two angles, IDA on the Cartesian DAE, Simbody when built,
// and the engine in rp and in joint coordinates; the stiff pendulum: CVODE BDF and the engine in rp
// and in joint coordinates
const bool registered = [] {
  const std::string dp = "double-pendulum", stiff = "stiff-double-pendulum";
  registerMethod(dp, "cvode-adams-2-angles", [](const Problem& p, double tol) {
    return peers::cvodeTwoAngles(*p.pendulum, p.initial, false, tol, p.times, p.quantity);
  });
  registerMethod(dp, "cvode-bdf-2-angles", [](const Problem& p, double tol) {
    return peers::cvodeTwoAngles(*p.pendulum, p.initial, true, tol, p.times, p.quantity);
  });
  registerMethod(dp, "ida-cartesian-index-1", [](const Problem& p, double tol) {
    return peers::idaCartesian(*p.pendulum, p.initial[0], p.initial[1], tol, p.times);
  });
#ifdef MBW_HAVE_SIMBODY
  registerMethod(dp, "simbody-rk-merson", [](const Problem& p, double tol) {
    return peers::simbodyMerson(*p.pendulum, p.initial[0], p.initial[1], tol, p.times);
  });
#endif
  for (const char* integrator : {"rn4", "bdf", "adams", "ida"}) registerEngine(dp, integrator);
  // the double pendulum scene's hinges are raw primitives: in joint coordinates two free bodies
  // whose hinges close loops
  for (const char* integrator : {"bdf", "adams"}) registerEngine(dp, integrator, "joint");
  registerMethod(stiff, "cvode-bdf-2-angles", [](const Problem& p, double tol) {
    return peers::cvodeTwoAngles(*p.pendulum, p.initial, true, tol, p.times, p.quantity);
  });
  for (const char* integrator : {"rn4", "w2", "bdf", "ida"}) registerEngine(stiff, integrator);
  // the same scene in joint coordinates, a tree of revolute joints
  for (const char* integrator : {"rn4", "w2", "bdf", "adams"})
    registerEngine(stiff, integrator, "joint");
  return true;
}();

}  // namespace
}  // namespace mbw
