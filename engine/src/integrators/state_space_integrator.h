#pragma once
// Common base of the integrators of the state-space ODE (Sandu et al. 2001): they advance the
// independent coordinates v, vdot of an IndependentOde (statespace/independent_ode.h: the
// partitioned rp coordinates of a StateSpaceOde, or when IntegratorSettings::jointCoordinates is
// set the joint coordinates of a JointOde, or on closed loops the partitioned joint coordinates of
// a LoopJointOde) and expose the full state (q, v = qdot in the
// rp coordinates, vdot = qddot, lambda) to the run, so that outputs, energies and constraint
// violations are recorded as for every other integrator. After each accepted step,
// finishStep() takes the full state and checks the partition (Algorithm 1 step 14). The continuous
// extension interpolates the independent coordinates (cubic Hermite) and recovers the dependent
// ones through the ODE, so that it lies on the constraints.
//
// Crossing a singular position (variable steps). Where Phi_q drops rank (the N four-bar's
// horizontal cranks) no partition leaves Phi_u regular: the dependent coordinates are
// ill-determined near it and the ODE's evaluations carry noise that grows like 1 / |t - t*| (see
// estimateSingularTime), so that its steps would crawl towards it. Once t* is estimated ahead,
// the run's next step crosses [t_n, t_n + 2 (t* - t_n)] with fixed steps of HHT (the index-3 form,
// whose Newton passes rank drops: index3_solver.h), which follow the branch the velocities give:
// at least kCrossingSteps of them, none longer than the ODE's largest step since the last
// crossing, an odd number so that t* lies inside one (a time point on the singular position
// itself leaves Newton a singular matrix; when Newton fails all the same, another attempt with two
// more steps moves the time points). At the far end, as far from t* as the crossing began, the
// ODE is partitioned and started afresh from HHT's state (its dependent coordinates and velocities
// solved onto both constraint levels). Each crossing is an event of the run; its outputs are the
// cubic Hermite of its ends, projected onto the constraints. Measured on the ten-window N
// four-bar over 20 s (20 crossings), rn4, adams and bdf at rtol 1e-5 to 1e-8: B0's velocity off
// the closed form by 2.5e-4 to 1.5e-3 m/s with 81 steps per crossing; with HHT's default Newton
// settings 4e-3 to 2e-2 with 20 steps, 1.1e-3 to 2.5e-3 with 41 (HHT's second-order error over
// the crossings sets the floor).
//
// Under error control per unit step the dependent coordinates are solved to at most 1e-7 atol
// (down to 1e-13): the accelerations carry the constraint residual's noise, amplified by the stiff
// forces and cond(Phi_u), which a step's share of the tolerance must see far below it. On Andrews'
// squeezer over 0.05 s, bdf at rtol = atol 1e-3 / 1e-5 / 1e-6 took 7 443 / 14 344 / 34 601 steps
// (1 716 / 2 433 / 4 468 rejected by the error test) with the residual at 1e-5 atol, more than at
// 1e-8 (18 865); at 1e-7 atol 826 / 1 632 / 2 434, growing with the tolerance as they should (adams
// at 1e-6: 4 747 -> 1 194, rn4 20 842 -> 15 527). At 1e-10 with atol = 1e-6 the steps there
// stalled at 1e-12 s (cond(Phi_u) = 900 near its repartitions).

#include <map>
#include <memory>
#include <string>

#include "integrators/integrator.h"
#include "statespace/independent_ode.h"

namespace mbw {

// why the state-space integrators refuse rA and rE (Capabilities::refusals)
std::map<std::string, std::string> stateSpaceRefusals();

class StateSpaceIntegrator : public Integrator {
 public:
  // the accepted states and the interpolated ones come from the ODE: on the constraints (but for
  // the interpolated states within a crossing)
  bool statesOnConstraints() const override { return true; }

 protected:
  // perUnitStepByDefault: the integrator's default error control
  // (IntegratorSettings::errorControl); exactJacobians: the scheme asks the ODE for its exact
  // Jacobians. With settings.jointCoordinates the formulation is rp (the full states' coordinates)
  // and the ODE the tree's, partitioned when joints close loops (throws JointTreeError for a model
  // it cannot hold).
  StateSpaceIntegrator(Formulation& formulation, IntegratorSettings settings,
                       bool perUnitStepByDefault, bool exactJacobians);

  // the scheme's own step of the state-space ODE (doStep crosses singular positions itself)
  virtual StepResult odeStep(double h) = 0;
  // the ODE was started afresh at state_ (y_, yd_, ydd_) after a crossing: the scheme's history
  // (Jacobians, multistep memory, work rule) starts there too
  virtual void restartOde() = 0;
  // whether the last accepted step crossed a singular position (its interpolant: cubic Hermite)
  bool crossedLastStep() const { return crossedLastStep_; }

