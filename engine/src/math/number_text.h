#pragma once
// Numbers in text for people: messages, tables and reports of every front end, written as
// std::ostream writes a double at the given precision (significant digits, shortest of fixed and
// scientific: 0.001, 3.2e-05, 1e+09). One formatter, so that a number reads the same in an error
// of the engine, a table of mbw-cli and a label of the workbench.

#include <string>

namespace mbw {

std::string formatNumber(double value, int significantDigits = 3);
// The shortest text that reads back as the same double (std::to_chars): 0.1, 1e-05,
// 0.30000000000000004.
std::string formatShortest(double value);
// A tolerance as labels give it, one digit in scientific form: 1e-06, 3e-04.
std::string formatTolerance(double tolerance);

}  // namespace mbw
