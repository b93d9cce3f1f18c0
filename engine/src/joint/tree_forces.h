#pragma once
// The model's force elements mapped through the kinematic tree: each element's wrench on its
// bodies, computed from the bodies' poses and velocities that forward kinematics gives, and handed
// to RNEA or ABA as external body wrenches (Featherstone, Rigid Body Dynamics Algorithms, 2008,
// section 5.3, the external forces f^x_i of the RNEA, and Table 7.1 for ABA).
//
// The force laws are the absolute formulations' own (forces/force_evaluation.h: TSDA, RSDA, point
// forces, torques, tires against the road), evaluated on rA body kinematics (formulation/ra_body.h;
// Kissel et al. 2021 section 2.1): a body's coordinates there are its centre of mass r and rotation
// A, its velocities (rdot, omega_B), and the variations are right-trivialized, so an element's
// generalized force on a body, Q = (F_W, n_B) by virtual work F . delta r + n_B . delta theta_B, is
// the force in world axes and the moment about the centre of mass in body axes. The tree's body
// frame is the same internal frame (centre of mass, body axes), so that the body's wrench in its
// own coordinates is
//     f^ext_i = [ n_B ; A^T F_W ]                                                       (1)
// An element acting on the ground gives nothing to it. A tire is a vertical force at the wheel
// centre, a point force whose size the wheel's pose and velocity set. The static-equilibrium load
// scale of the absolute formulations is not applied (the tree serves dynamics only).
//
// An RSDA between the two bodies of a tree revolute whose axis is the joint's (mapToJoints) is a
// joint torque instead: the bodies turn relative to each other about that axis only, so its angle
// is theta = s q_k + c (s = +-1 by the axes' senses and which body is the parent, c fixed on the
// first evaluation on the branch nearest the free angle, as the general law's first evaluation
// chooses it), and its law (forces/force_evaluation.h)
//     tau_k = s T,   T = -k (theta - theta_0) - c_d s qd_k + tau_a(t),                      (2)
// with dtau_k/dq_k = -k, dtau_k/dqd_k = -c_d and dtau_k/dt = s tau_a'(t): no body kinematics, no
// angle by atan2 and no second derivatives of the angle, which the general law takes.

#include <vector>

#include "forces/force_evaluation.h"
#include "formulation/ra_body.h"
#include "joint/tree_dynamics.h"

namespace mbw {

// One element's generalized forces on its two bodies (rA coordinates: Q = (F_W, n_B)) with their
// derivatives (forces/force_evaluation.h): with respect to the bodies' rA coordinates (right-
// trivialized increments dr_W, dtheta_B), their velocities (rdot_W, omega_B), and time at fixed
// state. Blocks ab of jac are dQ_a / d(body b).
// an RSDA acting as a joint torque (eq 2)
struct JointTorque {
  int element = 0;      // index in Model::forces
  int index = 0;        // its joint's coordinate in q
  int treeBody = 0;     // the joint's child in the tree
  double sign = 1.0;    // s
  double offset = 0.0;  // c, once placed
  bool placed = false;  // c chosen (on the first evaluation)
};

struct ElementDerivatives {
  int bodyI = kGround, bodyJ = kGround;
  ForceResult<RaBody> Q;       // Qi, Qj
  ForceJacobians<RaBody> jac;  // dQ/dq (dq), dQ/dv (dv)
  ForceResult<RaBody> rate;    // dQ/dt (Qi, Qj)
};

class TreeForces {
 public:
  // the model outlives this
  explicit TreeForces(const Model& model);

  bool empty() const { return model_.forces.empty(); }
  // the RSDAs on a tree revolute's own axis become joint torques (eq 2); the others keep the
  // general law
  void mapToJoints(const KinematicTree& tree);
  // the body wrenches at time t of the state dyn holds (after computeKinematics of q, qd), in tree
  // order (eq 1), and the joint torques (eq 2); fext and tau keep their sizes between calls
  void compute(double t, const TreeDynamics& dyn, const VectorXd& q, const VectorXd& qd,
               std::vector<Vec6>& fext, VectorXd& tau);
  // each element acting at t with its derivatives, at the state dyn holds; the RSDA branches
  // continue from the last compute() and are left as they are (out keeps its size between calls).
  // Joint torques are not among them: see jointTorques()
  void derivatives(double t, const TreeDynamics& dyn, std::vector<ElementDerivatives>& out);
  // the RSDAs acting as joint torques (eq 2), and one's torque and time derivative at t
  const std::vector<JointTorque>& jointTorques() const { return torques_; }
  // places the joint torques not placed yet at the state dyn holds (after computeKinematics of q)
  void placeJointTorques(const TreeDynamics& dyn, const VectorXd& q);
  TimeFunctionValue jointTorque(const JointTorque& j, double t, double q, double qd) const;
  // continue the RSDA branches (and the joint torques' offsets) of another TreeForces of the same
  // model
  void followBranches(const TreeForces& other) {
    memory_ = other.memory_;
    torques_ = other.torques_;
    mapped_ = other.mapped_;
  }

 private:
  const Model& model_;
  std::vector<RaBody> bodies_;        // the model's bodies, placed from forward kinematics
  std::vector<ForceMemory> memory_;   // each element's RSDA branch, carried between calls
  std::vector<JointTorque> torques_;  // the RSDAs acting as joint torques (mapToJoints)
  std::vector<char> mapped_;          // per element: one of them

  // places bodies_ at the state dyn holds
  void placeBodies(const TreeDynamics& dyn);
  // a joint torque's offset c from the bodies' poses dyn holds at its joint's coordinate q (eq 2)
  void place(JointTorque& j, const TreeDynamics& dyn, double q) const;
  BodyEnd<RaBody> end(int body) {
    return BodyEnd<RaBody>(body == kGround ? nullptr : &bodies_[body]);
  }
};

}  // namespace mbw
