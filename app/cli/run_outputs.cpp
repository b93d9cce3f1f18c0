#include "run_outputs.h"

#include <iostream>
#include <string>

#include "cli_common.h"
#include "run_report_figure.h"

namespace mbw::cli {

int finishRunOutputs(const Results& results, const CsvStreamWriter* csv, const std::string& plot,
                     const TerminalProgress& progress) {
  // where the CSV went, and how many rows it holds
  if (csv)
    std::cout << "CSV              " << csv->path() << " (" << csv->rowsWritten() << " rows)\n";
  // a plot that cannot be written after the run (a full disk) is an output failure, as the CSV's
  bool plotFailed = false;
  // the plot drawn now, from the results in memory
  if (!plot.empty()) {
    try {
      saveFigure(plot::runReportFigure(results), plot);
      std::cout << "plot             " << plot << "\n";
    } catch (const InputError& e) {
      std::cerr << "error: " << e.what() << "\n";
      plotFailed = true;
    }
  }
  // a CSV write failure, then a plot failure, then a stop, then the run's status
  if (csv && !csv->failure().empty()) {
    std::cerr << "error: " << csv->failure() << " (the rows before it are kept)\n";
    return kOutputFailure;
  }
  if (plotFailed) return kOutputFailure;
  if (progress.interrupted()) return progress.interruptedExitCode();
  return results.status == RunStatus::Completed ? kSuccess : kNumericalFailure;
}

}  // namespace mbw::cli
