#pragma once
// The core shared by every direct index-3 scheme (seed 002 section 3, eq 8; seed 001 eqs 32-35):
// at one time point t, positions and velocities are affine in the unknown accelerations,
//     v = vHat + cv vdot,      q = anchor (+) g,   g = dqHat + cq vdot,
// and Newton solves the discretized equations of motion and the scaled position constraints
//     r1 = M(q) (vdot + a_hist) + w (Phi_q^T lambda - Q(q, v, t)) = 0,      r2 = Phi(q, t) / cq = 0
// for (vdot, lambda), with the iteration matrix
//     [ M + cq d r1/dq + cv d r1/dv    w Phi_q^T ]
//     [ Phi_q                          0         ]
// (the 1/h^2 scaling of seed 001 eq 33a, 1/(b0 h)^2 in general; seed 002 section 2 scales by the
// inverse of b0 h at the first-order level). It stops when the correction satisfies
// |delta|_2 < Theta with Theta cq = newtonTolerance (seed 001 eq 46, Theta h^2 = 1e-11).
// w = 1 and a_hist = 0 except for HHT (w = 1 + alpha, a_hist = -alpha M^-1 (Phi_q^T lambda - Q)
// of the previous step; see hht.h).
//
// Schemes supply the TimePoint (anchor, dqHat, vHat, cq, cv) and the predictor of (vdot, lambda).
// Multi-point schemes (seed 002 section 3.1) combine past points through increments relative to
// the anchor and their rates gdot = T(g)^-1 v (Formulation::incrementRate). They set
// incrementRates, and the position increment solves
//     g = gKnown + c0 T(g)^-1 v,      c0 = cq / cv,   gKnown = dqHat - c0 vHat,
// which is g = dqHat + cq vdot where positions form a vector space (rp, rE) and keeps the
// rotation-matrix update on SO(3) with the exact rate map for rA. The Newton matrix uses
// dg/dvdot = cq (the small T(g) - I part is left out: a quasi-Newton iteration there).
//
// Without incrementRates the matrix is the exact derivative of (r1, r2) with respect to
// (vdot, lambda): where positions live on a manifold (rA), the position derivatives are taken with
// respect to g = dqHat + cq vdot through the tangent map T(g) (Formulation::applyIncrementTangent),
// i.e. seed 001 eq 36 without the approximation of eq 37; for rp and rE, T = I.

#include <Eigen/LU>
#include <string>

#include "formulation/formulation.h"

namespace mbw {

struct TimePoint {
  double t = 0.0;
  const VectorXd* anchor = nullptr;
  VectorXd dqHat;   // (nv)
  VectorXd vHat;    // (nv)
  double cq = 0.0;  // (b0 h)^2 for the schemes of seed 002; beta h^2 for HHT
  double cv = 0.0;  // b0 h; gamma h for HHT
  bool incrementRates = false;         // see above
  double forceWeight = 1.0;                       // w
  const VectorXd* accelerationHistory = nullptr;  // a_hist (nv), or none
};

struct NewtonResult {
  bool converged = false;
  int iterations = 0;
  std::string failure;  // why it did not converge
};

class Index3Solver {
 public:
  Index3Solver(Formulation& formulation, double tolerance, int maxIterations);

  // vdot and lambda hold the predictor on entry and the solution on exit; q and v receive the
  // positions and velocities of the solution.
  NewtonResult solve(const TimePoint& point, VectorXd& vdot, VectorXd& lambda, VectorXd& q,
                     VectorXd& v);

  // the position increment g of the last solution, q = anchor (+) g (nv)
  const VectorXd& increment() const { return dq_; }
  long factorizations() const { return factorizations_; }

  // One linearization: positions and velocities of (vdot, lambda) into q and v, then the residual
  // (r1, r2) and the iteration matrix at them. Returns why the point cannot be evaluated (a
  // coordinate singularity of the formulation), empty when it can.
  std::string linearize(const TimePoint& point, const VectorXd& vdot, const VectorXd& lambda,
                        VectorXd& q, VectorXd& v);
  const VectorXd& residual() const { return residual_; }          // (nv + nc)
  const MatrixXd& iterationMatrix() const { return matrix_; }     // (nv + nc) x (nv + nc)

 private:
  void positionsAndVelocities(const TimePoint& point, const VectorXd& vdot, VectorXd& q,
                              VectorXd& v);

  Formulation& f_;
  double tolerance_;
  int maxIterations_;
  MatrixXd matrix_;
  MatrixXd stiffness_;  // cq d r1/dq before the tangent map (nv x nv)
  VectorXd residual_, delta_, Q_, dq_, gKnown_, rate_, inertial_;
  Eigen::PartialPivLU<MatrixXd> lu_;
  long factorizations_ = 0;
};

}  // namespace mbw
