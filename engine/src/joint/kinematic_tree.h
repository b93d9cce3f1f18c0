#pragma once
// The kinematic tree of a Model for joint coordinates (Featherstone, Rigid Body Dynamics
// Algorithms, 2008, chapter 4: the connectivity lambda(i), the joint models and the tree
// transforms): a spanning tree of the bodies over the joints, rooted at the ground, one
// generalized coordinate per joint freedom, and the joints that close loops listed as
// constraints.
//
// Body frames are the model's internal frames (origin at the centre of mass, the scene's body
// axes). Every tree body moves relative to its parent by one freedom or none; each has a frame on
// its parent and one on itself, and its motion is the child frame's pose in the parent frame:
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
// A joint of several freedoms is a chain of such 1-freedom joints through massless virtual tree
// bodies (no Model body, zero mass and inertia: the recursive algorithms keep their 1-column
// joints, Featherstone 2008 section 4.4's decomposition of a joint into simpler ones). With
// (F_P, p_P) and (F_C, p_C) the scene joint's frames on its parent and child, P_x and P_y the
// cyclic permutations taking e_z to e_x and e_y (so that P rot_z(q) P^T = rot_x(q), rot_y(q)),
// the relative pose R_J = F_P^T R_PC F_C, t_J = F_P^T (r_PC + R_PC p_C - p_P) is
//     cylindrical  t_J = q1 e_z,            R_J = rot_z(q2)
//     planar       t_J = q1 e_x + q2 e_y,   R_J = rot_z(q3)
//     universal    R_J = rot_z(q1) rot_x(q2)    (z: the parent's axis, x: the child's)
//     spherical    R_J = R_0 rot_x(q1) rot_y(q2) rot_z(q3)   (Bryant angles x-y'-z'')   (3)
//     free         r_PC = (q1, q2, q3) in the parent's (the ground's) axes, then R_PC as a
//                  spherical joint's at the centre of mass,
// each the product of the chain's joints of eq (1). Only Bryant angles are singular (q2 = +-pi/2,
// the first and last axes aligned): R_0, a reference rotation held in the tree, is re-based at
// accepted points of a run, R_0 := R_0 rot_x(q1) rot_y(q2) rot_z(q3) and the angles := 0, with
// their rates from the same relative angular velocity omega_F (in R_0's axes),
//     omega_F = e_x qd1 + rot_x(q1) e_y qd2 + rot_x(q1) rot_y(q2) e_z qd3,
//     (qd1, qd2, qd3)' = (rot_x(q1) rot_y(q2) rot_z(q3))^T omega_F,                    (4)
// whenever |q2| passes kRebaseAngle (rebaseSphericalJoints).
//
// The spanning tree has the fewest freedoms (Prim's algorithm from the ground; fixed 0 <
// revolute, translational 1 < universal, cylindrical 2 < planar, spherical 3, ties in breadth-
// first order); a body no such joint reaches gets a free joint from the ground, and every joint
// left out (raw primitives, distances, drivers and planar-revolute joints among them) closes a
// loop. Refused with a JointTreeError naming the body: beams, and a free or spherical body whose
// rotational inertia is singular.

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

// the body index of a virtual tree body (no Model body: a link inside a multi-freedom joint)
constexpr int kVirtualBody = -2;
// |q2| of a spherical chain beyond which its angles are re-based (eq 4), 57 degrees
constexpr double kRebaseAngle = 1.0;

