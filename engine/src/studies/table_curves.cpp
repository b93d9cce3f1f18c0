#include "studies/table_curves.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mbw {
namespace {

int requireColumn(const TextTable& table, const std::string& name) {
  // a missing column names the ones the table has
  const int c = table.column(name);
  if (c >= 0) return c;
  // the known columns, comma-separated
  std::string known;
  for (const std::string& h : table.header) known += (known.empty() ? "" : ", ") + h;
  throw TableError("no column '" + name + "' (the table has: " + known + ")");
}

// a cell is a number only if it reads as one and is finite
bool number(const std::string& text, double& value) {
  // an empty cell is no number
  if (text.empty()) return false;
  try {
    value = numberCell(text);
  } catch (const TableError&) {
    return false;
  }
  return std::isfinite(value);
}

}  // namespace

// --- the curves of a table -----------------------------------------------------------------------

std::vector<TableCurve> tableCurves(const TextTable& table, const std::string& x,
                                    const std::string& y, const std::string& by,
                                    const std::vector<std::string>& filters) {
  // the columns of x, y and of the curve label; each filter is column=value
  const int cx = requireColumn(table, x), cy = requireColumn(table, y);
  const int cb = by.empty() ? -1 : requireColumn(table, by);
  // each filter: a column, and the text its cells must equal
  std::vector<std::pair<int, std::string>> conditions;
  for (const std::string& f : filters) {
    const size_t eq = f.find('=');
    if (eq == std::string::npos)
      throw TableError("'" + f + "' is not a filter of the form column=value");
    conditions.push_back({requireColumn(table, f.substr(0, eq)), f.substr(eq + 1)});
  }
  // the rows passing every filter, with numbers in x and y, each to the curve of its label
  std::vector<TableCurve> curves;
  for (const std::vector<std::string>& row : table.rows) {
    if (std::any_of(conditions.begin(), conditions.end(),
                    [&](const auto& c) { return row[c.first] != c.second; }))
      continue;
    // rows whose x or y is not a number (a failed run's empty cell) are left out
    double vx = 0.0, vy = 0.0;
    if (!number(row[cx], vx) || !number(row[cy], vy)) continue;
    // the curve of the row's label, made on first use
    const std::string label = cb >= 0 ? row[cb] : "";
    auto it = std::find_if(curves.begin(), curves.end(),
                           [&](const TableCurve& c) { return c.label == label; });
    if (it == curves.end()) it = curves.insert(curves.end(), TableCurve{label, {}, {}});
    it->x.push_back(vx);
    it->y.push_back(vy);
  }
  // each curve by increasing x
  for (TableCurve& c : curves) {
    // the order of increasing x, stable for equal x
    std::vector<size_t> order(c.x.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return c.x[a] < c.x[b]; });
    // the points rearranged in that order
    TableCurve sorted{c.label, {}, {}};
    for (size_t k : order) {
      sorted.x.push_back(c.x[k]);
      sorted.y.push_back(c.y[k]);
    }
    c = std::move(sorted);
  }
  return curves;
}

// --- the request of a front end -----------------------------------------------------------------

std::vector<CommandOption> plotOptions(PlotRequest& r) {
  // the scales the axes accept
  const std::vector<std::string> scales{"auto", "linear", "log"};
  return {
      {"table", "a results table (a sweep's results.csv, --table, work-precision -o)", &r.table,
       kOptionPositional | kOptionRequired},
      {"x", "column of the horizontal axis, e.g. max_error(body_2.y), step, /bodies/1/mass", &r.x,
       kOptionRequired},
      {"y", "column of the vertical axis, e.g. cpu_s, steps, re(fe.x)", &r.y, kOptionRequired},
      {"by", "one line per value of this column, e.g. method, integrator, formulation", &r.by},
      {"where", "keep the rows where COLUMN=VALUE (repeatable)", &r.where},
      {"scale-x", "linear, log, or auto (log when positive over two decades)", &r.scaleX,
       kOptionShowDefault, "", "", scales},
      {"scale-y", "linear, log, or auto", &r.scaleY, kOptionShowDefault, "", "", scales},
      {"title", "the figure's title", &r.title},
      {"output", "the figure: .png, or .svg or .pdf (vector drawings, for papers)", &r.output,
       kOptionRequired, "o"},
  };
}

RequestedCurves tableCurves(const PlotRequest& r) {
  // the table and its curves, an error led by the table's path
  RequestedCurves c;
  try {
    c.table = readTextTable(r.table);
    c.curves = tableCurves(c.table, r.x, r.y, r.by, r.where);
  } catch (const TableError& e) {
    throw TableError(r.table + ": " + e.what());
  }
  // a table without a plottable row is an error
  if (c.curves.empty())
    throw TableError(r.table + ": no row has numbers in both " + r.x + " and " + r.y);
  return c;
}

// the curves and their points, counted
std::string curvesCountText(const std::vector<TableCurve>& curves) {
  size_t points = 0;
  for (const TableCurve& curve : curves) points += curve.x.size();
  return std::to_string(curves.size()) + (curves.size() == 1 ? " curve, " : " curves, ") +
         std::to_string(points) + " points";
}

}  // namespace mbw
