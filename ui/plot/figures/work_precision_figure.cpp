// A work-precision figure of a study: CPU time against error (see work_precision_figure.h).
#include "work_precision_figure.h"

namespace mbw::plot {

plot::Figure workPrecisionFigure(const Study& study, const StudyOutcome& outcome,
                                 ErrorMeasure measure, const std::string& title) {
  // only the runs that made a record can be drawn
  const std::vector<RunRecord> records = outcome.madeRecords();
  // the outputs' units, from the channels a run records
  std::vector<std::string> units(study.outputs.size());
  // the first run's model tells the units; every run records the same outputs
  if (!study.runs.empty() && !outcome.models.empty()) {
    const RunSpec& first = study.runs.front();
    for (const Channel& c : runChannels(outcome.models.at(first.variant), first))
      for (size_t k = 0; k < study.outputs.size(); ++k)
        if (c.name == study.outputs[k]) units[k] = c.unit;
  }
  // a chart per output, a line per integrator
  plot::Figure f;
  f.title = title;
  f.columns = study.outputs.size() > 1 ? 2 : 1;
  f.chartHeight = 460;
  // error along the x axis, CPU time up: both logarithmic, the outputs' units in the labels
  for (size_t k = 0; k < study.outputs.size(); ++k) {
    const std::string unit = units[k].empty() ? "" : " [" + units[k] + "]";
    plot::Chart c{study.outputs[k],
                  {std::string(toString(measure)) + " error of " + study.outputs[k] + unit, true},
                  {"CPU time [s]", true},
                  {}};
    // each integrator's runs as a line
    for (const WorkPrecisionCurve& curve : workPrecisionCurves(study, records, k, measure)) {
      plot::Series s{curve.method, curve.error, curve.cpu};
      s.style = plot::Series::Style::LineAndMarkers;
      c.series.push_back(s);
    }
    f.charts.push_back(c);
  }
  return f;
}

}  // namespace mbw::plot
