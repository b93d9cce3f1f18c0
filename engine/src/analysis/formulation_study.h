#pragma once
// The measurements of seed 001 section 4 for one mechanism and one formulation:
//  - the CPU cost and Newton iterations of a kinematic analysis (Tables 8, 9) and of index-3
//    backward Euler dynamics (Table 10, Fig. 4), timed over the stepping loop alone (set-up and
//    consistent initial conditions excluded, nothing recorded), on the calling thread;
//  - the order analysis (Figs. 5-7): the error at t_end of one body coordinate, its velocity and
//    its acceleration against the kinematic ground truth, for a sequence of step sizes with the
//    Newton tolerance Theta h^2 = const (eq 46).
// Throws ConfigurationError or ModelError as the runs they make do.

#include <string>
#include <vector>

#include "simulation/results.h"
#include "simulation/simulation.h"

namespace mbw {

// Cost of one run.
struct RunCost {
  bool completed = false;
  std::string message;  // why it stopped, when it did not complete
  double cpuSeconds = 0.0;
  long steps = 0;
  long newtonIterations = 0;
  double microsecondsPerStep() const { return steps ? 1e6 * cpuSeconds / steps : 0.0; }
  double iterationsPerStep() const { return steps ? double(newtonIterations) / steps : 0.0; }
};

// Kinematic analysis over [0, settings.tEnd] (seed 001 section 2).
RunCost timeKinematics(const Model& model, const std::string& formulation,
                       const KinematicsSettings& settings);

// Index-3 backward Euler with the given settings (fixed step) over [0, tEnd].
RunCost timeDynamics(const Model& model, const std::string& formulation,
                     const IntegratorSettings& settings, double tEnd);

// One point of an order analysis: the step, its Newton tolerance and the errors at t_end.
struct OrderPoint {
  double h = 0.0;
  double theta = 0.0;  // Newton tolerance on the correction norm: positionTolerance / h^2
  bool completed = false;
  std::string message;
  double positionError = 0.0, velocityError = 0.0, accelerationError = 0.0;
  double iterationsPerStep = 0.0;
};

// The coordinate an order analysis follows: a body and an axis (0, 1, 2 = x, y, z).
struct TrackedCoordinate {
  std::string body;
  int axis = 0;
  std::string label() const { return body + "." + "xyz"[axis]; }
};

// Backward Euler dynamics for each step h (Theta h^2 = positionTolerance), compared at tEnd with a
// kinematic analysis of the same mechanism in rp with a tight tolerance (1e-12).
std::vector<OrderPoint> orderAnalysis(const Model& model, const std::string& formulation,
                                      const TrackedCoordinate& coordinate,
                                      const std::vector<double>& steps, double tEnd,
                                      double positionTolerance = 1e-11);

// Least-squares slope of log(error) against log(h) over the points with a positive error, which
// is the convergence order; NaN with fewer than two such points.
double convergenceOrder(const std::vector<double>& h, const std::vector<double>& error);

}  // namespace mbw
