#pragma once
// Consistent initial conditions: the scene's initial positions and velocities projected onto the
// constraints, then the initial accelerations and multipliers from the equations of motion.
//   positions  Newton with minimum-norm corrections:  dq = -Phi_q^T (Phi_q Phi_q^T)^-1 Phi
//   velocities least change:  v = v0 - Phi_q^T (Phi_q Phi_q^T)^-1 (Phi_q v0 - nu)
//   accelerations  [M Phi_q^T; Phi_q 0] [vdot; lambda] = [Q; gamma]
// Small models are solved dense; above kDenseRankEntries entries of Phi_q (solvers/
// constraint_rank.h) the matrices are sparse with the pattern of the model's topology: a sparse
// LDL^T of Phi_q Phi_q^T and KLU on the augmented matrix (solvers/augmented_system.h), so that
// loading a mechanism of hundreds of bodies does not grow with the cube of its size.
// Refuses (ModelError) when the projection does not converge or moves a body more than the
// model's maxInitialCorrection, or when a body's pose is at a singularity of the formulation's
// coordinates (Formulation::coordinateSingularity, e.g. the rE gimbal lock).

#include <stdexcept>
#include <string>

#include "formulation/formulation.h"

namespace mbw {

// The state of a run at one time: what an integrator advances.
struct State {
  double t = 0.0;
  VectorXd q, v;    // positions (formulation coordinates) and velocities
  VectorXd vdot;    // accelerations
  VectorXd lambda;  // Lagrange multipliers (nc)
};

// Bad or inconsistent model data found while preparing a run; what() names the body or joint.
class ModelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ProjectionReport {
  double largestMove = 0.0;  // m or rad, over bodies (frame origin distance, rotation angle)
  std::string largestMoveBody;
  double largestVelocityChange = 0.0;
  int iterations = 0;
};

// How far the bodies moved between two configurations q: the largest move over bodies and the
// body that made it. A body's move is the distance its frame origin travelled (m), or, measured
// with rotations, the larger of that and the angle its frame turned (rad).
struct BodyMove {
  double largest = 0.0;  // m, or m or rad with rotations
  std::string body;      // "" when no body moved
};
enum class MoveMeasure { Distance, DistanceOrAngle };
BodyMove measureMove(Formulation& formulation, double t, const VectorXd& before,
                     const VectorXd& after, MoveMeasure measure = MoveMeasure::DistanceOrAngle);

// Projects q and v in place at time t. Throws ModelError.
ProjectionReport projectOntoConstraints(Formulation& formulation, double t, VectorXd& q,
                                        VectorXd& v);

// Accelerations and multipliers of a consistent (t, q, v). Throws ModelError when the augmented
// matrix is singular.
void solveAccelerations(Formulation& formulation, State& state);

// The consistent initial state of the formulation's model at t0 (projection + accelerations).
State consistentInitialState(Formulation& formulation, double t0,
                             ProjectionReport* report = nullptr);

}  // namespace mbw
