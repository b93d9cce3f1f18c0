#include "run_summary.h"

#include <QObject>
#include <cmath>
#include <stdexcept>

#include "analysis/reference_error.h"
#include "integrators/registry.h"
#include "number_text.h"

namespace mbw::ui {
namespace {

// over every recorded row, also those decimated away
double maxAbs(const Results& r, const char* channel) {
  return r.largestMagnitude(r.column(channel));
}

// the last recorded value of a channel, 0 when there is none
double last(const Results& r, const char* channel) {
  const int c = r.column(channel);
  return c >= 0 && r.rowCount() > 0 ? r.at(r.rowCount() - 1, c) : 0.0;
}

}  // namespace

// --- the figures of a run ------------------------------------------------------------------------

RunSummary summarize(const Run& run) {
  const Results& r = run.results;
  // time reached, wall time, the energy balance and the constraint violations
  RunSummary s;
  s.reachedTime = run.lastTime();
  s.wallSeconds = run.wallSeconds;
  s.finalEnergyBalance = last(r, "energy.balance");
  s.maxEnergyBalance = maxAbs(r, "energy.balance");
  s.maxKineticEnergy = maxAbs(r, "energy.kinetic");
  s.maxPositionViolation = maxAbs(r, "violation.position");
  s.maxVelocityViolation = maxAbs(r, "violation.velocity");
  if (run.live()) {
    // statistics come at the end; meanwhile count what was recorded
    s.steps = r.appendedRowCount() > 0
                  ? static_cast<long>(r.appendedRowCount() - 1) * run.settings.every
                  : 0;
    s.rejected = static_cast<long>(r.rejected.size());
    return s;
  }
  // a finished run's statistics, and its rejections by reason
  s.steps = r.stats.steps;
  s.rejected = r.stats.rejectedSteps;
  s.newtonIterations = r.stats.newtonIterations;
  s.iterationsPerStep =
      s.steps > 0 ? static_cast<double>(s.newtonIterations) / static_cast<double>(s.steps) : 0.0;
  s.factorizations = r.stats.factorizations;
  s.jacobianEvaluations = r.stats.jacobianEvaluations;
  s.cpuSeconds = r.stats.cpuSeconds;
  // the rejection reasons as "reason: count" pairs
  QStringList reasons;
  for (const auto& [reason, count] : r.stats.rejections)
    reasons << QString("%1: %2").arg(QString::fromStdString(reason)).arg(count);
  s.rejectionReasons = reasons.join(", ");
  return s;
}

// the largest and RMS difference of a channel against another run, none when they cannot be
// compared
std::optional<ErrorSummary> errorAgainst(const Run& run, const Run& reference,
                                         const QString& channel) {
  // none when the run has no rows or no channel is chosen
  if (run.results.rowCount() == 0 || channel.isEmpty()) return std::nullopt;
  try {
    const TrajectoryError e =
        trajectoryError(run.results, reference.results, channel.toStdString());
    return ErrorSummary{channel, e.maximum, e.rms};
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

// --- the words of a run's status -----------------------------------------------------------------

QString statusText(const Run& run) {
  // paused or running while live; else the engine's status and message
  const Results& r = run.results;
  if (run.live() && run.paused)
    return QObject::tr("paused at t = %1 s").arg(shortNumber(run.lastTime(), 4));
  if (run.live()) return QObject::tr("running");
  QString text = QString::fromLatin1(toString(r.status));
  if (!r.message.empty()) text += ": " + QString::fromStdString(r.message);
  // a completed run that failed a check (simulation/run_checks.h) does not say "completed" alone
  const std::vector<std::string> checks = r.metadataValues("check");
  // the failed checks listed after the status
  if (!checks.empty()) {
    text += checks.size() == 1 ? QObject::tr(", but 1 check failed:")
                               : QObject::tr(", but %1 checks failed:").arg(checks.size());
    for (size_t k = 0; k < checks.size(); ++k)
      text += (k ? "; " : " ") + QString::fromStdString(checks[k]);
  }
  return text;
}

}  // namespace mbw::ui

namespace mbw::ui {

// one word for narrow cells
QString statusWord(const Run& run) {
  if (run.live()) return run.paused ? QObject::tr("paused") : QObject::tr("running");
  if (!run.results.metadataValues("check").empty()) return QObject::tr("completed, check failed");
  return QString::fromLatin1(toString(run.results.status));
}

// what a run's integrator counts as iterations
QString iterationsLabel(const Run& run) {
  const IntegratorInfo* info = findIntegrator(run.settings.integrator);
  // the integrator's own words, or "iterations" for an unknown one
  return QString::fromStdString(info ? info->capabilities.iterationCount : "iterations");
}

// --- the energy note -----------------------------------------------------------------------------

// the note in a few words: the balance as a share of the largest kinetic energy, what limits it
QString energyNoteShort(const Run& run, const RunSummary& s) {
  // no note: no short note either
  if (energyNote(run, s).isEmpty()) return {};
  const double percent = 100.0 * s.maxEnergyBalance / std::max(s.maxKineticEnergy, 1e-300);
  const QString limit = run.settings.integratorSettings.variableStep
                            ? QObject::tr("tolerance-limited")
                            : QObject::tr("step-limited");
  // a balance that holds a quadrature's error beside the method's says so here too
  const QString quadrature = run.results.metadataValue("work_integration") == "method"
                                 ? QString()
                                 : QObject::tr(", work by quadrature");
  return QObject::tr("%1% of max KE, %2%3").arg(shortNumber(percent, 2), limit, quadrature);
}

QString energyNote(const Run& run, const RunSummary& s) {
  // within round-off of the energies involved: nothing to say
  const double scale = std::max(s.maxKineticEnergy, 1e-300);
  const double relative = s.maxEnergyBalance / scale;
  if (run.results.rowCount() < 2 || s.maxEnergyBalance <= 1e-9 * scale || relative < 1e-6)
    return {};
  // how large the balance is, against the largest kinetic energy
  const QString size =
      QObject::tr("Energy balance up to %1 J (%2% of the largest kinetic energy, %3 J)")
          .arg(shortNumber(s.maxEnergyBalance), shortNumber(100.0 * relative, 2),
               shortNumber(s.maxKineticEnergy));
  // what bounds the error: the tolerances or the fixed step
  const IntegratorSettings& is = run.settings.integratorSettings;
  const QString integrator = QString::fromStdString(run.settings.integrator);
  const Results& r = run.results;
  QString bound = is.variableStep
                      ? QObject::tr("a variable-step method held to rtol %1, atol %2")
                            .arg(shortNumber(is.rtol), shortNumber(is.atol))
                      : QObject::tr("at the fixed step h = %1 s (numerical damping included)")
                            .arg(shortNumber(is.step));
  // beside the tolerance, what the accepted steps committed of it (when a number: a run read back
  // from a file may carry anything)
  bool isNumber = false;
  const double estimate =
      QString::fromStdString(r.metadataValue("error_estimate")).toDouble(&isNumber);
  if (is.variableStep && isNumber)
    bound += QObject::tr(" (its steps' local error estimates sum to %1 tolerances)")
                 .arg(shortNumber(estimate));
  // what shrinks the error
  const QString shrinks =
      is.variableStep ? QObject::tr("tighter tolerances") : QObject::tr("a smaller step");
  // the work integrals' rule: the method's own, or a quadrature beside it whose error is in the
  // balance (a run recorded before the integrators advanced them: the recorder's trapezoidal rule)
  const std::string how = r.metadataValue("work_integration");
  const QString rule = how.empty() ? QObject::tr("the trapezoidal rule over the steps")
                                   : QString::fromStdString(r.metadataValue("work_rule"));
  // with a quadrature, its error is part of the balance; with the method's own rule, only the
  // method's
  if (how != "method")
    return size + QObject::tr(
                      ": the error of %1, %2, together with that of the quadrature of its work and "
                      "dissipation "
                      "(%3); both shrink with %4 (a model error would not).")
                      .arg(integrator, bound, rule, shrinks);
  return size + QObject::tr(
                    ": the error of %1, %2, its work and dissipation integrated by its own rule "
                    "(%3); it shrinks "
                    "with %4 (a model error would not).")
                    .arg(integrator, bound, rule, shrinks);
}

}  // namespace mbw::ui
