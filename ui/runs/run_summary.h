#pragma once
// The figures the run list and the comparison table show for a run, read from its results and
// statistics (and, for the error, from the engine's reference-error analysis).

#include <QString>
#include <optional>

#include "run.h"

namespace mbw::ui {

struct RunSummary {
  double reachedTime = 0.0;  // s, last recorded time
  long steps = 0;            // accepted steps (recorded rows while live)
  long rejected = 0;
  long newtonIterations = 0;
  double iterationsPerStep = 0.0;
  long factorizations = 0;
  long jacobianEvaluations = 0;
  double cpuSeconds = 0.0;  // of the worker thread (0 while live)
  double wallSeconds = 0.0;
  double finalEnergyBalance = 0.0;  // J
  double maxEnergyBalance = 0.0;    // J, largest |balance|
  double maxKineticEnergy = 0.0;    // J
  double maxPositionViolation = 0.0;
  double maxVelocityViolation = 0.0;
  QString rejectionReasons;  // "error estimate: 12, Newton did not converge: 1"
};

RunSummary summarize(const Run& run);

// the error of a run against a reference run on one channel (nullopt when it cannot be computed)
struct ErrorSummary {
  QString channel;
  double maximum = 0.0, rms = 0.0;
};
std::optional<ErrorSummary> errorAgainst(const Run& run, const Run& reference,
                                         const QString& channel);

// "completed", "failed: <message>", "running", "paused at t = ...", "cancelled: cancelled at t =
// ..."
QString statusText(const Run& run);
// one word: running, paused, completed, failed, cancelled; "completed, check failed" for a
// completed run that failed a check (simulation/run_checks.h)
QString statusWord(const Run& run);
// what the run's iteration counts are ("Newton iterations", "projection iterations ...")
QString iterationsLabel(const Run& run);
// One line that says what a growing energy balance is, when it is not negligible: its size against
// the largest kinetic energy, and whether the step or the tolerances bound it (a method's error
// shrinks with them; a model's does not). "" when the balance is within round-off.
QString energyNote(const Run& run, const RunSummary& summary);
// the same in a few words, for a table cell: "2.1% of max KE, tolerance-limited" (", work by
// quadrature" added when the work integrals were not the method's own) ("" as above)
QString energyNoteShort(const Run& run, const RunSummary& summary);

}  // namespace mbw::ui
