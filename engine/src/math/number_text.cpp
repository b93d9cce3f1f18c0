#include "math/number_text.h"

#include <charconv>
#include <cstdio>
#include <sstream>

namespace mbw {

std::string formatNumber(double value, int significantDigits) {
  // %g-like with the given significant digits
  std::ostringstream os;
  os.precision(significantDigits);
  os << value;
  return os.str();
}

std::string formatShortest(double value) {
  // the shortest text that reads back as the same double
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

std::string formatTolerance(double tolerance) {
  char text[32];
  // one digit and the exponent: "1e-08"
  std::snprintf(text, sizeof text, "%.0e", tolerance);
  return text;
}

}  // namespace mbw
