#pragma once
// A number for a test's recorded property (RecordProperty) with three significant digits:
// std::to_string keeps six decimals only, which shows an error of 5e-10 as 0.000000.

#include <sstream>
#include <string>

namespace mbw::test {

inline std::string recordedNumber(double x) {
  std::ostringstream os;
  os.precision(3);
  os << x;
  return os.str();
}

}  // namespace mbw::test
