#include "studies/results_table.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "integrators/registry.h"
#include "math/number_text.h"

namespace mbw {
namespace {

// --- columns of the results table ----------------------------------------------------------------

// after the settings: the run's outcome, counts, cpu times, energy and violation extremes
const char* kRunColumns[] = {"status",
                             "message",
                             "t_reached",
                             "steps",
                             "rejected",
                             "rejected_error",
                             "rejected_newton",
                             "rejected_other",
                             "rejections",
                             "newton_iterations",
                             "time_points",
                             "iterations_per_step",
                             "iterations_per_time_point",
                             "factorizations",
                             "jacobian_evaluations",
                             "function_evaluations",
                             "cpu_s",
                             "cpu_s_max",
                             "cpu_s_by_phase",
                             "energy_balance_min",
                             "energy_balance_max",
                             "energy_balance_final",
                             "violation_position_max",
                             "violation_velocity_max"};
// then, for each output compared, its error measures
const char* kErrorMeasures[] = {"max_error",  "t_max_error", "rms_error",
                                "mean_error", "final_error", "re"};

std::string integerText(long value) { return std::to_string(value); }

// a ratio of counts; 0 over none
double ratio(long a, long b) { return b ? double(a) / double(b) : 0.0; }

// the settings columns of one run (run, scene, varied fields, ... reference)
std::vector<std::string> settingCells(const Study& study, int index) {
  // which run: its index, scene and the values of the varied fields
  const RunSpec& spec = study.runs.at(index);
  const SceneVariant& variant = study.variants.at(spec.variant);
  std::vector<std::string> c = {integerText(index), variant.scene};
  for (const std::string& pointer : study.variedFields) {
    // empty where this variant's scene does not vary the field
    std::string value;
    for (const auto& [p, v] : variant.fields)
      if (p == pointer) value = v;
    c.push_back(value);
  }
  // how it ran: analysis, method, damping, stages, step control, tolerances, linear algebra
  const bool kinematics = spec.analysis == RunAnalysis::Kinematics;
  const RunSettings& s = spec.settings;
  const IntegratorSettings& is = s.integratorSettings;
  const IntegratorInfo* info = kinematics ? nullptr : findIntegrator(s.integrator);
  const bool variable = !kinematics && is.variableStep;
  const double step = kinematics ? spec.kinematics.step : is.step;
  const int stages = implicitStages(spec);
  // the analysis and the method; a kinematic run has no integrator
  c.push_back(kinematics ? "kinematics" : "dynamics");
  c.push_back(s.formulation);
  c.push_back(kinematics ? "" : s.integrator);
  c.push_back(kinematics ? "kinematics" : methodLabel(s));
  c.push_back(info && info->capabilities.hasRhoInf ? numberText(effectiveRhoInf(*info, is)) : "");
  // the stages, the step control and the step, whole and per stage
  c.push_back(integerText(stages));
  c.push_back(variable ? "variable" : "fixed");
  c.push_back(numberText(step));
  c.push_back(numberText(step / stages));
  // the tolerances: rtol and atol of a variable step, and the newton (or position) tolerance
  c.push_back(variable ? numberText(is.rtol) : "");
  c.push_back(variable ? numberText(is.atol) : "");
  c.push_back(numberText(kinematics ? spec.kinematics.tolerance : is.newtonTolerance));
  // the linear algebra of the newton iterations
  c.push_back(kinematics ? "" : is.linearSolver);
  c.push_back(kinematics ? "" : is.jacobianUpdate);
  // how long, how often, and against which reference
  c.push_back(numberText(endTime(spec)));
  c.push_back(integerText(spec.repeat));
  c.push_back(spec.reference >= 0 ? integerText(spec.reference) : "");
  return c;
}

const std::vector<std::string>& settingColumnsAfterVariations() {
  // the settings columns after the varied fields, in settingCells' order
  static const std::vector<std::string> columns = {
      "analysis", "formulation",      "integrator",    "method",          "rho_inf",
      "stages",   "step_control",     "step",          "step_per_stage",  "rtol",
      "atol",     "newton_tolerance", "linear_solver", "jacobian_update", "t_end",
      "repeat",   "reference"};
  return columns;
}

// --- named values in a cell (rejections by reason, cpu time by phase) ----------------------------

// a name with its separators escaped: \ and | become \\ and \|
std::string escaped(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c == '\\' || c == '|') out += '\\';
    out += c;
  }
  return out;
}

