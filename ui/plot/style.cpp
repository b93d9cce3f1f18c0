// The house look of every plot: palette, dashes, axes, legend (see style.h).
#include "style.h"

#include <qcustomplot.h>

#include <cmath>
#include <vector>

namespace mbw::plot {

namespace {
// the Okabe-Ito palette: eight colours told apart also by colour-blind readers
const QColor kPalette[] = {QColor(0, 114, 178),   QColor(213, 94, 0),  QColor(0, 158, 115),
                           QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                           QColor(0, 0, 0),       QColor(240, 228, 66)};
constexpr int kPaletteSize = sizeof kPalette / sizeof kPalette[0];
}  // namespace

// series past the eighth take the palette again, dashed the second time round
QColor seriesColor(int index) { return kPalette[index % kPaletteSize]; }

Qt::PenStyle seriesPenStyle(int index) {
  return (index / kPaletteSize) % 2 == 1 ? Qt::DashLine : Qt::SolidLine;
}

// a light grid; on a logarithmic axis a sub-grid at the mantissas, labels as powers of ten
void applyAxisStyle(QCPAxis& axis, bool logarithmic) {
  axis.setLabelFont(QFont("DejaVu Sans", 10));
  axis.setTickLabelFont(QFont("DejaVu Sans", 9));
  axis.grid()->setPen(QPen(QColor(220, 220, 220)));
  axis.grid()->setSubGridVisible(logarithmic);
  // log scale: ticks at the decades, labels as 1e-3
  if (logarithmic) {
    axis.setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    axis.setTicker(ticker);
    axis.setNumberFormat("eb");
    axis.setNumberPrecision(0);
  } else {
    // linear scale: the default ticks, up to six significant digits
    axis.setScaleType(QCPAxis::stLinear);
    axis.setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis.setNumberFormat("g");
    axis.setNumberPrecision(6);
  }
}

// ticks for a log axis spanning under two decades, where decade ticks leave one or none
QSharedPointer<QCPAxisTickerText> narrowLogTicker(const QCPRange& r) {
  // 1, 2, 5 per decade, or every mantissa if that still gives fewer than three ticks
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (const std::vector<double>& mantissas :
       {std::vector<double>{1, 2, 5}, std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
    ticker->clear();
    int count = 0;
    // every candidate from the decade below the range to the decade above, kept when inside
    for (int e = static_cast<int>(std::floor(std::log10(r.lower)));
         e <= static_cast<int>(std::ceil(std::log10(r.upper))); ++e)
      for (double m : mantissas) {
        const double v = m * std::pow(10.0, e);
        if (v < r.lower || v > r.upper) continue;
        ticker->addTick(v, QString::number(v, 'g', 3));
        ++count;
      }
    // enough ticks: keep the sparser set
    if (count >= 3) break;
  }
  return ticker;
}

// a white page and a light, half-transparent legend box
void applyStyle(QCustomPlot& plot) {
  plot.setBackground(Qt::white);
  plot.legend->setFont(QFont("DejaVu Sans", 9));
  plot.legend->setBrush(QColor(255, 255, 255, 220));
  plot.legend->setBorderPen(QPen(QColor(180, 180, 180)));
}

}  // namespace mbw::plot
