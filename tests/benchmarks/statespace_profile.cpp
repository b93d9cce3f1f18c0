// A fixed amount of work of the state-space ODE for instruction counts (docs/performance.md, "The
// state-space ODE"): N evaluations of the acceleration map at nearby points (up to 1e-2 s along
// the motion, as an integrator's stages are) and N exact Jacobians, on one scene, from the
// state an rn4 run reaches at t (default 0.5 s). Under callgrind the instructions per call are the
// collected total over N, repeatable on a loaded machine:
//   valgrind --tool=callgrind --toggle-collect='profileEvaluations*'
//     build/tests/benchmarks/mbw-statespace-profile stiff-double-pendulum 1000
//   (one command line; and --toggle-collect='profileJacobians*')
// Without valgrind it prints the CPU time per call.

#include <cstdio>
#include <string>

#include "integrators/cpu_time.h"
#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "statespace/state_space_ode.h"

using namespace mbw;

// n evaluations at points up to 1e-2 s before and after along the motion's Taylor polynomial, back
// and forth (as far apart as rn4's stages on the pendulums: about 3 Newton iterations each); CPU
// seconds per evaluation, < 0 when one fails
__attribute__((noinline)) double profileEvaluations(StateSpaceOde& ode, double t,
                                                    const VectorXd& v0, const VectorXd& vdot0,
                                                    const VectorXd& vddot0, long n) {
  VectorXd v, vdot, vddot;
  const double cpu = threadCpuSeconds();
  for (long k = 0; k < n; ++k) {
    const double tau = 2e-3 * double(k % 10 - 5);
    v = v0 + tau * vdot0 + (0.5 * tau * tau) * vddot0;
    vdot = vdot0 + tau * vddot0;
    if (!ode.evaluate(t + tau, v, vdot, vddot)) return -1.0;
  }
  return (threadCpuSeconds() - cpu) / double(n);
}

// n Jacobians at the last evaluated point; CPU seconds per Jacobian
__attribute__((noinline)) double profileJacobians(StateSpaceOde& ode, long n) {
  MatrixXd J1, J2;
  VectorXd ft;
  const double cpu = threadCpuSeconds();
  for (long k = 0; k < n; ++k) ode.jacobians(J1, J2, ft);
  return (threadCpuSeconds() - cpu) / double(n);
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s SCENE N [t]\n", argv[0]);
    return 2;
  }
  const Model model = loadScene(argv[1]);
  const long n = std::stol(argv[2]);
  const double t = argc > 3 ? std::stod(argv[3]) : 0.5;
  // the state of an rn4 run at t
  IntegratorSettings settings;
  settings.variableStep = true;
  settings.rtol = settings.atol = 1e-8;
  const auto f = makeFormulation("rp", model);
  State state = consistentInitialState(*f, 0.0);
  const auto stepper = findIntegrator("rn4")->make(*f, settings);
  stepper->initialize(state);
  for (double h = 1e-4; stepper->state().t < t - 1e-12;) {
    const StepResult r = stepper->step(std::min(h, t - stepper->state().t));
    if (r.kind == StepResult::Kind::Failed) {
      std::fprintf(stderr, "rn4 failed: %s\n", r.reason.c_str());
      return 3;
    }
    h = r.nextStep;
  }
  state = stepper->state();

  StateSpaceOde ode(*f, StateSpaceSettings{});
  if (!ode.initialize(state)) {
    std::fprintf(stderr, "%s\n", ode.failure().c_str());
    return 3;
  }
  VectorXd v0, vdot0, vddot0;
  ode.gatherIndependent(state.q, v0);
  ode.gatherIndependent(state.v, vdot0);
  ode.evaluate(t, v0, vdot0, vddot0);
  const double evaluation = profileEvaluations(ode, t, v0, vdot0, vddot0, n);
  if (evaluation < 0.0) {
    std::fprintf(stderr, "%s\n", ode.failure().c_str());
    return 3;
  }
  const double jacobian = profileJacobians(ode, n);
  std::printf(
      "%s: %ld evaluations, %.2f us each (%.2f Newton iterations); %ld Jacobians, %.2f us each\n",
      argv[1], n, 1e6 * evaluation, double(ode.newtonIterations()) / double(ode.evaluations()), n,
      1e6 * jacobian);
  return 0;
}
