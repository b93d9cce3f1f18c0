// Linear analysis curves of several methods (see linear_analysis_curves.h).

#include "analysis/linear_analysis_curves.h"

#include <cmath>
#include <sstream>

#include "integrators/registry.h"

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
    IntegratorSettings s;
    s.rhoInf =
        m.rhoInf >= 0.0 ? m.rhoInf : (rhoInf && info.capabilities.hasRhoInf ? *rhoInf : -1.0);
    if (alpha && info.capabilities.hasAlpha) s.alpha = alpha;
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

}  // namespace mbw
