#pragma once
// One end of a constraint or force element: a body of formulation K, or the ground (fixed at the
// origin with identity orientation). Gives world-frame values of body-fixed vectors and points and
// their first and second variations, in terms of the body's coordinates q_b = (r, alpha).

#include "math/types.h"

namespace mbw {

template <class K>
struct BodyTerms {
  static constexpr int N = K::kOrientationSize;
  static constexpr int V = K::kVelocitySize;  // = 3 + N
  using Row = Eigen::Matrix<double, 1, V>;
  using Jac = Eigen::Matrix<double, 3, V>;
  using Square = Eigen::Matrix<double, V, V>;
};

template <class K>
class BodyEnd {
 public:
  using Jac = typename BodyTerms<K>::Jac;
  using Square = typename BodyTerms<K>::Square;
  static constexpr int N = K::kOrientationSize;

  explicit BodyEnd(const K* body) : body_(body) {}

  bool isGround() const { return body_ == nullptr; }
  const K& body() const { return *body_; }

  // a body-fixed direction x = A x_B
  Vec3 vector(const Vec3& x_B) const { return body_ ? body_->rotate(x_B) : x_B; }
  Vec3 vectorRate(const Vec3& x_B) const { return body_ ? body_->rate(x_B) : Vec3::Zero(); }
  Vec3 vectorQuadratic(const Vec3& x_B) const {
    return body_ ? body_->quadratic(x_B) : Vec3::Zero();
  }
  Jac vectorJacobian(const Vec3& x_B) const {
    Jac j;
    j.template leftCols<3>().setZero();
    j.template rightCols<N>() = body_->partial(x_B);
    return j;
  }
  // d/dq [vectorJacobian(x_B)^T w] for a fixed w (also valid for points: r enters linearly)
  Square curvature(const Vec3& x_B, const Vec3& w) const {
    Square c = Square::Zero();
    c.template bottomRightCorner<N, N>() = body_->ptd(x_B, w);
    return c;
  }
  // d/dq [d(A x_B)/dt], the variation of a vector's rate with the position coordinates
  Jac vectorRateJacobian(const Vec3& x_B) const {
    Jac j;
    j.template leftCols<3>().setZero();
    j.template rightCols<N>() = body_->rateDerivative(x_B);
    return j;
  }

  // d/dq and d/dv of vectorQuadratic(x_B) (it does not depend on rdot)
  Jac vectorQuadraticJacobian(const Vec3& x_B) const {
    Jac j;
    j.template leftCols<3>().setZero();
    j.template rightCols<N>() = body_->quadraticPositionDerivative(x_B);
    return j;
  }
  Jac vectorQuadraticVelocityJacobian(const Vec3& x_B) const {
    Jac j;
    j.template leftCols<3>().setZero();
    j.template rightCols<N>() = body_->quadraticVelocityDerivative(x_B);
    return j;
  }

  // a body-fixed point p = r + A s_B
  Vec3 point(const Vec3& s_B) const { return body_ ? body_->r() + body_->rotate(s_B) : s_B; }
  Vec3 pointRate(const Vec3& s_B) const {
    return body_ ? Vec3(body_->rdot() + body_->rate(s_B)) : Vec3::Zero();
  }
  Vec3 pointQuadratic(const Vec3& s_B) const { return vectorQuadratic(s_B); }
  Jac pointJacobian(const Vec3& s_B) const {
    Jac j;
    j.template leftCols<3>().setIdentity();
    j.template rightCols<N>() = body_->partial(s_B);
    return j;
  }

 private:
  const K* body_;
};

// Second-variation blocks of a scalar (or a generalized force) that couples two ends:
// ii = d/dq_i of the body-i part, ij = d/dq_j of the body-i part, and so on.
template <class K>
struct PairBlocks {
  using Square = typename BodyTerms<K>::Square;
  Square ii = Square::Zero(), ij = Square::Zero(), ji = Square::Zero(), jj = Square::Zero();
  void scale(double s) {
    ii *= s;
    ij *= s;
    ji *= s;
    jj *= s;
  }
};

}  // namespace mbw
