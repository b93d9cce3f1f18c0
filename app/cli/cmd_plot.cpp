// mbw-cli plot TABLE.csv --x COLUMN --y COLUMN [--by COLUMN]: a figure from a results table, in
// the project's figure style, axes labelled with the table's units. The request and the curves
// are the engine's (studies/table_curves.h); this file draws them.

#include <iostream>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "studies/table_curves.h"
#include "table_figure.h"

namespace mbw::cli {
namespace {

int run(const PlotRequest& cmd) {
  // the engine's curves, drawn; how many curves and points
  const RequestedCurves c = tableCurves(cmd);
  saveFigure(plot::tableFigure(c.table, c.curves,
                               {cmd.x, cmd.y, cmd.by, cmd.scaleX, cmd.scaleY, cmd.title}),
             cmd.output);
  std::cout << curvesCountText(c.curves) << "\nplot  " << cmd.output << "\n";
  return kSuccess;
}

}  // namespace

Command addPlotCommand(CLI::App& app) {
  auto cmd = std::make_shared<PlotRequest>();
  CLI::App* c = app.add_subcommand(
      "plot",
      "A figure from a results table: one column against another, one line per value of a third");
  addCommandOptions(*c, plotOptions(*cmd));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
