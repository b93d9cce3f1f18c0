#pragma once
// What a study keeps of one run: its status, counts and CPU time, the extremes of its energy
// balance and constraint violation, the errors of the study's outputs against its reference, and
// the CPU time at the study's checkpoints. A record is one row of the results table
// (results_table.h), so that it survives the run, travels between processes and is read back to
// resume a study.
//
// Errors of an output x against the reference X over the run's recorded times t_0 .. t_N (the
// reference read at t_i through the 4-point cubic of analysis/reference_error.h):
//   max   = max_i |x_i - X(t_i)|, at t_max;     rms = sqrt(mean_i (x_i - X(t_i))^2);
//   mean  = mean_i |x_i - X(t_i)|;              final = |x_N - X(t_N)|;
//   re    = sqrt( sum_{i>=1} (x_i - X(t_i))^2 / sum_{i>=1} X(t_i)^2 )     (Zhang et al. 2022 eq 26)

#include <limits>
#include <string>
#include <vector>

#include "simulation/results.h"

namespace mbw {

struct ErrorMeasures {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  double max = kNone, timeOfMax = kNone, rms = kNone, mean = kNone, final = kNone, relative = kNone;
};

struct RunRecord {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  int run = -1;  // index into Study::runs
  RunStatus status = RunStatus::Running;
  std::string message;       // why the run stopped when it did not complete
  bool interrupted = false;  // stopped by the user: not a result, made again on resume
  double tReached = 0.0;
  RunStatistics stats;         // cpuSeconds: the least over the repetitions
  double cpuSecondsMax = 0.0;  // the most over the repetitions
  double energyBalanceMin = kNone, energyBalanceMax = kNone, energyBalanceFinal = kNone;
  double violationPositionMax = kNone, violationVelocityMax = kNone;
  std::vector<ErrorMeasures> errors;  // one per Study::outputs (kNone where not measured)
  std::vector<double> cpuAt;          // one per Study::checkpoints (kNone where not reached)
};

// The measures of a finished run: status, statistics, energy balance and violation extremes, and
// when reference is given, the errors of each output the run and the reference both have.
// Throws std::invalid_argument when the reference does not cover the run's time span.
RunRecord measureRun(const Results& run, const Results* reference,
                     const std::vector<std::string>& outputs);

// The rejected steps by cause: the error estimate, Newton, and the rest (state-space recovery,
// CVODE, ...).
long rejectedByErrorEstimate(const RunStatistics& stats);
long rejectedByNewton(const RunStatistics& stats);

// A finished run in one line, as study front ends list them: "completed, 120 steps (+3
// rejected), 0.012 s CPU", the steps left out of a run that failed before its first step, and
// ": why" after a run that did not complete.
std::string recordSummaryText(const RunRecord& record);

}  // namespace mbw
