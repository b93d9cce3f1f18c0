// The one-page report of a run: motion, energy, constraints, steps (see run_report_figure.h).
#include "run_report_figure.h"

#include <algorithm>
#include <cmath>

namespace mbw::plot {
namespace {

// a channel against time (empty when the run lacks it)
plot::Series series(const Results& r, const std::string& channel, const std::string& name = "") {
  plot::Series s;
  s.name = name.empty() ? channel : name;
  // the time column as x; the channel's values as y when it exists
  s.x = r.columnValues(0);
  const int c = r.column(channel);
  if (c >= 0) s.y = r.columnValues(c);
  return s;
}

// a series as magnitudes
plot::Series absolute(plot::Series s) {
  for (double& y : s.y) y = std::abs(y);
  return s;
}

// the span of the values
double range(const std::vector<double>& v) {
  if (v.empty()) return 0.0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return *hi - *lo;
}

// for each body (at most five), the frame origin coordinate that moves the most
plot::Chart motionChart(const Results& r) {
  plot::Chart c{"Body motion", {"t [s]"}, {"position [m]"}, {}};
  // a body is known by its ".x" channel; its three coordinates compete on their span
  for (int col = 1; col < r.columnCount() && c.series.size() < 5; ++col) {
    const std::string& name = r.channels()[col].name;
    if (name.size() < 2 || name.compare(name.size() - 2, 2, ".x") != 0) continue;
    // the body's name, and the coordinate of it that moves the most
    const std::string body = name.substr(0, name.size() - 2);
    std::string best;
    double bestRange = -1.0;
    for (const char* axis : {".x", ".y", ".z"}) {
      const double span = range(r.columnValues(r.column(body + axis)));
      if (span > bestRange) {
        bestRange = span;
        best = body + axis;
      }
    }
    // that coordinate against time
    c.series.push_back(series(r, best));
  }
  return c;
}

}  // namespace

plot::Figure runReportFigure(const Results& r) {
  // the page: scene, formulation, integrator and step, two charts a row
  plot::Figure f;
  f.title = r.metadataValue("scene") + "  -  " + r.metadataValue("formulation") + ", " +
            r.metadataValue("integrator") + ", h = " + r.metadataValue("step") + " s";
  f.columns = 2;
  f.chartHeight = 330;
  f.charts.push_back(motionChart(r));

  // the energy terms, the balance, the violations
  plot::Chart energy{"Energy", {"t [s]"}, {"energy [J]"}, {}};
  for (const char* e : {"kinetic", "potential", "work_in", "dissipated"})
    energy.series.push_back(series(r, std::string("energy.") + e, e));
  f.charts.push_back(energy);

  // the balance alone: zero when energy is conserved up to the work done and dissipated
  plot::Chart balance{"Energy balance E - E0 - W_in + D", {"t [s]"}, {"balance [J]"}, {}};
  balance.series.push_back(series(r, "energy.balance", "balance"));
  balance.legend = false;
  f.charts.push_back(balance);

  // position and velocity violations as magnitudes on a log axis
  plot::Chart violation{"Constraint violation (max norm)", {"t [s]"}, {"|violation|", true}, {}};
  violation.series.push_back(absolute(series(r, "violation.position", "position [m]")));
  violation.series.push_back(absolute(series(r, "violation.velocity", "velocity [m/s]")));
  f.charts.push_back(violation);

  // the step size and the Newton iterations of each step
  plot::Chart step{"Step size", {"t [s]"}, {"h [s]", true}, {}};
  step.series.push_back(series(r, "h", "h"));
  // markers too when there are few steps
  if (r.rowCount() < 200) step.series.back().style = plot::Series::Style::LineAndMarkers;
  step.legend = false;
  f.charts.push_back(step);

  // the iterations tell what each step cost
  plot::Chart newton{"Newton iterations per step", {"t [s]"}, {"iterations"}, {}};
  newton.series.push_back(series(r, "newton_iterations", "iterations"));
  newton.legend = false;
  f.charts.push_back(newton);

  // the first row holds the initial state, not a step: the step and iteration charts drop it
  for (plot::Chart* c : {&f.charts[4], &f.charts[5]})
    for (plot::Series& s : c->series)
      if (!s.x.empty()) {
        s.x.erase(s.x.begin());
        s.y.erase(s.y.begin());
      }
  return f;
}

}  // namespace mbw::plot
