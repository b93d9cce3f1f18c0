#include "studies/run_record.h"

#include <algorithm>
#include <cmath>

#include "analysis/integrator_study.h"
#include "math/number_text.h"

namespace mbw {
namespace {

bool startsWith(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

ErrorMeasures errorsOf(const Results& run, const Results& reference, const std::string& output) {
  // no error where the output is missing on either side or the run recorded nothing
  ErrorMeasures m;
  if (run.column(output) < 0 || reference.column(output) < 0 || run.rowCount() == 0) return m;
  // the error's measures over the run, and relative to the reference's size
  const TrajectoryError e = trajectoryError(run, reference, output);
  m.max = e.maximum;
  m.timeOfMax = e.timeOfMaximum;
  m.rms = e.rms;
  m.mean = e.mean;
  m.final = e.errors.back();
  m.relative = relativeError(e, reference);
  return m;
}

// the largest magnitude in a column
double maxAbs(const Results& r, int column) {
  double worst = 0.0;
  for (size_t i = 0; i < r.rowCount(); ++i) worst = std::max(worst, std::abs(r.at(i, column)));
  return worst;
}

}  // namespace

// --- measuring a run -----------------------------------------------------------------------------

RunRecord measureRun(const Results& run, const Results* reference,
                     const std::vector<std::string>& outputs) {
  // the run's status and counts as they came
  RunRecord r;
  r.status = run.status;
  r.message = run.message;
  r.stats = run.stats;
  r.cpuSecondsMax = run.stats.cpuSeconds;
  r.tReached = run.rowCount() ? run.at(run.rowCount() - 1, 0) : 0.0;
  // the energy balance's extremes and final value, where the run records it
  if (const int c = run.column("energy.balance"); c >= 0 && run.rowCount()) {
    const std::vector<double> v = run.columnValues(c);
    r.energyBalanceMin = *std::min_element(v.begin(), v.end());
    r.energyBalanceMax = *std::max_element(v.begin(), v.end());
    r.energyBalanceFinal = v.back();
  }
  // the largest constraint violations, where recorded
  if (const int c = run.column("violation.position"); c >= 0)
    r.violationPositionMax = maxAbs(run, c);
  if (const int c = run.column("violation.velocity"); c >= 0)
    r.violationVelocityMax = maxAbs(run, c);
  // errors only for a completed run with a reference
  r.errors.resize(outputs.size());
  if (reference && run.status == RunStatus::Completed)
    for (size_t k = 0; k < outputs.size(); ++k) r.errors[k] = errorsOf(run, *reference, outputs[k]);
  return r;
}

// --- the rejections by cause, and a run's summary ------------------------------------------------

long rejectedByErrorEstimate(const RunStatistics& stats) {
  // rejections are counted by reason; the reason's first words say who rejected
  long n = 0;
  for (const auto& [reason, count] : stats.rejections)
    if (startsWith(reason, "error estimate")) n += count;
  return n;
}

long rejectedByNewton(const RunStatistics& stats) {
  // the rejections whose reason starts with "Newton": its iterations failed
  long n = 0;
  for (const auto& [reason, count] : stats.rejections)
    if (startsWith(reason, "Newton")) n += count;
  return n;
}

std::string recordSummaryText(const RunRecord& r) {
  // the status, the steps and CPU time where the run took steps, why it did not complete
  std::string text = toString(r.status);
  if (r.status == RunStatus::Completed || r.stats.steps > 0)
    text += ", " + std::to_string(r.stats.steps) + " steps (+" +
            std::to_string(r.stats.rejectedSteps) + " rejected), " +
            formatNumber(r.stats.cpuSeconds) + " s CPU";
  // the reason, for a run that did not complete
  if (!r.message.empty() && r.status != RunStatus::Completed) text += ": " + r.message;
  return text;
}

}  // namespace mbw
