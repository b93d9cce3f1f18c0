#pragma once
// The cost of a run's stepping loop alone, as Kissel et al. 2021 section 4 measures it (Tables
// 8-10): the CPU time and Newton iterations of a kinematic analysis or of fixed-step dynamics,
// set-up and consistent initial conditions excluded, nothing recorded, on the calling thread.
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

// Kinematic analysis over [0, settings.tEnd] (Kissel et al. 2021 section 2).
RunCost timeKinematics(const Model& model, const std::string& formulation,
                       const KinematicsSettings& settings);

// Dynamics with the given settings at a fixed step over [0, t_end].
RunCost timeDynamics(const Model& model, const RunSettings& settings);

}  // namespace mbw
