// The flexible-benchmark studies' tables and points (see flexible_study_tables.h).

#include "studies/flexible_study_tables.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>

#include "analysis/integrator_study.h"
#include "math/number_text.h"
#include "studies/method_grid.h"
#include "studies/results_table.h"

namespace mbw {

// --- the runs table ------------------------------------------------------------------------------

StudyTable flexibleRunTable(const std::string& title) {
  // the columns of a run's row: method, group, step, outcome, newton counts and cpu time
  StudyTable t;
  t.title = title;
  t.header = {"method",  "group",    "dt",    "status", "steps",
              "it/step", "it/point", "cpu_s", "message"};
  return t;
}

void addFlexibleRunRow(StudyTable& table, const std::string& group, const Study& study,
                       const RunRecord& r) {
  // a run's row, its method named with its damping
  const RunStatistics& s = r.stats;
  table.rows.push_back({methodLabel(study.runs[r.run].settings), group,
                        cell(study.runs[r.run].settings.integratorSettings.step),
                        toString(r.status), std::to_string(s.steps), cell(iterationsPerStep(s)),
                        cell(iterationsPerTimePoint(s)), cell(s.cpuSeconds), r.message});
}

// "(a)", "(b)", "(c)": the group's key in the tables
std::string groupKey(const MethodGroup& group) { return group.title.substr(0, 3); }

// --- the experiments' series ---------------------------------------------------------------------

void writeFlexibleSeries(const std::string& path, const Experiment& e, const Study& study,
                         const RunHistories& histories) {
  // the scene and step as comment lines, then a column per figure's channel
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  out << "# scene: " << e.scene << "\n# Delta t / n: " << e.stepPerStage << " s\nmethod,t";
  for (const ExperimentFigure& f : e.figures) out << ',' << f.channel;
  // the numbers to ten significant digits
  out << "\n" << std::setprecision(10);
  // each kept run's rows, the channels it lacks as NaN
  for (size_t run = 0; run < study.runs.size(); ++run) {
    const Results* r = histories.history(static_cast<int>(run));
    // a run without a kept history is left out
    if (!r) continue;
    // the run's column of each channel, -1 where it has none
    std::vector<int> columns;
    for (const ExperimentFigure& f : e.figures) columns.push_back(r->column(f.channel));
    for (size_t row = 0; row < r->rowCount(); ++row) {
      // the method quoted, then the time and the channels
      out << '"' << methodLabel(study.runs[run].settings) << "\"," << r->at(row, 0);
      for (int c : columns) out << ',' << (c >= 0 ? r->at(row, c) : NAN);
      out << "\n";
    }
  }
}

// --- the convergence study -----------------------------------------------------------------------

FlexibleConvergence flexibleConvergence(const Study& study, const std::vector<RunRecord>& records) {
  // the runs table, and the RE table titled with the window compared and the reference
  const RunSettings& base = study.runs.front().settings;
  FlexibleConvergence out;
  out.runs = flexibleRunTable("rotating-shaft: runs of the convergence study");
  out.errors.title = "rotating-shaft: RE (Zhang et al. 2022 eq 26) at mid-span, t in [" +
                     formatNumber(std::max(base.recordFrom, base.tStart)) + ", " +
                     formatNumber(base.tEnd) + "] s, against " +
                     study.references.front().description;
  // the header, and one list of RE per output, for the figures
  out.errors.header = {"method", "dt/n", "RE(u3)", "RE(v3)", "RE(a3)", "it/point"};
  out.errorsByMethod.resize(3);
  // a row per run: RE of u3, v3, a3 where it completed
  for (const RunRecord& r : records) {
    // the step per stage of the run, and its row in the runs table
    const RunSpec& spec = study.runs[r.run];
    const std::string label = methodLabel(spec.settings);
    const double h = spec.settings.integratorSettings.step / implicitStages(spec);
    addFlexibleRunRow(out.runs, "", study, r);
    std::vector<std::string> row{label, cell(h)};
    for (size_t k = 0; k < 3; ++k) {
      const double e = r.status == RunStatus::Completed ? r.errors[k].relative : NAN;
      // each output's RE, also kept by method for the figures
      out.errorsByMethod[k][label].push_back({h, e});
      row.push_back(cell(e));
    }
    // then the run's Newton iterations per time point
    row.push_back(cell(iterationsPerTimePoint(r.stats)));
    out.errors.rows.push_back(row);
  }
  // observed orders (least-squares slopes over the completed runs)
  out.orders.title = "observed orders of RE against Delta t / n";
  out.orders.header = {"method", "u3", "v3", "a3"};
  std::vector<std::vector<MethodOrder>> slopes;
  // a slope per output and method, from the records of all steps
  for (size_t k = 0; k < 3; ++k) slopes.push_back(observedOrders(study, records, k));
  // a row per method: its slopes for u3, v3 and a3
  for (size_t m = 0; m < slopes[0].size(); ++m)
    out.orders.rows.push_back({slopes[0][m].method, cell(slopes[0][m].order),
                               cell(slopes[1][m].order), cell(slopes[2][m].order)});
  return out;
}

// --- the Newton iterations -----------------------------------------------------------------------

// one example of Figure 28: its rows added to the table, its points returned
std::vector<std::vector<StepPoints>> flexibleIterations(const std::string& scene,
                                                        const FlexibleStudy& flexible,
                                                        const std::vector<double>& stepsPerStage,
                                                        const std::vector<RunRecord>& records,
                                                        StudyTable& table) {
  std::vector<std::vector<StepPoints>> points;
  // group by group, method by method: its runs' rows, and S/N of those that completed
  for (size_t g = 0; g < flexible.groups.size(); ++g) {
    const MethodGroup& group = flexible.groups[g];
    points.emplace_back(group.methods.size());
    for (size_t m = 0; m < group.methods.size(); ++m)
      for (const RunRecord& r : records) {
        // the run's place in the groups says whose it is
        const FlexibleRun& place = flexible.runs[r.run];
        if (place.group != static_cast<int>(g) || place.method != static_cast<int>(m)) continue;
        addFlexibleRunRow(table, groupKey(group), flexible.study, r);
        // its row, led by the scene's name
        table.rows.back().insert(table.rows.back().begin(), scene);
        if (r.status == RunStatus::Completed)
          points[g][m].push_back({stepsPerStage[place.step], iterationsPerTimePoint(r.stats)});
      }
  }
  return points;
}

}  // namespace mbw
