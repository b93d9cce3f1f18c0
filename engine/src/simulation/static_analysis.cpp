// The static equilibrium of a scene as front ends report it (see static_analysis.h).

#include "simulation/static_analysis.h"

#include <memory>
#include <sstream>

#include "formulation/formulation.h"
#include "math/number_text.h"
#include "simulation/recorder.h"

namespace mbw {

StaticAnalysis analyzeStaticEquilibrium(const Model& model, const std::string& formulation,
                                        double t, const StaticSettings& settings) {
  StaticAnalysis a;
  a.formulation = formulation;
  a.t = t;
  // the formulation in which the equilibrium is solved
  const std::unique_ptr<Formulation> f = makeFormulation(formulation, model);

  // Newton from the scene's pose
  State s;
  s.t = t;
  VectorXd v0;
  f->initialState(s.q, v0);
  // the scene's pose kept, to measure the move to the equilibrium
  const VectorXd q0 = s.q;
  a.solution = solveStaticEquilibrium(*f, t, s.q, s.lambda, settings);
  if (!a.solution.converged) return a;

  // the largest move of a body frame origin from the scene's pose to the equilibrium
  a.move = measureMove(*f, t, q0, s.q, MoveMeasure::Distance);

  // the equilibrium as a run's row, at rest
  s.v = VectorXd::Zero(f->velocitySize());
  s.vdot = VectorXd::Zero(f->velocitySize());
  a.results.metadata = {{"scene", model.name},
                        {"formulation", formulation},
                        {"analysis", "static equilibrium"},
                        {"t", formatNumber(t, 10)}};
  // one row, with the multipliers, and the solver's counts
  Recorder recorder(*f, Recorder::Kind::Kinematics, 1, true);
  recorder.start(s, a.results);
  a.results.status = RunStatus::Completed;
  a.results.stats.newtonIterations = a.solution.iterations;
  a.results.stats.factorizations = a.solution.factorizations;
  return a;
}

std::string staticAnalysisText(const StaticAnalysis& a, const std::string& sceneName) {
  // the scene, time and formulation; a failure says why
  const StaticResult& r = a.solution;
  std::ostringstream out;
  out << "static equilibrium of '" << sceneName << "' at t = " << a.t << " s (" << a.formulation
      << ")\n";
  if (!r.converged) {
    out << "FAILED: " << r.failure << "\n";
    return out.str();
  }
  // the Newton counts and residual, and how far the bodies moved
  out << "Newton iterations " << r.iterations << " in " << r.increments << " load increment"
      << (r.increments == 1 ? "" : "s")
      << ", residual |Phi_q^T lambda - Q|_inf = " << formatNumber(r.residual) << "\n";
  out << "largest move from the scene's pose: " << formatNumber(a.move.largest) << " m"
      << (a.move.body.empty() ? "" : " (" + a.move.body + ")") << "\n";
  return out.str();
}

}  // namespace mbw
