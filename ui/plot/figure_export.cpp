// Figures drawn with QCustomPlot and written as PNG, SVG or PDF (see figure_export.h).
#include "figure_export.h"

#include <qcustomplot.h>

#include <unistd.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "style.h"

namespace mbw::plot {
namespace {

// --- drawing without a display -------------------------------------------------------------------

// a QApplication for widgets when the caller has none (command-line use)
class OffscreenApplication {
 public:
  OffscreenApplication() {
    // nothing to do inside the workbench
    if (QApplication::instance()) return;
    // no display: Qt draws offscreen and needs a private runtime folder of its own
    qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
      const QString dir = QDir::tempPath() + "/mbw-runtime-" + QString::number(getuid());
      QDir().mkpath(dir);
      QFile::setPermissions(
          dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
      qputenv("XDG_RUNTIME_DIR", dir.toUtf8());
    }
    // argv outlives the application, as Qt requires
    static int argc = 1;
    static char name[] = "mbw-plot";
    static char* argv[] = {name, nullptr};
    app_ = std::make_unique<QApplication>(argc, argv);
  }

 private:
  std::unique_ptr<QApplication> app_;
};

// a std::string as Qt text
QString text(const std::string& s) { return QString::fromStdString(s); }

// --- the series and the axes of a chart ----------------------------------------------------------

// keeps only points a logarithmic axis can show
void addSeries(QCustomPlot& plot, QCPAxisRect* rect, const Chart& chart, const Series& s,
               int index) {
  QCPGraph* graph = plot.addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
  // drop non-finite points, and non-positive ones on a log axis
  QVector<double> x, y;
  for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
    if (chart.x.logarithmic && s.x[i] <= 0.0) continue;
    if (chart.y.logarithmic && s.y[i] <= 0.0) continue;
    x.push_back(s.x[i]);
    y.push_back(s.y[i]);
  }
  // the graph in its colour and dash; markers as white-filled circles
  graph->setData(x, y, true);
  graph->setName(text(s.name));
  QPen pen(seriesColor(index), 1.6);
  pen.setStyle(s.dashed ? Qt::DashLine : seriesPenStyle(index));
  graph->setPen(pen);
  if (s.style == Series::Style::Markers) graph->setLineStyle(QCPGraph::lsNone);
  if (s.style != Series::Style::Line)
    graph->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, seriesColor(index), Qt::white, 6));
}

// automatic range with a margin so that no marker sits on the frame, widened where it would be
// degenerate, then the spec's limits
void setRange(QCPAxis* axis, const Axis& spec) {
  // Qt's fit first, then the margin that depends on the scale
  axis->rescale();
  QCPRange r = axis->range();
  // log: a fallback decade for empty data, at least a decade shown, a margin as a ratio
  if (spec.logarithmic) {
    if (r.lower <= 0.0 || r.upper <= 0.0) r = QCPRange(1e-16, 1.0);
    if (r.upper / r.lower < 10.0) r = QCPRange(r.lower / 3.0, r.upper * 3.0);
    r.lower = std::max(r.lower, r.upper * 1e-18);  // exact zeros and round-off dust
    const double margin = std::pow(r.upper / r.lower, 0.04);
    r = QCPRange(r.lower / margin, r.upper * margin);
  } else if (r.size() == 0.0) {
    // a flat linear range: open it around the value
    const double pad = r.lower == 0.0 ? 1.0 : 0.1 * std::abs(r.lower);
    r = QCPRange(r.lower - pad, r.upper + pad);
  } else {
    // otherwise 4 % of the span on each side
    r = QCPRange(r.lower - 0.04 * r.size(), r.upper + 0.04 * r.size());
  }
  axis->setRange(r);
  // the limits the figure asks for win
  if (spec.min) axis->setRangeLower(*spec.min);
  if (spec.max) axis->setRangeUpper(*spec.max);
  // under two decades the log ticks need mantissas to be readable
  if (spec.logarithmic && axis->range().upper / axis->range().lower < 100.0)
    axis->setTicker(plot::narrowLogTicker(axis->range()));
}

// as many legend entries per row as the longest name leaves room for (at most 4)
int legendColumns(const Chart& chart, int chartWidth) {
  size_t longest = 1;
  for (const Series& s : chart.series) longest = std::max(longest, s.name.size());
  // about 7 pixels per character, and 40 for the sample line
  const int entryWidth = 40 + 7 * static_cast<int>(longest);
  return std::clamp(chartWidth / entryWidth, 1, 4);
}

}  // namespace

// --- formats and files ---------------------------------------------------------------------------

FigureFormat figureFormat(const std::string& path) {
  // the format follows the file's suffix, PNG by default
  const QString suffix = QFileInfo(QString::fromStdString(path)).suffix().toLower();
  return suffix == "svg"   ? FigureFormat::Svg
         : suffix == "pdf" ? FigureFormat::Pdf
                           : FigureFormat::Png;
}

