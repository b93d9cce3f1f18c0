#include "studies/study_table.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "math/number_text.h"
#include "studies/results_table.h"

namespace mbw {

std::string cell(double value, int digits) {
  // missing values print as a dash
  return std::isnan(value) ? "-" : formatNumber(value, digits);
}

void StudyTable::print(std::ostream& out) const {
  // each column as wide as its widest cell, header included
  std::vector<size_t> width(header.size(), 0);
  for (size_t c = 0; c < header.size(); ++c) width[c] = header[c].size();
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size() && c < width.size(); ++c)
      width[c] = std::max(width[c], row[c].size());
  // title and notes above the table
  out << title << "\n";
  for (const std::string& n : notes) out << "  " << n << "\n";
  // one row: the first column flush left (labels), the others flush right (numbers)
  auto line = [&](const std::vector<std::string>& cells) {
    out << " ";
    for (size_t c = 0; c < cells.size() && c < width.size(); ++c)
      out << " " << (c == 0 ? std::left : std::right) << std::setw(int(width[c])) << cells[c];
    out << "\n";
  };
  // the header, then the rows
  line(header);
  for (const auto& row : rows) line(row);
  out << "\n";
}

void StudyTable::writeCsv(const std::string& path) const {
  // a file that cannot be opened is a table error
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  // the title and notes become comment lines, so the csv still loads as numbers
  out << "# " << title << "\n";
  for (const std::string& n : notes) out << "# " << n << "\n";
  // one line per row, no padding; a cell with a comma (a failure's message) quoted
  out << csvLine(header) << "\n";
  for (const auto& row : rows) out << csvLine(row) << "\n";
  // a full disk shows only after writing
  if (!out) throw TableError("cannot write '" + path + "'");
}

}  // namespace mbw
