#include "joint/kinematic_tree.h"

#include <cmath>
#include <deque>

namespace mbw {
namespace {

// --- joint types and initial poses ---------------------------------------------------------------

// the name of a joint type as a scene writes it, for messages
const char* typeName(JointType type) {
  switch (type) {
    case JointType::Spherical:
      return "spherical";
    case JointType::Revolute:
      return "revolute";
    case JointType::Universal:
      return "universal";
    case JointType::Cylindrical:
      return "cylindrical";
    case JointType::Translational:
      return "translational";
    case JointType::Distance:
      return "distance";
    case JointType::Planar:
      return "planar";
    case JointType::PlanarRevolute:
      return "planar-revolute";
    case JointType::AngleDriver:
      return "angle-driver";
    case JointType::Primitive:
      return "raw primitive";
    case JointType::Fixed:
      return "fixed";
  }
  return "unknown";
}

// the joint types a tree joint may have: one freedom about or along z, or none
bool treeCapable(JointType type) {
  return type == JointType::Revolute || type == JointType::Translational ||
         type == JointType::Fixed;
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

// --- the joint frames, read from the primitives --------------------------------------------------

// The joint frames on body i and body j (their body axes, origins in their internal frames),
// read from the primitives the scene builder made for the joint.
struct JointFrames {
  Mat3 R_IF, R_JF;
  Vec3 p_I, p_J;
};

JointFrames jointFrames(const Model& m, const Joint& joint) {
  const Primitive* p = m.primitives.data() + joint.firstPrimitive;
  JointFrames f;
  // z of body j's frame along its axis, turned to agree with body i's in the initial pose
  const auto alignedAxis = [&](const Vec3& nI, const Vec3& nJ) {
    const Vec3 nI_W = initialRotation(m, joint.bodyI) * nI;
    const Vec3 nJ_W = initialRotation(m, joint.bodyJ) * nJ;
    return nI_W.dot(nJ_W) < 0.0 ? Vec3(-nJ) : nJ;
  };
  if (joint.type == JointType::Revolute) {
    // 3 CD at the joint points, DP1(a_i, n_j), DP1(b_i, n_j): z along the axis
    f.p_I = p[0].s_I;
    f.p_J = p[0].s_J;
    f.R_IF = frameOf(p[3].a_I, p[4].a_I, joint.axis_I);
    const Vec3 z = alignedAxis(joint.axis_I, p[3].a_J.normalized());
    const Vec3 x = z.unitOrthogonal();
    f.R_JF = frameOf(x, z.cross(x), z);
  } else if (joint.type == JointType::Translational) {
    // DP1(a_i, n_j), DP1(b_i, n_j), DP2(a_i), DP2(b_i), DP1(a_i, c_j): c_j is b_i on body j
    f.p_I = p[2].s_I;
    f.p_J = p[2].s_J;
    f.R_IF = frameOf(p[0].a_I, p[1].a_I, joint.axis_I);
    const Vec3 z = alignedAxis(joint.axis_I, p[0].a_J.normalized());
    const Vec3 y = (p[4].a_J - p[4].a_J.dot(z) * z).normalized();
    f.R_JF = frameOf(y.cross(z), y, z);
  } else {
    // fixed: 3 CD, then DP1(e_k, R_JI e_(k+1)): body i's axes seen from body j
    f.p_I = p[0].s_I;
    f.p_J = p[0].s_J;
    f.R_IF = Mat3::Identity();
    for (int k = 0; k < 3; ++k) f.R_JF.col((k + 1) % 3) = p[3 + k].a_J;
  }
  return f;
}

// --- why bodies are left out ---------------------------------------------------------------------

// Why the tree does not reach the bodies left out: a body held by joints the tree cannot hold
// (naming the first four, the others counted), else a body (or group of bodies) joined to the
// ground by nothing.
std::string unreachedReason(const Model& m, const std::vector<int>& treeOf) {
  // first a body held by joints of types the tree cannot hold
  for (int b = 0; b < m.bodyCount(); ++b) {
    if (treeOf[b] >= 0) continue;
    std::string joints;
    int count = 0;
    // those joints on it: the first four named, the others counted
    for (const Joint& j : m.joints) {
      if ((j.bodyI != b && j.bodyJ != b) || treeCapable(j.type)) continue;
      if (++count <= 4)
        joints += std::string(count > 1 ? ", " : "") + "joint '" + j.name + "' (" + j.jsonPath +
                  ", " + typeName(j.type) + ")";
    }
    if (count > 4) joints += " and " + std::to_string(count - 4) + " more";
    if (count > 0)
      return "body '" + m.bodies[b].name + "' (" + m.bodies[b].jsonPath + ") is held by " + joints +
             ", which cannot be joints of the tree yet: the joint coordinates build their tree "
             "from revolute, translational and fixed joints (other joints may only close loops)";
  }
  // else the first body no chain of joints reaches
  for (int b = 0; b < m.bodyCount(); ++b)
    if (treeOf[b] < 0)
      return "body '" + m.bodies[b].name + "' (" + m.bodies[b].jsonPath +
             ") is joined to the ground by no chain of joints: free bodies (quaternion "
             "coordinates) are not supported by the joint coordinates yet";
  return {};
}

}  // namespace

// --- the spanning tree ---------------------------------------------------------------------------

KinematicTree buildKinematicTree(const Model& model) {
  // rigid bodies only
  for (const Body& b : model.bodies)
    if (b.beam >= 0)
      throw JointTreeError("body '" + b.name + "' (" + b.jsonPath +
                           ") is a beam node: the joint coordinates hold rigid bodies only");
  // breadth first from the ground over the joints the tree can hold
  // no body in the tree and no joint used yet; the ground first in the queue
  KinematicTree tree;
  tree.treeOf.assign(model.bodyCount(), -1);
  std::vector<bool> used(model.joints.size(), false);
  std::deque<int> queue{kGround};
  while (!queue.empty()) {
    const int b = queue.front();
    queue.pop_front();
    // each unused tree joint on this body makes the body at its other end a child, unless that one
    // is the ground or already in the tree
    for (size_t k = 0; k < model.joints.size(); ++k) {
      const Joint& joint = model.joints[k];
      if (used[k] || !treeCapable(joint.type) || (joint.bodyI != b && joint.bodyJ != b)) continue;
      const bool childIsJ = joint.bodyI == b;
      const int child = childIsJ ? joint.bodyJ : joint.bodyI;
      if (child == kGround || tree.treeOf[child] >= 0) continue;
      used[k] = true;
      // the new body, its joint frames as parent and child
      const JointFrames f = jointFrames(model, joint);
      TreeBody t;
      t.body = child;
      t.parent = b == kGround ? -1 : tree.treeOf[b];
      t.joint = static_cast<int>(k);
      t.type = joint.type == JointType::Revolute        ? TreeJointType::Revolute
               : joint.type == JointType::Translational ? TreeJointType::Translational
                                                        : TreeJointType::Fixed;
      // the frames on body i or j, as the child is body j or i
      t.R_PF = childIsJ ? f.R_IF : f.R_JF;
      t.p_P = childIsJ ? f.p_I : f.p_J;
      t.R_CF = childIsJ ? f.R_JF : f.R_IF;
      t.p_C = childIsJ ? f.p_J : f.p_I;
      // its coordinate and motion subspace (eq 2)
      t.dof = t.type == TreeJointType::Fixed ? 0 : 1;
      t.index = tree.coordinates;
      tree.coordinates += t.dof;
      const Vec3 a = t.R_CF.col(2);
      if (t.type == TreeJointType::Revolute) t.S << a, t.p_C.cross(a);
      if (t.type == TreeJointType::Translational) t.S << Vec3::Zero(), a;
      // its mass and inertia in its body axes; queued to visit its own children
      t.mass = model.bodies[child].mass;
      t.inertia = model.bodies[child].inertia_B;
      tree.treeOf[child] = tree.size();
      tree.bodies.push_back(t);
      queue.push_back(child);
    }
  }
  // every body reached; the other joints close loops
  for (int b = 0; b < model.bodyCount(); ++b)
    if (tree.treeOf[b] < 0) throw JointTreeError(unreachedReason(model, tree.treeOf));
  for (size_t k = 0; k < model.joints.size(); ++k)
    if (!used[k]) tree.loopJoints.push_back(static_cast<int>(k));
  return tree;
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
  // each tree body with a freedom, in tree order (fixed joints carry no coordinate)
  for (const TreeBody& t : tree.bodies) {
    if (t.dof == 0) continue;
    const int parent = t.parent < 0 ? kGround : tree.bodies[t.parent].body;
    // the child's pose in the parent body frame, then the joint's relative pose (inverse of eq 1)
    const Mat3& R_WP = motion(parent).R_WB;
    const Mat3 R_PC = R_WP.transpose() * motion(t.body).R_WB;
    const Vec3 r_PC = R_WP.transpose() * (motion(t.body).centre_W - motion(parent).centre_W);
    const Mat3 R_J = t.R_PF.transpose() * R_PC * t.R_CF;
    const Vec3 t_J = t.R_PF.transpose() * (r_PC + R_PC * t.p_C - t.p_P);
    // the revolute angle about z read from R_J, the slide read from t_J's z
    q[t.index] = t.type == TreeJointType::Revolute ? std::atan2(R_J(1, 0), R_J(0, 0)) : t_J.z();
    // the relative spatial velocity projected on the motion subspace
    const Vec6 relative =
        spatialVelocity(t.body) - t.parentToChild(q[t.index]).applyMotion(spatialVelocity(parent));
    qd[t.index] = t.S.dot(relative) / t.S.squaredNorm();
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
