// The method-grid studies' figures (see method_grid_figures.h).

#include "method_grid_figures.h"

#include <sstream>

namespace mbw::plot {

// the time histories at one step size, every method of the study over one another
plot::Figure comparisonFigure(const std::string& scene, double step, bool perStage,
                              const Study& study, const std::vector<std::string>& channels,
                              const RunHistories& histories) {
  // titled by the scene and the step (per stage when the methods differ in stages)
  plot::Figure f;
  std::ostringstream title;
  title << scene << ": " << (perStage ? "Delta t / n = " : "Delta t = ") << step << " s";
  f.title = title.str();
  f.columns = 1;
  f.chartHeight = 380;
  // a chart per channel, a series per kept run
  for (const std::string& ch : channels) {
    plot::Chart c{ch, {"t [s]"}, {ch}, {}};
    // a run whose history was not kept has no series
    for (size_t k = 0; k < study.runs.size(); ++k)
      if (const Results* r = histories.history(static_cast<int>(k)))
        c.series.push_back({methodLabel(study.runs[k].settings), r->columnValues(0),
                            r->columnValues(r->column(ch))});
    f.charts.push_back(c);
  }
  return f;
}

// each method's convergence: RE of each output and S/N against the step per stage
plot::Figure methodConvergenceFigure(const Study& study, const std::vector<RunRecord>& records,
                                     const std::vector<std::string>& outputs,
                                     const std::string& title) {
  // two columns of charts, one per output and the iteration chart last
  plot::Figure f;
  f.title = title;
  f.columns = 2;
  f.chartHeight = 380;
  // a chart per output (RE), then S/N; a series per method over Delta t / n
  const auto byMethod = recordsByMethod(study, records);
  for (size_t k = 0; k <= outputs.size(); ++k) {
    // the last chart counts iterations on a linear axis; the others are errors on a log axis
    const bool iterations = k == outputs.size();
    plot::Chart c{iterations ? "Newton iterations per time point (S/N)" : "RE(" + outputs[k] + ")",
                  {"Delta t / n [s]", true},
                  {iterations ? "iterations" : "relative error", !iterations},
                  {}};
    for (const auto& [label, methodRecords] : byMethod) {
      // the method's runs as a line over the step per implicit stage
      plot::Series s{label, {}, {}};
      s.style = plot::Series::Style::LineAndMarkers;
      for (const RunRecord* r : methodRecords) {
        // the step per implicit stage: methods of different stage counts compare at equal cost
        const RunSpec& spec = study.runs[r->run];
        s.x.push_back(spec.settings.integratorSettings.step / implicitStages(spec));
        s.y.push_back(iterations ? iterationsPerTimePoint(r->stats) : r->errors[k].relative);
      }
      c.series.push_back(s);
    }
    f.charts.push_back(c);
  }
  return f;
}

}  // namespace mbw::plot
