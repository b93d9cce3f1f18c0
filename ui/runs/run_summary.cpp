#include "run_summary.h"

#include <QObject>
#include <cmath>
#include <stdexcept>

#include "analysis/reference_error.h"

namespace mbw::ui {
namespace {

// over every recorded row, also those decimated away
double maxAbs(const Results& r, const char* channel) {
  const auto [low, high] = r.channelRange(r.column(channel));
  return std::max(std::abs(low), std::abs(high));
}

double last(const Results& r, const char* channel) {
  const int c = r.column(channel);
  return c >= 0 && r.rowCount() > 0 ? r.at(r.rowCount() - 1, c) : 0.0;
}

}  // namespace

RunSummary summarize(const Run& run) {
  const Results& r = run.results;
  RunSummary s;
  s.reachedTime = run.lastTime();
  s.wallSeconds = run.wallSeconds;
  s.finalEnergyBalance = last(r, "energy.balance");
  s.maxEnergyBalance = maxAbs(r, "energy.balance");
  s.maxPositionViolation = maxAbs(r, "violation.position");
  s.maxVelocityViolation = maxAbs(r, "violation.velocity");
  if (run.live()) {
    // statistics come at the end; meanwhile count what was recorded
    s.steps = r.appendedRowCount() > 0 ? static_cast<long>(r.appendedRowCount() - 1) * run.settings.every : 0;
    s.rejected = static_cast<long>(r.rejected.size());
    return s;
  }
  s.steps = r.stats.steps;
  s.rejected = r.stats.rejectedSteps;
  s.newtonIterations = r.stats.newtonIterations;
  s.iterationsPerStep = s.steps > 0 ? static_cast<double>(s.newtonIterations) / static_cast<double>(s.steps) : 0.0;
  s.factorizations = r.stats.factorizations;
  s.jacobianEvaluations = r.stats.jacobianEvaluations;
  s.cpuSeconds = r.stats.cpuSeconds;
  QStringList reasons;
  for (const auto& [reason, count] : r.stats.rejections) reasons << QString("%1: %2").arg(QString::fromStdString(reason)).arg(count);
  s.rejectionReasons = reasons.join(", ");
  return s;
}

std::optional<ErrorSummary> errorAgainst(const Run& run, const Run& reference, const QString& channel) {
  if (run.results.rowCount() == 0 || channel.isEmpty()) return std::nullopt;
  try {
    const TrajectoryError e = trajectoryError(run.results, reference.results, channel.toStdString());
    return ErrorSummary{channel, e.maximum, e.rms};
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

QString statusText(const Run& run) {
  const Results& r = run.results;
  if (run.live()) return QObject::tr("running");
  QString text = QString::fromLatin1(toString(r.status));
  if (!r.message.empty()) text += ": " + QString::fromStdString(r.message);
  return text;
}

}  // namespace mbw::ui
