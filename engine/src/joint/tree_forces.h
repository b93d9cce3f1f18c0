#pragma once
// The model's force elements mapped through the kinematic tree: each element's wrench on its
// bodies, computed from the bodies' poses and velocities that forward kinematics gives, and handed
// to RNEA or ABA as external body wrenches (Featherstone, Rigid Body Dynamics Algorithms, 2008,
// section 5.3, the external forces f^x_i of the RNEA, and Table 7.1 for ABA).
//
// The force laws are the absolute formulations' own (forces/force_evaluation.h: TSDA, RSDA, point
// forces, torques), evaluated on rA body kinematics (formulation/ra_body.h; Kissel et al. 2021
// section 2.1): a body's coordinates there are its centre of mass r and rotation A, its velocities
// (rdot, omega_B), and the variations are right-trivialized, so an element's generalized force on a
// body, Q = (F_W, n_B) by virtual work F . delta r + n_B . delta theta_B, is the force in world
// axes and the moment about the centre of mass in body axes. The tree's body frame is the same
// internal frame (centre of mass, body axes), so the wrench in body coordinates is
//     f^ext_i = [ n_B ; A^T F_W ]                                                       (1)
// An element acting on the ground gives nothing to it. Tire elements are not mapped (refused by
// the tree ODE with their name); the static-equilibrium load scale of the absolute formulations is
// not applied (the tree serves dynamics only).

#include <vector>

#include "forces/force_evaluation.h"
#include "formulation/ra_body.h"
#include "joint/tree_dynamics.h"

namespace mbw {

// One element's generalized forces on its two bodies (rA coordinates: Q = (F_W, n_B)) with their
// derivatives (forces/force_evaluation.h): with respect to the bodies' rA coordinates (right-
// trivialized increments dr_W, dtheta_B), their velocities (rdot_W, omega_B), and time at fixed
// state. Blocks ab of jac are dQ_a / d(body b).
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
  // the body wrenches at time t of the state dyn holds (after computeKinematics), in tree order
  // (eq 1); fext keeps its size between calls
  void compute(double t, const TreeDynamics& dyn, std::vector<Vec6>& fext);
  // each element acting at t with its derivatives, at the state dyn holds; the RSDA branches
  // continue from the last compute() and are left as they are (out keeps its size between calls)
  void derivatives(double t, const TreeDynamics& dyn, std::vector<ElementDerivatives>& out);
  // continue the RSDA branches of another TreeForces of the same model
  void followBranches(const TreeForces& other) { memory_ = other.memory_; }

 private:
  const Model& model_;
  std::vector<RaBody> bodies_;       // the model's bodies, placed from forward kinematics
  std::vector<ForceMemory> memory_;  // each element's RSDA branch, carried between calls

  // places bodies_ at the state dyn holds
  void placeBodies(const TreeDynamics& dyn);
  BodyEnd<RaBody> end(int body) {
    return BodyEnd<RaBody>(body == kGround ? nullptr : &bodies_[body]);
  }
};

}  // namespace mbw
