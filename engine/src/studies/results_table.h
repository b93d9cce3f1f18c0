#pragma once
// The long-format results table of a study: one row per run, its settings and its record
// (run_record.h). Comment lines come first ("# study: ...", "# reference k: ...", "# units: ...",
// "# executor: ..."), then the header row, then the rows. Numbers are written in the shortest
// form that reads back to the same double; cells holding commas or quotes are quoted (RFC 4180).
//
// Columns, in order:
//   run, scene, <each varied field's JSON pointer>, analysis, formulation, integrator, method,
//   rho_inf, stages, step_control, step, step_per_stage, rtol, atol, newton_tolerance,
//   linear_solver, jacobian_update, t_end, repeat, reference,
//   status, message, t_reached, steps, rejected, rejected_error, rejected_newton, rejected_other,
//   rejections, newton_iterations, time_points, iterations_per_step, iterations_per_time_point,
//   factorizations, jacobian_evaluations, function_evaluations, cpu_s, cpu_s_max, cpu_s_by_phase,
//   energy_balance_min, energy_balance_max, energy_balance_final, violation_position_max,
//   violation_velocity_max,
//   for each output O: max_error(O), t_max_error(O), rms_error(O), mean_error(O), final_error(O),
//   re(O),
//   for each checkpoint T: cpu_s_at(T).

#include <stdexcept>
#include <string>
#include <vector>

#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw {

class TableError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A CSV table as text cells: its comment lines (without "# "), header and rows.
struct TextTable {
  std::vector<std::string> comments;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  int column(const std::string& name) const;  // -1 if absent
  // the unit of a column from the "units:" comment ("" when none is given)
  std::string unit(const std::string& column) const;
};

// Reads a CSV table; a last line without its newline (a run killed while writing) is left out.
// Throws TableError naming the file and line.
TextTable readTextTable(const std::string& path);

std::string csvLine(const std::vector<std::string>& cells);
std::vector<std::string> splitCsvLine(const std::string& line);
// shortest round-trip text of a number; "" for NaN
std::string numberText(double value);
// a number cell; NaN for "" (throws TableError for other text)
double numberCell(const std::string& text);

std::vector<std::string> resultsTableHeader(const Study& study);
// "units: step=s; cpu_s=s; ..." with the units of the outputs' errors (one per output)
std::string resultsTableUnits(const Study& study, const std::vector<std::string>& outputUnits);
// the comment lines of a study's table (study, references)
std::vector<std::string> resultsTableComments(const Study& study);

std::vector<std::string> resultsTableRow(const Study& study, const RunRecord& record);
// The record of a row written for this study. Throws TableError when the row's settings are not
// those of the study's run with that index (the study changed since the table was written).
RunRecord parseResultsTableRow(const Study& study, const std::vector<std::string>& header,
                               const std::vector<std::string>& row);

}  // namespace mbw