// "name: value | name: value", names escaped
template <class Value>
std::string namedValuesText(const std::map<std::string, Value>& values) {
  std::string text;
  for (const auto& [name, value] : values)
    text +=
        (text.empty() ? "" : " | ") + escaped(name) + ": " + numberText(static_cast<double>(value));
  return text;
}

// the items of namedValuesText, unescaped
std::vector<std::string> namedItems(const std::string& text) {
  std::vector<std::string> items(1);
  for (size_t i = 0; i < text.size(); ++i) {
    // an escaped character is kept as it is; a bare | starts the next item
    if (text[i] == '\\' && i + 1 < text.size())
      items.back() += text[++i];
    else if (text[i] == '|')
      items.emplace_back();
    else
      items.back() += text[i];
  }
  return items;
}

// the inverse of namedValuesText: its items into the map
template <class Value>
void parseNamedValues(const std::string& text, std::map<std::string, Value>& out) {
  for (std::string item : namedItems(text)) {
    // trim the item, then split at the last ": " so that names may hold colons
    while (!item.empty() && item.front() == ' ') item.erase(0, 1);
    while (!item.empty() && item.back() == ' ') item.pop_back();
    const size_t colon = item.rfind(": ");
    // an item without a value (the one item of an empty cell) gives nothing
    if (colon == std::string::npos) continue;
    out[item.substr(0, colon)] = static_cast<Value>(numberCell(item.substr(colon + 2)));
  }
}

// --- reading cells back --------------------------------------------------------------------------

RunStatus statusOf(const std::string& text) {
  // a status by its printed name
  for (RunStatus s :
       {RunStatus::Completed, RunStatus::Failed, RunStatus::Cancelled, RunStatus::Running})
    if (text == toString(s)) return s;
  throw TableError("unknown status '" + text + "'");
}

long integerCell(const std::string& text) {
  // the whole cell must read as the integer
  long v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size())
    throw TableError("'" + text + "' is not an integer");
  return v;
}

}  // namespace

// --- text tables: csv with comment lines ---------------------------------------------------------

int TextTable::column(const std::string& name) const {
  // -1 when the table has no such column
  for (size_t c = 0; c < header.size(); ++c)
    if (header[c] == name) return static_cast<int>(c);
  return -1;
}

std::string TextTable::unit(const std::string& columnName) const {
  // the units comment reads "units: column=unit; column=unit; ..."
  for (const std::string& comment : comments) {
    if (comment.rfind("units: ", 0) != 0) continue;
    // the items after the prefix, each trimmed at its start
    std::stringstream items(comment.substr(7));
    for (std::string item; std::getline(items, item, ';');) {
      while (!item.empty() && item[0] == ' ') item.erase(0, 1);
      const size_t eq = item.rfind('=');
      if (eq != std::string::npos && item.substr(0, eq) == columnName) return item.substr(eq + 1);
    }
  }
  return "";
}

TextTable readTextTable(const std::string& path) {
  // the whole file at once
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TableError("cannot read '" + path + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  // a torn last line (the writer was killed) is not a row
  if (!text.empty() && text.back() != '\n')
    text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  TextTable t;
  std::stringstream lines(text);
  // comment lines, then the header, then rows of the header's width; blank lines skipped
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (line.empty()) continue;
    // a comment line: "# " and its text
    if (line[0] == '#') {
      t.comments.push_back(line.size() > 2 ? line.substr(2) : "");
      continue;
    }
    // the first other line is the header; the rows after it must be as wide
    std::vector<std::string> cells = splitCsvLine(line);
    if (t.header.empty()) {
      t.header = std::move(cells);
      continue;
    }
    // a row of another width names its line
    if (cells.size() != t.header.size())
      throw TableError(path + ":" + std::to_string(number) + ": expected " +
                       std::to_string(t.header.size()) + " cells, found " +
                       std::to_string(cells.size()));
    t.rows.push_back(std::move(cells));
  }
  if (t.header.empty()) throw TableError(path + ": no header row");
  return t;
}