  // partitions at the initial state; a failure is reported by the first step
  void doInitialize() override;
  bool doInterpolate(double t, State& out) override;
  // true (and r says why) when the initialization failed
  bool initializationFailed(StepResult& r) const;
  // the ODE was evaluated at the new point: copy the full state, check the partition (r.event
  // describes a triggered check), re-gather y_, yd_, ydd_, update the counters; true when the
  // independent coordinates changed
  bool finishStep(StepResult& r);
  // whether the ODE's new point (the step's end) left the branch of the motion the step started
  // on, at a singular position (see kBranchJump): then r fails, saying where and what may help
  bool leftBranch(StepResult& r);
  // Where Phi_q approaches a rank drop, the weakest equation's independent part p (ConstraintRank::
  // smallestPivot) falls like |t - t*| towards the singular position at t*: from p at the last two
  // repartitioning checks near it, t* = t_k + (t_k - t_j) p_k / (p_j - p_k) (on the ten-window N
  // four-bar the first estimate, 2.7e-3 s before, was 1.4e-5 s from the later ones). Closer to it,
  // the dependent coordinates solved with a near-singular Phi_u carry noise that grows like
  // 1 / |t - t*|, and so do the exact Jacobians of the state-space ODE: the error test shrinks the
  // steps in proportion, and they approach t* geometrically without passing it (rn4 at rtol 1e-6 on
  // the ten-window N four-bar: 1e-10 s steps, 55 s of CPU at 0.72 s until cancelled; a step of the
  // ODE over 2 (t* - t_n) always failed the error test). Variable-step runs cross it with HHT
  // instead (see the top of this file). Steps that pass t* clear the estimate.
  void estimateSingularTime(const PartitionCheck& check, double t);
  // where Phi_q is near a rank drop at the formulation's current positions, in words, or empty
  std::string singularPosition() const;
  // the counters of the ODE (and of the crossings' HHT) into stats_
  void collectStats();
  // an evaluation of the ODE for an output state, not counted among the integration's
  bool evaluateForOutput(double t, const VectorXd& v, const VectorXd& vdot, VectorXd& vddot);

  // CPU time counters of the cost split (entries of stats_.phaseSeconds, created at
  // initialization so that the step loop only adds to them)
  double* jacobianSeconds_ = nullptr;
  double* evaluationSeconds_ = nullptr;

  const bool perUnitStep_;  // variable steps controlled per unit step (step_control.h)
  // A step jumped branch when its velocities break the trapezoidal rule,
  //     |qdot_1 - qdot_0 - h/2 (qddot_0 + qddot_1)|_inf
  //         > kBranchJump max(|qdot_0|_inf, |qdot_1|_inf),
  // where Phi_q is near a rank drop (solvers/constraint_rank.h). A smooth motion's defect is
  // h^3/12 of the velocities' third derivative, (h w)^3/12 of the velocities for a motion of
  // frequency w: under 1e-2 over the accepted steps of the N four-bar (bdf at rtol 1e-6, rn4 at
  // 1e-3 s); a jump to another branch, where the dependent velocities are solved anew: 0.2 - 1.
  static constexpr double kBranchJump = 0.1;

  StepResult doStep(double h) final;
  // a singular position ahead (singularTime_): the next step of the run crosses it (its event in r)
  void armCrossing(StepResult& r, double h);
  // the crossing, one step of the run: HHT's steps over it, then the ODE afresh
  StepResult crossingStep(double h);
  // the ODE partitioned and started at state_; false (r failed) when it cannot
  bool resumeOde(StepResult& r);

  static constexpr int kCrossingSteps = 81;
  static constexpr int kCrossingAttempts = 3;
  double crossingEnd_ = -1.0;  // negative: no crossing armed
  double resumeStep_ = 0.0;    // the ODE's proposed step when the crossing was armed
  double largestStep_ = 0.0;   // the ODE's largest step since the start or the last crossing
  bool crossedLastStep_ = false;
  long crossingFactorizations_ = 0;  // HHT's, over the crossings

  double singularTime_ = -1.0;            // t*, negative when no singular position is ahead
  double pivotTime_ = 0.0, pivot_ = 0.0;  // t_j, p_j: the last check near a rank drop

  std::unique_ptr<IndependentOde> ode_;  // the ODE the scheme advances (independent_ode.h)
  VectorXd y_, yd_;                      // independent positions and velocities at state_.t
  VectorXd ydd_;                         // independent accelerations there
  std::string initFailure_;
  long outputEvaluations_ = 0;
  VectorXd outY_, outYd_, outYdd_;  // an output state's independent coordinates
  VectorXd jump_;                   // the velocities' defect of the last step (leftBranch)
};

}  // namespace mbw
