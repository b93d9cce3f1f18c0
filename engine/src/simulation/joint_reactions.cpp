#include "simulation/joint_reactions.h"

#include "math/rotation.h"
#include "statespace/body_block_matrix.h"

namespace mbw {

JointReactions::JointReactions(const Formulation& formulation)
    : f_(formulation), V_(formulation.bodyVelocitySize()), target_{&jacobian_, 0} {
  const Model& m = f_.model();
  // the pattern of Phi_q: each constraint row over the blocks of its bodies
  std::vector<Eigen::Triplet<double>> entries;
  for (const BodyBlockMatrix::Block& b : constraintRowBlocks(f_))
    for (int r = 0; r < b.rows; ++r)
      for (int c = 0; c < b.cols; ++c) entries.emplace_back(b.row + r, b.col + c, 0.0);
  // the matrix with its structure, entries zero until compute()
  jacobian_.resize(f_.constraintSize(), f_.velocitySize());
  jacobian_.setFromTriplets(entries.begin(), entries.end());
  jacobian_.makeCompressed();
  // work storage sized once: per body, six unit motions, and two bodies' generalized forces per
  // joint
  velocity_.assign(m.bodyCount(), Vec3::Zero());
  omega_.assign(m.bodyCount(), Vec3::Zero());
  basis_.assign(6, VectorXd::Zero(f_.velocitySize()));
  generalized_.assign(m.joints.size() * 2 * static_cast<size_t>(V_), 0.0);
}

std::vector<Channel> JointReactions::channels() const {
  // per joint, the force and the torque in the joint's frame
  std::vector<Channel> c;
  for (const Joint& j : f_.model().joints) {
    const std::string n = "reaction." + j.name + ".";
    for (const char* s : {"fx", "fy", "fz"}) c.push_back({n + s, "N"});
    for (const char* s : {"tx", "ty", "tz"}) c.push_back({n + s, "N m"});
  }
  return c;
}

Mat3 JointReactions::jointFrame(const Joint& joint) {
  // z along the joint's axis on body i, x the world's x (else y) made perpendicular to it; no axis:
  // body i's frame
  if (joint.axis_I.norm() == 0.0) return Mat3::Identity();
  const Vec3 z = joint.axis_I.normalized();
  Vec3 x = Vec3::UnitX() - z.x() * z;
  if (x.norm() < 1e-6) x = Vec3::UnitY() - z.y() * z;
  x.normalize();
  Mat3 R;
  R << x, z.cross(x), z;
  return R;
}

void JointReactions::compute(const VectorXd& q, const VectorXd& lambda,
                             const std::vector<BodyOutput>& bodies, std::vector<double>& out) {
  const Model& m = f_.model();
  // Phi_q at the current positions
  std::fill(jacobian_.valuePtr(), jacobian_.valuePtr() + jacobian_.nonZeros(), 0.0);
  f_.constraintJacobian(MatrixSink(target_));

  // each joint's -Phi_q^T lambda over the coordinates of its two bodies
  std::fill(generalized_.begin(), generalized_.end(), 0.0);
  for (int col = 0; col < jacobian_.outerSize(); ++col) {
    // the column's body, and its coordinate within the body's block
    const int body = col / V_, k = col % V_;
    for (SparseMatrixXd::InnerIterator it(jacobian_, col); it; ++it) {
      if (it.row() >= f_.primitiveRows()) continue;  // the formulation's own rows (normalizations)
      // the entry's share goes to its joint, on the side of body i or body j
      const int joint = m.primitives[f_.rowPrimitives()[it.row()]].joint;
      if (joint < 0) continue;
      const Joint& j = m.joints[joint];
      const int side = body == j.bodyI ? 0 : body == j.bodyJ ? 1 : -1;
      if (side < 0) continue;
      generalized_[(static_cast<size_t>(joint) * 2 + side) * V_ + k] -=
          it.value() * lambda[it.row()];
    }
  }

  // the unit motions of every body as velocity coordinates: translations, then rotations
  for (int e = 0; e < 6; ++e) {
    for (int b = 0; b < m.bodyCount(); ++b) {
      velocity_[b] = e < 3 ? Vec3(Vec3::Unit(e)) : Vec3::Zero();
      omega_[b] = e < 3 ? Vec3::Zero() : Vec3(Vec3::Unit(e - 3));
    }
    f_.encodeVelocities(q, velocity_, omega_, basis_[e]);
  }

  // per joint: its reaction wrench, at the joint point and in the joint's frame
  for (size_t joint = 0; joint < m.joints.size(); ++joint) {
    const Joint& j = m.joints[joint];
    // the wrench on body i, or minus the one on body j for a joint on the ground
    const bool onI = j.bodyI != kGround;
    const int body = onI ? j.bodyI : j.bodyJ;
    Vec3 F = Vec3::Zero(), nO = Vec3::Zero();
    if (body != kGround) {
      // the generalized forces on this body's side of the joint
      const double* Q = generalized_.data() + (joint * 2 + (onI ? 0 : 1)) * V_;
      // the force and the moment: the generalized forces' power along each unit motion of the body
      for (int e = 0; e < 3; ++e)
        for (int k = 0; k < V_; ++k) {
          F[e] += basis_[e][body * V_ + k] * Q[k];
          nO[e] += basis_[e + 3][body * V_ + k] * Q[k];
        }
    }
    // the joint point and frame in the world
    Vec3 p_P = j.point_I;
    Mat3 R_WJ = jointFrame(j);
    // on body i: the joint point moved with it and the frame rotated with it
    if (j.bodyI != kGround) {
      const BodyOutput& bi = bodies[j.bodyI];
      const Mat3 R_WI = rotationFromEulerParameters(bi.eulerParameters.normalized());
      p_P = bi.position_W + R_WI * (m.bodies[j.bodyI].com_B + j.point_I);
      R_WJ = R_WI * R_WJ;
    }
    if (body != kGround) {
      // the moment moved to the joint point, then both into the joint's frame
      const Vec3 nP = nO - (p_P - bodies[body].position_W).cross(F);
      const double sign = onI ? 1.0 : -1.0;
      const Vec3 fJ = sign * (R_WJ.transpose() * F), tJ = sign * (R_WJ.transpose() * nP);
      out.insert(out.end(), {fJ.x(), fJ.y(), fJ.z(), tJ.x(), tJ.y(), tJ.z()});
    } else {
      // no body off the ground: zeros
      out.insert(out.end(), 6, 0.0);
    }
  }
}

}  // namespace mbw
