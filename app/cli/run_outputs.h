#pragma once
// What mbw-cli does after a run: its outputs and exit status (the summary it prints is the
// engine's, simulation/run_summary_text.h).

#include <string>

#include "run_progress.h"
#include "simulation/csv_stream.h"
#include "simulation/results.h"

namespace mbw::cli {

// After a run and its summary (simulation/run_summary_text.h): reports the CSV (closed by the run),
// writes the plot, and returns the exit status: 4 when the CSV could not be written (disk full),
// 128 + the signal when one stopped the run, 3 for a numerical failure, 0 when it completed.
int finishRunOutputs(const Results& results, const CsvStreamWriter* csv, const std::string& plot,
                     const TerminalProgress& progress);

}  // namespace mbw::cli
