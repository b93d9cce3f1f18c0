// Linear analysis curves of several methods (see linear_analysis_curves.h).

#include "analysis/linear_analysis_curves.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "integrators/registry.h"
#include "math/number_text.h"

namespace mbw {

std::vector<LinearAnalysisCurve> linearAnalysisCurves(const std::vector<StudyMethod>& methods,
                                                      std::optional<double> rhoInf,
                                                      std::optional<double> alpha,
                                                      const std::vector<double>& grid) {
  std::vector<LinearAnalysisCurve> curves;
  for (const StudyMethod& m : methods) {
    // the method's settings, after the same checks a run makes
    const IntegratorInfo* found = findIntegrator(m.integrator);
    if (!found) throw ConfigurationError("unknown integrator '" + m.integrator + "'");
    const IntegratorInfo& info = *found;
    if (!info.linearModel)
      throw ConfigurationError(
          info.name +
          " integrates the state-space ODE (Sandu et al. 2001): it has no linear model here");
    // the method's damping as given for it, else the one given for all (where it has one)
    IntegratorSettings s;
    s.rhoInf =
        m.rhoInf >= 0.0 ? m.rhoInf : (rhoInf && info.capabilities.hasRhoInf ? *rhoInf : -1.0);
    if (alpha && info.capabilities.hasAlpha) s.alpha = alpha;
    // checked in the method's first formulation: the linear model does not depend on it
    const std::string why = unsupportedReason(info, info.capabilities.formulations.front(), s);
    if (!why.empty()) throw ConfigurationError(why);
    // its one-step map, labelled with the rho_inf it runs at
    const LinearModel model = info.linearModel(s);
    LinearAnalysisCurve c;
    std::ostringstream label;
    label << m.integrator;
    if (info.capabilities.hasRhoInf) label << " (" << effectiveRhoInf(info, s) << ")";
    c.label = label.str();
    // the curves over the grid of steps per period, and the spectral radius at infinity
    c.stages = model.implicitStages;
    c.rhoAtInfinity = spectralRadiusAtInfinity(model);
    c.points = analyzeLinearStability(model, grid);
    curves.push_back(std::move(c));
  }
  return curves;
}

const LinearAnalysisPoint& nearestPoint(const std::vector<LinearAnalysisPoint>& p, double x) {
  // the point whose step per period is nearest x on a log scale
  size_t best = 0;
  for (size_t i = 1; i < p.size(); ++i)
    if (std::abs(std::log(p[i].stepOverPeriod / x)) <
        std::abs(std::log(p[best].stepOverPeriod / x)))
      best = i;
  return p.at(best);
}

std::string linearAnalysisSummaryText(const std::vector<LinearAnalysisCurve>& curves) {
  std::ostringstream out;
  // the header, then a row per method: AD and PE at 0.01 and 0.1, rho at 0.1
  out << std::left << std::setw(24) << "method" << std::setw(4) << "n" << std::setw(11)
      << "rho(inf)" << std::setw(13) << "AD% @0.01" << std::setw(13) << "PE% @0.01" << std::setw(13)
      << "AD% @0.1" << std::setw(13) << "PE% @0.1"
      << "rho @0.1\n";
  for (const LinearAnalysisCurve& c : curves) {
    // the method's label, stages and rho at infinity, then AD and PE at the two steps, rho at 0.1
    out << std::setw(24) << c.label << std::setw(4) << c.stages << std::setw(11)
        << formatNumber(c.rhoAtInfinity, 4);
    for (double x : {0.01, 0.1})
      out << std::setw(13) << formatNumber(nearestPoint(c.points, x).amplitudeDecay, 4)
          << std::setw(13) << formatNumber(nearestPoint(c.points, x).periodElongation, 4);
    out << formatNumber(nearestPoint(c.points, 0.1).spectralRadius, 4) << "\n";
  }
  return out.str();
}

std::string linearAnalysisCsv(const std::vector<LinearAnalysisCurve>& curves) {
  std::ostringstream out;
  // what the file holds, its header, then every curve's points
  out << "# linear analysis on x'' + w^2 x = 0 (Zhang et al. 2022 section 4); n = implicit "
         "stages per step\n";
  out << "method,stages,dt_over_nT,amplitude_decay_percent,period_elongation_percent,spectral_"
         "radius\n";
  // the numbers at full precision
  out << std::setprecision(10);
  for (const LinearAnalysisCurve& c : curves)
    for (const LinearAnalysisPoint& p : c.points)
      out << '"' << c.label << "\"," << c.stages << ',' << p.stepOverPeriod << ','
          << p.amplitudeDecay << ',' << p.periodElongation << ',' << p.spectralRadius << '\n';
  return out.str();
}

// --- the request of a front end -----------------------------------------------------------------

std::vector<CommandOption> linearAnalysisOptions(LinearAnalysisRequest& r) {
  // the integrators option, also spelled --integrator
  CommandOption integrators{
      "integrators", "comma-separated NAME or NAME:RHO_INF (default: the paper's second-order set)",
      &r.integrators, kOptionShowDefault};
  integrators.alias = "integrator";
  return {
      integrators,
      {"rho-inf", "rho_inf of the tunable methods without their own :RHO_INF", &r.rhoInf},
      {"alpha", "HHT alpha in [-1/3, 0]", &r.alpha},
      {"from", "smallest Delta t / (n T)", &r.from, kOptionShowDefault},
      {"to", "largest Delta t / (n T)", &r.to, kOptionShowDefault},
      {"points", "points of the logarithmic grid", &r.points, kOptionShowDefault},
      {"output", "write the curves to this CSV file", &r.output, 0, "o"},
      {"plot",
       "write AD, PE and spectral radius charts to this file (PNG; .svg or .pdf: a vector drawing)",
       &r.plot},
  };
}

std::vector<LinearAnalysisCurve> linearAnalysisCurves(const LinearAnalysisRequest& r) {
  // the methods parsed and the grid checked, then the curves over it
  const std::vector<StudyMethod> methods = parseStudyMethods(r.integrators);
  if (!(r.from > 0.0 && r.to > r.from) || r.points < 2)
    throw std::invalid_argument("need 0 < --from < --to and --points >= 2");
  return linearAnalysisCurves(methods, r.rhoInf, r.alpha, logSpace(r.from, r.to, r.points));
}

}  // namespace mbw