std::string csvLine(const std::vector<std::string>& cells) {
  // cells with a comma, a quote or a newline are quoted, quotes doubled, newlines made spaces
  std::string line;
  for (size_t k = 0; k < cells.size(); ++k) {
    if (k) line += ',';
    const std::string& c = cells[k];
    // a plain cell as it is, else in quotes
    if (c.find_first_of(",\"\n") == std::string::npos) {
      line += c;
      continue;
    }
    line += '"';
    for (char ch : c) {
      if (ch == '\n') ch = ' ';
      if (ch == '"') line += '"';
      line += ch;
    }
    line += '"';
  }
  return line;
}

std::vector<std::string> splitCsvLine(const std::string& line) {
  // the inverse of csvLine: doubled quotes inside quotes are one quote
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    // in quotes, a doubled quote is one quote and a single one ends them; outside, a quote
    // starts them, a comma ends the cell, and carriage returns are dropped
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"')
        cells.back() += line[++i];
      else if (ch == '"')
        quoted = false;
      else
        cells.back() += ch;
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      cells.emplace_back();
    } else if (ch != '\r') {
      cells.back() += ch;
    }
  }
  return cells;
}

// missing values are empty cells, and empty cells read as missing
std::string numberText(double value) { return std::isnan(value) ? "" : formatShortest(value); }

double numberCell(const std::string& text) {
  // an empty cell is a missing value; else the whole cell must read as a number
  if (text.empty()) return std::numeric_limits<double>::quiet_NaN();
  double v = 0.0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size())
    throw TableError("'" + text + "' is not a number");
  return v;
}

// --- the results table of a study: one row per run -----------------------------------------------

std::vector<std::string> resultsTableHeader(const Study& study) {
  // settings first, then the outcome, the errors per output, the cpu time at each checkpoint
  // run and scene, the varied fields, the other settings
  std::vector<std::string> h = {"run", "scene"};
  h.insert(h.end(), study.variedFields.begin(), study.variedFields.end());
  const auto& settings = settingColumnsAfterVariations();
  h.insert(h.end(), settings.begin(), settings.end());
  // the run's outcome, each output's error measures, the checkpoints' CPU times
  for (const char* c : kRunColumns) h.push_back(c);
  for (const std::string& o : study.outputs)
    for (const char* m : kErrorMeasures) h.push_back(std::string(m) + "(" + o + ")");
  for (double t : study.checkpoints) h.push_back("cpu_s_at(" + numberText(t) + ")");
  return h;
}

std::string resultsTableUnits(const Study& study, const std::vector<std::string>& outputUnits) {
  // the units of time and energy columns, and of each output's errors where its unit is known
  std::string text =
      "units: step=s; step_per_stage=s; t_end=s; t_reached=s; cpu_s=s; cpu_s_max=s; "
      "energy_balance_min=J; energy_balance_max=J; energy_balance_final=J";
  for (size_t k = 0; k < study.outputs.size(); ++k) {
    const std::string& u = k < outputUnits.size() ? outputUnits[k] : "";
    if (u.empty()) continue;
    // the errors in the output's unit and the time of the largest in s; RE has none
    for (const char* m : {"max_error", "rms_error", "mean_error", "final_error"})
      text += std::string("; ") + m + "(" + study.outputs[k] + ")=" + u;
    text += "; t_max_error(" + study.outputs[k] + ")=s";
  }
  for (double t : study.checkpoints) text += "; cpu_s_at(" + numberText(t) + ")=s";
  return text;
}

std::vector<std::string> resultsTableComments(const Study& study) {
  // which study, and what each reference run is
  std::vector<std::string> c = {"study: " + study.title};
  for (size_t k = 0; k < study.references.size(); ++k)
    c.push_back("reference " + std::to_string(k) + ": " + study.references[k].description);
  return c;
}

