#pragma once
// A figure from a results table (a sweep's results.csv, a study's table): one column against
// another, one line per value of a third, in the project's figure style (`mbw-cli plot`, and any
// front end that draws a table). The curves are the engine's (studies/table_curves.h).

#include <string>
#include <vector>

#include "chart.h"
#include "studies/table_curves.h"

namespace mbw::plot {

// What to draw: the columns of the axes and of the lines, each axis's scale and the title.
struct TableFigureSpec {
  std::string x, y, by;
  std::string scaleX = "auto", scaleY = "auto";  // linear, log, or auto
  std::string title;                             // "" for "Y against X, by BY"
};

// One chart of the curves (lines with markers, a legend when drawn by a column), the axes labelled
// with the columns and the table's units ("cpu_s [s]"); an axis is logarithmic when its scale is
// log, or, for auto, when every value on it is positive and they span two decades.
plot::Figure tableFigure(const TextTable& table, const std::vector<TableCurve>& curves,
                         const TableFigureSpec& spec);

}  // namespace mbw::plot
