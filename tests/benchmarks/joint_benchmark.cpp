// Joint coordinates (issue 34) against the rp state-space ODE on the same models: the cost of one
// evaluation of the accelerations, qdd = f(t, q, qd) by the articulated-body algorithm on the
// tree (joint/tree_ode.h) and vddot = f(t, v, vdot) of the partitioned rp equations
// (statespace/state_space_ode.h), on the double pendulum and N-link chains (the templates, with
// revolute joints), the joint-space mass matrix by CRBA, and the exact Jacobians df/dq, df/dqd of
// the tree ODE (joint/tree_jacobians.h, 2n differentiated ABA passes). The chains show the growth
// with N.
//   build/tests/benchmarks/mbw-bench --benchmark_filter=joint/ --benchmark_repetitions=5

#include <benchmark/benchmark.h>

#include "joint/tree_jacobians.h"
#include "joint/tree_ode.h"
#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "solvers/initial_conditions.h"
#include "statespace/state_space_ode.h"

namespace mbw {
namespace {

// the double pendulum (links = 2) or the N-link chain
Model chainModel(int links) {
  return links == 2
             ? parseScene(generateScene("double-pendulum"), "double-pendulum")
             : parseScene(generateScene("chain", {{"links", std::to_string(links)}}), "chain");
}

// one ABA evaluation of the tree's accelerations per iteration, at alternating nearby points
void treeEvaluation(benchmark::State& bench, int links) {
  const Model model = chainModel(links);
  TreeOde ode(model);
  VectorXd q, qd, qdd;
  ode.initialState(q, qd);
  qd.setConstant(0.3);
  double sign = 1.0;
  for (auto _ : bench) {
    q[0] += sign * 1e-6;  // a nearby point each time
    sign = -sign;
    ode.evaluate(0.0, q, qd, qdd);
    benchmark::DoNotOptimize(qdd.data());
  }
}

// the joint-space mass matrix by CRBA at the initial pose
void treeMassMatrix(benchmark::State& bench, int links) {
  const Model model = chainModel(links);
  TreeOde ode(model);
  VectorXd q, qd;
  ode.initialState(q, qd);
  // the kinematics once; each iteration assembles H only
  ode.dynamics().computeKinematics(q, qd);
  MatrixXd H;
  for (auto _ : bench) {
    ode.dynamics().massMatrix(H);
    benchmark::DoNotOptimize(H.data());
  }
}

// the exact Jacobians of the tree ODE and its time derivative
void treeJacobians(benchmark::State& bench, int links) {
  const Model model = chainModel(links);
  TreeOde ode(model);
  TreeJacobians jacobians(model, ode.tree());
  VectorXd q, qd, dfdt;
  ode.initialState(q, qd);
  qd.setConstant(0.3);
  MatrixXd J1, J2;
  for (auto _ : bench) {
    jacobians.evaluate(0.0, q, qd, J1, J2, dfdt);
    benchmark::DoNotOptimize(J1.data());
  }
}

// the rp state-space ODE of the same model, for comparison
void rpEvaluation(benchmark::State& bench, int links) {
  const Model model = chainModel(links);
  const std::unique_ptr<Formulation> rp = makeFormulation("rp", model);
  StateSpaceOde ode(*rp, StateSpaceSettings{});
  const State s = consistentInitialState(*rp, 0.0);
  if (!ode.initialize(s)) bench.SkipWithError(ode.failure().c_str());
  VectorXd v, vdot, vddot;
  ode.gatherIndependent(s.q, v);
  ode.gatherIndependent(s.v, vdot);
  // some independent velocity, so that the velocity terms cost what they do in a run
  vdot.array() += 0.05;
  double sign = 1.0;
  for (auto _ : bench) {
    v[0] += sign * 1e-6;  // a nearby point each time (the dependent coordinates move)
    sign = -sign;
    if (!ode.evaluate(0.0, v, vdot, vddot)) bench.SkipWithError(ode.failure().c_str());
  }
}

// the double pendulum and chains up to 64 links; the rp ODE up to 16 links only
const bool registered = [] {
  for (int links : {2, 4, 16, 32, 64}) {
    const std::string name = links == 2 ? "double-pendulum" : "chain-" + std::to_string(links);
    benchmark::RegisterBenchmark(("joint/" + name + "/aba").c_str(), treeEvaluation, links)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("joint/" + name + "/crba").c_str(), treeMassMatrix, links)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("joint/" + name + "/jacobians").c_str(), treeJacobians, links)
        ->Unit(benchmark::kMicrosecond);
    if (links <= 16)
      benchmark::RegisterBenchmark(("joint/" + name + "/rp-statespace").c_str(), rpEvaluation,
                                   links)
          ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
}  // namespace mbw
