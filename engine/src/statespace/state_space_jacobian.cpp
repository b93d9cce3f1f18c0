// The exact integration Jacobians of the state-space ODE (Sandu et al. 2001 section 3, eqs 26-35,
// and the time derivative of eq 46), at the last evaluated point.
//
// Along the manifold, a change dv of the independent positions moves q by T dv and qdot by D dv,
// D = [0; -Phi_u^-1 R T] with R = d/dq (Phi_q qdot - nu) (eq 28b); a change dvdot moves qdot by
// T dvdot (eq 33a). The equations of motion and the acceleration constraints
//     r = M qddot + Phi_q^T lambda - Q = 0,     c = Phi_q qddot - gamma = 0
// then give, with r1 = r_q dq + r_qdot dqdot and r2 = c_q dq + c_qdot dqdot,
//     M dqddot + Phi_q^T dlambda = -r1,   Phi_q dqddot = -r2,
// whose solution along T (T^T Phi_q^T = 0) is
//     dvddot = -(T^T M T)^-1 (T^T r1 - Y^T r2),   Y = Phi_u^-T (M T)_u.
// r_q = Kq, r_qdot = Kv are the formulation's dynamicsJacobian (the blocks of the index-3 Newton
// matrix); c_q = Cq = d/dq (Phi_q qddot) - gamma_q, c_qdot = Cv = -gamma_qdot. Eliminating D:
//     J1 = -(T^T M T)^-1 [T^T Kq T - Y^T Cq T - X^T R T],   X = Phi_u^-T (Kv^T T - Cv^T Y)_u
//     J2 = -(T^T M T)^-1 [T^T Kv T - Y^T Cv T]
// This is eqs (31) and (35) with the paper's H, J, L, N, R, W, X gathered into T, Y, X, and costs
// 2 ndof solves with Phi_u. For df/dt the time moves q by Z nu (Phi_t = -nu; Z w = [0;
// Phi_u^-1 w]), qdot by Z (nu_t - R Z nu), and adds the explicit time derivatives of r and c.

#include "statespace/state_space_ode.h"

namespace mbw {

void StateSpaceOde::jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) {
  const int d = size();
  // a fully driven mechanism: an ODE of dimension 0, whose Jacobians are empty
  if (d == 0) {
    J1.resize(0, 0);
    J2.resize(0, 0);
    ft.resize(0);
    return;
  }
  solveMultipliers();
  const VectorXd& qdot = full_.v;
  const VectorXd& qddot = full_.vdot;
  const VectorXd& lambda = full_.lambda;

  // the derivatives of r and c (positions and velocities are current in the formulation)
  f_.dynamicsJacobians(qddot, lambda, kq_.sink(), kv_.sink());
  MatrixSink accQ = accQ_.sink();
  f_.constraintHessianProduct(qdot, rateQ_.sink());
  f_.constraintHessianProduct(qddot, accQ);
  f_.constraintRhsDerivatives(nuQ_.sink(), accQ.scaled(-1.0), accV_.sink().scaled(-1.0), nuT_,
                              gammaT_);
  rateQ_.dense() -= nuQ_.dense();  // R = (Phi_q qdot)_q - nu_q
  const BodyBlockMatrix &Kq = kq_, &Kv = kv_, &R = rateQ_, &Cq = accQ_, &Cv = accV_;

  // Y = Phi_u^-T (M T)_u
  Y_.resize(m_, d);
  for (int j = 0; j < m_; ++j) Y_.row(j) = mT_.row(partition_.dependent[j]);
  dependent_.solveTransposedInPlace(Y_);
  // X = Phi_u^-T (Kv^T T - Cv^T Y)_u
  Kv.multiplyTransposed(T_, KtT_);
  Cv.multiplyTransposed(Y_, CtY_);
  X_.resize(m_, d);
  for (int j = 0; j < m_; ++j)
    X_.row(j) = KtT_.row(partition_.dependent[j]) - CtY_.row(partition_.dependent[j]);
  dependent_.solveTransposedInPlace(X_);

  // J1
  J_.resize(d, 2 * d);
  Kq.multiply(T_, KT_);
  J_.leftCols(d).noalias() = T_.transpose() * KT_;
  Cq.multiply(T_, CT_);
  J_.leftCols(d).noalias() -= Y_.transpose() * CT_;
  R.multiply(T_, RT_);
  J_.leftCols(d).noalias() -= X_.transpose() * RT_;
  // J2
  Kv.multiply(T_, KT_);
  J_.rightCols(d).noalias() = T_.transpose() * KT_;
  Cv.multiply(T_, CT_);
  J_.rightCols(d).noalias() -= Y_.transpose() * CT_;
  mHatLLT_.solveInPlace(J_);
  J1 = -J_.leftCols(d);
  J2 = -J_.rightCols(d);

  // time derivative: q moves by Z nu, qdot by Z (nu_t - R Z nu)
  f_.generalizedForceRate(Qt_);
  dependentSolution(f_.velocityRhs(), qt_);
  R.multiply(qt_, tmp_m_);
  tmp_m_ = nuT_ - tmp_m_;
  dependentSolution(tmp_m_, qdott_);
  // r1 = Kq q_t + Kv qdot_t - Q_t - nu_q^T lambda,  r2 = Cq q_t + Cv qdot_t - nu_q qddot - gamma_t
  Kq.multiply(qt_, r1_);
  Kv.multiply(qdott_, tmp_n_);
  r1_ += tmp_n_ - Qt_;
  nuQ_.multiplyTransposed(lambda, tmp_n_);
  r1_ -= tmp_n_;
  Cq.multiply(qt_, r2_);
  Cv.multiply(qdott_, tmp_m_);
  r2_ += tmp_m_ - gammaT_;
  nuQ_.multiply(qddot, tmp_m_);
  r2_ -= tmp_m_;
  ft.noalias() = T_.transpose() * r1_;
  ft.noalias() -= Y_.transpose() * r2_;
  mHatLLT_.solveInPlace(ft);
  ft = -ft;
}

}  // namespace mbw
