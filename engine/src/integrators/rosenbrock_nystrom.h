#pragma once
// Rosenbrock-Nystrom integration of the state-space ODE vddot = f(t, v, vdot), Sandu et al. 2001
// Theorem 2.1 (eqs 25a-f) and Algorithm 1:
//     S = I - h gamma J2 - h^2 gamma^2 J1                                           (25e)
//     Y_i = v_n + h alpha_i vdot_n + h sum_j<i theta_ij z_j,  Y'_i = vdot_n + sum_j<i a_ij z_j
//     S z_i = h gamma f(t_n + alpha_i h, Y_i, Y'_i) + h^2 gamma gamma_i (f_t + J1 vdot_n)
//             + gamma sum_j<i c_ij z_j + h^2 gamma J1 sum_j<i delta_ij z_j               (25f)
//     v_n+1 = v_n + h vdot_n + h sum mu_i z_i,   vdot_n+1 = vdot_n + sum m_i z_i        (25a, b)
// with the embedded solution (muhat, mhat) for the error estimate and the step-size control of
// eqs (13)-(16): err = RMS over v and vdot of (y - yhat) / (atol + max(|y_n|, |y_n+1|) rtol),
// h_new = h min(facmax, max(facmin, fac err^(-1/(q+1)))), q = the embedded order. That is the
// control per step (errorControl "per-step", the paper's Tables 1-4). The default of both is per
// unit step (step_control.h): err / (h / T), whose exponent is -1/q. rn4 advances its fourth-order
// solution while the estimate is of the third-order one, so per unit step its global error comes
// out below the tolerance (0.004-0.2 of it on the pendulums and the squeezer at 1e-8), per step
// above it (6-1400 times). w2's embedded solution is of first order, and its O(h^2) difference
// would ask per unit step for steps in proportion to the tolerance: per unit step w2 estimates by
// step doubling instead (Hairer, Norsett and Wanner, Solving ODEs I, section II.4): a step h is
// taken as two halves, and once whole for the estimate,
//     err = RMS of (y_halves - y_whole) / (2^p - 1) / (atol + max(|y_n|, |y_n+1|) rtol),  p = 2,
// the local error of the two halves to O(h^4), so that err / (h / T) behaves like h^2. The
// halves' middle is solved for its dependent coordinates (the second half's first stage); the
// three steps keep the Jacobians of the start (a W-method keeps its order with any Jacobian).
// One LU of S per step size serves all its stages; stages at the same point share one evaluation
// of f (ROS4: 3 per step). J1, J2, f_t are exact (StateSpaceOde::jacobians) or, where the method
// allows (W-methods), forward differences. They are taken at the end of each accepted step, where
// the ODE has just been evaluated, and serve every attempt from that point (a rejected attempt
// retries with the same Jacobians; output between the steps moves the ODE, not them).
//
// rosenbrock-nystrom4 (rn4): ROS4 L-stable, order 4(3). w2: the order-2 W-method ROS2.
// Work integrals of the energy balance (work_integrals.h): w2 applies itself to them, with its
// stage powers and weights, those of both halves when doubling (a W-method keeps its order with a
// zero Jacobian row for them); ROS4 does not (without f_t and the exact Jacobian its weights
// integrate to first order only), so rn4 integrates them by the fourth-order interpolatory rule
// over its accepted points. A model without independent coordinates (fully driven) has no error to
// control: the step stays the first one.

#include <Eigen/LU>

#include "integrators/rosenbrock_coefficients.h"
#include "integrators/state_space_integrator.h"

namespace mbw {

class RosenbrockNystrom : public StateSpaceIntegrator {
 public:
  RosenbrockNystrom(Formulation& formulation, IntegratorSettings settings,
                    const RosenbrockTableau& tableau);

 private:
  StepResult odeStep(double h) override;
  void restartOde() override;
  bool doInterpolate(double t, State& out) override;
  StepResult attempt(double h);
  void factorize(double h);  // S of eq 25e for the step h, and its LU
  // the stages z_i of a step h from (t0, y0, yd0) where f = f0, with the current LU; the stage
  // powers into powers[1..s-1] when given (powers[0] is the caller's). False (stageFailure_) when
  // an evaluation fails
  bool stages(double h, double t0, const VectorXd& y0, const VectorXd& yd0, const VectorXd& f0,
              Power* powers);
  // the solution of the step from the stages (eqs 25a, b), and the embedded one when asked
  void combine(double h, const VectorXd& y0, const VectorXd& yd0, VectorXd& y, VectorXd& yd,
               VectorXd* yHat, VectorXd* ydHat) const;
  // two half steps into yNew_, ydNew_ and one whole step; yHat_, ydHat_ such that yNew - yHat is
  // the Richardson estimate of the halves' error. False (stageFailure_) when an evaluation fails
  bool doubledStep(double h);
  void doInitialize() override;
  bool evaluateStart();
  void computeJacobians();  // at (t_n, v_n, vdot_n), the ODE's last point
  double errorNorm() const;
  StepResult reject(double h, double factor, std::string reason);
  // the work integrals of an accepted step (its end is state_)
  void advanceWork(double h);

  const RosenbrockTableau& tableau_;
  NystromCoefficients k_;
  bool startEvaluated_ = false;   // the ODE's last point is (t_n, v_n, vdot_n)
  bool jacobianCurrent_ = false;  // J1_, J2_, ft_ are at (t_n, v_n, vdot_n)
  bool lastRejected_ = false;
  bool doubling_ = false;  // the error estimate by step doubling (w2 under control per unit step)
  std::string stageFailure_;
  long newtonIterationsBefore_ = 0;
  double* factorizationSeconds_ = nullptr;  // CPU time of the LU of S
  // workspace (ndof)
  VectorXd fStart_, fStage_, ft_, forcing_, Y_, Yd_, rhs_, sum_, yNew_, ydNew_, yHat_, ydHat_,
      vddNew_;
  std::vector<VectorXd> z_;
  VectorXd yMid_, ydMid_, fMid_, yBig_, ydBig_;  // step doubling: the halves' middle, the whole
  // the W-method's stage powers of the attempt (of its two halves when doubling)
  std::vector<Power> stagePower_;
  InterpolatoryWork interpolatoryWork_;  // rn4's rule for the work integrals
  MatrixXd J1_, J2_, S_;
  Eigen::PartialPivLU<MatrixXd> lu_;
  VectorXd fdPlus_, fdArg_;
};

class RosenbrockNystrom4 final : public RosenbrockNystrom {
 public:
  RosenbrockNystrom4(Formulation& formulation, IntegratorSettings settings)
      : RosenbrockNystrom(formulation, settings, ros4LStable()) {}
  static Capabilities capabilities();
};

class WMethod2 final : public RosenbrockNystrom {
 public:
  WMethod2(Formulation& formulation, IntegratorSettings settings)
      : RosenbrockNystrom(formulation, settings, ros2W()) {}
  static Capabilities capabilities();
};

}  // namespace mbw
