#pragma once
// Renders a Figure to a PNG file with QCustomPlot, without a display: when no QApplication exists,
// one is created on Qt's offscreen platform for the duration of the call.

#include <stdexcept>
#include <string>

#include "chart.h"

namespace mbw::plot {

class PlotError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws PlotError when the file cannot be written.
void savePng(const Figure& figure, const std::string& path);

}  // namespace mbw::plot
