#pragma once
// Plain descriptions of 2D charts (no Qt types), rendered by figure_export.h. Used by mbw-cli for
// run reports and study figures, so that every figure the project produces comes from one piece of
// plotting code.

#include <optional>
#include <string>
#include <vector>

namespace mbw::plot {

struct Series {
  std::string name;  // legend entry
  std::vector<double> x, y;
  enum class Style { Line, Markers, LineAndMarkers } style = Style::Line;
  bool dashed = false;
};

struct Axis {
  Axis(std::string label_ = "", bool logarithmic_ = false)  // NOLINT: implicit from a label
      : label(std::move(label_)), logarithmic(logarithmic_) {}
  std::string label;  // with unit, e.g. "t [s]"
  bool logarithmic = false;
  std::optional<double> min, max;  // automatic when unset
};

struct Chart {
  std::string title;
  Axis x, y;
  std::vector<Series> series;
  bool legend = true;
};

// A page of charts laid out in a grid, row by row.
struct Figure {
  std::string title;
  std::vector<Chart> charts;
  int columns = 1;
  int width = 1000;       // pixels
  int chartHeight = 420;  // pixels per grid row
};

}  // namespace mbw::plot
