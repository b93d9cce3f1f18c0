#include "integrators/esdirk.h"

#include <sstream>

#include "integrators/step_control.h"

namespace mbw {

double estimateScale(const ButcherTableau& t, const Formulation& f) {
  // the calibration holds on the constraints; the ODE estimate stands as published
  return f.constraintSize() > 0 ? t.estimateScale : 1.0;
}

// the stages' states, and each stage's position increment g and its rate, sized once
Esdirk::Esdirk(Formulation& formulation, IntegratorSettings settings, ButcherTableau tableau)
    : Index3Integrator(formulation, settings),
      tab_(std::move(tableau)),
      stage_(tab_.stages()),
      g_(tab_.stages(), VectorXd::Zero(formulation.velocitySize())),
      gdot_(tab_.stages(), VectorXd::Zero(formulation.velocitySize())) {}

Capabilities Esdirk::capabilities(const ButcherTableau& t) {
  Capabilities c;
  c.family = "index-3 DAE, ESDIRK (" + std::to_string(t.stages()) + " stages, stiffly accurate)";
  c.source = t.source;
  c.order = t.order;
  c.implicitStages = t.stages() - 1;
  // variable steps exactly when the tableau has an embedded estimate
  c.errorEstimate = c.variableStep = t.embeddedOrder > 0;
  c.formulations = {"rp", "rA", "rE"};
  c.workRule = "stage values and weights b_j";
  return c;
}

LinearModel Esdirk::linearModel(const ButcherTableau& t) {
  // s - 1 implicit stages; the stability function R(z) at z = i Omega
  return {t.stages() - 1, [t](double w) {
            return Eigen::MatrixXcd::Constant(1, 1, t.stabilityFunction({0.0, w}));
          }};
}

// stage 2 from the step's start; the others extrapolate the stages before (the last stage of
// MSSTH(4) and MSSTH(5) to fourth order)
Predictor Esdirk::stagePredictor(int i) const {
  const auto t = [&](int j) { return stage_[j].t; };
  if (i == 1) return constantPredictor();
  if (i == tab_.stages() - 1 && tab_.lastStagePredictorOrder == 4 && i >= 3)
    return fourthOrderPredictor(point_.t, t(i - 1), t(i - 2), t(i - 3));
  return secondOrderPredictor(point_.t, t(i - 1), t(i - 2));
}

StepResult Esdirk::doStep(double h) {
  const int s = tab_.stages();
  StepResult r;
  r.nextStep = settings_.step;
  // stage 1 is the step's start (explicit); the rest share cv = gamma h, cq = (gamma h)^2 and are
  // anchored at the start
  stage_[0] = state_;
  g_[0].setZero();
  gdot_[0] = state_.v;
  point_.anchor = &stage_[0].q;
  point_.incrementRates = true;
  point_.cv = tab_.gamma() * h;
  point_.cq = point_.cv * point_.cv;
  for (int i = 1; i < s; ++i) {
    // known parts of stage i (eq 5, eq 6 for the last stage)
    point_.t = state_.t + tab_.c[i] * h;
    point_.endOfStep = i == s - 1;
    // vHat = v_n + h sum_j a_ij vdot_j, dqHat = h sum_j a_ij gdot_j + cv vHat
    point_.vHat = state_.v;
    point_.dqHat.setZero(formulation_.velocitySize());
    for (int j = 0; j < i; ++j) {
      point_.vHat += (h * tab_.A(i, j)) * stage_[j].vdot;
      point_.dqHat += (h * tab_.A(i, j)) * gdot_[j];
    }
    point_.dqHat += point_.cv * point_.vHat;

    // predictor and solution
    const Predictor pred = stagePredictor(i);
    // the previous stages' values of a field, as many as the predictor takes
    const auto past = [&](const VectorXd State::*field) {
      PastVectors v{};
      for (int k = 0; k < pred.points; ++k) v[k] = &(stage_[i - 1 - k].*field);
      return v;
    };
    State& x = stage_[i];
    // vdot and lambda predicted, then the stage solved
    predictDerivative(pred, past(&State::v), past(&State::vdot), x.vdot);
    predictMultipliers(pred, past(&State::lambda), x.lambda);
    if (!solvePoint(x, h, settings_.variableStep, r, " at stage " + std::to_string(i + 1))) {
      rejectedLast_ = true;
      return r;
    }
    // the stage's increment and its rate, for the stages after it
    g_[i] = solver_.increment();
    formulation_.incrementRate(g_[i], x.v, gdot_[i]);
  }

  // error estimate and next step (variable steps)
  double local = 0.0;  // the local error estimate in tolerances
  if (settings_.variableStep) {
    local = errorNorm(h);
    const double err = errorPerUnitStep(local, h, settings_);
    // the estimate's order: the embedded one, at most 2 on constraints (step_control.h)
    const double rate = effectiveEstimateOrder(formulation_, tab_.embeddedOrder);
    // an error above the tolerance: the step is retried smaller
    if (err > 1.0) {
      std::ostringstream os;
      os << "error norm per unit step " << err;
      rejectStep(r, "error estimate above tolerance", os.str(),
                 proposeStep(h, err, rate, true, settings_), settings_);
      rejectedLast_ = true;
      return r;
    }
    r.nextStep = proposeStep(h, err, rate, rejectedLast_, settings_);
  }
  // accepted: the work integrals, and the last stage is the new state (stiffly accurate)
  rejectedLast_ = false;
  stats_.localErrorSum += local;
  advanceWork(h);
  std::swap(state_, stage_[s - 1]);
  return r;
}

void Esdirk::advanceWork(double h) {
  // the stage values and weights: W_n+1 = W_n + h sum_j b_j P(stage j), stage 0 the step's start
  const int s = tab_.stages();
  WorkIntegrals w = advanced(work_, h * tab_.b[0], power_);
  Power p = power_;
  for (int j = 1; j < s; ++j) {
    p = powerAt(stage_[j]);
    w = advanced(w, h * tab_.b[j], p);
  }
  acceptWork(w, p);
}

double Esdirk::errorNorm(double h) {
  const int s = tab_.stages();
  // the embedded difference of the position increments (positions only: step_control.h)
  errorQ_.setZero(formulation_.velocitySize());
  // e_q = h sum_j (b_j - bhat_j) gdot_j, times the tableau's calibration on constrained models
  for (int j = 0; j < s; ++j) errorQ_ += (h * (tab_.b[j] - tab_.bHat[j])) * gdot_[j];
  errorQ_ *= estimateScale(tab_, formulation_);
  return positionErrorNorm(formulation_, errorQ_, stage_[s - 1].q, settings_);
}

}  // namespace mbw
