// mbw-cli plot TABLE.csv --x COLUMN --y COLUMN [--by COLUMN]: a figure from a results table, in
// the project's figure style, axes labelled with the table's units (studies/table_curves.h).

#include <cmath>
#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "studies/table_curves.h"

namespace mbw::cli {
namespace {

struct PlotCommand {
  std::string table, x, y, by, output, title, scaleX = "auto", scaleY = "auto";
  std::vector<std::string> where;
};

// logarithmic when asked, or (auto) when every value is positive and they span two decades
bool logarithmic(const std::string& scale, const std::vector<TableCurve>& curves, bool isX) {
  if (scale != "auto") return scale == "log";
  double lo = INFINITY, hi = 0.0;
  for (const TableCurve& c : curves)
    for (double v : isX ? c.x : c.y) {
      if (!(v > 0.0)) return false;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  return hi > 0.0 && hi / lo >= 100.0;
}

std::string axisLabel(const TextTable& table, const std::string& column) {
  const std::string unit = table.unit(column);
  return unit.empty() ? column : column + " [" + unit + "]";
}

int run(const PlotCommand& cmd) {
  TextTable table;
  std::vector<TableCurve> curves;
  try {
    table = readTextTable(cmd.table);
    curves = tableCurves(table, cmd.x, cmd.y, cmd.by, cmd.where);
  } catch (const TableError& e) {
    throw InputError(cmd.table + ": " + e.what());
  }
  if (curves.empty())
    throw InputError(cmd.table + ": no row has numbers in both " + cmd.x + " and " + cmd.y);
  plot::Chart chart{"",
                    {axisLabel(table, cmd.x), logarithmic(cmd.scaleX, curves, true)},
                    {axisLabel(table, cmd.y), logarithmic(cmd.scaleY, curves, false)},
                    {}};
  size_t points = 0;
  for (const TableCurve& c : curves) {
    plot::Series s{c.label.empty() ? cmd.y : c.label, c.x, c.y};
    s.style = plot::Series::Style::LineAndMarkers;
    chart.series.push_back(s);
    points += c.x.size();
  }
  chart.legend = !cmd.by.empty();
  plot::Figure f;
  f.title = cmd.title.empty()
                ? cmd.y + " against " + cmd.x + (cmd.by.empty() ? "" : ", by " + cmd.by)
                : cmd.title;
  f.chartHeight = 560;
  f.charts = {chart};
  saveFigure(f, cmd.output);
  std::cout << curves.size() << (curves.size() == 1 ? " curve, " : " curves, ") << points
            << " points\nplot  " << cmd.output << "\n";
  return kSuccess;
}

}  // namespace

Command addPlotCommand(CLI::App& app) {
  auto cmd = std::make_shared<PlotCommand>();
  CLI::App* c = app.add_subcommand(
      "plot",
      "A figure from a results table: one column against another, one line per value of a third");
  c->add_option("table", cmd->table,
                "a results table (a sweep's results.csv, --table, work-precision -o)")
      ->required();
  c->add_option("--x", cmd->x,
                "column of the horizontal axis, e.g. max_error(body_2.y), step, /bodies/1/mass")
      ->required();
  c->add_option("--y", cmd->y, "column of the vertical axis, e.g. cpu_s, steps, re(fe.x)")
      ->required();
  c->add_option("--by", cmd->by,
                "one line per value of this column, e.g. method, integrator, formulation");
  c->add_option("--where", cmd->where, "keep the rows where COLUMN=VALUE (repeatable)");
  c->add_option("--scale-x", cmd->scaleX,
                "linear, log, or auto (log when positive over two decades)")
      ->check(CLI::IsMember({"auto", "linear", "log"}))
      ->capture_default_str();
  c->add_option("--scale-y", cmd->scaleY, "linear, log, or auto")
      ->check(CLI::IsMember({"auto", "linear", "log"}))
      ->capture_default_str();
  c->add_option("--title", cmd->title, "the figure's title");
  c->add_option("--output,-o", cmd->output,
                "the figure: .png, or .svg or .pdf (vector drawings, for papers)")
      ->required();
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
