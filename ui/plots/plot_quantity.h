#pragma once
// What a live plot can show and how each quantity is read from a run's results: the curves, the
// axis labels with their units, the scale. Everything plotted comes from the engine's output
// channels or from its analysis functions (the error or difference against another run); nothing
// is computed here.

#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

#include "simulation/results.h"

namespace mbw::ui {

enum class PlotKind {
  StepSize,
  EnergyBalance,
  ConstraintViolation,
  NewtonIterations,
  ReferenceError,
  Channel,
  Difference,
  XY
};

struct PlotKindInfo {
  PlotKind kind;
  QString id;     // stable name, saved in the settings
  QString title;  // shown in the plot's chooser
  bool logY;
  int channels;  // channels the user picks: 0; 1 (the channel, the error's or difference's); 2 (x,
                 // y)
};

const std::vector<PlotKindInfo>& plotKinds();
const PlotKindInfo& plotKindInfo(PlotKind kind);
const PlotKindInfo* findPlotKind(const QString& id);

// "channel:body_1.x", "xy:body_1.x|body_1.y", "step": a plot as saved in the layout
QString plotSpec(PlotKind kind, const QStringList& channels);
// false for an unknown kind
bool parsePlotSpec(const QString& spec, PlotKind& kind, QStringList& channels);

// one curve of a run against time: which channel, how it is drawn
struct CurveSpec {
  QString channel;
  bool secondary = false;  // drawn lighter (dashes are slow to draw on long curves)
  bool stepped = false;    // integer counts
  bool points = false;     // round-off noise: points, not a line (which would fill a band)
};

// the channel curves of a quantity against time (none for the error and the difference, which the
// analysis computes, and for x-y plots)
std::vector<CurveSpec> curvesOf(PlotKind kind, const QStringList& channels);

// the axis labels with their units
QString yAxisLabel(PlotKind kind, const QStringList& channels, const Results& sample);
QString xAxisLabel(PlotKind kind, const QStringList& channels, const Results& sample);
// the unit of the values a plot reads out at its cursors: of its y (x: of the x of an x-y plot);
// "" when they have none or mix several (the violation's m and rad)
QString readoutUnit(PlotKind kind, const QStringList& channels, const Results& sample,
                    bool x = false);

// (t, value) of a column from a row on, up to endRow (excluded; at most the last row); on log axes,
// values <= 0 are left out (a log axis cannot show them, and gaps would split the curve into many
// short pieces, slow to draw)
void curveFrom(const Results& r, int column, size_t firstRow, bool logY, std::vector<double>& t,
               std::vector<double>& y, size_t endRow = SIZE_MAX);

// a channel worth plotting first: the body position coordinate that moves the most ("" if none)
QString defaultChannel(const Results& r);

// the short name of a rejection reason: its text before the first number ("error estimate")
QString rejectionCategory(const std::string& reason);

// "name [unit]" of a channel of the results (the name alone without a unit)
QString channelTitle(const Results& r, const QString& channel);

}  // namespace mbw::ui
