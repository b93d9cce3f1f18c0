#include "joint/tree_jacobians.h"

namespace mbw {
namespace {

using Ad = TreeAdScalar;

// a value with the derivative d along the pass's direction
Ad seeded(double value, double d) { return Ad(value, Eigen::Matrix<double, 1, 1>(d)); }

}  // namespace

TreeJacobians::TreeJacobians(const Model& model, const KinematicTree& tree)
    : model_(model), dynamics_(tree) {
  // the force elements' laws are written over double: not differentiated yet
  if (!model.forces.empty())
    throw JointTreeError("force element '" + model.forces.front().name + "' (" +
                         model.forces.front().jsonPath +
                         "): the exact Jacobians of the joint coordinates do not differentiate "
                         "force elements yet");
  const int n = dynamics_.size();
  q_.resize(n);
  qd_.resize(n);
  tau_.resize(n);
  qdd_.resize(n);
  for (int k = 0; k < n; ++k) tau_[k] = seeded(0.0, 0.0);
}

void TreeJacobians::pass(const Vec3T<Ad>& gravity, Eigen::Ref<VectorXd> column) {
  dynamics_.setGravity(gravity);
  dynamics_.computeKinematics(q_, qd_);
  dynamics_.forwardDynamics(tau_, {}, qdd_);
  for (int k = 0; k < column.size(); ++k) column[k] = qdd_[k].derivatives()[0];
  ++passes_;
}

void TreeJacobians::evaluate(double t, const VectorXd& q, const VectorXd& qd, MatrixXd& J1,
                             MatrixXd& J2, VectorXd& dfdt) {
  // the state and gravity at t, no direction seeded yet
  const int n = dynamics_.size();
  J1.resize(n, n);
  J2.resize(n, n);
  dfdt.resize(n);
  const TimeFunctionValue factor = model_.gravityFactor.evaluate(t);
  const Vec3 g = factor.f * model_.gravity_W;
  Vec3T<Ad> gravity;
  for (int k = 0; k < 3; ++k) gravity[k] = seeded(g[k], 0.0);
  for (int k = 0; k < n; ++k) {
    q_[k] = seeded(q[k], 0.0);
    qd_[k] = seeded(qd[k], 0.0);
  }
  // J1 column by column: the direction e_k in q
  for (int k = 0; k < n; ++k) {
    q_[k].derivatives()[0] = 1.0;
    pass(gravity, J1.col(k));
    q_[k].derivatives()[0] = 0.0;
  }
  // J2 column by column: the direction e_k in qd
  for (int k = 0; k < n; ++k) {
    qd_[k].derivatives()[0] = 1.0;
    pass(gravity, J2.col(k));
    qd_[k].derivatives()[0] = 0.0;
  }
  // df/dt: gravity's direction gravityFactor'(t) g, when it varies
  if (model_.gravityFactor.isConstant() || factor.df == 0.0) {
    dfdt.setZero();
    return;
  }
  for (int k = 0; k < 3; ++k) gravity[k].derivatives()[0] = factor.df * model_.gravity_W[k];
  pass(gravity, dfdt);
}

}  // namespace mbw
