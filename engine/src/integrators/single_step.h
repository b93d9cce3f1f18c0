#pragma once
// SS2, SS3, SS4, the single-step equivalents of LMS2/3/4, on the index-3 DAE (Zhang et al. 2022
// sections 2.2, 3): at t_N (anchor q_{N-1}),
//     v_N = v_{N-1} + h Re[b0 vdot_N + bPrev vdot_{N-1} + sum_l bAux_l w^(l)_{N-1}]
//     g_N =           h Re[b0 gdot_N + bPrev gdot_{N-1} + sum_l bAux_l W^(l)_{N-1}]
// with auxiliary variables w^(l) (of vdot) and W^(l) (of the position rates), complex for SS3
// and SS4, kept as complex vectors and updated after each step (eqs 18-20). As in the paper
// (section 3.1), W^(0) at a point is its own velocity (the rate of the increment relative to that
// point), an approximation only where positions live on a manifold. All auxiliaries start at
// vdot_0 and v_0. Constant predictor (eq 15). Fixed step. The work integrals of the energy balance
// follow the velocity formula with auxiliaries of the powers (started at P_0).

#include "integrators/index3_integrator.h"
#include "integrators/linear_model.h"
#include "integrators/single_step_coefficients.h"

namespace mbw {

class SingleStep final : public Index3Integrator {
 public:
  SingleStep(Formulation& formulation, IntegratorSettings settings, int r);
  static Capabilities capabilities(int r);
  static LinearModel linearModel(int r, const IntegratorSettings& settings);
  static double rhoInf(const IntegratorSettings& settings);

 private:
  void doInitialize() override;
  StepResult doStep(double h) override;
  // w^(l) <- c_l w^(l) + d_l w^(l-1)_new + e_l w^(l-1)_old over all levels, w^(0) = rate
  void updateAuxiliaries(std::vector<Eigen::VectorXcd>& w, const VectorXd& rateOld,
                         const VectorXd& rateNew);

  // W_N by the velocity formula, with the powers' auxiliaries updated as w^(l)
  void advanceWork(double h);

  SingleStepCoefficients c_;
  State next_;
  std::vector<Eigen::Vector2cd> powerAux_;  // auxiliaries of (P_in, P_d), l = 1..r-1
  bool powerAuxStarted_ = false;
  std::vector<Eigen::VectorXcd> velocityAux_, positionAux_;  // w^(l), W^(l), l = 1..r-1
  Eigen::VectorXcd sum_, below_, belowOld_;
};

}  // namespace mbw
