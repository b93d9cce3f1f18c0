#include "integrators/predictors.h"

namespace mbw {

Predictor constantPredictor() { return Predictor{}; }

Predictor secondOrderPredictor(double tN, double t1, double t2) {
  // eq 14 with alpha = (t_N - t_{N-1}) / (t_{N-1} - t_{N-2})
  const double h = tN - t1, a = h / (t1 - t2);
  Predictor p;
  p.points = 2;
  // the weights of the past values (m), of the past derivatives (n), and of the multipliers (linear
  // extrapolation, l)
  p.m[0] = -6.0 * a * a * (1.0 + a) / h;
  p.m[1] = -p.m[0];
  p.n[0] = (1.0 + a) * (1.0 + 3.0 * a);
  p.n[1] = a * (2.0 + 3.0 * a);
  // the Lagrange weights of the line through t_N-1 and t_N-2, at t_N
  p.l[0] = (tN - t2) / (t1 - t2);
  p.l[1] = (tN - t1) / (t2 - t1);
  return p;
}

Predictor fourthOrderPredictor(double tN, double t1, double t2, double t3) {
  // eq 17 with alpha1 = h / (t_{N-1} - t_{N-2}), alpha2 = h / (t_{N-2} - t_{N-3})
  const double h = tN - t1, a = h / (t1 - t2), b = h / (t2 - t3);
  const double a2 = a * a, a3 = a2 * a, b2 = b * b, b3 = b2 * b, s = a + b;
  Predictor p;
  p.points = 3;
  // the weights of the past values, over h
  p.m[0] = -2.0 * a2 * (1.0 + a) / (s * s * s) *
           (5 * a3 * b2 + 8 * a3 * b + 10 * a2 * b3 + 3 * a3 + 25 * a2 * b2 + 13 * a2 * b +
            20 * a * b3 + 20 * a * b2 + 10 * b3);
  p.m[1] = 2.0 * (1.0 + a) / a *
           (5 * a3 * b2 + 8 * a3 * b + 3 * a3 - 5 * a2 * b3 + a2 * b2 + 4 * a2 * b - 7 * a * b3 -
            a * b2 - 2 * b3);
  // the values' weights sum to zero: a constant adds no derivative
  p.m[2] = -p.m[0] - p.m[1];
  for (double& m : p.m) m /= h;
  // the weights of the past derivatives
  p.n[0] = (1.0 + a) / (s * s) *
           (5 * a3 * b2 + 8 * a3 * b + 3 * a3 + 11 * a2 * b2 + 10 * a2 * b + a2 + 7 * a * b2 +
            2 * a * b + b2);
  p.n[1] = 1.0 / a *
           (5 * a3 * b2 + 8 * a3 * b + 3 * a3 + 12 * a2 * b2 + 12 * a2 * b + 2 * a2 + 9 * a * b2 +
            4 * a * b + 2 * b2);
  p.n[2] = b3 * (1.0 + a) / (a * s * s) * (2 * a + 2 * b + 7 * a * b + 5 * a2 * b + 4 * a2);
  // quadratic extrapolation of the multipliers
  const double t[3] = {t1, t2, t3};
  for (int i = 0; i < 3; ++i) {
    p.l[i] = 1.0;
    for (int j = 0; j < 3; ++j)
      if (j != i) p.l[i] *= (tN - t[j]) / (t[i] - t[j]);
  }
  return p;
}

void predictDerivative(const Predictor& p, const PastVectors& y, const PastVectors& ydot,
                       VectorXd& out) {
  // ydot_N = sum_i n_i ydot_i + sum_i m_i y_i (the values only from two points on)
  out = p.n[0] * *ydot[0];
  for (int i = 1; i < p.points; ++i) out += p.n[i] * *ydot[i];
  if (p.points > 1)
    for (int i = 0; i < p.points; ++i) out += p.m[i] * *y[i];
}

void predictMultipliers(const Predictor& p, const PastVectors& lambda, VectorXd& out) {
  // lambda_N = sum_i l_i lambda_i
  out = p.l[0] * *lambda[0];
  for (int i = 1; i < p.points; ++i) out += p.l[i] * *lambda[i];
}

HermiteValue hermiteValue(double tN, double t1, double t2) {
  // exact for cubics: y_N = y1 + A (y1 - y2) + h (B ydot1 + C ydot2), alpha = h / (t1 - t2)
  const double h = tN - t1, a = h / (t1 - t2);
  const double A = -a * a * (3.0 + 2.0 * a), B = (1.0 + a) * (1.0 + a), C = a * (1.0 + a);
  // the weights of y1 and y2, then of ydot1 and ydot2
  return {{1.0 + A, -A}, {h * B, h * C}};
}

}  // namespace mbw
