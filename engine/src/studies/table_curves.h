#pragma once
// Curves from a results table (results_table.h) or any CSV table with a header: one metric
// against another, one curve per value of a grouping column (e.g. CPU time against the largest
// error by method: a work-precision diagram; RE against the step: convergence; steps against a
// varied field). Rows whose x or y is empty or not a number (failed runs) are left out.

#include <string>
#include <vector>

#include "simulation/command_option.h"
#include "studies/results_table.h"

namespace mbw {

struct TableCurve {
  std::string label;         // the grouping column's value ("" without grouping)
  std::vector<double> x, y;  // by increasing x
};

// A column condition: "column=value" keeps the rows whose cell is that text.
struct RowFilter {
  std::string column, value;
};

// Throws TableError naming a missing column (and the table's columns) or a filter not of the
// form column=value.
std::vector<TableCurve> tableCurves(const TextTable& table, const std::string& x,
                                    const std::string& y, const std::string& by,
                                    const std::vector<std::string>& filters = {});

// How much a figure of the curves draws: "2 curves, 5 points" ("1 curve, ..." for one).
std::string curvesCountText(const std::vector<TableCurve>& curves);

// --- the request of a front end -----------------------------------------------------------------

// `plot`: a table file, its axes' columns, the grouping column and the row filters, how the axes
// scale (auto, linear, log), the title and the figure's file; its options
// (simulation/command_option.h) in the order of its `--help`.
struct PlotRequest {
  std::string table, x, y, by, output, title, scaleX = "auto", scaleY = "auto";
  std::vector<std::string> where;  // column=value, each
};
std::vector<CommandOption> plotOptions(PlotRequest& request);

// The request's table, read, and its curves. Throws TableError, its message led by the table's
// path, for a table that cannot be read, a bad column or filter, or when no row has numbers in
// both columns.
struct RequestedCurves {
  TextTable table;
  std::vector<TableCurve> curves;
};
RequestedCurves tableCurves(const PlotRequest& request);

}  // namespace mbw
