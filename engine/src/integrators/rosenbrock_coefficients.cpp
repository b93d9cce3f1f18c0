#include "integrators/rosenbrock_coefficients.h"

#include <cmath>

namespace mbw {

NystromCoefficients nystromCoefficients(const RosenbrockTableau& t) {
  const int s = t.stages();
  const MatrixXd I = MatrixXd::Identity(s, s);
  // Theorem 2.1's coefficients (eqs 25a-f) from the tableau (alpha, Gamma, b, bhat) through
  // Gamma^-1
  const MatrixXd Gi = t.Gamma.triangularView<Eigen::Lower>().solve(I);
  NystromCoefficients n;
  // the stages' coefficients
  n.gamma = t.gamma;
  n.a = t.alpha * Gi;
  n.c = I / t.gamma - Gi;
  n.delta = t.Gamma + t.Gamma * t.alpha * Gi;
  n.theta = t.alpha + t.alpha * t.alpha * Gi;
  // the weights of the solution and of the embedded one
  n.m = (t.b.transpose() * Gi).transpose();
  n.mhat = (t.bhat.transpose() * Gi).transpose();
  n.mu = t.b + (t.b.transpose() * t.alpha * Gi).transpose();
  n.muhat = t.bhat + (t.bhat.transpose() * t.alpha * Gi).transpose();
  // the stage times alpha_i and the gamma_i of the time derivative's term
  n.alphaI = t.alpha.rowwise().sum();
  n.gammaI = t.Gamma.rowwise().sum();
  // stage i sits where stage i-1 does when their alpha rows agree and alpha_i,i-1 = 0
  n.newPoint.assign(s, true);
  for (int i = 1; i < s; ++i)
    n.newPoint[i] = !(t.alpha(i, i - 1) == 0.0 && t.alpha.row(i) == t.alpha.row(i - 1));
  return n;
}

const RosenbrockTableau& ros4LStable() {
  static const RosenbrockTableau t = [] {
    RosenbrockTableau r;
    // the L-stable fourth-order method with its third-order error estimate
    r.name = "ROS4 L-stable (Hairer-Wanner LSTAB, exact gamma)";
    r.source = "Sandu et al. 2001 section 4; Hairer and Wanner 1996, section IV.7 (LSTAB)";
    r.order = 4;
    r.embeddedOrder = 3;
    const double g = 0.572816062482134855408001384977;
    r.gamma = g;
    // alpha and Gamma, lower triangular with gamma on Gamma's diagonal
    r.alpha = MatrixXd::Zero(4, 4);
    r.alpha(1, 0) = 1.14563212496426971081600276995;
    r.alpha(2, 0) = r.alpha(3, 0) = 0.520920789953603875506462889176;
    r.alpha(2, 1) = r.alpha(3, 1) = 0.134294187208863160565754869935;
    r.Gamma = g * MatrixXd::Identity(4, 4);
    r.Gamma(1, 0) = -2.34199314019305573003684334599;
    r.Gamma(2, 0) = -0.0273337629595204161730372085845;
    r.Gamma(2, 1) = 0.213811645479506111578072851493;
    r.Gamma(3, 0) = -0.259083842059637203985196341009;
    r.Gamma(3, 1) = -0.190595806985762522858300114335;
    r.Gamma(3, 2) = -0.228031039644601891480219144088;
    // the fourth-order weights, then the embedded third-order ones
    r.b.resize(4);
    r.b << 0.324534708546761696858928748701, 0.0490865433683567416093233184371, 0.0,
        0.626378748084881561531747932862;
    r.bhat.resize(4);
    r.bhat << 0.52092078995360388, 0.14454971261338137, 0.12455968651845034, 0.20996981091456438;
    return r;
  }();
  return t;
}

const RosenbrockTableau& ros2W() {
  static const RosenbrockTableau t = [] {
    RosenbrockTableau r;
    r.name = "ROS2 W-method (Verwer, Spee, Blom, Hundsdorfer 1999)";
    r.source = "Sandu et al. 2001 section 4; Verwer, Spee, Blom and Hundsdorfer 1999 (ROS2)";
    r.order = 2;
    r.embeddedOrder = 1;
    const double g = 1.0 + 1.0 / std::sqrt(2.0);
    r.gamma = g;
    // gamma = 1 + 1/sqrt(2); the weights (1/2, 1/2), the embedded first-order ones (0, 1)
    r.alpha = MatrixXd::Zero(2, 2);
    r.alpha(1, 0) = 1.0;
    r.Gamma = g * MatrixXd::Identity(2, 2);
    r.Gamma(1, 0) = -2.0 * g;
    r.b.resize(2);
    r.b << 0.5, 0.5;
    r.bhat.resize(2);
    r.bhat << 0.0, 1.0;
    r.wMethod = true;
    return r;
  }();
  return t;
}

}  // namespace mbw
