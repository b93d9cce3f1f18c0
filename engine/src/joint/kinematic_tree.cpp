#include "joint/kinematic_tree.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <tuple>

namespace mbw {
namespace {

// --- joint types and initial poses ---------------------------------------------------------------

// the freedoms of a joint type as a tree joint, or -1 for a joint that only closes loops
int freedoms(JointType type) {
  switch (type) {
    case JointType::Fixed:
      return 0;
    case JointType::Revolute:
    case JointType::Translational:
      return 1;
    case JointType::Universal:
    case JointType::Cylindrical:
      return 2;
    case JointType::Planar:
    case JointType::Spherical:
      return 3;
    default:
      return -1;
  }
}

TreeJointKind kindOf(JointType type) {
  switch (type) {
    case JointType::Revolute:
      return TreeJointKind::Revolute;
    case JointType::Translational:
      return TreeJointKind::Translational;
    case JointType::Cylindrical:
      return TreeJointKind::Cylindrical;
    case JointType::Planar:
      return TreeJointKind::Planar;
    case JointType::Universal:
      return TreeJointKind::Universal;
    case JointType::Spherical:
      return TreeJointKind::Spherical;
    default:
      return TreeJointKind::Fixed;
  }
}

// a body's initial rotation and centre of mass (the ground: world axes at the origin)
Mat3 initialRotation(const Model& m, int b) { return b >= 0 ? m.bodies[b].R_WB : Mat3::Identity(); }
Vec3 initialCentre(const Model& m, int b) {
  return b >= 0 ? Vec3(m.bodies[b].position_W + m.bodies[b].R_WB * m.bodies[b].com_B)
                : Vec3::Zero();
}

// axes (x, y, z) as the columns of a rotation
Mat3 frameOf(const Vec3& x, const Vec3& y, const Vec3& z) {
  Mat3 R;
  R.col(0) = x;
  R.col(1) = y;
  R.col(2) = z;
  return R;
}

// a frame whose z is the unit vector z
Mat3 frameAlong(const Vec3& z) {
  const Vec3 x = z.unitOrthogonal();
  return frameOf(x, z.cross(x), z);
}

// P_x and P_y of eq (3): the cyclic permutations taking e_z to e_x and to e_y
Mat3 toX() { return frameOf(Vec3::UnitY(), Vec3::UnitZ(), Vec3::UnitX()); }
Mat3 toY() { return frameOf(Vec3::UnitZ(), Vec3::UnitX(), Vec3::UnitY()); }

// the angle of rot_z(angle) read from a rotation
double angleZ(const Mat3& R) { return std::atan2(R(1, 0), R(0, 0)); }

// Bryant angles x-y'-z'' of R = rot_x(a) rot_y(b) rot_z(c), b in [-pi/2, pi/2]
void bryantAngles(const Mat3& R, double* angles) {
  angles[0] = std::atan2(-R(1, 2), R(2, 2));
  angles[1] = std::atan2(R(0, 2), std::hypot(R(0, 0), R(0, 1)));
  angles[2] = std::atan2(-R(0, 1), R(0, 0));
}

// --- the joint frames, read from the primitives --------------------------------------------------

// The frames of a scene joint on its tree parent and child (eq 3), read from the primitives the
// scene builder made for it (scene/model_builder_joints.cpp); childIsJ: the child is body j.
void readFrames(const Model& m, const Joint& joint, bool childIsJ, TreeJoint& t) {
  const Primitive* p = m.primitives.data() + joint.firstPrimitive;
  // z of body j's frame along its axis, turned to agree with body i's in the initial pose
  const auto alignedAxis = [&](const Vec3& nI, const Vec3& nJ) {
    const Vec3 nI_W = initialRotation(m, joint.bodyI) * nI;
    const Vec3 nJ_W = initialRotation(m, joint.bodyJ) * nJ;
    return nI_W.dot(nJ_W) < 0.0 ? Vec3(-nJ) : nJ;
  };
  // frames and points on bodies i and j, for the joints with one axis or none
  Mat3 R_IF = Mat3::Identity(), R_JF = Mat3::Identity();
  Vec3 p_I = p[0].s_I, p_J = p[0].s_J;
  switch (joint.type) {
    case JointType::Revolute:
      // 3 CD at the joint points, DP1(a_i, n_j), DP1(b_i, n_j): z along the axis
      R_IF = frameOf(p[3].a_I, p[4].a_I, joint.axis_I);
      R_JF = frameAlong(alignedAxis(joint.axis_I, p[3].a_J.normalized()));
      break;
    case JointType::Cylindrical:
      // DP1(a_i, n_j), DP1(b_i, n_j), DP2(a_i), DP2(b_i): z along the axis
      p_I = p[2].s_I;
      p_J = p[2].s_J;
      R_IF = frameOf(p[0].a_I, p[1].a_I, joint.axis_I);
      R_JF = frameAlong(alignedAxis(joint.axis_I, p[0].a_J.normalized()));
      break;
    case JointType::Translational: {
      // DP1(a_i, n_j), DP1(b_i, n_j), DP2(a_i), DP2(b_i), DP1(a_i, c_j): c_j is b_i on body j
      p_I = p[2].s_I;
      p_J = p[2].s_J;
      R_IF = frameOf(p[0].a_I, p[1].a_I, joint.axis_I);
      const Vec3 z = alignedAxis(joint.axis_I, p[0].a_J.normalized());
      const Vec3 y = (p[4].a_J - p[4].a_J.dot(z) * z).normalized();
      R_JF = frameOf(y.cross(z), y, z);
      break;
    }
    case JointType::Planar: {
      // DP1(n_i, a_j), DP1(n_i, n_j x a_j), DP2(n_i): z along the normals, n_j = a_j x (n_j x a_j)
      p_I = p[2].s_I;
      p_J = p[2].s_J;
      R_IF = frameAlong(joint.axis_I.normalized());
      R_JF = frameAlong(alignedAxis(joint.axis_I, p[0].a_J.cross(p[1].a_J).normalized()));
      break;
    }
    case JointType::Fixed:
      // 3 CD, then DP1(e_k, R_JI e_(k+1)): body i's axes seen from body j
      for (int k = 0; k < 3; ++k) R_JF.col((k + 1) % 3) = p[3 + k].a_J;
      break;
    default:  // universal and spherical: 3 CD at the joint points, frames by roles below
      break;
  }
  // the frames on the parent and the child, as the child is body j or i
  t.F_P = childIsJ ? R_IF : R_JF;
  t.p_P = childIsJ ? p_I : p_J;
  t.F_C = childIsJ ? R_JF : R_IF;
  t.p_C = childIsJ ? p_J : p_I;
  // the child's initial rotation in the parent's axes: the universal's and spherical's frames
  const int parent = childIsJ ? joint.bodyI : joint.bodyJ,
            child = childIsJ ? joint.bodyJ : joint.bodyI;
  const Mat3 R_PC = initialRotation(m, parent).transpose() * initialRotation(m, child);
  if (joint.type == JointType::Universal) {
    // DP1(n_i, n_j) after the 3 CD: z of F_P the parent's axis, x of F_C the child's, and each
    // frame's other axis the other body's axis in the initial pose (so that R_J = 1 there)
    const Vec3 nP = (childIsJ ? p[3].a_I : p[3].a_J).normalized();
    const Vec3 nC = (childIsJ ? p[3].a_J : p[3].a_I).normalized();
    const Vec3 xP = (R_PC * nC - (R_PC * nC).dot(nP) * nP).normalized();
    const Vec3 zC = (R_PC.transpose() * nP - (R_PC.transpose() * nP).dot(nC) * nC).normalized();
    t.F_P = frameOf(xP, nP.cross(xP), nP);
    t.F_C = frameOf(nC, zC.cross(nC), zC);
  } else if (joint.type == JointType::Spherical) {
    // R_0 the initial relative rotation: zero angles there
    t.F_P = R_PC;
    t.F_C = Mat3::Identity();
  }
}

// --- the chains of tree bodies -------------------------------------------------------------------

// appends a tree body moving by one freedom (or none) relative to tree body parent (eqs 1-2), as a
// virtual body of the tree's last joint
int addLink(KinematicTree& tree, int parent, TreeJointType type, const Mat3& R_PF, const Vec3& p_P,
            const Mat3& R_CF, const Vec3& p_C) {
  TreeBody t;
  t.body = kVirtualBody;
  t.parent = parent;
  t.treeJoint = static_cast<int>(tree.joints.size()) - 1;
  t.joint = tree.joints.back().joint;
  t.type = type;
  t.R_PF = R_PF;
  t.p_P = p_P;
  t.R_CF = R_CF;
  t.p_C = p_C;
  // its coordinate and motion subspace (eq 2)
  t.dof = type == TreeJointType::Fixed ? 0 : 1;
  t.index = tree.coordinates;
  tree.coordinates += t.dof;
  if (t.dof) tree.coordinateBody.push_back(tree.size());
  const Vec3 a = R_CF.col(2);
  if (type == TreeJointType::Revolute) t.S << a, p_C.cross(a);
  if (type == TreeJointType::Translational) t.S << Vec3::Zero(), a;
  tree.bodies.push_back(t);
  return tree.size() - 1;
}

// the rotational inertia of a free or spherical body must be regular (and a free body's mass
// positive): ABA divides by them
void checkInertia(const Model& m, const TreeJoint& j) {
  const Body& b = m.bodies[j.body];
  const Eigen::SelfAdjointEigenSolver<Mat3> eigen(b.inertia_B, Eigen::EigenvaluesOnly);
  const Vec3 e = eigen.eigenvalues();
  const bool regular = e.maxCoeff() > 0.0 && e.minCoeff() > 1e-12 * e.maxCoeff();
  if (regular && (j.kind != TreeJointKind::Free || b.mass > 0.0)) return;
  throw JointTreeError(
      "body '" + b.name + "' (" + b.jsonPath + ") " +
      (j.kind == TreeJointKind::Free ? "is a free body" : "turns on a spherical joint") +
      " with a singular rotational inertia or no mass: the joint coordinates cannot "
      "give it accelerations");
}

// appends joint j's chain of tree bodies from its parent to its child (eq 3), the child last
void addJoint(KinematicTree& tree, const Model& m, TreeJoint j) {
  if (j.kind == TreeJointKind::Spherical || j.kind == TreeJointKind::Free) checkInertia(m, j);
  j.first = tree.size();
  j.index = tree.coordinates;
  tree.joints.push_back(j);
  const Mat3 I = Mat3::Identity(), Px = toX(), Py = toY();
  const Vec3 o = Vec3::Zero();
  using T = TreeJointType;
  int at = j.parent;
  switch (j.kind) {
    case TreeJointKind::Revolute:
      at = addLink(tree, at, T::Revolute, j.F_P, j.p_P, j.F_C, j.p_C);
      break;
    case TreeJointKind::Translational:
      at = addLink(tree, at, T::Translational, j.F_P, j.p_P, j.F_C, j.p_C);
      break;
    case TreeJointKind::Fixed:
      at = addLink(tree, at, T::Fixed, j.F_P, j.p_P, j.F_C, j.p_C);
      break;
    case TreeJointKind::Cylindrical:
      // along z, then about it
      at = addLink(tree, at, T::Translational, j.F_P, j.p_P, I, o);
      at = addLink(tree, at, T::Revolute, I, o, j.F_C, j.p_C);
      break;
    case TreeJointKind::Planar:
      // along x and y of F_P, then about z
      at = addLink(tree, at, T::Translational, j.F_P * Px, j.p_P, Px, o);
      at = addLink(tree, at, T::Translational, Py, o, Py, o);
      at = addLink(tree, at, T::Revolute, I, o, j.F_C, j.p_C);
      break;
    case TreeJointKind::Universal:
      // about the parent's axis z, then about the child's x
      at = addLink(tree, at, T::Revolute, j.F_P, j.p_P, I, o);
      at = addLink(tree, at, T::Revolute, Px, o, j.F_C * Px, j.p_C);
      break;
    case TreeJointKind::Free:
      // along the ground's x, y and z, then as a spherical joint at the centre of mass
      at = addLink(tree, at, T::Translational, Px, o, Px, o);
      at = addLink(tree, at, T::Translational, Py, o, Py, o);
      at = addLink(tree, at, T::Translational, I, o, I, o);
      [[fallthrough]];
    case TreeJointKind::Spherical:
      // about x of R_0, y', z''
      at = addLink(tree, at, T::Revolute, j.F_P * Px, j.p_P, Px, o);
      at = addLink(tree, at, T::Revolute, Py, o, Py, o);
      at = addLink(tree, at, T::Revolute, I, o, j.F_C, j.p_C);
      break;
  }
  // the chain's last link is the child body, with its mass
  TreeBody& child = tree.bodies[at];
  child.body = j.body;
  child.mass = m.bodies[j.body].mass;
  child.inertia = m.bodies[j.body].inertia_B;
  tree.treeOf[j.body] = at;
  tree.joints.back().last = at;
  tree.joints.back().dof = tree.coordinates - j.index;
}

// the free joint of body b from the ground: its initial rotation as R_0
void addFreeJoint(KinematicTree& tree, const Model& m, int b) {
  TreeJoint j;
  j.kind = TreeJointKind::Free;
  j.body = b;
  j.F_P = m.bodies[b].R_WB;
  j.name = "free body '" + m.bodies[b].name + "'";
  addJoint(tree, m, j);
}

// the rates of joint j's chain that give its child's velocity relative to its parent (eq 2 along
// the chain, each link's S_k moved to the child: X_(C<-k) S_k), by least squares
void chainRates(const KinematicTree& tree, const TreeJoint& j, const VectorXd& q, const Vec6& child,
                const Vec6& parent, VectorXd& qd) {
  Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6> A(6, j.dof);
  Mat6 X = Mat6::Identity();
  // from the child up the chain: each link's column, then its transform
  for (int k = j.last; k >= j.first; --k) {
    const TreeBody& t = tree.bodies[k];
    if (t.dof) A.col(t.index - j.index) = X * t.S;
    X = X * t.parentToChild(t.dof ? q[t.index] : 0.0).matrix();
  }
  // the child's velocity less the parent's seen in the child's coordinates
  const Vec6 relative = child - X * parent;
  qd.segment(j.index, j.dof) = A.colPivHouseholderQr().solve(relative);
}

}  // namespace

// --- the spanning tree ---------------------------------------------------------------------------

KinematicTree buildKinematicTree(const Model& model) {
  // rigid bodies only
  for (const Body& b : model.bodies)
    if (b.beam >= 0)
      throw JointTreeError("body '" + b.name + "' (" + b.jsonPath +
                           ") is a beam node: the joint coordinates hold rigid bodies only");
  // no body in the tree and no joint used yet
  KinematicTree tree;
  tree.treeOf.assign(model.bodyCount(), -1);
  std::vector<bool> used(model.joints.size(), false);
  const auto inTree = [&](int b) { return b == kGround || tree.treeOf[b] >= 0; };
  for (;;) {
    // the joint of fewest freedoms from a body in the tree to one outside it; ties go to the
    // inside body first in the tree, then to the joint first in the scene (breadth first)
    int best = -1;
    std::tuple<int, int, int> bestKey;
    for (size_t k = 0; k < model.joints.size(); ++k) {
      const Joint& joint = model.joints[k];
      const int f = freedoms(joint.type);
      if (used[k] || f < 0 || inTree(joint.bodyI) == inTree(joint.bodyJ)) continue;
      const int inside = inTree(joint.bodyI) ? joint.bodyI : joint.bodyJ;
      const std::tuple<int, int, int> key{f, inside == kGround ? -1 : tree.treeOf[inside],
                                          static_cast<int>(k)};
      if (best < 0 || key < bestKey) {
        best = static_cast<int>(k);
        bestKey = key;
      }
    }
    // that joint's chain to the body outside
    if (best >= 0) {
      used[best] = true;
      const Joint& joint = model.joints[best];
      const bool childIsJ = inTree(joint.bodyI);
      TreeJoint j;
      j.kind = kindOf(joint.type);
      j.joint = best;
      j.body = childIsJ ? joint.bodyJ : joint.bodyI;
      const int parent = childIsJ ? joint.bodyI : joint.bodyJ;
      j.parent = parent == kGround ? -1 : tree.treeOf[parent];
      j.name = joint.name;
      readFrames(model, joint, childIsJ, j);
      addJoint(tree, model, j);
      continue;
    }
    // none: the first body left out is free (its joints close loops), or every body is in
    int left = 0;
    while (left < model.bodyCount() && tree.treeOf[left] >= 0) ++left;
    if (left == model.bodyCount()) break;
    addFreeJoint(tree, model, left);
  }
  // the other joints close loops
  for (size_t k = 0; k < model.joints.size(); ++k)
    if (!used[k]) tree.loopJoints.push_back(static_cast<int>(k));
  return tree;
}

// --- re-basing the spherical chains (eq 4) -------------------------------------------------------

std::vector<int> sphericalJointsToRebase(const KinematicTree& tree, const VectorXd& q) {
  std::vector<int> due;
  for (size_t k = 0; k < tree.joints.size(); ++k) {
    const TreeJoint& j = tree.joints[k];
    if (j.kind != TreeJointKind::Spherical && j.kind != TreeJointKind::Free) continue;
    // the angles follow a free body's three slides
    const int a = j.index + (j.kind == TreeJointKind::Free ? 3 : 0);
    if (std::abs(q[a + 1]) > kRebaseAngle) due.push_back(static_cast<int>(k));
  }
  return due;
}

std::vector<int> rebaseSphericalJoints(KinematicTree& tree, VectorXd& q, VectorXd& qd) {
  const std::vector<int> rebased = sphericalJointsToRebase(tree, q);
  for (const int k : rebased) {
    TreeJoint& j = tree.joints[k];
    const int a = j.index + (j.kind == TreeJointKind::Free ? 3 : 0);
    // rot_x(q1) rot_y(q2) rot_z(q3) and the relative angular velocity in R_0's axes
    const Mat3 Rx = Eigen::AngleAxisd(q[a], Vec3::UnitX()).toRotationMatrix();
    const Mat3 Rxy = Rx * Eigen::AngleAxisd(q[a + 1], Vec3::UnitY()).toRotationMatrix();
    const Mat3 R = Rxy * Eigen::AngleAxisd(q[a + 2], Vec3::UnitZ()).toRotationMatrix();
    const Vec3 omega = qd[a] * Vec3::UnitX() + qd[a + 1] * Rx.col(1) + qd[a + 2] * Rxy.col(2);
    // R_0 := R_0 R in the joint and in its first rotating link (R_PF = R_0 P_x); the angles zero
    // and their rates in the new axes
    j.F_P = j.F_P * R;
    tree.bodies[j.last - 2].R_PF = j.F_P * toX();
    q.segment<3>(a).setZero();
    qd.segment<3>(a) = R.transpose() * omega;
  }
  return rebased;
}

std::string rebaseDescription(const KinematicTree& tree, const std::vector<int>& rebased) {
  std::string text = "re-based the angles of ";
  for (size_t k = 0; k < rebased.size(); ++k) {
    const TreeJoint& j = tree.joints[rebased[k]];
    text += (k ? ", " : "") +
            (j.kind == TreeJointKind::Free ? j.name : "spherical joint '" + j.name + "'");
  }
  return text;
}

// --- joint coordinates of body motions -----------------------------------------------------------

void jointStateOf(const KinematicTree& tree, const std::vector<BodyMotion>& bodies, VectorXd& q,
                  VectorXd& qd) {
  q.setZero(tree.coordinates);
  qd.setZero(tree.coordinates);
  // each body's spatial velocity in its body coordinates (the ground at rest)
  const BodyMotion ground;
  const auto motion = [&](int b) -> const BodyMotion& { return b >= 0 ? bodies[b] : ground; };
  const auto spatialVelocity = [&](int b) {
    const BodyMotion& m = motion(b);
    Vec6 v;
    v << m.R_WB.transpose() * m.omega_W, m.R_WB.transpose() * m.centreVelocity_W;
    return v;
  };
  // each joint with freedoms (fixed joints carry no coordinate)
  for (const TreeJoint& j : tree.joints) {
    if (j.dof == 0) continue;
    const int parent = j.parent < 0 ? kGround : tree.bodies[j.parent].body;
    // the child's pose in the parent body frame, then the joint's relative pose (eq 3)
    const Mat3& R_WP = motion(parent).R_WB;
    const Mat3 R_PC = R_WP.transpose() * motion(j.body).R_WB;
    const Vec3 r_PC = R_WP.transpose() * (motion(j.body).centre_W - motion(parent).centre_W);
    const Mat3 R_J = j.F_P.transpose() * R_PC * j.F_C;
    const Vec3 t_J = j.F_P.transpose() * (r_PC + R_PC * j.p_C - j.p_P);
    // the coordinates of each kind, inverting eq (3)
    double* x = q.data() + j.index;
    switch (j.kind) {
      case TreeJointKind::Revolute:
        x[0] = angleZ(R_J);
        break;
      case TreeJointKind::Translational:
        x[0] = t_J.z();
        break;
      case TreeJointKind::Cylindrical:
        x[0] = t_J.z();
        x[1] = angleZ(R_J);
        break;
      case TreeJointKind::Planar:
        x[0] = t_J.x();
        x[1] = t_J.y();
        x[2] = angleZ(R_J);
        break;
      case TreeJointKind::Universal:
        // R_J = rot_z(q1) rot_x(q2)
        x[0] = angleZ(R_J);
        x[1] = std::atan2(R_J(2, 1), R_J(2, 2));
        break;
      case TreeJointKind::Spherical:
        bryantAngles(R_J, x);
        break;
      case TreeJointKind::Free:
        // the centre in the ground's axes, then the angles from R_0
        x[0] = r_PC.x();
        x[1] = r_PC.y();
        x[2] = r_PC.z();
        bryantAngles(R_J, x + 3);
        break;
      case TreeJointKind::Fixed:
        break;
    }
    // the rates along the chain
    chainRates(tree, j, q, spatialVelocity(j.body), spatialVelocity(parent), qd);
  }
}

void initialJointState(const KinematicTree& tree, const Model& model, VectorXd& q, VectorXd& qd) {
  // the bodies' initial motions at their centres of mass
  std::vector<BodyMotion> bodies(model.bodyCount());
  for (int b = 0; b < model.bodyCount(); ++b) {
    const Body& body = model.bodies[b];
    bodies[b].R_WB = body.R_WB;
    bodies[b].centre_W = initialCentre(model, b);
    bodies[b].omega_W = body.omega_W;
    bodies[b].centreVelocity_W = body.velocity_W + body.omega_W.cross(body.R_WB * body.com_B);
  }
  jointStateOf(tree, bodies, q, qd);
}

}  // namespace mbw
