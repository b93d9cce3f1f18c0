#pragma once
// The cost of reaching an accuracy, the figure of merit of the IFToMM / A Coruña benchmark
// (González, Dopico, Lugrís, Cuadrado 2006: the CPU time a method needs to reach the required
// precision). For each method of a study (an integrator with its effective rho_inf, in one
// formulation, on one scene variant) and each threshold: the completed run of least CPU time whose
// error is at most the threshold. A run's error is the study's measure (max, rms or final) of each
// compared output, the largest over the outputs; a run that failed or has no error reaches nothing.

#include <optional>
#include <string>
#include <vector>

#include "studies/run_record.h"
#include "studies/study.h"
#include "studies/work_precision.h"

namespace mbw {

struct ThresholdCell {
  int run = -1;  // the cheapest run that reaches the threshold; < 0: none does
  double error = RunRecord::kNone;
  double cpuSeconds = RunRecord::kNone,
         cpuSecondsMax = RunRecord::kNone;  // least and most of its repetitions
};

struct ThresholdRow {
  int variant = 0;
  std::string formulation, method, family;  // family: "index-3 DAE", "state-space ODE", ...
  int runs = 0, completed = 0;
  ThresholdCell best;                // the run of smallest error
  std::vector<ThresholdCell> cells;  // one per threshold
};

// The error of a run by the rule above (RunRecord::kNone when it has none).
double runError(const RunRecord& record, ErrorMeasure measure);

// One row per method, in the order of the study's runs.
std::vector<ThresholdRow> thresholdTable(const Study& study,
                                         const std::vector<std::optional<RunRecord>>& records,
                                         ErrorMeasure measure,
                                         const std::vector<double>& thresholds);

// One line saying what the table measures: "The cheapest run of each method whose error (max over
// the run, the largest of p1_x, p1_y; against REFERENCE) is at most each threshold."
std::string thresholdTableHeading(const Study& study, ErrorMeasure measure);

// The rows as a Markdown table: method, family, its smallest error (with its setting and CPU
// time), then for each threshold the cheapest setting that reaches it, its error and CPU time
// ("not reached" otherwise); CPU times as the least of the repetitions, with the most after a dash
// when they differ; a scene column when the study has several variants.
std::string thresholdTableMarkdown(const Study& study, const std::vector<ThresholdRow>& rows,
                                   const std::vector<double>& thresholds);

// The table of a study's records as a front end shows and keeps it: the heading
// (thresholdTableHeading) and the Markdown table of thresholdTable's rows; markdown() is the text
// of the file that keeps them (a sweep's thresholds.md, study_file.h): the heading, a blank line,
// the table.
struct ThresholdReport {
  std::string heading, table;
  std::string markdown() const { return heading + "\n\n" + table; }
};
ThresholdReport thresholdReport(const Study& study,
                                const std::vector<std::optional<RunRecord>>& records,
                                ErrorMeasure measure, const std::vector<double>& thresholds);

}  // namespace mbw
