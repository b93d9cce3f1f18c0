#pragma once
// The models the joint-coordinate tests run on: the double pendulum and an N-link chain of the
// scene templates (revolute joints), and a tree with a translational joint written here (a cart
// on an inclined rail carrying two arms, one with a tip body that holds a weight by a fixed joint;
// bodies turned from the world axes, a centre of mass off the body origin, a revolute axis given
// antiparallel on its two bodies), and a tree of the joints of several freedoms (a sled on an
// inclined plane carrying an arm by a universal joint and a bob by a spherical one, a sleeve on a
// cylindrical joint, and a free body). Random joint states for them, and the absolute (rp) state of
// the same configuration.

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "formulation/formulation.h"
#include "formulation/rp_body.h"
#include "joint/tree_dynamics.h"
#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"

namespace mbw::joint_test {

inline const char* kCartTree = R"({
  "format": "mbw-scene", "version": 1, "name": "cart-tree", "gravity": [0, 0, -9.81],
  "bodies": [
    {"name": "cart", "mass": 5.0, "inertia": [0.2, 0.3, 0.4], "position": [0, 0, 0]},
    {"name": "arm_a", "mass": 2.0, "inertia": [0.05, 0.3, 0.28], "position": [0.3, 0, -0.5],
     "center_of_mass": [0.02, -0.01, 0.05]},
    {"name": "arm_b", "mass": 1.5, "inertia": [0.2, 0.03, 0.21], "position": [-0.3, 0, -0.4],
     "orientation": {"matrix": [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}},
    {"name": "tip", "mass": 0.7, "inertia": [0.02, 0.025, 0.01], "position": [0.3, 0, -1.3]},
    {"name": "weight", "mass": 0.4, "inertia": [0.003, 0.004, 0.005], "position": [0.3, 0.2, -1.3],
     "orientation": {"matrix": [[1, 0, 0], [0, 0, -1], [0, 1, 0]]}}
  ],
  "joints": [
    {"name": "rail", "type": "translational", "body_i": "ground", "body_j": "cart",
     "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [1, 0, 0.3], "axis_j": [1, 0, 0.3]},
    {"name": "hinge_a", "type": "revolute", "body_i": "cart", "body_j": "arm_a",
     "point_i": [0.3, 0, 0], "point_j": [0, 0, 0.5], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
    {"name": "hinge_b", "type": "revolute", "body_i": "arm_b", "body_j": "cart",
     "point_i": [0, 0, 0.4], "point_j": [-0.3, 0, 0], "axis_i": [0, 1, 0], "axis_j": [1, 0, 0]},
    {"name": "hinge_tip", "type": "revolute", "body_i": "arm_a", "body_j": "tip",
     "point_i": [0, 0, -0.5], "point_j": [0, 0, 0.3], "axis_i": [0, 1, 1], "axis_j": [0, 1, 1]},
    {"name": "weld", "type": "fixed", "body_i": "tip", "body_j": "weight",
     "point_i": [0, 0.1, 0], "point_j": [0, 0, 0.1]}
  ]
})";

// planar (the plane 0.3 y + z = 0), universal, spherical, cylindrical (a tilted axis), and a body
// on no joint (free): 3 + 2 + 3 + 2 + 6 coordinates through virtual bodies
inline const char* kMultiFreedomTree = R"({
  "format": "mbw-scene", "version": 1, "name": "multi-freedom-tree", "gravity": [0, 0, -9.81],
  "bodies": [
    {"name": "sled", "mass": 3.0, "inertia": [0.1, 0.2, 0.25], "position": [0.2, 0.1, -0.03],
     "orientation": {"matrix": [[0, -1, 0], [1, 0, 0], [0, 0, 1]]}},
    {"name": "arm", "mass": 1.2, "inertia": [0.04, 0.05, 0.01], "position": [0.2, 0.1, -0.53],
     "center_of_mass": [0.01, 0.0, 0.02]},
    {"name": "bob", "mass": 0.8, "inertia": [0.01, 0.012, 0.014], "position": [0.2, 0.1, -1.13]},
    {"name": "sleeve", "mass": 0.5, "inertia": [0.02, 0.02, 0.005], "position": [-0.5, 0, 0.3]},
    {"name": "drifter", "mass": 0.3, "inertia": [0.002, 0.003, 0.004], "position": [1, 1, 1],
     "orientation": {"matrix": [[1, 0, 0], [0, 0, -1], [0, 1, 0]]}}
  ],
  "joints": [
    {"name": "table", "type": "planar", "body_i": "ground", "body_j": "sled",
     "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [0, 0.3, 1], "axis_j": [0.3, 0, 1]},
    {"name": "cross", "type": "universal", "body_i": "sled", "body_j": "arm",
     "point_i": [0, 0, -0.1], "point_j": [0, 0, 0.4], "axis_i": [1, 0, 0], "axis_j": [1, 0, 0]},
    {"name": "ball", "type": "spherical", "body_i": "arm", "body_j": "bob",
     "point_i": [0, 0, -0.4], "point_j": [0, 0, 0.2]},
    {"name": "sleeve_axis", "type": "cylindrical", "body_i": "ground", "body_j": "sleeve",
     "point_i": [-0.5, 0, 0.3], "point_j": [0, 0, 0], "axis_i": [1, 0, 1], "axis_j": [1, 0, 1]}
  ]
})";

// A random state q's spherical and free joints' angles on the inverse map's side: the middle
// Bryant angle in [-pi/2, pi/2] (rot_x(a) rot_y(b) rot_z(c) = rot_x(a + pi) rot_y(pi - b)
// rot_z(c + pi), the rates (ad, -bd, cd))
inline void canonicalAngles(const KinematicTree& tree, VectorXd& q, VectorXd& qd) {
  for (const TreeJoint& j : tree.joints) {
    if (j.kind != TreeJointKind::Spherical && j.kind != TreeJointKind::Free) continue;
    const int a = j.index + (j.kind == TreeJointKind::Free ? 3 : 0);
    q[a + 1] = std::remainder(q[a + 1], 2.0 * M_PI);
    if (std::abs(q[a + 1]) <= M_PI / 2) continue;
    q[a] += M_PI;
    q[a + 1] = (q[a + 1] > 0.0 ? M_PI : -M_PI) - q[a + 1];
    q[a + 2] += M_PI;
    qd[a + 1] = -qd[a + 1];
  }
}

inline const char* kForces = R"json(,
  "forces": [
    {"name": "rail_spring", "type": "tsda", "body_i": "ground", "body_j": "tip",
     "point_i": [0.5, 0.2, 0.3], "point_j": [0.02, 0.05, -0.1], "stiffness": 150.0,
     "free_length": 0.8, "damping": 4.0},
    {"name": "arm_strut", "type": "tsda", "body_i": "cart", "body_j": "arm_b",
     "point_i": [-0.1, 0.1, 0.05], "point_j": [0.05, 0.0, -0.2], "stiffness": 80.0,
     "free_length": 0.3, "damping": 2.5},
    {"name": "hinge_spring", "type": "rsda", "body_i": "cart", "body_j": "arm_a",
     "axis_i": [0, 1, 0], "reference_i": [1, 0, 0], "reference_j": [1, 0, 0], "stiffness": 20.0,
     "damping": 0.7},
    {"name": "motor", "type": "torque", "body": "arm_b", "frame": "body",
     "torque": [0.3, "2*sin(3*t)", -0.5]},
    {"name": "push", "type": "force", "body": "weight", "point": [0.05, 0, 0.02],
     "force": ["4*t", -3.0, 1.5]}
  ]
})json";

