#include "analysis/formulation_study.h"

#include <cmath>
#include <limits>

#include "integrators/registry.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

std::unique_ptr<Formulation> formulationFor(const Model& model, const std::string& name) {
  try {
    return makeFormulation(name, model);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
}

// the last recorded value of a channel
double finalValue(const Results& r, const std::string& channel) {
  const int c = r.column(channel);
  if (c < 0 || r.rowCount() == 0) throw ConfigurationError("no output channel '" + channel + "'");
  return r.at(r.rowCount() - 1, c);
}

}  // namespace

RunCost timeKinematics(const Model& model, const std::string& formulation,
                       const KinematicsSettings& settings) {
  const auto f = formulationFor(model, formulation);
  State s = consistentInitialState(*f, 0.0);
  KinematicSolver solver(*f, settings);
  const long n = std::lround(settings.tEnd / settings.step);
  RunCost cost;
  cost.completed = true;
  const double cpu0 = threadCpuSeconds();
  for (long k = 1; k <= n; ++k) {
    const double t = k == n ? settings.tEnd : k * settings.step;
    const KinematicsStep step = solver.advance(t, s);
    cost.newtonIterations += step.iterations;
    if (!step.converged) {
      cost.completed = false;
      cost.message = (step.failure.empty() ? "position analysis did not converge" : step.failure) +
                     " at t = " + std::to_string(t) + " s";
      break;
    }
    ++cost.steps;
  }
  cost.cpuSeconds = threadCpuSeconds() - cpu0;
  return cost;
}

RunCost timeDynamics(const Model& model, const std::string& formulation,
                     const IntegratorSettings& settings, double tEnd) {
  const auto f = formulationFor(model, formulation);
  const IntegratorInfo* info = findIntegrator("backward-euler");
  const State initial = consistentInitialState(*f, 0.0);
  const auto integrator = info->make(*f, settings);
  integrator->initialize(initial);
  const long n = std::lround(tEnd / settings.step);
  RunCost cost;
  cost.completed = true;
  const double cpu0 = threadCpuSeconds();
  for (long k = 0; k < n; ++k) {
    const StepResult r = integrator->step(settings.step);
    if (r.kind != StepResult::Kind::Accepted) {
      cost.completed = false;
      cost.message = r.reason + " at t = " + std::to_string(integrator->state().t) + " s";
      break;
    }
  }
  cost.cpuSeconds = threadCpuSeconds() - cpu0;
  cost.steps = integrator->stats().steps;
  cost.newtonIterations = integrator->stats().newtonIterations;
  return cost;
}

std::vector<OrderPoint> orderAnalysis(const Model& model, const std::string& formulation,
                                      const TrackedCoordinate& coordinate,
                                      const std::vector<double>& steps, double tEnd,
                                      double positionTolerance) {
  // ground truth: the kinematic analysis with a tight tolerance
  KinematicsSettings k;
  k.step = 1e-3;
  k.tEnd = tEnd;
  k.tolerance = 1e-12;
  const Results truth = runKinematics(model, "rp", k, std::numeric_limits<int>::max());
  if (truth.status != RunStatus::Completed)
    throw ConfigurationError("the kinematic ground truth failed: " + truth.message);
  const std::string x = coordinate.label();
  const std::string v = coordinate.body + ".v" + "xyz"[coordinate.axis];
  const std::string a = coordinate.body + ".a" + "xyz"[coordinate.axis];

  std::vector<OrderPoint> points;
  for (double h : steps) {
    OrderPoint p;
    p.h = h;
    p.theta = positionTolerance / (h * h);
    RunSettings s;
    s.formulation = formulation;
    s.tEnd = tEnd;
    s.every = std::numeric_limits<int>::max();  // the first and the last rows
    s.integratorSettings.step = h;
    s.integratorSettings.newtonTolerance = positionTolerance;
    Simulation sim(model, s);
    const Results r = sim.run();
    p.completed = r.status == RunStatus::Completed;
    p.message = r.message;
    if (p.completed) {
      p.positionError = std::abs(finalValue(r, x) - finalValue(truth, x));
      p.velocityError = std::abs(finalValue(r, v) - finalValue(truth, v));
      p.accelerationError = std::abs(finalValue(r, a) - finalValue(truth, a));
      p.iterationsPerStep = double(r.stats.newtonIterations) / std::max(1L, r.stats.steps);
    }
    points.push_back(p);
  }
  return points;
}

double convergenceOrder(const std::vector<double>& h, const std::vector<double>& error) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (size_t i = 0; i < h.size() && i < error.size(); ++i) {
    if (!(error[i] > 0.0) || !(h[i] > 0.0)) continue;
    const double x = std::log(h[i]), y = std::log(error[i]);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    ++n;
  }
  const double d = n * sxx - sx * sx;
  if (n < 2 || d == 0.0) return std::numeric_limits<double>::quiet_NaN();
  return (n * sxy - sx * sy) / d;
}

}  // namespace mbw