QString figureFileFilter() {
  return QObject::tr("PNG images (*.png);;SVG drawings (*.svg);;PDF documents (*.pdf)");
}

bool savePlot(QCustomPlot& plot, const QString& path, int width, int height) {
  // the size asked for, else the plot's on-screen size
  const int w = width > 0 ? width : plot.width(), h = height > 0 ? height : plot.height();
  switch (figureFormat(path.toStdString())) {
    case FigureFormat::Pdf:
      // text as text, lines as lines; the page the size of the plot
      return plot.savePdf(path, w, h, QCP::epNoCosmetic);
    case FigureFormat::Svg: {
      // an SVG page the size of the plot, titled by the file name
      QSvgGenerator svg;
      svg.setFileName(path);
      svg.setSize(QSize(w, h));
      svg.setViewBox(QRect(0, 0, w, h));
      svg.setTitle(QFileInfo(path).completeBaseName());
      // the plot painted into it, and the file checked to hold something
      QCPPainter painter;
      if (!painter.begin(&svg)) return false;
      plot.toPainter(&painter, w, h);
      return painter.end() && QFileInfo(path).size() > 0;
    }
    case FigureFormat::Png:
      break;
  }
  // a plot at its size on the screen with twice its pixels: sharp in a document
  return plot.savePng(path, w, h, width > 0 ? 1.0 : 2.0);
}

// --- the figure: a grid of charts ----------------------------------------------------------------

void writeFigure(const Figure& figure, const std::string& path) {
  // a layout grid of charts under an optional bold title
  OffscreenApplication app;
  QCustomPlot plot;
  plot.setAutoAddPlottableToLegend(false);
  applyStyle(plot);
  plot.plotLayout()->clear();
  const int columns = std::max(1, figure.columns);
  const int rows = (static_cast<int>(figure.charts.size()) + columns - 1) / columns;
  // the title, when there is one, takes the first row above the grid
  int row0 = 0;
  if (!figure.title.empty()) {
    auto* title =
        new QCPTextElement(&plot, text(figure.title), QFont("DejaVu Sans", 13, QFont::Bold));
    plot.plotLayout()->addElement(0, 0, title);
    row0 = 1;
  }
  auto* grid = new QCPLayoutGrid;
  plot.plotLayout()->addElement(row0, 0, grid);

  // one cell per chart, filled in reading order
  for (size_t c = 0; c < figure.charts.size(); ++c) {
    const Chart& chart = figure.charts[c];
    // the chart's cell at its row and column of the grid, its title above the axes
    auto* cell = new QCPLayoutGrid;
    grid->addElement(static_cast<int>(c) / columns, static_cast<int>(c) % columns, cell);
    int r = 0;
    if (!chart.title.empty())
      cell->addElement(
          r++, 0,
          new QCPTextElement(&plot, text(chart.title), QFont("DejaVu Sans", 11, QFont::Bold)));
    auto* rect = new QCPAxisRect(&plot);
    cell->addElement(r, 0, rect);
    // the axes styled for their scale and labelled
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    applyAxisStyle(*x, chart.x.logarithmic);
    applyAxisStyle(*y, chart.y.logarithmic);
    x->setLabel(text(chart.x.label));
    y->setLabel(text(chart.y.label));
    // the series, then ranges fitted to them
    const int firstGraph = plot.graphCount();
    for (size_t s = 0; s < chart.series.size(); ++s)
      addSeries(plot, rect, chart, chart.series[s], static_cast<int>(s));
    setRange(x, chart.x);
    setRange(y, chart.y);
    if (chart.legend && !chart.series.empty()) {
      // a row of entries under the chart, so that it never hides data
      auto* legend = new QCPLegend;
      cell->addElement(r + 1, 0, legend);
      cell->setRowStretchFactor(r + 1, 0.001);
      // in the legend layer, filled across columns as wide as the names allow, without a frame
      legend->setLayer("legend");
      legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
      legend->setWrap(legendColumns(chart, figure.width / columns));
      legend->setFont(QFont("DejaVu Sans", 9));
      legend->setBorderPen(Qt::NoPen);
      // an entry for each graph of this chart
      for (int g = firstGraph; g < plot.graphCount(); ++g)
        legend->addItem(new QCPPlottableLegendItem(legend, plot.graph(g)));
    }
  }
  // the page height follows the rows, then the file in its format
  const int height = rows * figure.chartHeight + (figure.title.empty() ? 0 : 40);
  // a PNG at one pixel per point: the figure's width is already its pixels
  const QString file = QString::fromStdString(path);
  const bool ok = figureFormat(path) == FigureFormat::Png
                      ? plot.savePng(file, figure.width, height, 1.0)
                      : savePlot(plot, file, figure.width, height);
  if (!ok) throw PlotError("cannot write the figure '" + path + "'");
}

}  // namespace mbw::plot