struct TreeBody {
  int body = 0;       // index in Model::bodies, kVirtualBody for a link inside a joint
  int parent = -1;    // index in KinematicTree::bodies (parents come first), -1: the ground
  int joint = 0;      // index in Model::joints, -1 for a free body's joint
  int treeJoint = 0;  // index in KinematicTree::joints
  TreeJointType type = TreeJointType::Revolute;
  int dof = 1;                   // 1, or 0 for a fixed joint
  int index = 0;                 // of its coordinate in q (valid when dof == 1)
  Mat3 R_PF = Mat3::Identity();  // the joint frame on the parent, parent body axes (eq 1)
  Vec3 p_P = Vec3::Zero();
  Mat3 R_CF = Mat3::Identity();  // the joint frame on the child, child body axes
  Vec3 p_C = Vec3::Zero();
  Vec6 S = Vec6::Zero();        // motion subspace in child body coordinates (eq 2)
  double mass = 0.0;            // zero for a virtual body
  Mat3 inertia = Mat3::Zero();  // about the centre of mass, body axes

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

// the joints the tree takes (eq 3)
enum class TreeJointKind {
  Revolute,
  Translational,
  Fixed,
  Cylindrical,
  Planar,
  Universal,
  Spherical,
  Free
};

// A joint of the tree: the chain of tree bodies first..last (last: its child, the others
// virtual), its coordinates, and the frames of eq (3)
struct TreeJoint {
  TreeJointKind kind = TreeJointKind::Revolute;
  int joint = -1;           // index in Model::joints, -1 for a free body's
  int body = 0;             // the child, index in Model::bodies
  int parent = -1;          // the parent's tree body, -1: the ground
  int first = 0, last = 0;  // its tree bodies
  int index = 0, dof = 0;   // its coordinates q[index, index + dof)
  // F_P, p_P on the parent and F_C, p_C on the child (eq 3); spherical and free: F_P = R_0 (the
  // relative rotation at zero angles), F_C = 1
  Mat3 F_P = Mat3::Identity(), F_C = Mat3::Identity();
  Vec3 p_P = Vec3::Zero(), p_C = Vec3::Zero();
  std::string name;  // the scene joint's, or "free body 'B'"
};

struct KinematicTree {
  std::vector<TreeBody> bodies;     // topological order: a parent before its children
  std::vector<TreeJoint> joints;    // the tree's joints, in the order of their child bodies
  std::vector<int> treeOf;          // Model body index -> index in bodies
  std::vector<int> coordinateBody;  // coordinate index -> the tree body it moves
  std::vector<int> loopJoints;      // Model::joints that close loops: constraints on q
  int coordinates = 0;              // nq = nv (one per joint freedom)

  int size() const { return static_cast<int>(bodies.size()); }
};

// The spanning tree of the model with the fewest freedoms, free joints for the bodies it does not
// reach (see the top). Throws JointTreeError for a beam, or a free or spherical body whose
// rotational inertia is singular.
KinematicTree buildKinematicTree(const Model& model);

// The spherical chains (spherical and free joints) whose middle angle |q2| exceeds kRebaseAngle
// (indices in tree.joints): those rebaseSphericalJoints re-bases.
std::vector<int> sphericalJointsToRebase(const KinematicTree& tree, const VectorXd& q);
// Re-bases the spherical chains (spherical and free joints) whose middle angle |q2| exceeds
// kRebaseAngle (eq 4): R_0 (the joint's F_P and its first link's R_PF) in tree, the angles and
// their rates in q, qd. Returns the re-based joints (indices in tree.joints).
std::vector<int> rebaseSphericalJoints(KinematicTree& tree, VectorXd& q, VectorXd& qd);
// "re-based the angles of spherical joint 'X', free body 'B'": the joints rebaseSphericalJoints
// returned, in words
std::string rebaseDescription(const KinematicTree& tree, const std::vector<int>& rebased);

// The motion of one body's internal frame (centre of mass, body axes) in the world.
struct BodyMotion {
  Mat3 R_WB = Mat3::Identity();
  Vec3 centre_W = Vec3::Zero();
  Vec3 omega_W = Vec3::Zero();
  Vec3 centreVelocity_W = Vec3::Zero();
};

// Joint coordinates and rates of the bodies' motions (one per Model body): the inverse map, each
// joint's relative pose inverting eq (3) (angles in (-pi, pi], the middle Bryant angle in
// [-pi/2, pi/2]), and the rates that reproduce the relative spatial velocity through the chain's
// motion subspaces (eq 2; least squares, exact for a consistent motion).
void jointStateOf(const KinematicTree& tree, const std::vector<BodyMotion>& bodies, VectorXd& q,
                  VectorXd& qd);

// Joint coordinates and rates of the model's initial state (jointStateOf its initial motions).
void initialJointState(const KinematicTree& tree, const Model& model, VectorXd& q, VectorXd& qd);

}  // namespace mbw
