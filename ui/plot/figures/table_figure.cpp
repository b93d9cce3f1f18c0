// A figure from a results table (see table_figure.h).

#include "table_figure.h"

#include <algorithm>
#include <cmath>

namespace mbw::plot {
namespace {

// logarithmic when asked, or (auto) when every value is positive and they span two decades
bool logarithmic(const std::string& scale, const std::vector<TableCurve>& curves, bool isX) {
  if (scale != "auto") return scale == "log";
  // auto: any non-positive value rules a log axis out
  double lo = INFINITY, hi = 0.0;
  for (const TableCurve& c : curves)
    for (double v : isX ? c.x : c.y) {
      if (!(v > 0.0)) return false;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  return hi > 0.0 && hi / lo >= 100.0;
}

// a column as an axis label, with its unit
std::string axisLabel(const TextTable& table, const std::string& column) {
  const std::string unit = table.unit(column);
  return unit.empty() ? column : column + " [" + unit + "]";
}

}  // namespace

plot::Figure tableFigure(const TextTable& table, const std::vector<TableCurve>& curves,
                         const TableFigureSpec& spec) {
  // one chart, a line per curve
  plot::Chart chart{"",
                    {axisLabel(table, spec.x), logarithmic(spec.scaleX, curves, true)},
                    {axisLabel(table, spec.y), logarithmic(spec.scaleY, curves, false)},
                    {}};
  // an unlabelled curve is named after the y column; a legend only when split by a column
  for (const TableCurve& c : curves) {
    plot::Series s{c.label.empty() ? spec.y : c.label, c.x, c.y};
    s.style = plot::Series::Style::LineAndMarkers;
    chart.series.push_back(s);
  }
  chart.legend = !spec.by.empty();
  // its page, titled by the spec or by what it draws
  plot::Figure f;
  f.title = spec.title.empty()
                ? spec.y + " against " + spec.x + (spec.by.empty() ? "" : ", by " + spec.by)
                : spec.title;
  f.chartHeight = 560;
  f.charts = {chart};
  return f;
}

}  // namespace mbw::plot
