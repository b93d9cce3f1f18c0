#include "plot_quantity.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace mbw::ui {

// --- the kinds of plots --------------------------------------------------------------------------

// each kind: its id in a saved layout, its title, a log y axis, the signals it needs
const std::vector<PlotKindInfo>& plotKinds() {
  static const std::vector<PlotKindInfo> kinds = {
      // the last field: how many signals a kind needs (a comparison or channel one, x-y two)
      {PlotKind::StepSize, "step", "Step size", true, 0},
      {PlotKind::EnergyBalance, "energy", "Energy balance", false, 0},
      {PlotKind::ConstraintViolation, "violation", "Constraint violation (max norm)", true, 0},
      {PlotKind::NewtonIterations, "newton", "Iterations per step", false, 0},
      {PlotKind::ReferenceError, "error", "Error against the reference", true, 1},
      {PlotKind::Difference, "difference", "Difference between runs", false, 1},
      {PlotKind::Channel, "channel", "Signal against time", false, 1},
      {PlotKind::XY, "xy", "Signal against signal (x-y)", false, 2},
  };
  return kinds;
}

// a kind's description (the first kind's for an unknown one)
const PlotKindInfo& plotKindInfo(PlotKind kind) {
  for (const PlotKindInfo& k : plotKinds())
    if (k.kind == kind) return k;
  return plotKinds().front();
}

// a kind by its id, null for none
const PlotKindInfo* findPlotKind(const QString& id) {
  for (const PlotKindInfo& k : plotKinds())
    if (k.id == id) return &k;
  return nullptr;
}

// a plot as saved: "id" or "id:channel|channel"
QString plotSpec(PlotKind kind, const QStringList& channels) {
  const QString id = plotKindInfo(kind).id;
  return channels.isEmpty() ? id : id + ":" + channels.join('|');
}

// a saved plot read back; false for an unknown kind
bool parsePlotSpec(const QString& spec, PlotKind& kind, QStringList& channels) {
  // the kind before the colon, the channels after it
  const int colon = static_cast<int>(spec.indexOf(':'));
  const PlotKindInfo* info = findPlotKind(colon < 0 ? spec : spec.left(colon));
  if (!info) return false;
  kind = info->kind;
  channels = colon < 0 ? QStringList() : spec.mid(colon + 1).split('|', Qt::SkipEmptyParts);
  return true;
}

// the recorded channels a kind draws, against time (comparisons and x-y plots draw their own)
std::vector<CurveSpec> curvesOf(PlotKind kind, const QStringList& channels) {
  switch (kind) {
    case PlotKind::StepSize:
      return {{"h"}};
    case PlotKind::EnergyBalance:
      return {{"energy.balance"}};
    case PlotKind::ConstraintViolation:
      // the position violation dark, the velocity violation light, both as dots
      return {{"violation.position", false, false, true},
              {"violation.velocity", true, false, true}};
    // the iterations as steps, one level per step
    case PlotKind::NewtonIterations:
      return {{"newton_iterations", false, true}};
    // a channel plot draws its first channel
    case PlotKind::Channel:
      return channels.isEmpty() ? std::vector<CurveSpec>{}
                                : std::vector<CurveSpec>{{channels.front()}};
    // these pair two runs or two signals: the plot builds their curves itself
    case PlotKind::ReferenceError:
    case PlotKind::Difference:
    case PlotKind::XY:
      return {};
  }
  return {};
}

// --- labels and units ----------------------------------------------------------------------------

// a channel's name with its unit, as the choices and axes show it
QString channelTitle(const Results& r, const QString& channel) {
  const int c = r.column(channel.toStdString());
  const QString unit = c >= 0 ? QString::fromStdString(r.channels()[c].unit) : QString();
  return unit.isEmpty() ? channel : channel + " [" + unit + "]";
}

