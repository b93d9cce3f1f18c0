#pragma once
// The single-step equivalents SS2, SS3, SS4 of LMS2/3/4, Zhang et al. 2022 eqs (4a)-(4e) and
// (9)-(11): r - 1 auxiliary derivative-like variables w^(l) (complex for SS3/SS4) with w^(0) =
// ydot,
//     level l:  p_l w^(l)_N + (1 - p_l) w^(l)_{N-1} = q_l w^(l-1)_N + (1 - q_l) w^(l-1)_{N-1}
//     state:    y_N = y_{N-1} + h (gamma_0 w^(r-1)_N + (1 - gamma_0) w^(r-1)_{N-1})
// Eliminating the levels gives the form solved at t_N (eqs 9-11):
//     y_N = y_{N-1} + h Re[ b0 ydot_N + bPrev ydot_{N-1} + sum_l bAux_l w^(l)_{N-1} ]
// and, once ydot_N is known, the update w^(l)_N = c_l w^(l)_{N-1} + d_l w^(l-1)_N + e_l
// w^(l-1)_{N-1} (eqs 18-20). Parameters: gamma_even = 1 / (1 + rho), gamma_odd = (1 + kappa (1 -
// rho)) / (1 + rho) with kappa the roots listed in ../shared/refdata/integrators/single_step.md
// (MBDyn develop 59e50fa6, SS2Solver/SS3Solver/SS4Solver; levels assigned as MBDyn does).

#include <complex>
#include <vector>

#include <Eigen/Core>

namespace mbw {

struct SingleStepCoefficients {
  using Complex = std::complex<double>;
  std::vector<Complex> c, d, e;  // per level l = 1..r-1
  double b0 = 0.0, bPrev = 0.0;  // in units of h (real)
  std::vector<Complex> bAux;     // weights of w^(l)_{N-1}, l = 1..r-1, in units of h

  int levels() const { return static_cast<int>(c.size()); }
  // one step on y' = (z / h) y acting on (y, h w^(1), ..., h w^(r-1))
  Eigen::MatrixXcd amplification(Complex z) const;
};

// r = 2, 3, 4; rho_inf in [0, 1]
SingleStepCoefficients singleStepCoefficients(int r, double rhoInf);

}  // namespace mbw
