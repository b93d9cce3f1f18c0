#include "integrators/linear_multistep.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "integrators/predictors.h"
#include "integrators/step_control.h"

namespace mbw {

// --- set-up and capabilities ---------------------------------------------------------------------

double LinearMultistep::rhoInf(const IntegratorSettings& s) {
  return s.rhoInf >= 0.0 ? s.rhoInf : kIndex3DefaultRhoInf;
}

LinearMultistep::LinearMultistep(Formulation& formulation, IntegratorSettings settings, int steps)
    : Index3Integrator(formulation, settings),
      steps_(steps),
      rho_(rhoInf(settings)),
      constant_(lmsCoefficients(steps, rho_)),
      history_(steps),
      workHistory_(steps),
      g_(steps, VectorXd::Zero(formulation.velocitySize())),
      gdot_(steps, VectorXd::Zero(formulation.velocitySize())) {}

Capabilities LinearMultistep::capabilities(int steps) {
  Capabilities c;
  c.family = "index-3 DAE, linear multistep";
  c.description = "LMS" + std::to_string(steps) +
                  ": second order, A-stable, tunable rho_inf (0 = BDF2" +
                  std::string(steps == 2 ? ")" : "-like)") +
                  (steps == 2 ? "; variable steps under rtol and atol" : "") +
                  "; trapezoidal start-up (Zhang et al. 2022 eqs 2-3)";
  c.source =
      "Zhang et al. 2022 section 2.1; closed forms as MBDyn implements them (stepsol_impl.cc)";
  c.order = 2;
  c.hasRhoInf = true;
  c.rhoInfDefault = kIndex3DefaultRhoInf;
  // LMS3/LMS4 are not zero-stable at rho_inf = 1 (lms.md: (E + 1)^(K-1) divides rho(E))
  c.rhoInfMaxExcluded = steps > 2;
  // variable steps for LMS2 alone
  c.variableStep = c.errorEstimate = steps == 2;
  c.formulations = {"rp", "rA", "rE"};
  c.workRule = "the LMS formula on the powers (second order)";
  return c;
}

// the map of one step on y' = i Omega y / h (the oscillator's mode, linear_model.h)
LinearModel LinearMultistep::linearModel(int steps, const IntegratorSettings& s) {
  const LmsCoefficients c = lmsCoefficients(steps, rhoInf(s));
  return {1, [c](double w) { return c.amplification({0.0, w}); }};
}

// the history starts at the consistent initial state
void LinearMultistep::doInitialize() {
  history_.reset(state_);
  workHistory_.truncate(0);  // filled at the first step, when the powers of the start are known
  rejectedLast_ = false;
}

// --- the step ------------------------------------------------------------------------------------

LmsCoefficients LinearMultistep::coefficientsFor(double h) {
  // LMS2 with history: MBDyn's variable-step coefficients in h_N / h_N-1
  const int n = history_.size();
  if (steps_ == 2 && n >= 2) return lms2VariableCoefficients(rho_, h / history_.step(0));
  // the constant coefficients when the last K - 1 steps all equal h
  bool constant = n >= steps_;
  for (int j = 0; constant && j + 1 < steps_; ++j)
    constant = std::abs(history_.step(j) - h) <= 1e-9 * h;
  if (constant) return constant_;
  // not enough equal steps: restart from the latest point with the trapezoidal rule
  if (n >= steps_) history_.truncate(1);
  return trapezoidalCoefficients();
}

StepResult LinearMultistep::doStep(double h) {
  const LmsCoefficients c = coefficientsFor(h);
  workHistory_.truncate(history_.size());  // restarted with the points
  const int K = c.steps();
  // the latest point's positions: the anchor of the increments
  const VectorXd& anchor = history_[0].q;

  // past points relative to the latest one, and the known parts of the scheme
  point_.t = history_[0].t + h;
  point_.anchor = &anchor;
  point_.incrementRates = true;
  point_.vHat.setZero(formulation_.velocitySize());
  // gKnown: the known part of the increment g_N, summed below
  VectorXd& gKnown = known_;
  gKnown.setZero(formulation_.velocitySize());
  for (int j = 0; j < K; ++j) {
    // each past point's increment g_j from the anchor and its rate gdot_j = T(g_j)^-1 v_j
    const State& p = history_[j];
    if (j == 0) {
      g_[0].setZero();
      gdot_[0] = p.v;
    } else {
      formulation_.localCoordinates(anchor, p.q, g_[j]);
      formulation_.incrementRate(g_[j], p.v, gdot_[j]);
    }
    // their weighted sums: the known parts of v_N and g_N
    point_.vHat += c.a[j] * p.v + (h * c.b[j + 1]) * p.vdot;
    gKnown += c.a[j] * g_[j] + (h * c.b[j + 1]) * gdot_[j];
  }
  // the time point's coefficients: cv = b0 h, cq = (b0 h)^2, and the known part of the increment
  const double c0 = h * c.b[0];
  point_.cv = c0;
  point_.cq = c0 * c0;
  point_.dqHat = gKnown + c0 * point_.vHat;

  // predictor (eqs 12, 14) and solution
  // two past points: the second-order predictor; one: the constant one
  const bool two = history_.size() >= 2;
  const Predictor pred =
      two ? secondOrderPredictor(point_.t, history_[0].t, history_[1].t) : constantPredictor();
  // the latest point, and the one before it (the same at the start)
  const State& p1 = history_[0];
  const State& p2 = two ? history_[1] : history_[0];
  predictDerivative(pred, {&p1.v, &p2.v, nullptr}, {&p1.vdot, &p2.vdot, nullptr}, next_.vdot);
  predictMultipliers(pred, {&p1.lambda, &p2.lambda, nullptr}, next_.lambda);
  // the solution at t_N by the shared Newton solver
  StepResult r;
  r.nextStep = settings_.step;
  // LMS2 alone has variable steps
  const bool variable = settings_.variableStep && steps_ == 2;
  if (!solvePoint(next_, h, variable, r)) {
    rejectedLast_ = true;
    return r;
  }
  double local = 0.0;  // the local error estimate in tolerances
  // LMS2 at variable steps: the local error per unit step, the step rejected above 1, the next one
  // no more than twice this one
  if (variable) {
    local = localError(h);
    const double err = errorPerUnitStep(local, h, settings_);
    if (err > 1.0) {
      std::ostringstream os;
      os << "error norm per unit step " << err;
      rejectStep(r, "error estimate above tolerance", os.str(),
                 proposeStep(h, err, 2, true, settings_), settings_);
      rejectedLast_ = true;
      return r;
    }
    r.nextStep = std::min(2.0 * h, proposeStep(h, err, 2, rejectedLast_, settings_));
  }
  // accepted: the point into the history, the work integrals by the same formula
  rejectedLast_ = false;
  stats_.localErrorSum += local;
  history_.push(next_);
  state_ = next_;
  advanceWork(c, h);
  return r;
}

// --- the work integrals and the error estimate ---------------------------------------------------

void LinearMultistep::advanceWork(const LmsCoefficients& c, double h) {
  // W_N = sum_j a_j W_N-1-j + h sum_j b_j+1 P_N-1-j + h b0 P_N over the points the step used
  if (workHistory_.size() == 0) workHistory_.reset({previous_.t, work_, power_});
  // the new point's power, then the past points' work and powers
  const Power p = powerAt(state_);
  WorkIntegrals w = advanced({}, h * c.b[0], p);
  for (int j = 0; j < c.steps(); ++j) {
    const WorkPoint& past = workHistory_[j];
    w.work += c.a[j] * past.work.work + h * c.b[j + 1] * past.power.in;
    w.dissipated += c.a[j] * past.work.dissipated + h * c.b[j + 1] * past.power.dissipated;
  }
  // the new point's integrals and power kept for the next steps
  workHistory_.push({state_.t, w, p});
  acceptWork(w, p);
}

double LinearMultistep::localError(double h) {
  if (history_.size() < 2) {
    // trapezoidal start-up: local error -h^3/12 q''' with q''' from the accelerations
    errorQ_ = (h * h / 12.0) * (next_.vdot - history_[0].vdot);
    // and the velocity drift it leaves, which every later step turns into a position error
    // h drift: v_1 = 2 g / h - v_0 on positions held on the constraints is off by -h^2/6 q''' =
    // -2 e / h, so h |Phi_q (v_1 - v)| = 2 |Phi_q e|. Taken from the estimate, not from the
    // solution's |Phi_q v_1 - nu|, which also holds Newton's stop: a velocity error of about
    // tol / (h / 2) that does not shrink with the step (it kept the four-link at rtol 1e-8
    // rejecting its first step down to 1e-11 s)
    // Phi_q at the new positions
    formulation_.computePositions(next_.t, next_.q);
    phiQ_.setZero(formulation_.constraintSize(), formulation_.velocitySize());
    formulation_.constraintJacobian(MatrixSink(phiQ_));
    const double drift = 2.0 * (phiQ_ * errorQ_).lpNorm<Eigen::Infinity>() / settings_.atol;
    return std::max(drift, positionErrorNorm(formulation_, errorQ_, next_.q, settings_));
  }
  // cubic Hermite extrapolation of the two previous points; g_1 = 0 and gdot_1 = v_{N-1}
  const HermiteValue w = hermiteValue(next_.t, history_[0].t, history_[1].t);
  // the estimate: the solution's increment less the extrapolated one
  errorQ_ = solver_.increment() - (w.wy[1] * g_[1] + w.wd[0] * gdot_[0] + w.wd[1] * gdot_[1]);
  return positionErrorNorm(formulation_, errorQ_, next_.q, settings_);
}

}  // namespace mbw
