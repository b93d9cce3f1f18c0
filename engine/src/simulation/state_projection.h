#pragma once
// Puts a state that lies near the constraints (an interpolated one) back onto them, and gives it
// the accelerations and multipliers of the equations of motion. With the augmented matrix
//     A(q) = [ M(q)     Phi_q(q)^T ]
//            [ Phi_q(q) 0          ]
// (the kinetic-energy metric: the projection moves the bodies as little as their inertia allows)
//     positions      A [dq; mu] = [0; -Phi],  q <- q (+) dq, until |Phi|_inf <= tolerance
//     velocities     A [dv; mu] = [0; nu - Phi_q v]
//     accelerations  A [vdot; lambda] = [Q; gamma]          (Kissel et al. 2021 eq 39)
// A is stored in compressed columns and factorized by KLU (solvers/augmented_system.h); nothing is
// allocated once warm.

#include <string>

#include "formulation/formulation.h"
#include "solvers/augmented_system.h"
#include "solvers/initial_conditions.h"

namespace mbw {

struct ProjectionOutcome {
  double positionViolation = 0.0;  // |Phi|_inf before the projection
  double velocityViolation = 0.0;  // |Phi_q v - nu|_inf before
  int iterations = 0;              // position corrections
  std::string failure;             // why the state could not be projected (empty: it was)
};

class StateProjection {
 public:
  StateProjection(Formulation& formulation, double tolerance, int maxIterations = 10);

  // projects the state in place (t, q, v in; q, v, vdot, lambda out); on failure the state keeps
  // what it had and the outcome says why
  ProjectionOutcome project(State& state);
  // how far a state is off the constraints (the violations of project's outcome), leaving it as it
  // is: for states that lie on them already
  ProjectionOutcome measure(const State& state);

 private:
  Formulation& f_;
  double tolerance_;
  int maxIterations_;
  int nv_, nc_;
  AugmentedSystem augmented_;  // A
  VectorXd x_, product_;       // (nv + nc)
  VectorXd Q_, dq_, gamma_;    // (nv), (nv), (nc)
  VectorXd q_, qNew_;          // (nq)
};

}  // namespace mbw
