#pragma once
// What a live plot can show and how each quantity is read from a run's results: the curves, the
// axis label with its unit, the scale. Everything plotted comes from the engine's output channels
// or from its analysis functions (the error against a reference run); nothing is computed here.

#include <QString>
#include <cstdint>
#include <vector>

#include "simulation/results.h"

namespace mbw::ui {

enum class PlotKind { StepSize, EnergyBalance, ConstraintViolation, NewtonIterations, ReferenceError, Channel };

struct PlotKindInfo {
  PlotKind kind;
  QString id;     // stable name, saved in the settings
  QString title;  // shown in the plot's chooser
  bool logY;
  bool needsChannel;  // the user picks a channel (any channel; the error's channel)
};

const std::vector<PlotKindInfo>& plotKinds();
const PlotKindInfo& plotKindInfo(PlotKind kind);
const PlotKindInfo* findPlotKind(const QString& id);

// one curve of a run: which channel, how it is drawn
struct CurveSpec {
  QString channel;
  bool secondary = false;  // drawn thinner and lighter (dashes are slow to draw on long curves)
  bool stepped = false;  // integer counts
};

// the channel curves of a quantity (none for ReferenceError, which is computed by the analysis)
std::vector<CurveSpec> curvesOf(PlotKind kind, const QString& channel);

// the y axis label with its unit
QString yAxisLabel(PlotKind kind, const QString& channel, const Results& sample);

// (t, value) of a column from a row on, up to endRow (excluded; at most the last row); on log axes,
// values <= 0 are left out (a log axis cannot show them, and gaps would split the curve into many
// short pieces, slow to draw)
void curveFrom(const Results& r, int column, size_t firstRow, bool logY, std::vector<double>& t,
               std::vector<double>& y, size_t endRow = SIZE_MAX);

// a channel worth plotting first: the body position coordinate that moves the most ("" if none)
QString defaultChannel(const Results& r);

// the short name of a rejection reason: its text before the first number ("error estimate")
QString rejectionCategory(const std::string& reason);

}  // namespace mbw::ui
