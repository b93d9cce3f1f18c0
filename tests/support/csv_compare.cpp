// Compares two CSV texts cell by cell, numbers within a relative tolerance, and lists each
// difference with its line and column (the golden-file tests).

#include "csv_compare.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace mbw::test {
namespace {

// the text's lines, without their line ends
std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// cells split at commas outside double quotes
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

// whether the whole text is a number, and its value
bool number(const std::string& text, double& value) {
  if (text.empty()) return false;
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size();
}

// two cells agree when both are numbers within the tolerance (NaN equal to NaN), or the same text
bool same(const std::string& a, const std::string& b, double tolerance) {
  double x, y;
  if (number(a, x) && number(b, y)) {
    if (x == y || (std::isnan(x) && std::isnan(y))) return true;
    // relative to the larger of the two: a zero against any other number differs
    return std::abs(x - y) <= tolerance * std::max(std::abs(x), std::abs(y));
  }
  return a == b;
}

}  // namespace

std::vector<std::string> csvDifferences(const std::string& expectedText,
                                        const std::string& actualText,
                                        const std::set<std::string>& ignoredColumns,
                                        double relativeTolerance) {
  // a difference in the count of lines, then every cell that differs, by line and column; the
  // columns are named by the first line that is not a comment
  const std::vector<std::string> expected = lines(expectedText), actual = lines(actualText);
  std::vector<std::string> differences;
  if (expected.size() != actual.size())
    differences.push_back("line count: expected " + std::to_string(expected.size()) + ", got " +
                          std::to_string(actual.size()));
  std::vector<std::string> header;
  for (size_t k = 0; k < expected.size() && k < actual.size(); ++k) {
    const std::vector<std::string> e = cells(expected[k]), a = cells(actual[k]);
    const bool comment = expected[k].rfind('#', 0) == 0;
    if (!comment && header.empty()) header = e;
    // a line with another count of cells is one difference, shown whole
    if (e.size() != a.size()) {
      differences.push_back("line " + std::to_string(k + 1) + ": expected '" + expected[k] +
                            "', got '" + actual[k] + "'");
      continue;
    }
    // cells of a comment line carry no column name and cannot be ignored by name
    for (size_t c = 0; c < e.size(); ++c) {
      const std::string column = !comment && c < header.size() ? header[c] : "";
      if (ignoredColumns.count(column) || same(e[c], a[c], relativeTolerance)) continue;
      differences.push_back("line " + std::to_string(k + 1) +
                            (column.empty() ? "" : ", column " + column) + ": expected '" + e[c] +
                            "', got '" + a[c] + "'");
    }
  }
  return differences;
}

}  // namespace mbw::test
