#pragma once
// Kissel et al. 2021 section 4 as a study: its four mechanisms with rA, rp and rE — CPU time per
// step of the stepping loop and Newton iterations for kinematics (Tables 8, 9) and index-3 backward
// Euler dynamics (Table 10), repeated and interleaved across formulations so that a change in the
// machine's load touches them alike; and the order analysis (Figs. 4-7): the error at t_end of
// one body coordinate, its velocity and its acceleration against the kinematic ground truth (rp,
// tolerance 1e-12), for a sequence of steps with the Newton tolerance Theta h^2 = const (eq 46).
// Beside it, joint coordinates against rp on every built-in scene with a state-space integrator
// (formulation_state_space.h): the index-3 integrators of the paper's tables cannot run them.

#include <string>
#include <vector>

#include "analysis/stepping_cost.h"
#include "studies/formulation_state_space.h"
#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw {

struct FormulationStudySettings {
  int repeats = 10;                    // timed runs of every (mechanism, formulation), interleaved
  double timingTEnd = 3.0;             // s, each timed run
  double step = 1e-3;                  // s, timed runs
  double kinematicsTolerance = 1e-10;  // on the correction norm (Table 8)
  double positionTolerance = 1e-11;    // Theta h^2 (eq 46)
  std::vector<double> orderSteps = {1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4};
  double orderTEnd = 3.0;  // s, where errors are measured
  // joint coordinates against rp with a state-space integrator, repeated `repeats` times
  StateSpaceComparisonSettings stateSpace;

  // a short version: one timed run of 0.3 s (0.1 s in state space), three step sizes
  static FormulationStudySettings quick();
};

// The measured costs of one mechanism in one formulation over the repeated runs.
struct CostSeries {
  std::string mechanism, formulation;
  std::vector<RunCost> runs;
  bool completed() const;
  std::string message() const;      // the first failure
  double meanMicroseconds() const;  // per step, mean over the runs
  double bestMicroseconds() const;  // per step, the fastest run (the least disturbed)
  double spread() const;            // (max - min) / mean of the per-step times
  double iterationsPerStep() const;
};

// The coordinate an order analysis follows: a body and an axis (0, 1, 2 = x, y, z).
struct TrackedCoordinate {
  std::string body;
  int axis = 0;
  std::string label() const { return body + "." + "xyz"[axis]; }
};

// One point of an order analysis: the step, its Newton tolerance and the errors at t_end.
struct OrderPoint {
  double h = 0.0;
  double theta = 0.0;  // Newton tolerance on the correction norm: positionTolerance / h^2
  bool completed = false;
  std::string message;
  double positionError = 0.0, velocityError = 0.0, accelerationError = 0.0;
  double iterationsPerStep = 0.0;
};

struct OrderSeries {
  std::string mechanism, formulation;
  TrackedCoordinate coordinate;
  std::vector<OrderPoint> points;
};

struct FormulationStudy {
  FormulationStudySettings settings;
  bool interrupted = false;               // stopped early: the tables hold what was measured
  std::vector<std::string> formulations;  // rp first: the baseline
  std::vector<CostSeries> kinematics, dynamics;
  std::vector<OrderSeries> orders;
  std::vector<StateSpaceRow> stateSpace;  // a row per scene of the state-space comparison

  const CostSeries* cost(const std::vector<CostSeries>& table, const std::string& mechanism,
                         const std::string& formulation) const;
};

// The runs: timed kinematics and dynamics, repeat by repeat, then the order analysis, then the
// state-space comparison's timed and accuracy runs (its scenes loaded here: what loadScene throws).
Study makeFormulationStudy(const FormulationStudySettings& settings);

// The tables' contents from the records of the study's runs (those made).
FormulationStudy formulationStudyResults(const FormulationStudySettings& settings,
                                         const Study& study, const std::vector<RunRecord>& records);

}  // namespace mbw
