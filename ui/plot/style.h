#pragma once
// The look shared by exported figures and the workbench's live plots.

#include <QColor>
#include <QFont>

class QCustomPlot;
class QCPAxis;

namespace mbw::plot {

// Distinct colours for successive series or runs (Okabe-Ito, readable by colour-blind people).
QColor seriesColor(int index);
// Solid for the first round of colours, dashed for the second, and so on.
Qt::PenStyle seriesPenStyle(int index);

// Fonts, grid and background for a plot.
void applyStyle(QCustomPlot& plot);
void applyAxisStyle(QCPAxis& axis, bool logarithmic);

}  // namespace mbw::plot
