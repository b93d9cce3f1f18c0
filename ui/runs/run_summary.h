#pragma once
// The figures the run list and the comparison table show for a run, read from its results and
// statistics (and, for the error, from the engine's reference-error analysis).

#include <QString>
#include <optional>

#include "run.h"

namespace mbw::ui {

struct RunSummary {
  double reachedTime = 0.0;       // s, last recorded time
  long steps = 0;                 // accepted steps (recorded rows while live)
  long rejected = 0;
  long newtonIterations = 0;
  double iterationsPerStep = 0.0;
  long factorizations = 0;
  long jacobianEvaluations = 0;
  double cpuSeconds = 0.0;        // of the worker thread (0 while live)
  double wallSeconds = 0.0;
  double finalEnergyBalance = 0.0;  // J
  double maxEnergyBalance = 0.0;    // J, largest |balance|
  double maxPositionViolation = 0.0;
  double maxVelocityViolation = 0.0;
  QString rejectionReasons;       // "error estimate: 12, Newton did not converge: 1"
};

RunSummary summarize(const Run& run);

// the error of a run against a reference run on one channel (nullopt when it cannot be computed)
struct ErrorSummary {
  QString channel;
  double maximum = 0.0, rms = 0.0;
};
std::optional<ErrorSummary> errorAgainst(const Run& run, const Run& reference, const QString& channel);

// "completed", "failed: <message>", "running", "cancelled at t = ..."
QString statusText(const Run& run);

}  // namespace mbw::ui
