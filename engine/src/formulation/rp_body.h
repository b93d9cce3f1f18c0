#pragma once
// Kinematics of one body in the rp formulation: position r of the centre of mass and Euler
// parameters p = (e0, e1, e2, e3), Kissel et al. 2021 section 2.2 (eqs 19-24) and 3.2 (eqs 39-42).
//
// Every formulation supplies a body type with this interface; constraint primitives and force
// elements are written once against it (see body_end.h). N is the number of orientation
// coordinates; alpha denotes them (here p), alphadot their rates (here pdot).
//   partial(s)       d(A s)/d alpha                           3 x N   (B(p, s), eq 23a)
//   rate(s)          d(A s)/dt = partial(s) alphadot          3
//   quadratic(s)     the alphadot-quadratic part of d2(A s)/dt2, B(pdot, s) pdot (eq 23b)
//   ptd(s, w)        d/d alpha [partial(s)^T w], w fixed      N x N
//   rateDerivative(s)  d/d alpha [partial(s) alphadot]        3 x N
//   omegaJacobian()  d omega_B / d alphadot = 2 G(p)          3 x N
//   angularAccelerationBody(alphaddot)  d omega_B / dt
//   torquePositionDerivative(n_B)  d/d alpha [omegaJacobian()^T n_B], n_B fixed
//   rotateTransposePartial(w)  d(A^T w)/d alpha               3 x N
//   quadraticPositionDerivative(s)  d quadratic(s) / d alpha  3 x N   (zero for rp: B(pdot, s)
//   pdot) quadraticVelocityDerivative(s)  d quadratic(s) / d alphadot  3 x N   (2 B(pdot, s) for
//   rp)
// and the rotational inertia terms of the equations of motion (eq 39):
//   M_alpha alphaddot = inertialForce() + ...,  M_alpha = 4 G^T J G,  inertialForce = 8 Gdot^T J
//   Gdot p.
// and the configuration helpers: encodePose/encodeVelocity (coordinates of a pose and a motion),
// retract/localCoordinates (q (+) dq and its inverse), incrementVelocity/incrementRate (the tangent
// map T(g) of formulation.h), nearSingularity/singularityDescription (a coordinate singularity).

#include <string>

#include "math/rotation.h"
#include "math/types.h"

namespace mbw {

class RpBody {
 public:
  static constexpr int kOrientationSize = 4;
  static constexpr int kPositionSize = 7;  // stored coordinates per body: r, p
  static constexpr int kVelocitySize = 7;  // rdot, pdot
  static constexpr bool kHasNormalization = true;
  using OrientJac = Eigen::Matrix<double, 3, 4>;
  using OrientSquare = Eigen::Matrix<double, 4, 4>;
  using OrientVec = Eigen::Matrix<double, 4, 1>;

  // stage inputs
  void setPosition(const double* q);  // q = (r, p)
  void setVelocity(const double* v);  // v = (rdot, pdot)

  const Vec3& r() const { return r_; }
  const Vec3& rdot() const { return rdot_; }
  const OrientVec& orientationRates() const { return pdot_; }  // alphadot
  const Mat3& A() const { return A_; }
  Vec3 rotate(const Vec3& s) const { return A_ * s; }

  OrientJac partial(const Vec3& s) const { return B(p_, s); }
  Vec3 rate(const Vec3& s) const { return Bw(p_, s, pdot_); }
  Vec3 quadratic(const Vec3& s) const { return Bw(pdot_, s, pdot_); }
  OrientSquare ptd(const Vec3& s, const Vec3& w) const;
  OrientJac rateDerivative(const Vec3& s) const { return B(pdot_, s); }
  OrientJac quadraticPositionDerivative(const Vec3&) const { return OrientJac::Zero(); }
  OrientJac quadraticVelocityDerivative(const Vec3& s) const { return 2.0 * B(pdot_, s); }

  Vec3 omegaBody() const { return 2.0 * G_ * pdot_; }
  Vec3 omegaWorld() const { return A_ * omegaBody(); }
  // d omega_B / dt for given alphaddot (2 G(p) pddot; G(pdot) pdot = 0)
  Vec3 angularAccelerationBody(const OrientVec& pddot) const { return 2.0 * G_ * pddot; }
  OrientJac omegaJacobian() const { return 2.0 * G_; }
  OrientJac omegaPositionDerivative() const { return -2.0 * eulerParameterG(pdot_); }
  OrientSquare torquePositionDerivative(const Vec3& n_B) const { return 2.0 * L(n_B); }
  OrientJac rotateTransposePartial(const Vec3& w) const;

  // rotational inertia terms, J = inertia about the centre of mass in body axes
  OrientSquare massMatrix(const Mat3& J) const { return 4.0 * G_.transpose() * J * G_; }
  OrientVec inertialForce(const Mat3& J) const;
  OrientSquare inertiaPositionDerivative(const Mat3& J, const OrientVec& alphaddot) const;
  OrientSquare inertiaVelocityDerivative(const Mat3& J) const;

  // normalization constraint 1/2 (p^T p - 1) = 0 (eq 19)
  double normalization() const { return 0.5 * (p_.squaredNorm() - 1.0); }
  Eigen::Matrix<double, 1, 4> normalizationJacobian() const { return p_.transpose(); }
  double normalizationGamma() const { return -pdot_.squaredNorm(); }

  Vec4 eulerParameters() const { return p_.normalized(); }
  // Euler parameters have no coordinate singularity
  bool nearSingularity() const { return false; }
  std::string singularityDescription() const { return {}; }

  // coordinates of a pose and of a motion
  static void encodePose(const Vec3& r, const Mat3& R_WB, double* q);
  // alphadot for a body angular velocity (pdot = 1/2 G^T omega_B for unit p)
  static void encodeVelocity(const double* q, const Vec3& rdot, const Vec3& omega_W, double* v);
  // q (+) dq and its inverse; plain vector arithmetic for Euler parameters
  static void retract(const double* q, const double* dq, double* out);
  static void localCoordinates(const double* anchor, const double* q, double* out);
  // increments of a vector space: their rates are the velocities
  static void incrementVelocity(const double* g, const double* gdot, double* v);
  static void incrementRate(const double* g, const double* v, double* gdot);
  static constexpr bool kLinearIncrements = true;  // T(g) = I

 private:
  static OrientJac B(const Vec4& p, const Vec3& s);
  // B(p, s) w without forming B
  static Vec3 Bw(const Vec4& p, const Vec3& s, const Vec4& w);
  static OrientSquare L(const Vec3& n);  // G(p)^T n = L(n) p

  Vec3 r_ = Vec3::Zero();
  Vec3 rdot_ = Vec3::Zero();
  Vec4 p_ = Vec4(1, 0, 0, 0);
  Vec4 pdot_ = Vec4::Zero();
  Mat3 A_ = Mat3::Identity();  // filled by setPosition()
  Mat34 G_ = Mat34::Zero();    // filled by setPosition()
};

}  // namespace mbw
