#pragma once
// The reaction force and torque of every joint, in the joint's frame, from the Lagrange
// multipliers.
//
// The constraint forces on the bodies are the generalized forces  Q_c = -Phi_q^T lambda  of the
// equations of motion (Kissel et al. 2021 eq 31: M vdot + Phi_q^T lambda = Q); a joint's own part
// uses its own rows of Phi_q and lambda. On body b they are a force F and a torque n_O at the body
// frame origin O, found by virtual power: for any motion (v_O, omega) of the body, with velocity
// coordinates v_b = E_b [v_O; omega] (Formulation::encodeVelocities),
//     Q_b^T v_b = F . v_O + n_O . omega     =>     [F; n_O] = E_b^T Q_b,
// which holds for every formulation (rA, rp, rE) alike. Moved to the joint point P:
//     n_P = n_O - (p_P - p_O) x F.
//
// What is reported: the force and torque the joint applies to its body i, at the joint point P_i,
// in the joint frame (origin P_i; z along the joint axis axis_i when the joint has one, x the
// projection of body i's x axis, or its y axis when x is along the joint axis; body i's axes for
// joints without an axis). For a joint whose body i is the ground: minus the wrench on body j,
// moved to the same point (what the ground receives). Units N and N m.

#include <string>
#include <vector>

#include "formulation/formulation.h"
#include "formulation/matrix_sink.h"
#include "simulation/results.h"

namespace mbw {

class JointReactions {
 public:
  explicit JointReactions(const Formulation& formulation);

  // six channels per joint: reaction.<joint>.fx, fy, fz (N), tx, ty, tz (N m)
  std::vector<Channel> channels() const;
  // The reactions of the current positions (after computePositions(t, q)) for the multipliers
  // lambda; bodies: the world-frame outputs of each body (Formulation::bodyOutput). Appends six
  // values per joint to out.
  void compute(const VectorXd& q, const VectorXd& lambda, const std::vector<BodyOutput>& bodies,
               std::vector<double>& out);

  // the joint frame's axes in body i's frame (the world for a joint on the ground as body i)
  static Mat3 jointFrame(const Joint& joint);

 private:
  const Formulation& f_;
  int V_;                    // velocity coordinates per body
  SparseMatrixXd jacobian_;  // Phi_q, pattern from the model's topology
  SparseTarget target_;
  std::vector<VectorXd> basis_;  // the 6 unit motions (v_O, omega) as velocity coordinates
  std::vector<Vec3> velocity_, omega_;
  std::vector<double>
      generalized_;  // per joint: its -Phi_q^T lambda on body i then on body j (2 V)
};

}  // namespace mbw
