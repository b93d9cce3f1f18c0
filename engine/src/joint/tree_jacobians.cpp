#include "joint/tree_jacobians.h"

namespace mbw {
namespace {

using Ad = TreeAdScalar;

// a value with the derivative d along the pass's direction
Ad seeded(double value, double d) { return Ad(value, Eigen::Matrix<double, 1, 1>(d)); }

// the derivative parts of an AD vector or matrix
template <class M>
auto tangent(const M& m) {
  return m.unaryExpr([](const Ad& x) { return x.derivatives()[0]; }).eval();
}
template <class M>
auto value(const M& m) {
  return m.unaryExpr([](const Ad& x) { return x.value(); }).eval();
}

}  // namespace

TreeJacobians::TreeJacobians(const Model& model, const KinematicTree& tree)
    : model_(model),
      dynamics_(tree),
      forces_(model),
      point_(tree),
      fextPoint_(tree.size()),
      dx_(model.bodyCount()),
      dv_(model.bodyCount()),
      fext_(tree.size()) {
  // every workspace at its size once
  const int n = dynamics_.size();
  q_.resize(n);
  qd_.resize(n);
  qddPoint_.resize(n);
  idTau_.resize(n);
  f_.setZero(n);
  tauPoint_.setZero(n);
  H_.setZero(n, n);
  Hllt_ = Eigen::LLT<MatrixXd>(n);
}

void TreeJacobians::seedForces(double timeSeed) {
  const KinematicTree& tree = dynamics_.tree();
  // each body's rA variation along the direction: dx = (dr_W, vee(R^T dR)), dv = (drdot_W,
  // domega_B)
  for (int b = 0; b < model_.bodyCount(); ++b) {
    const int i = tree.treeOf[b];
    // R^T dR is skew: its vee is the rotation's variation in body axes
    const Mat3 R = value(dynamics_.rotation(i));
    const Mat3 W = R.transpose() * tangent(dynamics_.rotation(i));
    dx_[b] << tangent(dynamics_.centre(i)), W(2, 1), W(0, 2), W(1, 0);
    // the velocity's variation: the centre's in world axes, omega's in body axes
    dv_[b] << tangent(dynamics_.centreVelocity_W(i)),
        tangent(Vec3T<Ad>(dynamics_.velocity(i).head<3>()));
  }
  // each element's forces and their tangents, as wrenches on its bodies
  for (Vec6T<Ad>& f : fext_) f.setConstant(seeded(0.0, 0.0));
  // a body's variation, zero for the ground
  const auto state = [&](const std::vector<Vec6>& x, int b) -> Vec6 {
    return b == kGround ? Vec6::Zero() : x[b];
  };
  // Q = (world force, body moment) as the body wrench (moment, R^T F), with its tangent
  // dR^T F + R^T dF
  const auto add = [&](int b, const Vec6& Q, const Vec6& dQ) {
    if (b == kGround) return;
    const int i = tree.treeOf[b];
    const Mat3T<Ad>& R = dynamics_.rotation(i);
    const Mat3 Rv = value(R), dR = tangent(R);
    const Vec3 F = Q.head<3>(), dF = dQ.head<3>();
    const Vec3 force = Rv.transpose() * F, dForce = dR.transpose() * F + Rv.transpose() * dF;
    for (int k = 0; k < 3; ++k) {
      fext_[i][k] += seeded(Q[3 + k], dQ[3 + k]);
      fext_[i][3 + k] += seeded(force[k], dForce[k]);
    }
  };
  for (const ElementDerivatives& e : elements_) {
    // dQ: the element's Jacobians times its bodies' variations, plus dQ/dt along time
    const Vec6 xi = state(dx_, e.bodyI), xj = state(dx_, e.bodyJ);
    const Vec6 vi = state(dv_, e.bodyI), vj = state(dv_, e.bodyJ);
    const Vec6 dQi = e.jac.dq.ii * xi + e.jac.dq.ij * xj + e.jac.dv.ii * vi + e.jac.dv.ij * vj +
                     timeSeed * e.rate.Qi;
    const Vec6 dQj = e.jac.dq.ji * xi + e.jac.dq.jj * xj + e.jac.dv.ji * vi + e.jac.dv.jj * vj +
                     timeSeed * e.rate.Qj;
    add(e.bodyI, e.Q.Qi, dQi);
    add(e.bodyJ, e.Q.Qj, dQj);
  }
}

void TreeJacobians::pass(const Vec3T<Ad>& gravity, double timeSeed, Eigen::Ref<VectorXd> column) {
  // RNEA at the point's accelerations, differentiated along the seeds
  dynamics_.setGravity(gravity);
  dynamics_.computeKinematics(q_, qd_);
  if (elements_.empty()) {
    dynamics_.inverseDynamics(qddPoint_, {}, idTau_);
  } else {
    seedForces(timeSeed);
    dynamics_.inverseDynamics(qddPoint_, fext_, idTau_);
  }
  // the tangent of tau is the pass's column
  for (int k = 0; k < column.size(); ++k) column[k] = idTau_[k].derivatives()[0];
  ++passes_;
}

void TreeJacobians::evaluate(double t, const VectorXd& q, const VectorXd& qd, MatrixXd& J1,
                             MatrixXd& J2, VectorXd& dfdt, const TreeForces* branches) {
  // the state and gravity at t, no direction seeded yet
  const int n = dynamics_.size();
  J1.resize(n, n);
  J2.resize(n, n);
  dfdt.resize(n);
  // gravity at t (its time factor applied), and q, qd as values with no tangent
  const TimeFunctionValue factor = model_.gravityFactor.evaluate(t);
  const Vec3 g = factor.f * model_.gravity_W;
  Vec3T<Ad> gravity;
  for (int k = 0; k < 3; ++k) gravity[k] = seeded(g[k], 0.0);
  for (int k = 0; k < n; ++k) {
    q_[k] = seeded(q[k], 0.0);
    qd_[k] = seeded(qd[k], 0.0);
  }
  // the point's kinematics, the force elements and their derivatives there (on the branches asked
  // for) with their wrenches (tree_forces.h eq 1)
  timeVarying_ = false;
  point_.setGravity(g);
  point_.computeKinematics(q, qd);
  tauPoint_.setZero();
  if (!model_.forces.empty()) {
    if (branches) forces_.followBranches(*branches);
    forces_.derivatives(t, point_, elements_);
    // the joint torques (tree_forces.h eq 2): ID(q, qd, f) = tau at the point, its time variation
    forces_.placeJointTorques(point_, q);
    for (const JointTorque& j : forces_.jointTorques()) {
      if (!model_.forces[j.element].activeAt(t)) continue;
      const TimeFunctionValue tau = forces_.jointTorque(j, t, q[j.index], qd[j.index]);
      tauPoint_[j.index] += tau.f;
      timeVarying_ = timeVarying_ || tau.df != 0.0;
    }
    // the elements' wrenches at the point in body coordinates (as tree_forces.cpp adds them), and
    // whether any varies in t
    for (Vec6& w : fextPoint_) w.setZero();
    const auto add = [&](int b, const Vec6& Q) {
      if (b == kGround) return;
      const int i = point_.tree().treeOf[b];
      fextPoint_[i].head<3>() += Q.tail<3>();
      fextPoint_[i].tail<3>() += point_.rotation(i).transpose() * Q.head<3>();
    };
    for (const ElementDerivatives& e : elements_) {
      timeVarying_ = timeVarying_ || !e.rate.Qi.isZero(0.0) || !e.rate.Qj.isZero(0.0);
      add(e.bodyI, e.Q.Qi);
      add(e.bodyJ, e.Q.Qj);
    }
  }
  // f by ABA, the passes' fixed accelerations; H by CRBA and its factor (eq 1)
  if (elements_.empty())
    point_.forwardDynamics(tauPoint_, {}, f_);
  else
    point_.forwardDynamics(tauPoint_, fextPoint_, f_);
  for (int k = 0; k < n; ++k) qddPoint_[k] = seeded(f_[k], 0.0);
  point_.massMatrix(H_);
  Hllt_.compute(H_);
  // J1 column by column: the direction e_k in q
  for (int k = 0; k < n; ++k) {
    q_[k].derivatives()[0] = 1.0;
    pass(gravity, 0.0, J1.col(k));
    q_[k].derivatives()[0] = 0.0;
  }
  // J2 column by column: the direction e_k in qd
  for (int k = 0; k < n; ++k) {
    qd_[k].derivatives()[0] = 1.0;
    pass(gravity, 0.0, J2.col(k));
    qd_[k].derivatives()[0] = 0.0;
  }
  // the passes gave dID/dx; the joint torques' dtau/dx off them (dtau_k/dq_k = -k, dtau_k/dqd_k =
  // -c_d), then df/dx = -H^-1 (dID/dx - dtau/dx) (eq 1)
  for (const JointTorque& j : forces_.jointTorques()) {
    const ForceElement& fe = model_.forces[j.element];
    if (!fe.activeAt(t)) continue;
    J1(j.index, j.index) += fe.stiffness;
    J2(j.index, j.index) += fe.damping;
  }
  Hllt_.solveInPlace(J1);
  Hllt_.solveInPlace(J2);
  J1 *= -1.0;
  J2 *= -1.0;
  // df/dt only when gravity's factor or a force varies in t
  const bool gravityVaries = !model_.gravityFactor.isConstant() && factor.df != 0.0;
  if (!gravityVaries && !timeVarying_) {
    dfdt.setZero();
    return;
  }
  // a pass along time: gravity's tangent gravityFactor'(t) g and the elements' dQ/dt
  for (int k = 0; k < 3; ++k) gravity[k].derivatives()[0] = factor.df * model_.gravity_W[k];
  pass(gravity, 1.0, dfdt);
  // less the joint torques' rate, then df/dt = -H^-1 (dID/dt - dtau/dt)
  for (const JointTorque& j : forces_.jointTorques())
    if (model_.forces[j.element].activeAt(t))
      dfdt[j.index] -= forces_.jointTorque(j, t, q[j.index], qd[j.index]).df;
  Hllt_.solveInPlace(dfdt);
  dfdt *= -1.0;
}

}  // namespace mbw
