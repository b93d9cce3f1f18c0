#pragma once
// The look shared by exported figures and the workbench's live plots.

#include <QColor>
#include <QFont>
#include <QSharedPointer>

class QCustomPlot;
class QCPAxis;
class QCPAxisTickerText;
class QCPRange;

namespace mbw::plot {

// Distinct colours for successive series or runs (Okabe-Ito, readable by colour-blind people).
QColor seriesColor(int index);
// Solid for the first round of colours, dashed for the second, and so on.
Qt::PenStyle seriesPenStyle(int index);

// Fonts, grid and background for a plot.
void applyStyle(QCustomPlot& plot);
void applyAxisStyle(QCPAxis& axis, bool logarithmic);
// Labelled ticks at 1, 2, 5 times powers of ten (1 to 9 where that gives fewer than three) for a
// logarithmic axis spanning less than two decades, where decade ticks would be too few (and a log
// ticker's fractional powers would print the same label several times).
QSharedPointer<QCPAxisTickerText> narrowLogTicker(const QCPRange& r);

}  // namespace mbw::plot
