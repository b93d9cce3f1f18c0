#pragma once
// What the tests of the joint-coordinate ODEs share (rp_state_map_test, loop_constraints_test,
// loop_joint_ode_test): the residuals of the rp equations of motion at a full state, and the
// closed loops they run on.

#include <vector>

#include "../joint/joint_test_models.h"
#include "formulation/formulation.h"
#include "solvers/initial_conditions.h"

namespace mbw::joint_ode_test {

// |M vdot + Phi_q^T lambda - Q|_inf relative to |Q|_inf + |M vdot|_inf, and |Phi_q vdot -
// gamma|_inf
inline void equationResiduals(Formulation& rp, const State& s, double& motion,
                              double& acceleration) {
  const int n = rp.velocitySize(), m = rp.constraintSize();
  rp.computePositions(s.t, s.q);
  rp.computeVelocities(s.v);
  MatrixXd M = MatrixXd::Zero(n, n), P = MatrixXd::Zero(m, n);
  rp.massMatrix(MatrixSink(M));
  rp.constraintJacobian(MatrixSink(P));
  VectorXd Q, gamma;
  rp.generalizedForces(Q);
  rp.accelerationRhs(gamma);
  const VectorXd inertia = M * s.vdot;
  motion = (inertia + P.transpose() * s.lambda - Q).cwiseAbs().maxCoeff() /
           (Q.cwiseAbs().maxCoeff() + inertia.cwiseAbs().maxCoeff());
  acceleration = (P * s.vdot - gamma).cwiseAbs().maxCoeff();
}

// a slotted lever (a quick-return linkage): crank O-P and lever on ground pins at O and A, a block
// pinned to the crank at P slides along the lever, whose translational joint closes the loop
// (the crank at 60 degrees, at rest)
inline const char* kSlottedLever = R"({
  "format": "mbw-scene", "version": 1, "name": "slotted-lever", "gravity": [0, 0, -9.81],
  "bodies": [
    {"name": "crank", "mass": 0.4, "inertia": [0.0001, 0.0014, 0.0014],
     "position": [0.05, 0, 0.08660254037844387],
     "orientation": {"matrix": [[0.5, 0, -0.8660254037844386], [0, 1, 0],
                                [0.8660254037844386, 0, 0.5]]}},
    {"name": "lever", "mass": 1.2, "inertia": [0.0002, 0.064, 0.064],
     "position": [0.08270342280207227, 0, 0.09135679865925633],
     "orientation": {"matrix": [[0.20675855700518067, 0, -0.9783919966481407], [0, 1, 0],
                                [0.9783919966481407, 0, 0.20675855700518067]]}},
    {"name": "block", "mass": 0.3, "inertia": [0.0001, 0.0001, 0.0001],
     "position": [0.1, 0, 0.17320508075688773],
     "orientation": {"matrix": [[0.20675855700518067, 0, -0.9783919966481407], [0, 1, 0],
                                [0.9783919966481407, 0, 0.20675855700518067]]}}
  ],
  "joints": [
    {"name": "pin_O", "type": "revolute", "body_i": "ground", "body_j": "crank",
     "point_i": [0, 0, 0], "point_j": [-0.1, 0, 0], "axis_i": [0, -1, 0], "axis_j": [0, -1, 0]},
    {"name": "pin_A", "type": "revolute", "body_i": "ground", "body_j": "lever",
     "point_i": [0, 0, -0.3], "point_j": [-0.4, 0, 0], "axis_i": [0, -1, 0], "axis_j": [0, -1, 0]},
    {"name": "pin_P", "type": "revolute", "body_i": "crank", "body_j": "block",
     "point_i": [0.1, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, -1, 0], "axis_j": [0, -1, 0]},
    {"name": "slot", "type": "translational", "body_i": "block", "body_j": "lever",
     "point_i": [0, 0, 0], "point_j": [0.08365591948629414, 0, 0], "axis_i": [1, 0, 0],
     "axis_j": [1, 0, 0]}
  ]
})";

// the four-bar and slider-crank templates (planar loops of revolutes, 1 degree of freedom), the
// four-bar started turning, and the slotted lever (a loop closed by a translational joint)
inline std::vector<joint_test::NamedModel> loopModels() {
  return {{"four-bar", parseScene(generateScene("four-bar", {{"crank_speed", "3"}}), "four-bar")},
          {"slider-crank", parseScene(generateScene("slider-crank"), "slider-crank")},
          {"slotted-lever", parseScene(kSlottedLever, "slotted-lever")}};
}

}  // namespace mbw::joint_ode_test
