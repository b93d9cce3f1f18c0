#include "style.h"

#include <qcustomplot.h>

#include <cmath>
#include <vector>

namespace mbw::plot {

namespace {
const QColor kPalette[] = {QColor(0, 114, 178),   QColor(213, 94, 0),  QColor(0, 158, 115),
                           QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                           QColor(0, 0, 0),       QColor(240, 228, 66)};
constexpr int kPaletteSize = sizeof kPalette / sizeof kPalette[0];
}  // namespace

QColor seriesColor(int index) { return kPalette[index % kPaletteSize]; }

Qt::PenStyle seriesPenStyle(int index) {
  return (index / kPaletteSize) % 2 == 1 ? Qt::DashLine : Qt::SolidLine;
}

void applyAxisStyle(QCPAxis& axis, bool logarithmic) {
  axis.setLabelFont(QFont("DejaVu Sans", 10));
  axis.setTickLabelFont(QFont("DejaVu Sans", 9));
  axis.grid()->setPen(QPen(QColor(220, 220, 220)));
  axis.grid()->setSubGridVisible(logarithmic);
  if (logarithmic) {
    axis.setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    axis.setTicker(ticker);
    axis.setNumberFormat("eb");
    axis.setNumberPrecision(0);
  } else {
    axis.setScaleType(QCPAxis::stLinear);
    axis.setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis.setNumberFormat("g");
    axis.setNumberPrecision(6);
  }
}

QSharedPointer<QCPAxisTickerText> narrowLogTicker(const QCPRange& r) {
  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (const std::vector<double>& mantissas :
       {std::vector<double>{1, 2, 5}, std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
    ticker->clear();
    int count = 0;
    for (int e = static_cast<int>(std::floor(std::log10(r.lower)));
         e <= static_cast<int>(std::ceil(std::log10(r.upper))); ++e)
      for (double m : mantissas) {
        const double v = m * std::pow(10.0, e);
        if (v < r.lower || v > r.upper) continue;
        ticker->addTick(v, QString::number(v, 'g', 3));
        ++count;
      }
    if (count >= 3) break;
  }
  return ticker;
}

void applyStyle(QCustomPlot& plot) {
  plot.setBackground(Qt::white);
  plot.legend->setFont(QFont("DejaVu Sans", 9));
  plot.legend->setBrush(QColor(255, 255, 255, 220));
  plot.legend->setBorderPen(QPen(QColor(180, 180, 180)));
}

}  // namespace mbw::plot
