// mbw-cli linear-analysis: amplitude decay, period elongation and spectral radius of integrators on
// x'' + w^2 x = 0 (Zhang et al. 2022 section 4, Figures 2-7), from each scheme's own coefficients.
// The curves are the engine's (analysis/linear_analysis_curves.h); this file prints and draws them.

#include <iostream>
#include <memory>

#include "analysis/linear_analysis_curves.h"
#include "cli_common.h"
#include "commands.h"
#include "linear_analysis_figure.h"

namespace mbw::cli {
namespace {

struct LinearAnalysisCommand {
  std::string integrators = "lms2,lms3,lms4,bathe,msstc3,msstc4,msstc5";
  std::optional<double> rhoInf, alpha;
  double from = 1e-3, to = 1e2;
  int points = 400;
  std::string output, plot;
};

int run(const LinearAnalysisCommand& cmd) {
  // the methods parsed and the grid checked, then the engine's curves over it
  const std::vector<StudyMethod> methods = parseStudyMethods(cmd.integrators);
  if (!(cmd.from > 0.0 && cmd.to > cmd.from) || cmd.points < 2)
    throw InputError("need 0 < --from < --to and --points >= 2");
  const std::vector<LinearAnalysisCurve> curves =
      linearAnalysisCurves(methods, cmd.rhoInf, cmd.alpha, logSpace(cmd.from, cmd.to, cmd.points));

  // the summary, then the CSV and the figure where asked for
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
  auto cmd = std::make_shared<LinearAnalysisCommand>();
  CLI::App* c = app.add_subcommand("linear-analysis",
                                   "Amplitude decay, period elongation and spectral radius on x'' "
                                   "+ w^2 x = 0 (Zhang et al. 2022 section 4)");
  c->add_option("--integrators,--integrator", cmd->integrators,
                "comma-separated NAME or NAME:RHO_INF (default: the paper's second-order set)")
      ->capture_default_str();
  c->add_option("--rho-inf", cmd->rhoInf,
                "rho_inf of the tunable methods without their own :RHO_INF");
  c->add_option("--alpha", cmd->alpha, "HHT alpha in [-1/3, 0]");
  c->add_option("--from", cmd->from, "smallest Delta t / (n T)")->capture_default_str();
  c->add_option("--to", cmd->to, "largest Delta t / (n T)")->capture_default_str();
  c->add_option("--points", cmd->points, "points of the logarithmic grid")->capture_default_str();
  c->add_option("--output,-o", cmd->output, "write the curves to this CSV file");
  c->add_option(
      "--plot", cmd->plot,
      "write AD, PE and spectral radius charts to this file (PNG; .svg or .pdf: a vector drawing)");
  return {c, [cmd] { return run(*cmd); }};
}

}  // namespace mbw::cli
