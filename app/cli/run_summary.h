#pragma once
// The one-screen summary printed after a run.

#include <iosfwd>
#include <string>

#include "run_progress.h"
#include "simulation/csv_stream.h"
#include "simulation/results.h"
#include "solvers/initial_conditions.h"

namespace mbw::cli {

void printRunSummary(const Results& results, const ProjectionReport* projection, std::ostream& out);

// After a run and its summary: reports the CSV (closed by the run), writes the plot, and returns
// the exit status: 4 when the CSV could not be written (disk full), 128 + the signal when one
// stopped the run, 3 for a numerical failure, 0 when it completed.
int finishRunOutputs(const Results& results, const CsvStreamWriter* csv, const std::string& plot,
                     const TerminalProgress& progress);

}  // namespace mbw::cli
