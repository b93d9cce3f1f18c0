#pragma once
// Kinematic analysis of a fully driven mechanism (zero degrees of freedom), Kissel et al. 2021
// section 2: at each t_n, positions by Newton on Phi(q, t_n) = 0 (iteration matrix Phi_q, eq 14),
// from the predictor q_{n-1} (+) h v_{n-1} (eq 11); then Phi_q v = nu and Phi_q vdot = gamma.

#include <Eigen/LU>
#include <functional>
#include <string>

#include "formulation/formulation.h"
#include "solvers/initial_conditions.h"

namespace mbw {

struct KinematicsSettings {
  double step = 1e-3;
  double tEnd = 1.0;
  double tolerance = 1e-10;  // on the norm of the Newton correction (Kissel et al. 2021 Table 8)
  int maxIterations = 25;
};

struct KinematicsStep {
  int iterations = 0;
  bool converged = false;
  std::string failure;  // why it did not converge, when known (e.g. a coordinate singularity)
};

class KinematicSolver {
 public:
  KinematicSolver(Formulation& formulation, KinematicsSettings settings);

  // positions, velocities and accelerations at t from the guess in state (updated in place)
  KinematicsStep solve(double t, State& state);
  // the next time t from a solved state: predictor q (+) (t - state.t) v (Kissel et al. 2021 eq
  // 11), then solve
  KinematicsStep advance(double t, State& state);

  long factorizations() const { return factorizations_; }

 private:
  Formulation& f_;
  KinematicsSettings settings_;
  MatrixXd J_;
  VectorXd dq_, qNew_, gamma_;
  Eigen::PartialPivLU<MatrixXd> lu_;
  long factorizations_ = 0;
};

}  // namespace mbw
