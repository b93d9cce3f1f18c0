#pragma once
// Renders a Figure to a file with QCustomPlot, without a display (when no QApplication exists, one
// is created on Qt's offscreen platform for the duration of the call): PNG, or for papers SVG and
// PDF (vector drawings), chosen by the file's extension. The workbench's plots are saved the same
// way.

#include <stdexcept>
#include <string>

#include "chart.h"

class QCustomPlot;
class QString;

namespace mbw::plot {

class PlotError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The formats by extension: ".png", ".svg", ".pdf" (any other extension writes PNG).
enum class FigureFormat { Png, Svg, Pdf };
FigureFormat figureFormat(const std::string& path);

// Throws PlotError when the file cannot be written.
void writeFigure(const Figure& figure, const std::string& path);

// One plot as drawn, at width x height pixels (0: its size on the screen), in the format of the
// path's extension; false when the file cannot be written.
bool savePlot(QCustomPlot& plot, const QString& path, int width = 0, int height = 0);
// "PNG images (*.png);;SVG drawings (*.svg);;PDF documents (*.pdf)", for file dialogs
QString figureFileFilter();

}  // namespace mbw::plot