// the unit of a read-out: x is time except on an x-y plot; y by the kind and its signal
QString readoutUnit(PlotKind kind, const QStringList& channels, const Results& sample, bool x) {
  auto unitOf = [&](const QString& channel) {
    const int c = sample.column(channel.toStdString());
    return c >= 0 ? QString::fromStdString(sample.channels()[c].unit) : QString();
  };
  if (x) return kind == PlotKind::XY ? unitOf(channels.value(0)) : QString("s");
  // y by the kind: the step in seconds, the balance in joules, counts without a unit
  switch (kind) {
    case PlotKind::StepSize:
      return "s";
    case PlotKind::EnergyBalance:
      return "J";
    case PlotKind::ConstraintViolation:
    case PlotKind::NewtonIterations:
      return {};
    case PlotKind::ReferenceError:
    case PlotKind::Difference:
    case PlotKind::Channel:
      return unitOf(channels.value(0));
    case PlotKind::XY:
      return unitOf(channels.value(1));
  }
  return {};
}

// the y axis's label of a kind
QString yAxisLabel(PlotKind kind, const QStringList& channels, const Results& sample) {
  const QString first = channels.value(0), second = channels.value(1);
  switch (kind) {
    case PlotKind::StepSize:
      return "h [s]";
    case PlotKind::EnergyBalance:
      return "E - E0 - W_in + D [J]";
    case PlotKind::ConstraintViolation:
      return "|\u03a6| dark, |\u03a6'| light";
    case PlotKind::NewtonIterations:
      return "iterations per step";
    case PlotKind::ReferenceError:
      return "|error| of " + channelTitle(sample, first);
    case PlotKind::Difference:
      return "\u0394 " + channelTitle(sample, first);
    case PlotKind::Channel:
      return channelTitle(sample, first);
    case PlotKind::XY:
      return channelTitle(sample, second);
  }
  return {};
}

// the x axis's label: time, or an x-y plot's first signal
QString xAxisLabel(PlotKind kind, const QStringList& channels, const Results& sample) {
  return kind == PlotKind::XY ? channelTitle(sample, channels.value(0)) : QString("t [s]");
}

// --- curves from the rows ------------------------------------------------------------------------

// a curve of one column from a row on; a log axis leaves out what is not positive
void curveFrom(const Results& r, int column, size_t firstRow, bool logY, std::vector<double>& t,
               std::vector<double>& y, size_t endRow) {
  t.clear();
  y.clear();
  if (column < 0) return;
  // the rows from firstRow up to endRow, within the results
  for (size_t k = firstRow; k < std::min(endRow, r.rowCount()); ++k) {
    const double v = r.at(k, column);
    if (logY && !(v > 0.0)) continue;
    t.push_back(r.at(k, 0));
    y.push_back(v);
  }
}

// the default signal: the body coordinate in metres that moves the most
QString defaultChannel(const Results& r) {
  QString best;
  double bestRange = -1.0;
  for (int c = 1; c < r.columnCount(); ++c) {
    const Channel& ch = r.channels()[c];
    // only the body coordinates in metres, ranked by the span of their values
    if (ch.unit != "m" || ch.name.find('.') == std::string::npos) continue;
    // the channel's span over the rows
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (size_t k = 0; k < r.rowCount(); ++k) {
      lo = std::min(lo, r.at(k, c));
      hi = std::max(hi, r.at(k, c));
    }
    // the widest span so far
    if (hi - lo > bestRange) {
      bestRange = hi - lo;
      best = QString::fromStdString(ch.name);
    }
  }
  return best;
}

// a rejection's category: its reason up to its first number
QString rejectionCategory(const std::string& reason) {
  // the text before the first digit
  size_t end = 0;
  while (end < reason.size() && !std::isdigit(static_cast<unsigned char>(reason[end]))) ++end;
  QString text = QString::fromStdString(reason.substr(0, end)).trimmed();
  // drop what introduced the number ("error estimate 3.2 > 1", "h = 1e-5")
  while (!text.isEmpty() && QString("=<>:(-").contains(text.back()))
    text = text.left(text.size() - 1).trimmed();
  return text.isEmpty() ? QString::fromStdString(reason) : text;
}

}  // namespace mbw::ui