std::vector<std::string> resultsTableRow(const Study& study, const RunRecord& r) {
  // the settings as the study says them, then the outcome as the run recorded it
  std::vector<std::string> c = settingCells(study, r.run);
  const RunStatistics& s = r.stats;
  // the rejections split by cause: the error estimate, Newton, the others
  const long errorRejections = rejectedByErrorEstimate(s), newtonRejections = rejectedByNewton(s);
  // the outcome's cells, in the order of kRunColumns
  for (const std::string& cell : {std::string(toString(r.status)),
                                  r.message,
                                  numberText(r.tReached),
                                  integerText(s.steps),
                                  integerText(s.rejectedSteps),
                                  integerText(errorRejections),
                                  integerText(newtonRejections),
                                  integerText(s.rejectedSteps - errorRejections - newtonRejections),
                                  namedValuesText(s.rejections),
                                  integerText(s.newtonIterations),
                                  integerText(s.timePoints),
                                  numberText(ratio(s.newtonIterations, s.steps)),
                                  numberText(ratio(s.newtonIterations, s.timePoints)),
                                  integerText(s.factorizations),
                                  integerText(s.jacobianEvaluations),
                                  integerText(s.functionEvaluations),
                                  numberText(s.cpuSeconds),
                                  numberText(r.cpuSecondsMax),
                                  namedValuesText(s.phaseSeconds),
                                  numberText(r.energyBalanceMin),
                                  numberText(r.energyBalanceMax),
                                  numberText(r.energyBalanceFinal),
                                  numberText(r.violationPositionMax),
                                  numberText(r.violationVelocityMax)})
    c.push_back(cell);
  // the six error measures of each output, empty where not measured
  for (size_t k = 0; k < study.outputs.size(); ++k) {
    const ErrorMeasures e = k < r.errors.size() ? r.errors[k] : ErrorMeasures{};
    for (double v : {e.max, e.timeOfMax, e.rms, e.mean, e.final, e.relative})
      c.push_back(numberText(v));
  }
  // the cpu time at each checkpoint, empty where not reached
  for (size_t k = 0; k < study.checkpoints.size(); ++k)
    c.push_back(numberText(k < r.cpuAt.size() ? r.cpuAt[k] : RunRecord::kNone));
  return c;
}

RunRecord parseResultsTableRow(const Study& study, const std::vector<std::string>& header,
                               const std::vector<std::string>& row) {
  // a row is only taken back if the study still makes the same run: same columns, same settings
  if (header != resultsTableHeader(study))
    throw TableError("its columns are not this study's (the study changed since it was written)");
  RunRecord r;
  // the run index must be one of the study's
  r.run = static_cast<int>(integerCell(row.at(0)));
  if (r.run < 0 || r.run >= static_cast<int>(study.runs.size()))
    throw TableError("run " + row.at(0) + " is not a run of this study");
  // and its settings cells as the study would write them now
  const std::vector<std::string> expected = settingCells(study, r.run);
  for (size_t c = 0; c < expected.size(); ++c)
    if (row.at(c) != expected[c])
      throw TableError("run " + row[0] + " was made with " + header[c] + " = '" + row[c] +
                       "', the study now says '" + expected[c] + "'");
  // then the cells in the order resultsTableRow wrote them
  size_t c = expected.size();
  auto next = [&]() -> const std::string& { return row.at(c++); };
  RunStatistics& s = r.stats;
  // the outcome and how far the run went
  r.status = statusOf(next());
  r.message = next();
  r.tReached = numberCell(next());
  // the steps, the rejected ones, and the rejections by reason
  s.steps = integerCell(next());
  s.rejectedSteps = integerCell(next());
  c += 3;  // the rejections by cause follow from the list
  parseNamedValues(next(), s.rejections);
  // newton's counts and evaluations
  s.newtonIterations = integerCell(next());
  s.timePoints = integerCell(next());
  c += 2;  // iterations per step and per time point follow from the counts
  s.factorizations = integerCell(next());
  s.jacobianEvaluations = integerCell(next());
  s.functionEvaluations = integerCell(next());
  // cpu times, then the energy and violation extremes
  s.cpuSeconds = numberCell(next());
  r.cpuSecondsMax = numberCell(next());
  parseNamedValues(next(), s.phaseSeconds);
  r.energyBalanceMin = numberCell(next());
  r.energyBalanceMax = numberCell(next());
  r.energyBalanceFinal = numberCell(next());
  r.violationPositionMax = numberCell(next());
  r.violationVelocityMax = numberCell(next());
  // the error measures and checkpoint times
  r.errors.resize(study.outputs.size());
  for (ErrorMeasures& e : r.errors)
    for (double* v : {&e.max, &e.timeOfMax, &e.rms, &e.mean, &e.final, &e.relative})
      *v = numberCell(next());
  // the CPU time at each checkpoint
  r.cpuAt.resize(study.checkpoints.size());
  for (double& t : r.cpuAt) t = numberCell(next());
  return r;
}

}  // namespace mbw
