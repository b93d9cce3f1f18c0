#include "integrators/single_step_coefficients.h"

#include <stdexcept>

namespace mbw {
namespace {

using Complex = std::complex<double>;

// roots kappa of P_r (single_step.md): the first gives gamma_1, the next gamma_3, gamma_5
std::vector<Complex> kappas(int r) {
  switch (r) {
    case 2:
      return {0.5};
    case 3: {
      const Complex k(0.25, 0.322748612183951407098272116649);  // 1/4 + i sqrt(15)/12
      return {k, std::conj(k)};
    }
    case 4: {
      const Complex k(0.0788079525708154341503481729986, 0.373930645433610122608971599227);
      return {0.342384094858369131699303654003, k, std::conj(k)};
    }
  }
  throw std::invalid_argument("SS methods exist for r = 2, 3, 4");
}

}  // namespace

SingleStepCoefficients singleStepCoefficients(int r, double rho) {
  const std::vector<Complex> k = kappas(r);
  // the even gammas are 1 / (1 + rho_inf); the odd ones come from the kappas
  const double even = 1.0 / (1.0 + rho);
  SingleStepCoefficients s;
  // level l uses (p, q) = (gamma_{2(r-l)-1}, gamma_{2(r-l)}): the last kappa at level 1
  for (int l = 1; l < r; ++l) {
    const Complex p = (1.0 + k[r - 1 - l] * (1.0 - rho)) / (1.0 + rho);
    const double q = even;
    // c_l, d_l, e_l of the level update w_l = c w_l + d w_l-1,new + e w_l-1,old
    s.c.push_back(-(1.0 - p) / p);
    s.d.push_back(q / p);
    s.e.push_back((1.0 - q) / p);
  }
  // w^(l)_N = P_l ydot_N + sum_m R(l, m) w^(m)_{N-1}, m = 0..r-1
  Complex P = 1.0;
  std::vector<Complex> R(r, 0.0);
  for (int l = 1; l < r; ++l) {
    // each level scales the terms of the one below by d and adds its own c and e
    P *= s.d[l - 1];
    for (Complex& x : R) x *= s.d[l - 1];
    R[l] += s.c[l - 1];
    R[l - 1] += s.e[l - 1];
  }
  // y_N's weights: of the new rate, of the old one, and of each auxiliary
  const double g0 = even;
  s.b0 = (g0 * P).real();
  s.bPrev = (g0 * R[0]).real();
  for (int m = 1; m < r; ++m) s.bAux.push_back(g0 * R[m] + (m == r - 1 ? 1.0 - g0 : 0.0));
  return s;
}

Eigen::MatrixXcd SingleStepCoefficients::amplification(Complex z) const {
  const int n = levels() + 1;
  Eigen::MatrixXcd m(n, n);
  std::vector<Complex> u(n);  // u[0] = y, u[l] = h w^(l)
  // column by column: one step applied to each unit vector of the history
  for (int col = 0; col < n; ++col) {
    Eigen::VectorXcd s = Eigen::VectorXcd::Unit(n, col);
    // y_N from the eliminated form; the level updates from h w^(0) = z y
    Complex rhs = s[0] + bPrev * z * s[0];
    for (int l = 1; l < n; ++l) rhs += bAux[l - 1] * s[l];
    u[0] = rhs / (1.0 - b0 * z);
    Complex below = z * u[0], belowOld = z * s[0];
    // each level's update from the level below, new and old
    for (int l = 1; l < n; ++l) {
      u[l] = c[l - 1] * s[l] + d[l - 1] * below + e[l - 1] * belowOld;
      below = u[l];
      belowOld = s[l];
    }
    for (int i = 0; i < n; ++i) m(i, col) = u[i];
  }
  return m;
}

}  // namespace mbw
