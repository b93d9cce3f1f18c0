#pragma once
// Static equilibrium of a constrained model at a time t: the positions q and multipliers lambda
// with, at zero velocities and accelerations,
//     r1 = Phi_q(q)^T lambda - Q(q, 0, t) = 0,        r2 = Phi(q, t) = 0,
// by Newton's method on (q, lambda) with the matrix [K, Phi_q^T; Phi_q, 0], K = dr1/dq (the
// stiffness and reaction-force blocks of the index-3 Newton matrix without its mass, in the same
// dense or sparse storage; integrators/iteration_matrix.h). Positions are updated with the
// formulation's retraction, so every increment is taken at the current point (T = I).
//
// Load stepping: when Newton does not converge under the full loads from the given positions,
// the loads (gravity, applied forces and torques; Formulation::setLoadScale) are applied in
// increments from zero, each solved from the last equilibrium; an increment that fails is halved
// and one that converges lets the next grow by half. A model that can move without straining (a
// mechanism without drivers) has a singular matrix: it has no isolated equilibrium.

#include <optional>
#include <string>

#include "formulation/formulation.h"
#include "integrators/iteration_matrix.h"
#include "solvers/initial_conditions.h"

namespace mbw {

struct StaticSettings {
  double tolerance = 1e-10;                 // on |dq|_inf (m or rad) of the last Newton correction
  int maxIterations = 25;                   // per load increment
  double smallestIncrement = 1e-4;          // of the load scale, before giving up
  std::optional<LinearSolverKind> storage;  // none: by size (automaticLinearSolver)
};

struct StaticResult {
  bool converged = false;
  int iterations = 0;  // Newton iterations over all load increments
  int increments = 0;  // load increments solved (1: the full loads at once)
  int factorizations = 0;
  double residual = 0.0;  // |r1|_inf at the solution, N or N m
  std::string failure;    // why it did not converge
};

// Solves for the equilibrium at t from q (in: a guess, out: the solution) and lambda (out).
// Leaves the formulation's load scale at 1.
StaticResult solveStaticEquilibrium(Formulation& f, double t, VectorXd& q, VectorXd& lambda,
                                    const StaticSettings& settings = {});

// A consistent state at t0 at static equilibrium: the scene's initial positions brought to
// equilibrium, the scene's velocities projected onto the constraints, and the accelerations and
// multipliers of the equations of motion. Throws ModelError when the equilibrium is not found.
State equilibriumInitialState(Formulation& f, double t0, StaticResult* report = nullptr,
                              const StaticSettings& settings = {});

}  // namespace mbw
