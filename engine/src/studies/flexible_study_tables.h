#pragma once
// What the flexible-benchmark studies of Zhang et al. 2022 section 5 (flexible_benchmark_studies.h)
// give once their runs are made, for every front end to print or draw: the table of runs, the
// time histories of the figures' channels (Figs 14-16, 18-20, 22-24), the relative errors RE of
// Figures 25-27 (eq 26) by method over Delta t / n with their observed orders, and the Newton
// iterations per implicit time point S/N of Figure 28 by group and method.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "studies/flexible_benchmark_studies.h"
#include "studies/run_histories.h"
#include "studies/run_record.h"
#include "studies/study_table.h"

namespace mbw {

// A table with a row per run: method, group, Delta t, status, steps, iterations per step and per
// time point, CPU seconds, message.
StudyTable flexibleRunTable(const std::string& title);
void addFlexibleRunRow(StudyTable& table, const std::string& group, const Study& study,
                       const RunRecord& record);
// a group's short name in tables and charts: "(a)", "(b)", "(c)"
std::string groupKey(const MethodGroup& group);

// Writes the time histories of an experiment's channels in long format (method, t, channels...),
// a row per recorded time of every run kept. Throws TableError when the file cannot be written.
void writeFlexibleSeries(const std::string& path, const Experiment& experiment, const Study& study,
                         const RunHistories& histories);

// (Delta t / n, value) points of one method
using StepPoints = std::vector<std::pair<double, double>>;

// Figures 25-27 from the records of the convergence study (with its reference,
// addFlexibleConvergenceReference): the runs, RE of each output by run, the observed orders (least
// squares slopes over the completed runs), and each output's RE points by method label (NaN for
// a run that did not complete).
struct FlexibleConvergence {
  StudyTable runs, errors, orders;
  std::vector<std::map<std::string, StepPoints>> errorsByMethod;  // one per output
};
FlexibleConvergence flexibleConvergence(const Study& study, const std::vector<RunRecord>& records);

// Figure 28 on one example: S/N of the completed runs at the steps per stage of the study
// (stepsPerStage, in the study's order), by group and method; and their rows, the scene first,
// added to table (made by flexibleRunTable with a "scene" column in front).
std::vector<std::vector<StepPoints>> flexibleIterations(const std::string& scene,
                                                        const FlexibleStudy& flexible,
                                                        const std::vector<double>& stepsPerStage,
                                                        const std::vector<RunRecord>& records,
                                                        StudyTable& table);

}  // namespace mbw
