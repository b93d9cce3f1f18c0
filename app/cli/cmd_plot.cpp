// mbw-cli plot TABLE.csv --x COLUMN --y COLUMN [--by COLUMN]: a figure from a results table, in
// the project's figure style, axes labelled with the table's units (studies/table_curves.h).

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "table_figure.h"

namespace mbw::cli {
namespace {

struct PlotCommand {
  std::string table, x, y, by, output, title, scaleX = "auto", scaleY = "auto";
  std::vector<std::string> where;
};

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
  size_t points = 0;
  for (const TableCurve& c : curves) points += c.x.size();
  saveFigure(
      plot::tableFigure(table, curves, {cmd.x, cmd.y, cmd.by, cmd.scaleX, cmd.scaleY, cmd.title}),
      cmd.output);
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
