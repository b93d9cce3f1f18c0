#include "plot_quantity.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace mbw::ui {

const std::vector<PlotKindInfo>& plotKinds() {
  static const std::vector<PlotKindInfo> kinds = {
      {PlotKind::StepSize, "step", "Step size", true, false},
      {PlotKind::EnergyBalance, "energy", "Energy balance", false, false},
      {PlotKind::ConstraintViolation, "violation", "Constraint violation (max norm)", true, false},
      {PlotKind::NewtonIterations, "newton", "Newton iterations", false, false},
      {PlotKind::ReferenceError, "error", "Reference error", true, true},
      {PlotKind::Channel, "channel", "Output channel", false, true},
  };
  return kinds;
}

const PlotKindInfo& plotKindInfo(PlotKind kind) {
  for (const PlotKindInfo& k : plotKinds())
    if (k.kind == kind) return k;
  return plotKinds().front();
}

const PlotKindInfo* findPlotKind(const QString& id) {
  for (const PlotKindInfo& k : plotKinds())
    if (k.id == id) return &k;
  return nullptr;
}

std::vector<CurveSpec> curvesOf(PlotKind kind, const QString& channel) {
  switch (kind) {
    case PlotKind::StepSize: return {{"h"}};
    case PlotKind::EnergyBalance: return {{"energy.balance"}};
    case PlotKind::ConstraintViolation:
      return {{"violation.position"}, {"violation.velocity", true}};
    case PlotKind::NewtonIterations: return {{"newton_iterations", false, true}};
    case PlotKind::Channel: return {{channel}};
    case PlotKind::ReferenceError: return {};
  }
  return {};
}

QString yAxisLabel(PlotKind kind, const QString& channel, const Results& sample) {
  auto unitOf = [&](const QString& name) {
    const int c = sample.column(name.toStdString());
    return c >= 0 ? QString::fromStdString(sample.channels()[c].unit) : QString();
  };
  auto withUnit = [](const QString& label, const QString& unit) {
    return unit.isEmpty() ? label : label + " [" + unit + "]";
  };
  switch (kind) {
    case PlotKind::StepSize: return "h [s]";
    case PlotKind::EnergyBalance: return "E - E0 - W_in + D [J]";
    case PlotKind::ConstraintViolation: return "position (dark), velocity (light)";
    case PlotKind::NewtonIterations: return "Newton iterations per step";
    case PlotKind::ReferenceError: return withUnit("|error| of " + channel, unitOf(channel));
    case PlotKind::Channel: return withUnit(channel, unitOf(channel));
  }
  return {};
}

void curveFrom(const Results& r, int column, size_t firstRow, bool logY, std::vector<double>& t,
               std::vector<double>& y, size_t endRow) {
  t.clear();
  y.clear();
  if (column < 0) return;
  for (size_t k = firstRow; k < std::min(endRow, r.rowCount()); ++k) {
    const double v = r.at(k, column);
    if (logY && !(v > 0.0)) continue;
    t.push_back(r.at(k, 0));
    y.push_back(v);
  }
}

QString defaultChannel(const Results& r) {
  QString best;
  double bestRange = -1.0;
  for (int c = 1; c < r.columnCount(); ++c) {
    const Channel& ch = r.channels()[c];
    if (ch.unit != "m" || ch.name.find('.') == std::string::npos) continue;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (size_t k = 0; k < r.rowCount(); ++k) {
      lo = std::min(lo, r.at(k, c));
      hi = std::max(hi, r.at(k, c));
    }
    if (hi - lo > bestRange) {
      bestRange = hi - lo;
      best = QString::fromStdString(ch.name);
    }
  }
  return best;
}

QString rejectionCategory(const std::string& reason) {
  size_t end = 0;
  while (end < reason.size() && !std::isdigit(static_cast<unsigned char>(reason[end]))) ++end;
  QString text = QString::fromStdString(reason.substr(0, end)).trimmed();
  // drop what introduced the number ("error estimate 3.2 > 1", "h = 1e-5")
  while (!text.isEmpty() && QString("=<>:(-").contains(text.back())) text = text.left(text.size() - 1).trimmed();
  return text.isEmpty() ? QString::fromStdString(reason) : text;
}

}  // namespace mbw::ui