// the cart tree with the elements above: two spring-dampers (TSDA), a rotational one (RSDA) on a
// hinge, a body-frame torque and a point force that vary in time
inline Model cartTreeWithForces() {
  std::string scene = kCartTree;
  scene.erase(scene.rfind('}'));
  return parseScene(scene + kForces, "cart-tree-forces");
}

// the cart tree's tip on a tire pressed into a road with a bump under it (a rigid ring: the road
// height it feels is smooth there), compressed at every state within a radian of the initial one
inline const char* kTire = R"json(,
  "road": {"height": -1.0, "bumps": [{"shape": "half-cylinder", "center_x": 0.3, "radius": 0.5}]},
  "forces": [
    {"name": "tip_tire", "type": "tire", "body": "tip", "point": [0.05, 0, -0.1],
     "free_radius": 1.5, "stiffness": 2000.0, "damping": 30.0, "contact": "rigid-ring"}
  ]
})json";

inline Model cartTreeWithTire() {
  std::string scene = kCartTree;
  scene.erase(scene.rfind('}'));
  return parseScene(scene + kTire, "cart-tree-tire");
}

struct NamedModel {
  std::string name;
  Model model;
};

// the double pendulum, a 12-link chain, the cart tree, the multi-freedom tree
inline std::vector<NamedModel> treeModels() {
  return {{"double-pendulum", parseScene(generateScene("double-pendulum"), "double-pendulum")},
          {"chain-12", parseScene(generateScene("chain", {{"links", "12"}}), "chain-12")},
          {"cart-tree", parseScene(kCartTree, "cart-tree")},
          {"multi-freedom-tree", parseScene(kMultiFreedomTree, "multi-freedom-tree")}};
}

inline VectorXd randomVector(std::mt19937& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  VectorXd x(n);
  for (int k = 0; k < n; ++k) x[k] = u(rng);
  return x;
}

// The rp coordinates of the configuration and motion forward kinematics gives (after
// TreeDynamics::computeKinematics).
inline void absoluteState(const TreeDynamics& dyn, const Formulation& rp, VectorXd& q,
                          VectorXd& v) {
  const Model& m = rp.model();
  q.resize(rp.positionSize());
  std::vector<Vec3> velocity_W(m.bodyCount()), omega_W(m.bodyCount());
  for (int b = 0; b < m.bodyCount(); ++b) {
    const int i = dyn.tree().treeOf[b];
    RpBody::encodePose(dyn.centre(i), dyn.rotation(i), q.data() + 7 * b);
    // the velocity of the body frame's origin, off the centre of mass by -R com_B
    omega_W[b] = dyn.angularVelocity_W(i);
    velocity_W[b] =
        dyn.centreVelocity_W(i) + omega_W[b].cross(-(dyn.rotation(i) * m.bodies[b].com_B));
  }
  rp.encodeVelocities(q, velocity_W, omega_W, v);
}

}  // namespace mbw::joint_test
