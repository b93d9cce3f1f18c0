// The linear analysis's figure (see linear_analysis_figure.h).

#include "linear_analysis_figure.h"

namespace mbw::plot {
namespace {

// AD and PE are drawn on a linear abscissa up to this Delta t / (n T)
constexpr double kLinearRange = 0.5;

}  // namespace

// the three charts of Zhang et al. 2022's linear analysis, the step measured in periods
plot::Figure linearAnalysisFigure(const std::vector<LinearAnalysisCurve>& curves) {
  plot::Figure f;
  f.title = "Linear analysis on x'' + w^2 x = 0 (Zhang et al. 2022 section 4)";
  f.columns = 1;
  f.chartHeight = 360;
  // AD and PE on a linear abscissa up to kLinearRange, rho over the whole grid
  plot::Chart ad{"Amplitude decay (Figures 2, 5)", {"Delta t / (n T)"}, {"AD [%]"}, {}};
  plot::Chart pe{"Period elongation (Figures 3, 6)", {"Delta t / (n T)"}, {"PE [%]"}, {}};
  plot::Chart rho{"Spectral radius (Figures 4, 7)", {"Delta t / (n T)", true}, {"rho"}, {}};
  // the small-step end where AD and PE are read; rho between 0 and just above 1
  ad.x.min = pe.x.min = 0.0;
  ad.x.max = pe.x.max = kLinearRange;
  rho.y.min = 0.0;
  rho.y.max = 1.05;
  // a series per method in each chart
  for (const LinearAnalysisCurve& c : curves) {
    // a series of each measure for the method, named after it
    plot::Series a{c.label, {}, {}}, p{c.label, {}, {}}, r{c.label, {}, {}};
    // every point goes to rho; only the small-step end to AD and PE
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
    // the method's three series, one in each chart
    ad.series.push_back(a);
    pe.series.push_back(p);
    rho.series.push_back(r);
  }
  f.charts = {ad, pe, rho};
  return f;
}

}  // namespace mbw::plot
