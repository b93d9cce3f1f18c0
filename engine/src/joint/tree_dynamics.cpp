#include "joint/tree_dynamics.h"

#include "joint/tree_dynamics_ad.h"

namespace mbw {

template <typename S>
TreeDynamicsT<S>::TreeDynamicsT(const KinematicTree& tree) : tree_(tree) {
  // every workspace at its size once; the bodies' spatial inertias about their centres of mass
  const int n = tree_.size();
  inertia_.resize(n);
  S_.resize(n);
  for (int i = 0; i < n; ++i) {
    inertia_[i] = centroidalInertia(tree_.bodies[i].mass, tree_.bodies[i].inertia).cast<S>();
    S_[i] = tree_.bodies[i].S.cast<S>();
  }
  // the passes' workspaces: transforms, world poses, velocities, velocity products, accelerations
  // and forces, then ABA's articulated inertias, bias forces and its U, D, u per joint
  X_.resize(n);
  R_WB_.resize(n);
  r_W_.resize(n);
  v_.assign(n, Vec6S::Zero());
  c_.assign(n, Vec6S::Zero());
  a_.assign(n, Vec6S::Zero());
  f_.assign(n, Vec6S::Zero());
  IA_.resize(n);
  pA_.assign(n, Vec6S::Zero());
  U_.assign(n, Vec6S::Zero());
  D_.assign(n, S(0.0));
  u_.assign(n, S(0.0));
}

template <typename S>
void TreeDynamicsT<S>::followFrames(const KinematicTree& tree) {
  // the joints' R_0 and their links' parent frames (the motion subspaces do not change)
  for (size_t k = 0; k < tree_.joints.size(); ++k) tree_.joints[k].F_P = tree.joints[k].F_P;
  for (int i = 0; i < tree_.size(); ++i) tree_.bodies[i].R_PF = tree.bodies[i].R_PF;
}

template <typename S>
Vec6T<S> TreeDynamicsT<S>::baseAcceleration() const {
  Vec6S a0;
  a0 << Vec3S::Zero(), -gravity_W_;
  return a0;
}

template <typename S>
void TreeDynamicsT<S>::computeKinematics(const VecX& q, const VecX& qd) {
  // root to leaves: the joint transforms, world poses, velocities and velocity products
  for (int i = 0; i < tree_.size(); ++i) {
    const TreeBody& t = tree_.bodies[i];
    // the joint transform at q_i and the joint velocity S_i qd_i
    X_[i] = t.parentToChild(jointValue(t, q));
    const Vec6S vJ = S_[i] * jointValue(t, qd);
    // a root body moves relative to the ground at rest; the others compose their parent's motion
    if (t.parent < 0) {
      R_WB_[i] = X_[i].E.transpose();
      r_W_[i] = X_[i].r;
      v_[i] = vJ;
    } else {
      R_WB_[i] = R_WB_[t.parent] * X_[i].E.transpose();
      r_W_[i] = r_W_[t.parent] + R_WB_[t.parent] * X_[i].r;
      v_[i] = X_[i].applyMotion(v_[t.parent]) + vJ;
    }
    // the velocity product c_i = v_i x S_i qd_i
    c_[i] = crossMotion<S>(v_[i], vJ);
  }
}

template <typename S>
S TreeDynamicsT<S>::kineticEnergy() const {
  S T(0.0);
  // T = sum over the bodies of 1/2 v_i^T I_i v_i, in body coordinates
  for (int i = 0; i < tree_.size(); ++i) T += 0.5 * v_[i].dot(inertia_[i] * v_[i]);
  return T;
}

template <typename S>
void TreeDynamicsT<S>::computeAccelerations(const VecX& qdd) {
  // root to leaves from a base at rest: a_i = X_i a_lambda + S_i qdd_i + c_i
  for (int i = 0; i < tree_.size(); ++i) {
    const TreeBody& t = tree_.bodies[i];
    // a root body's parent is the base, at rest
    const Vec6S parent = t.parent < 0 ? Vec6S::Zero() : a_[t.parent];
    a_[i] = X_[i].applyMotion(parent) + S_[i] * jointValue(t, qdd) + c_[i];
  }
}

template <typename S>
Vec3T<S> TreeDynamicsT<S>::centreAcceleration_W(int i) const {
  // the classical acceleration of the body point at the origin: a_lin + omega x v
  return R_WB_[i] *
         (a_[i].template tail<3>() + v_[i].template head<3>().cross(v_[i].template tail<3>()));
}

template <typename S>
void TreeDynamicsT<S>::inverseDynamics(const VecX& qdd, const std::vector<Vec6S>& fext, VecX& tau) {
  // root to leaves: accelerations with gravity as the base's, and the bodies' net forces
  const Vec6S a0 = baseAcceleration();
  for (int i = 0; i < tree_.size(); ++i) {
    const TreeBody& t = tree_.bodies[i];
    // a_i = X_i a_lambda(i) + S_i qdd_i + c_i, then f_i = I_i a_i + v_i x* I_i v_i - f_i^ext
    a_[i] =
        X_[i].applyMotion(t.parent < 0 ? a0 : a_[t.parent]) + S_[i] * jointValue(t, qdd) + c_[i];
    f_[i] = inertia_[i] * a_[i] + crossForce<S>(v_[i], Vec6S(inertia_[i] * v_[i]));
    if (!fext.empty()) f_[i] -= fext[i];
  }
  // leaves to root: the joint forces, each body's force passed on to its parent
  tau.resize(tree_.coordinates);
  for (int i = tree_.size() - 1; i >= 0; --i) {
    const TreeBody& t = tree_.bodies[i];
    // tau_i = S_i^T f_i, and f_lambda(i) += X_i^T f_i
    if (t.dof) tau[t.index] = S_[i].dot(f_[i]);
    if (t.parent >= 0) f_[t.parent] += X_[i].applyTransposeForce(f_[i]);
  }
}

template <typename S>
void TreeDynamicsT<S>::massMatrix(MatX& H) {
  // composite inertias, leaves to root
  H.setZero(tree_.coordinates, tree_.coordinates);
  for (int i = 0; i < tree_.size(); ++i) IA_[i] = inertia_[i];
  for (int i = tree_.size() - 1; i >= 0; --i) {
    const TreeBody& t = tree_.bodies[i];
    // I^c_lambda(i) += X_i^T I^c_i X_i (Table 6.2)
    if (t.parent >= 0) IA_[t.parent] += X_[i].transformInertiaToParent(IA_[i]);
  }
  // each joint's column: F = I^c_i S_i carried towards the root, H_ij = F^T S_j on the way
  for (int i = 0; i < tree_.size(); ++i) {
    const TreeBody& t = tree_.bodies[i];
    if (!t.dof) continue;
    // the diagonal entry H_ii = S_i^T I^c_i S_i
    Vec6S F = IA_[i] * S_[i];
    H(t.index, t.index) = S_[i].dot(F);
    // then up the path to the root: F moved into each ancestor j with a coordinate gives H_ij and
    // its mirror H_ji
    for (int j = i; tree_.bodies[j].parent >= 0;) {
      F = X_[j].applyTransposeForce(F);
      j = tree_.bodies[j].parent;
      const TreeBody& tj = tree_.bodies[j];
      if (!tj.dof) continue;
      H(t.index, tj.index) = F.dot(S_[j]);
      H(tj.index, t.index) = H(t.index, tj.index);
    }
  }
}

template <typename S>
void TreeDynamicsT<S>::forwardDynamics(const VecX& tau, const std::vector<Vec6S>& fext, VecX& qdd) {
  // articulated inertias and bias forces start as the bodies' own
  for (int i = 0; i < tree_.size(); ++i) {
    IA_[i] = inertia_[i];
    pA_[i] = crossForce<S>(v_[i], Vec6S(inertia_[i] * v_[i]));
    if (!fext.empty()) pA_[i] -= fext[i];
  }
  // leaves to root: each body's articulated inertia and bias force, passed to its parent
  for (int i = tree_.size() - 1; i >= 0; --i) {
    const TreeBody& t = tree_.bodies[i];
    // what the parent sees of body i: a fixed joint passes I^A and p^A + I^A c whole
    Mat6S Ia = IA_[i];
    Vec6S pa = pA_[i] + IA_[i] * c_[i];
    // a joint with a coordinate takes its freedom out: I^a = I^A - U D^-1 U^T and
    // p^a = p^A + I^a c_i + U D^-1 u_i (Table 7.1)
    if (t.dof) {
      U_[i] = IA_[i] * S_[i];
      D_[i] = S_[i].dot(U_[i]);
      u_[i] = tau[t.index] - S_[i].dot(pA_[i]);
      Ia -= U_[i] * U_[i].transpose() / D_[i];
      pa += U_[i] * (u_[i] / D_[i]) - U_[i] * (U_[i].dot(c_[i]) / D_[i]);
    }
    // added into the parent's, moved by X_i^T
    if (t.parent >= 0) {
      IA_[t.parent] += X_[i].transformInertiaToParent(Ia);
      pA_[t.parent] += X_[i].applyTransposeForce(pa);
    }
  }
  // root to leaves: the joint and body accelerations, gravity as the base's
  qdd.resize(tree_.coordinates);
  const Vec6S a0 = baseAcceleration();
  for (int i = 0; i < tree_.size(); ++i) {
    const TreeBody& t = tree_.bodies[i];
    // the acceleration before the joint's own share: X_i a_lambda(i) + c_i
    a_[i] = X_[i].applyMotion(t.parent < 0 ? a0 : a_[t.parent]) + c_[i];
    if (t.dof) {
      // qdd_i = D^-1 (u_i - U_i^T a_i), then its share S_i qdd_i added to a_i
      qdd[t.index] = (u_[i] - U_[i].dot(a_[i])) / D_[i];
      a_[i] += S_[i] * qdd[t.index];
    }
  }
}

// the two scalar types: double, and the automatic-differentiation scalar of tree_jacobians.cpp
template class TreeDynamicsT<double>;
template class TreeDynamicsT<TreeAdScalar>;

}  // namespace mbw
