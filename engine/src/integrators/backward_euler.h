#pragma once
// Index-3 backward Euler, Kissel et al. 2021 eqs (32)-(35) and (40):
//     v_{n+1} = v_n + h vdot_{n+1},   q_{n+1} = q_n (+) h v_{n+1}
// i.e. the time point t_{n+1} with anchor q_n, dqHat = h v_n, vHat = v_n, cq = h^2, cv = h,
// predictor vdot_n, lambda_n. Fixed step, first order.

#include "integrators/index3_integrator.h"
#include "integrators/linear_model.h"

namespace mbw {

class BackwardEuler final : public Index3Integrator {
 public:
  BackwardEuler(Formulation& formulation, IntegratorSettings settings);
  static Capabilities capabilities();
  static LinearModel linearModel();

 private:
  StepResult doStep(double h) override;

  VectorXd anchor_;
  State next_;
};

}  // namespace mbw
