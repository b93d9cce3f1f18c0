// mbw-cli linear-analysis: amplitude decay, period elongation and spectral radius of integrators on
// x'' + w^2 x = 0 (Zhang et al. 2022 section 4, Figures 2-7), from each scheme's own coefficients.
// The request and the curves are the engine's (analysis/linear_analysis_curves.h); this file prints
// and draws them.

#include <iostream>
#include <memory>

#include "analysis/linear_analysis_curves.h"
#include "cli_common.h"
#include "commands.h"
#include "linear_analysis_figure.h"

namespace mbw::cli {
namespace {

int run(const LinearAnalysisRequest& cmd) {
  // the engine's curves over the grid, the summary, then the CSV and the figure where asked for
  const std::vector<LinearAnalysisCurve> curves = linearAnalysisCurves(cmd);
  std::cout << linearAnalysisSummaryText(curves);
  if (!cmd.output.empty()) {
    writeOutput(linearAnalysisCsv(curves), cmd.output);
    std::cout << "CSV   " << cmd.output << "\n";
  }
  if (!cmd.plot.empty()) savePlot(plot::linearAnalysisFigure(curves), cmd.plot);
  return kSuccess;
}

}  // namespace

Command addLinearAnalysisCommand(CLI::App& app) {
  // the subcommand and its options; the run reads them when it is chosen
  auto cmd = std::make_shared<LinearAnalysisRequest>();
  CLI::App* c = app.add_subcommand("linear-analysis",
                                   "Amplitude decay, period elongation and spectral radius on x'' "
                                   "+ w^2 x = 0 (Zhang et al. 2022 section 4)");
  addCommandOptions(*c, linearAnalysisOptions(*cmd));
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
