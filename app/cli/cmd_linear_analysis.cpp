// mbw-cli linear-analysis: amplitude decay, period elongation and spectral radius of integrators on
// x'' + w^2 x = 0 (Zhang et al. 2022 section 4, Figures 2-7), from each scheme's own coefficients.
// The curves are the engine's (analysis/linear_analysis_curves.h); this file prints and draws them.

#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

#include "analysis/linear_analysis_curves.h"
#include "cli_common.h"
#include "commands.h"

namespace mbw::cli {
namespace {

struct LinearAnalysisCommand {
  std::string integrators = "lms2,lms3,lms4,bathe,msstc3,msstc4,msstc5";
  std::optional<double> rhoInf, alpha;
  double from = 1e-3, to = 1e2;
  int points = 400;
  std::string output, plot;
};

// AD and PE are drawn on a linear abscissa up to this Delta t / (n T)
constexpr double kLinearRange = 0.5;

plot::Figure figureOf(const std::vector<LinearAnalysisCurve>& curves) {
  plot::Figure f;
  f.title = "Linear analysis on x'' + w^2 x = 0 (Zhang et al. 2022 section 4)";
  f.columns = 1;
  f.chartHeight = 360;
  plot::Chart ad{"Amplitude decay (Figures 2, 5)", {"Delta t / (n T)"}, {"AD [%]"}, {}};
  plot::Chart pe{"Period elongation (Figures 3, 6)", {"Delta t / (n T)"}, {"PE [%]"}, {}};
  plot::Chart rho{"Spectral radius (Figures 4, 7)", {"Delta t / (n T)", true}, {"rho"}, {}};
  ad.x.min = pe.x.min = 0.0;
  ad.x.max = pe.x.max = kLinearRange;
  rho.y.min = 0.0;
  rho.y.max = 1.05;
  for (const LinearAnalysisCurve& c : curves) {
    plot::Series a{c.label, {}, {}}, p{c.label, {}, {}}, r{c.label, {}, {}};
    for (const LinearAnalysisPoint& x : c.points) {
      if (x.stepOverPeriod <= kLinearRange) {
        a.x.push_back(x.stepOverPeriod);
        a.y.push_back(x.amplitudeDecay);
        p.x.push_back(x.stepOverPeriod);
        p.y.push_back(x.periodElongation);
      }
      r.x.push_back(x.stepOverPeriod);
      r.y.push_back(x.spectralRadius);
    }
    ad.series.push_back(a);
    pe.series.push_back(p);
    rho.series.push_back(r);
  }
  f.charts = {ad, pe, rho};
  return f;
}

int run(const LinearAnalysisCommand& cmd) {
  std::vector<LinearAnalysisCurve> curves;
  try {
    const std::vector<StudyMethod> methods = parseStudyMethods(cmd.integrators);
    if (!(cmd.from > 0.0 && cmd.to > cmd.from) || cmd.points < 2)
      throw InputError("need 0 < --from < --to and --points >= 2");
    curves = linearAnalysisCurves(methods, cmd.rhoInf, cmd.alpha,
                                  logSpace(cmd.from, cmd.to, cmd.points));
  } catch (const ConfigurationError& e) {
    throw InputError(e.what());
  }

  // summary: values at a few abscissae
  std::cout << std::left << std::setw(24) << "method" << std::setw(4) << "n" << std::setw(11)
            << "rho(inf)" << std::setw(13) << "AD% @0.01" << std::setw(13) << "PE% @0.01"
            << std::setw(13) << "AD% @0.1" << std::setw(13) << "PE% @0.1"
            << "rho @0.1\n";
  for (const LinearAnalysisCurve& c : curves) {
    std::cout << std::setw(24) << c.label << std::setw(4) << c.stages << std::setw(11)
              << formatNumber(c.rhoAtInfinity, 4);
    for (double x : {0.01, 0.1})
      std::cout << std::setw(13) << formatNumber(nearestPoint(c.points, x).amplitudeDecay, 4)
                << std::setw(13) << formatNumber(nearestPoint(c.points, x).periodElongation, 4);
    std::cout << formatNumber(nearestPoint(c.points, 0.1).spectralRadius, 4) << "\n";
  }

  if (!cmd.output.empty()) {
    std::ofstream out(cmd.output);
    if (!out) throw InputError("cannot write '" + cmd.output + "'");
    out << "# linear analysis on x'' + w^2 x = 0 (Zhang et al. 2022 section 4); n = implicit "
           "stages per step\n";
    out << "method,stages,dt_over_nT,amplitude_decay_percent,period_elongation_percent,spectral_"
           "radius\n";
    out << std::setprecision(10);
    for (const LinearAnalysisCurve& c : curves)
      for (const LinearAnalysisPoint& p : c.points)
        out << '"' << c.label << "\"," << c.stages << ',' << p.stepOverPeriod << ','
            << p.amplitudeDecay << ',' << p.periodElongation << ',' << p.spectralRadius << '\n';
    std::cout << "CSV   " << cmd.output << "\n";
  }
  if (!cmd.plot.empty()) {
    saveFigure(figureOf(curves), cmd.plot);
    std::cout << "plot  " << cmd.plot << "\n";
  }
  return kSuccess;
}

}  // namespace

Command addLinearAnalysisCommand(CLI::App& app) {
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
