#include "integrators/lms_coefficients.h"

#include <cassert>
#include <stdexcept>

namespace mbw {

Eigen::MatrixXcd LmsCoefficients::amplification(std::complex<double> z) const {
  const int K = steps();
  Eigen::MatrixXcd m = Eigen::MatrixXcd::Zero(K, K);
  // the companion matrix: y_N from the K past values, then the history shifted by one
  // the first row over 1 - z b0: y_N stands on both sides
  const std::complex<double> den = 1.0 - z * b[0];
  for (int j = 0; j < K; ++j) m(0, j) = (a[j] + z * b[j + 1]) / den;
  for (int j = 1; j < K; ++j) m(j, j - 1) = 1.0;
  return m;
}

LmsCoefficients lmsCoefficients(int steps, double r) {
  LmsCoefficients c;
  const double r2 = r * r, r3 = r2 * r;
  // the closed forms in rho_inf of lms.md (MBDyn)
  if (steps == 2) {
    const double q = (3 - r) * (1 + r);
    c.a = {4 * (1 - r) / (3 - r), (3 * r - 1) / (3 - r)};
    c.b = {2 / q, 4 * r / q, 2 * r2 / q};
  } else if (steps == 3) {
    const double d = r2 - 5 * r + 10, f = 6 / ((1 + r) * d);
    c.a = {3 * (2 * r2 - 9 * r + 5) / d, -3 * (5 * r2 - 9 * r + 2) / d, (10 * r2 - 5 * r + 1) / d};
    c.b = {f, 3 * f * r, 3 * f * r2, f * r3};
  } else if (steps == 4) {
    const double d = 35 - 21 * r + 7 * r2 - r3, f = 20 / ((1 + r) * d);
    c.a = {4 * (14 - 35 * r + 13 * r2 - 2 * r3) / d, -4 * (1 - r) * (7 - 34 * r + 7 * r2) / d,
           4 * (2 - 13 * r + 35 * r2 - 14 * r3) / d, (35 * r3 - 21 * r2 + 7 * r - 1) / d};
    c.b = {f, 4 * f * r, 6 * f * r2, 4 * f * r3, f * r2 * r2};
  } else {
    throw std::invalid_argument("LMS methods exist for 2, 3 and 4 steps");
  }
  return c;
}

LmsCoefficients lms2VariableCoefficients(double r, double alpha) {
  assert(alpha > 0.0);
  // LMS2 for a step alpha times the previous one (MBDyn's variable-step coefficients)
  const double d = 2 * alpha + 1 + 2 * r - r * r;
  const double beta = alpha * (alpha * r * r + 2 * alpha * r - alpha + 2 * r * r) / d;
  const double f = (1 + alpha) / d;
  LmsCoefficients c;
  c.a = {1 - beta, beta};
  c.b = {f, 2 * r * f, r * r * f};
  return c;
}

// the trapezoidal rule as a one-step LMS: y_N = y_N-1 + h/2 (f_N + f_N-1)
LmsCoefficients trapezoidalCoefficients() { return {{1.0}, {0.5, 0.5}}; }

}  // namespace mbw
