// The flexible studies' figures (see flexible_study_figures.h).

#include "flexible_study_figures.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "math/number_text.h"

namespace mbw::plot {

// one of the paper's experiment figures: the history of a quantity, a chart per method group
plot::Figure flexibleExperimentFigure(const Experiment& e, const ExperimentFigure& f,
                                      const FlexibleStudy& flexible,
                                      const std::vector<RunRecord>& records,
                                      const RunHistories& histories) {
  const Study& study = flexible.study;
  // the title as the paper's: figure number, scene, quantity and step per stage
  plot::Figure figure;
  std::ostringstream title;
  title << "Fig. " << f.number << ": " << e.scene << ", " << f.quantity
        << ", Delta t / n = " << e.stepPerStage << " s";
  figure.title = title.str();
  figure.columns = 1;
  figure.chartHeight = 360;
  // a chart per group, each kept run of the group a series
  for (size_t g = 0; g < flexible.groups.size(); ++g) {
    plot::Chart c{flexible.groups[g].title, {"t [s]"}, {f.quantity}, {}};
    for (size_t m = 0; m < flexible.groups[g].methods.size(); ++m) {
      // skip a run without history or without the channel
      const int run = flexible.run(static_cast<int>(g), static_cast<int>(m));
      const Results* r = histories.history(run);
      if (!r || r->rowCount() == 0 || r->column(f.channel) < 0) continue;
      // a run is failed unless its record says completed; its label says when it stopped
      bool failed = true;
      for (const RunRecord& rec : records)
        if (rec.run == run) failed = rec.status != RunStatus::Completed;
      const double lastTime = r->at(r->rowCount() - 1, 0);
      plot::Series s{methodLabel(study.runs[run].settings) +
                         (failed ? " (failed at t = " + formatNumber(lastTime, 4) + " s)" : ""),
                     {},
                     {}};
      // the rows of the figure's window only (a run that failed in its run-in keeps the row of
      // its failure, before the window)
      const double from = study.runs[run].settings.recordFrom;
      const int col = r->column(f.channel);
      for (size_t row = 0; row < r->rowCount(); ++row)
        if (r->at(row, 0) >= from) s.x.push_back(r->at(row, 0)), s.y.push_back(r->at(row, col));
      s.dashed = m >= 7;  // dashed from the eighth method: the 8 colours repeat in a group of ten
      c.series.push_back(std::move(s));
    }
    figure.charts.push_back(std::move(c));
  }
  return figure;
}

// a convergence figure of the rotating shaft: RE at mid-span against the step per stage
plot::Figure flexibleConvergenceFigure(int number, const std::string& quantity,
                                       const std::vector<MethodGroup>& groups,
                                       const std::map<std::string, StepPoints>& errors,
                                       const std::string& reference) {
  // three panels side by side
  plot::Figure f;
  f.title = "Fig. " + std::to_string(number) + ": rotating-shaft, RE(" + quantity +
            ") at mid-span against " + reference.substr(0, reference.find(" ("));
  f.columns = 3;
  f.chartHeight = 460;
  f.width = 1500;
  // a chart per group (the paper's panel (a) holds both rho_inf: twenty series, more than the
  // palette's colours and dashes tell apart), on one error range so that the panels compare
  double lo = INFINITY, hi = 0.0;
  // the smallest and largest positive error over every method
  for (const auto& [label, points] : errors)
    for (const auto& [h, e] : points)
      if (std::isfinite(e) && e > 0.0) lo = std::min(lo, e), hi = std::max(hi, e);
  for (const MethodGroup& g : groups) {
    plot::Chart c{g.title, {"Delta t / n [s]", true}, {"relative error", true}, {}};
    // the panels' common range, with a margin
    if (hi > 0.0) c.y.min = lo / 1.5, c.y.max = hi * 1.5;
    for (size_t m = 0; m < g.methods.size(); ++m) {
      const std::string label = g.methods[m].label();
      plot::Series s{label, {}, {}};
      s.style = plot::Series::Style::LineAndMarkers;
      s.dashed = m >= 7;  // as in the study's other figures
      // a method without errors keeps its place in the legend, with no points
      const auto it = errors.find(label);
      if (it != errors.end())
        for (const auto& [h, e] : it->second)
          if (std::isfinite(e)) s.x.push_back(h), s.y.push_back(e);
      c.series.push_back(std::move(s));
    }
    f.charts.push_back(std::move(c));
  }
  return f;
}

// an empty figure of three panels; the caller adds one chart per group and scene
plot::Figure flexibleIterationsFigure() {
  plot::Figure f;
  f.title = "Fig. 28: Newton iterations per implicit time point S/N";
  f.columns = 3;
  f.chartHeight = 300;
  f.width = 1500;
  return f;
}

// Fig. 28's charts for one scene: S/N of each method against the step per stage
std::vector<plot::Chart> flexibleIterationCharts(
    const std::string& scene, const std::vector<MethodGroup>& groups,
    const std::vector<std::vector<StepPoints>>& points) {
  std::vector<plot::Chart> charts;
  // a chart per group, a series per method over the steps
  for (size_t g = 0; g < groups.size(); ++g) {
    const MethodGroup& group = groups[g];
    plot::Chart c{scene + " " + groupKey(group), {"Delta t / n [s]", true}, {"S / N"}, {}};
    for (size_t m = 0; m < group.methods.size(); ++m) {
      // each method's S/N over the steps per stage, dashed past the seventh
      plot::Series s{group.methods[m].label(), {}, {}};
      s.style = plot::Series::Style::LineAndMarkers;
      s.dashed = m >= 7;
      for (const auto& [h, iterations] : points[g][m]) s.x.push_back(h), s.y.push_back(iterations);
      c.series.push_back(std::move(s));
    }
    charts.push_back(std::move(c));
  }
  return charts;
}

}  // namespace mbw::plot
