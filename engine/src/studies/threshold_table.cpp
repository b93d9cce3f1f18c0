#include "studies/threshold_table.h"

#include <cmath>
#include <map>
#include <sstream>

#include "integrators/registry.h"
#include "math/number_text.h"

namespace mbw {
namespace {

// "index-3 DAE, Newmark family" -> "index-3 DAE"
std::string familyOf(const std::string& integrator) {
  const IntegratorInfo* info = findIntegrator(integrator);
  // an unknown integrator has no family
  if (!info) return "";
  const std::string& f = info->capabilities.family;
  return f.substr(0, f.find(','));
}

// "h 0.001: 3.2e-05, 0.41 s", "... 0.41-0.45 s" when repeated runs took different times
std::string cellText(const Study& study, const ThresholdCell& c) {
  // the setting, the error and the cpu time; the range of cpu times over repeated runs
  if (c.run < 0) return "not reached";
  std::string cpu = formatNumber(c.cpuSeconds);
  if (c.cpuSecondsMax > c.cpuSeconds && formatNumber(c.cpuSecondsMax) != cpu)
    cpu += "-" + formatNumber(c.cpuSecondsMax);
  return workPrecisionSetting(study.runs[c.run]) + ": " + formatNumber(c.error) + ", " + cpu + " s";
}

}  // namespace

// --- the table's rows ----------------------------------------------------------------------------

double runError(const RunRecord& r, ErrorMeasure measure) {
  // a run's error is the largest over the outputs, none if any output was not measured
  if (r.status != RunStatus::Completed || r.errors.empty()) return RunRecord::kNone;
  double worst = 0.0;
  for (const ErrorMeasures& e : r.errors) {
    const double x = measureOf(e, measure);
    if (std::isnan(x)) return RunRecord::kNone;
    worst = std::max(worst, x);
  }
  return worst;
}

// a row per variant, formulation and method: its best run, and the cheapest under each threshold
std::vector<ThresholdRow> thresholdTable(const Study& study,
                                         const std::vector<std::optional<RunRecord>>& records,
                                         ErrorMeasure measure,
                                         const std::vector<double>& thresholds) {
  std::vector<ThresholdRow> rows;
  std::map<std::string, size_t> index;  // variant, formulation and method -> row
  for (size_t k = 0; k < study.runs.size(); ++k) {
    const RunSpec& spec = study.runs[k];
    // the method's row, made at its first run
    const std::string key = std::to_string(spec.variant) + "|" + spec.settings.formulation + "|" +
                            methodLabel(spec.settings);
    auto it = index.find(key);
    if (it == index.end()) {
      // a new row: the method's scene variant, formulation, label and family, no cell filled yet
      ThresholdRow row;
      row.variant = spec.variant;
      row.formulation = spec.settings.formulation;
      row.method = methodLabel(spec.settings);
      row.family = familyOf(spec.settings.integrator);
      row.cells.resize(thresholds.size());
      it = index.emplace(key, rows.size()).first;
      rows.push_back(row);
    }
    ThresholdRow& row = rows[it->second];
    ++row.runs;
    // a run that did not run, or measured no error, only counts toward the row's runs
    if (k >= records.size() || !records[k]) continue;
    const RunRecord& r = *records[k];
    // its error in the measure, and whether it completed
    const double error = runError(r, measure);
    if (r.status == RunStatus::Completed) ++row.completed;
    if (std::isnan(error)) continue;
    // the smallest error, and the cheapest run under each threshold
    const ThresholdCell cell{static_cast<int>(k), error, r.stats.cpuSeconds, r.cpuSecondsMax};
    if (row.best.run < 0 || error < row.best.error) row.best = cell;
    for (size_t t = 0; t < thresholds.size(); ++t)
      if (error <= thresholds[t] &&
          (row.cells[t].run < 0 || cell.cpuSeconds < row.cells[t].cpuSeconds))
        row.cells[t] = cell;
  }
  return rows;
}

// --- the report ----------------------------------------------------------------------------------

std::string thresholdTableHeading(const Study& study, ErrorMeasure measure) {
  // the outputs and references, named in the sentence over the table
  std::string outputs, references;
  // the outputs by commas, the references by semicolons
  for (const std::string& o : study.outputs) outputs += (outputs.empty() ? "" : ", ") + o;
  for (const ReferenceSpec& r : study.references)
    references += (references.empty() ? "" : "; ") + r.description;
  // how the measure reads in the sentence
  const char* over = measure == ErrorMeasure::Max   ? "the largest over the run"
                     : measure == ErrorMeasure::Rms ? "the RMS over the run"
                                                    : "at the end";
  return "The cheapest run of each method whose error (" + std::string(over) + ", the largest of " +
         outputs + "; against " + references + ") is at most each threshold.";
}

std::string thresholdTableMarkdown(const Study& study, const std::vector<ThresholdRow>& rows,
                                   const std::vector<double>& thresholds) {
  // the header: scene (when several), method, family, the smallest error, then one column per
  // threshold
  const bool variants = study.variants.size() > 1;
  std::ostringstream os;
  os << "| " << (variants ? "scene | " : "")
     << "method | family | smallest error (setting: error, CPU) |";
  for (double t : thresholds) os << " error <= " << formatNumber(t) << " (cheapest: error, CPU) |";
  // the markdown rule under the header
  os << "\n|" << (variants ? "---|" : "") << "---|---|---|";
  for (size_t t = 0; t < thresholds.size(); ++t) os << "---|";
  os << "\n";
  for (const ThresholdRow& row : rows) {
    // a row per method: its smallest error, or why there is none, and how many of its runs failed
    os << "| ";
    if (variants) os << variantLabel(study.variants[row.variant]) << " | ";
    // the method, its formulation named only where it is not the study's first
    os << row.method
       << (study.runs.empty() || row.formulation == study.runs.front().settings.formulation
               ? ""
               : " (" + row.formulation + ")")
       << " | " << row.family << " | ";
    // the smallest error; else every run failed, or none measured an error
    if (row.best.run < 0)
      os << (row.completed == 0 ? "failed (" + std::to_string(row.runs) + " runs)"
                                : "no error measured");
    else
      os << cellText(study, row.best);
    if (row.best.run >= 0 && row.completed < row.runs)
      os << "; " << row.runs - row.completed << " of " << row.runs << " runs failed";
    os << " |";
    // then the cheapest run under each threshold
    for (const ThresholdCell& c : row.cells) os << " " << cellText(study, c) << " |";
    os << "\n";
  }
  return os.str();
}

// the heading and the table of the rows
ThresholdReport thresholdReport(const Study& study,
                                const std::vector<std::optional<RunRecord>>& records,
                                ErrorMeasure measure, const std::vector<double>& thresholds) {
  return {thresholdTableHeading(study, measure),
          thresholdTableMarkdown(study, thresholdTable(study, records, measure, thresholds),
                                 thresholds)};
}

}  // namespace mbw
