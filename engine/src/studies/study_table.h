#pragma once
// A small text table of a study: printed aligned on the terminal and written as CSV, from the
// same cells, so that what a user reads and what a file holds cannot differ. The front ends print
// the tables the engine builds (formulation_study_tables.h, flexible_study_tables.h).

#include <iosfwd>
#include <string>
#include <vector>

namespace mbw {

struct StudyTable {
  std::string title;               // printed above the table
  std::vector<std::string> notes;  // printed below the title; CSV comment lines
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  void print(std::ostream& out) const;
  // Throws TableError (results_table.h) when the file cannot be written.
  void writeCsv(const std::string& path) const;
};

// A number with the given significant digits ("-" for NaN).
std::string cell(double value, int digits = 3);

}  // namespace mbw
