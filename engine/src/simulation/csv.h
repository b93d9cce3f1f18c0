#pragma once
// The CSV format of runs: comment lines "# key: value" (scene, formulation, integrator,
// settings, version, status, and "# event: t = <t> s: <what>" for each run event), then one
// header row of channel names, then one row per record.
// Numbers are written with 17 significant digits so that files round-trip exactly.

#include <iosfwd>
#include <stdexcept>
#include <string>

#include "simulation/results.h"

namespace mbw {

class CsvError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void writeCsv(const Results& results, std::ostream& out);
// Writes to a file; throws CsvError when it cannot be written.
void writeCsv(const Results& results, const std::string& path);

// Reads a file written by writeCsv (metadata, channels without units, data). Throws CsvError with
// the line number of the first problem.
Results readCsv(const std::string& path);
// The same from a stream; source names it in messages.
Results readCsv(std::istream& in, const std::string& source);

// The version written into CSV files and shown by the programs.
const char* engineVersion();

}  // namespace mbw
