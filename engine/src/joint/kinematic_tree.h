#pragma once
// The kinematic tree of a Model for joint coordinates (Featherstone, Rigid Body Dynamics
// Algorithms, 2008, chapter 4: the connectivity lambda(i), the joint models and the tree
// transforms): a spanning tree of the bodies over the joints, rooted at the ground, one
// generalized coordinate per joint freedom, and the joints that close loops listed as
// constraints.
//
// Body frames are the model's internal frames (origin at the centre of mass, the scene's body
// axes). Each tree joint has a frame on its parent and one on its child, taken from the joint's
// primitives (scene/model_builder_joints.cpp); the joint's motion is the child frame's pose in the
// parent frame:
//     revolute       R_J = rot_z(q), t_J = 0
//     translational  R_J = 1,        t_J = q e_z
//     fixed          R_J = 1,        t_J = 0        (no coordinate)
// so that, with (R_PF, p_P) the parent's joint frame in parent body axes and (R_CF, p_C) the
// child's in child body axes, the child's pose in the parent body frame is
//     R_PC = R_PF R_J R_CF^T,   r_PC = p_P + R_PF t_J - R_PC p_C                       (1)
// and its motion subspace in child body coordinates is constant (Featherstone 2008 Table 4.1
// moved to the body frame): with a = R_CF e_z,
//     revolute  S = [a; p_C x a],   translational  S = [0; a].                          (2)
//
// Joints the tree cannot hold yet are refused with a JointTreeError naming the joint or body and
// the reason (docs/dev/joint-coordinates.md lists what is supported).

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "joint/spatial_algebra.h"
#include "model/model.h"

namespace mbw {

// A model the joint coordinates cannot hold; what() names the joint or body and says why.
class JointTreeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class TreeJointType { Revolute, Translational, Fixed };

struct TreeBody {
  int body = 0;     // index in Model::bodies
  int parent = -1;  // index in KinematicTree::bodies (parents come first), -1: the ground
  int joint = 0;    // index in Model::joints
  TreeJointType type = TreeJointType::Revolute;
  int dof = 1;                   // 1, or 0 for a fixed joint
  int index = 0;                 // of its coordinate in q (valid when dof == 1)
  Mat3 R_PF = Mat3::Identity();  // the joint frame on the parent, parent body axes (eq 1)
  Vec3 p_P = Vec3::Zero();
  Mat3 R_CF = Mat3::Identity();  // the joint frame on the child, child body axes
  Vec3 p_C = Vec3::Zero();
  Vec6 S = Vec6::Zero();  // motion subspace in child body coordinates (eq 2)
  double mass = 0.0;
  Mat3 inertia = Mat3::Identity();  // about the centre of mass, body axes

  // the child's body frame relative to the parent's at coordinate value q (eq 1), as the
  // transform child_X_parent; over any scalar type (double, or automatic differentiation)
  template <typename S>
  SpatialTransformT<S> parentToChild(const S& q) const {
    using std::cos;
    using std::sin;
    // the joint's motion (R_J, t_J), then eq (1)
    Mat3T<S> R_J = Mat3T<S>::Identity();
    Vec3T<S> t_J = Vec3T<S>::Zero();
    if (type == TreeJointType::Revolute) {
      const S c = cos(q), s = sin(q);
      R_J << c, -s, S(0.0), s, c, S(0.0), S(0.0), S(0.0), S(1.0);
    } else if (type == TreeJointType::Translational) {
      t_J.z() = q;
    }
    const Mat3T<S> R_PC = R_PF.cast<S>() * R_J * R_CF.transpose().cast<S>();
    SpatialTransformT<S> X;
    X.E = R_PC.transpose();
    X.r = p_P.cast<S>() + R_PF.cast<S>() * t_J - R_PC * p_C.cast<S>();
    return X;
  }
};

struct KinematicTree {
  std::vector<TreeBody> bodies;  // topological order: a parent before its children
  std::vector<int> treeOf;       // Model body index -> index in bodies
  std::vector<int> loopJoints;   // Model::joints that close loops: constraints on q
  int coordinates = 0;           // nq = nv (one per revolute or translational joint)

  int size() const { return static_cast<int>(bodies.size()); }
};

// The spanning tree of the model (breadth first from the ground over revolute, translational and
// fixed joints). Throws JointTreeError for a beam, a body no such joint reaches, or a joint type
// the tree cannot hold where the tree needs it.
KinematicTree buildKinematicTree(const Model& model);

// The motion of one body's internal frame (centre of mass, body axes) in the world.
struct BodyMotion {
  Mat3 R_WB = Mat3::Identity();
  Vec3 centre_W = Vec3::Zero();
  Vec3 omega_W = Vec3::Zero();
  Vec3 centreVelocity_W = Vec3::Zero();
};

// Joint coordinates and rates of the bodies' motions (one per Model body): the inverse map, each
// joint's relative pose (the angle about z, in (-pi, pi], or the slide along z, inverting eq 1)
// and the relative spatial velocity projected on its motion subspace (eq 2).
void jointStateOf(const KinematicTree& tree, const std::vector<BodyMotion>& bodies, VectorXd& q,
                  VectorXd& qd);

// Joint coordinates and rates of the model's initial state (jointStateOf its initial motions).
void initialJointState(const KinematicTree& tree, const Model& model, VectorXd& q, VectorXd& qd);

}  // namespace mbw
