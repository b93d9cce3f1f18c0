// The figures of Sandu et al. 2001's studies (see rosenbrock_nystrom_figures.h).

#include "rosenbrock_nystrom_figures.h"

#include <algorithm>

#include "analysis/reference_error.h"
#include "math/number_text.h"

namespace mbw::plot {

// Sandu et al. 2001 Figure 5: the steps an adaptive method takes, over the channel they follow
plot::Figure timingStudyFigure(const std::string& scene, const std::string& integrator,
                               double tolerance, const std::string& channel, const Results& r) {
  // the title names the scene, the method and the tolerance, as the paper's figure does
  plot::Figure f;
  f.title = scene + ": " + integrator + " at rtol = atol = " + formatTolerance(tolerance) +
            " (Sandu et al. 2001 Figure 5)";
  f.chartHeight = 330;
  // the steps without the initial row, above the channel
  std::vector<double> t = r.columnValues(0), h = r.columnValues(r.column("h"));
  t.erase(t.begin());
  h.erase(h.begin());
  // the step size on a log axis, headroom above its largest value
  plot::Chart step{"Integration step size", {"t [s]"}, {"h [s]", true}, {}};
  if (!h.empty())
    step.y.max = 1.5 * *std::max_element(h.begin(), h.end());  // markers clear of the edge
  step.series.push_back({"h", t, h, plot::Series::Style::LineAndMarkers});
  step.legend = false;
  // the channel's history, one line
  plot::Chart value{channel, {"t [s]"}, {channel}, {}};
  value.series.push_back({channel, r.columnValues(0), r.columnValues(r.column(channel))});
  value.legend = false;
  f.charts = {step, value};
  return f;
}

// the errors of each tolerance's run against a reference, for a channel and its rate
plot::Figure toleranceStudyFigure(const std::string& scene, const std::string& channel,
                                  const Results& reference, const std::vector<ToleranceRow>& rows,
                                  const RunHistories& histories) {
  // the title says what is compared; a grid of two columns
  plot::Figure f;
  f.title = scene + ": error of " + channel + " against the reference, rtol = atol = tol";
  f.columns = 2;
  f.chartHeight = 360;
  // the reference's channel and rate, then each run's error of them
  const std::vector<double> t = reference.columnValues(0);
  for (const std::string& c : {channel, channel + ".rate"}) {
    plot::Chart history{"Reference " + c, {"t [s]"}, {c}, {}};
    history.series.push_back({c, t, reference.columnValues(reference.column(c))});
    history.legend = false;
    f.charts.push_back(history);
  }
  // below them, each tolerance's pointwise error against the reference, on a log axis
  for (const std::string& c : {channel, channel + ".rate"}) {
    plot::Chart error{"Error of " + c, {"t [s]"}, {"|error|", true}, {}};
    for (const ToleranceRow& r : rows) {
      const Results* history = histories.history(r.run);
      if (!history) continue;  // a run whose history was not kept has no curve
      const TrajectoryError e = trajectoryError(*history, reference, c);
      error.series.push_back({"tol " + formatTolerance(r.tolerance), e.times, e.errors});
    }
    f.charts.push_back(error);
  }
  return f;
}

}  // namespace mbw::plot
