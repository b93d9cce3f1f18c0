#pragma once
// Coefficients of the linear multistep methods of Zhang et al. 2022 eq (2),
//     y_N = sum_{j=1..K} a_j y_{N-j} + h sum_{j=0..K} b_j ydot_{N-j},
// for LMS2, LMS3, LMS4 with tunable rho_inf (second order, A-stable, sigma(E) proportional to
// (E + rho_inf)^K so that the spectral radius at infinity is rho_inf), LMS2 with variable steps,
// and the trapezoidal rule of the start-up steps (eq 3). Closed forms of
// ../shared/refdata/integrators/lms.md (MBDyn develop 59e50fa6: Multistep2Solver,
// TunableStep3Solver, TunableStep4Solver; re-derived there symbolically).

#include <complex>
#include <vector>

#include <Eigen/Core>

namespace mbw {

struct LmsCoefficients {
  std::vector<double> a;  // a_1..a_K
  std::vector<double> b;  // b_0..b_K, in units of the current step h

  int steps() const { return static_cast<int>(a.size()); }
  // companion matrix of one step on y' = (z / h) y, acting on (y_{N-1}, ..., y_{N-K})
  Eigen::MatrixXcd amplification(std::complex<double> z) const;
};

// K = 2, 3, 4; rho_inf in [0, 1] (0: BDF2 for K = 2)
LmsCoefficients lmsCoefficients(int steps, double rhoInf);
// LMS2 with ratio = h_N / h_{N-1} (MBDyn's variable-step form, simplified in lms.md)
LmsCoefficients lms2VariableCoefficients(double rhoInf, double ratio);
// y_N = y_{N-1} + h/2 (ydot_N + ydot_{N-1})
LmsCoefficients trapezoidalCoefficients();

}  // namespace mbw
