#pragma once
// The CSV format of runs, the same whether written at once (writeCsv) or while the run goes on
// (CsvStreamWriter):
//   # multibody-workbench <version>
//   # <key>: <value>              the run's settings (scene, formulation, integrator, step, ...)
//   # status: running             padded to 9 characters; rewritten in place when the run ends
//                                 (completed, cancelled, failed): a file still saying "running"
//                                 is from a run that was killed or is still going
//   t,<channel>,...               the header row
//   <values>                      one row per record
//   # event: t = <t> s: <what>    a run event, before the first row at or after its time
//   # message: <why>              at the end: why the run stopped (when it did not complete)
//   # statistics: steps N, ...    at the end: the run's counters
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

// Reads a file written by writeCsv or CsvStreamWriter (metadata, channels without units, data).
// A last line without its newline (a row a killed run did not finish) is left out. Throws CsvError
// with the line number of the first problem.
Results readCsv(const std::string& path);
// The same from a stream; source names it in messages.
Results readCsv(std::istream& in, const std::string& source);

// The pieces of the format, for writers that stream it:
// the comment lines up to the status line (which comes last, value padded) and the header row
std::string csvPreamble(const Results& run);
// the status value as written, padded to a fixed width so that it can be rewritten in place
std::string csvStatusField(RunStatus status);
// appends one row (count values) and its newline
void appendCsvRow(const double* values, int count, std::string& out);
std::string csvEventLine(const RunEvent& event);
// the message and statistics lines that close a file
std::string csvTrailer(const Results& run);

// The version written into CSV files and shown by the programs.
const char* engineVersion();

}  // namespace mbw
