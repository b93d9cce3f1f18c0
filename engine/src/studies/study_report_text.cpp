#include "studies/study_report_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "analysis/integrator_study.h"
#include "math/number_text.h"
#include "studies/method_grid_tables.h"
#include "studies/run_record.h"

namespace mbw {

// --- the heading of a study ----------------------------------------------------------------------

// the end time as a stream writes a double
std::string toleranceStudyHeading(const std::string& integrator, const std::string& model,
                                  double tEnd, const std::string& channel) {
  std::ostringstream os;
  os << "Tolerance study of " << integrator << " on " << model << " to t = " << tEnd
     << " s, channel " << channel << "\n";
  return os.str();
}

// each span followed by a space
std::string timingStudyHeading(const std::string& model, const std::string& explicitIntegrator,
                               const std::string& implicitIntegrator,
                               const std::vector<double>& spans) {
  std::ostringstream os;
  os << "Explicit vs implicit on " << model << ": " << explicitIntegrator << " and "
     << implicitIntegrator << ", CPU time at t = ";
  for (double s : spans) os << s << " ";
  os << "s\n";
  return os.str();
}

// the compared outputs and the reference's description
std::string workPrecisionHeading(const Study& study, const std::string& model, double tEnd) {
  std::ostringstream os;
  os << "Work-precision on " << model << " to t = " << tEnd << " s, errors of";
  // each compared output, then the reference
  for (const std::string& o : study.outputs) os << " " << o;
  os << " against " << study.references.at(0).description << "\n";
  return os.str();
}

// --- the progress of a study ---------------------------------------------------------------------

// hours and minutes, minutes and seconds, or seconds
std::string durationText(double seconds) {
  char text[32];
  // rounded to whole seconds
  const long s = std::lround(seconds);
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else if (s >= 60)
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%lds", s);
  return text;
}

std::string studyProgressText(int finished, int total, int workers, double elapsedSeconds) {
  // the counts and the time so far
  std::string line = std::to_string(finished) + " of " + std::to_string(total) + " runs, " +
                     std::to_string(std::min(workers, total - finished)) + " under way, " +
                     durationText(elapsedSeconds);
  // the time left at the mean time per finished run
  if (finished > 0 && finished < total)
    line += ", about " + durationText(elapsedSeconds / finished * (total - finished)) + " left";
  return line;
}

// the run count, and how many run at once on what
std::string studyWorkersText(size_t runs, int workers, const std::string& executor) {
  return std::to_string(runs) + (runs == 1 ? " run" : " runs") + ", " + std::to_string(workers) +
         " at once (" + executor + ")";
}

// --- the line of a finished run ------------------------------------------------------------------

// the step as a stream writes a double, padded to 9
std::string methodStepText(const RunSpec& spec) {
  std::ostringstream os;
  os << std::left << std::setw(22) << methodLabel(spec.settings) << " dt = " << std::setw(9)
     << spec.settings.integratorSettings.step << " ";
  return os.str();
}

// a method-and-step study's line: the method, its step, the run's summary
std::string methodStepRunLine(const RunSpec& spec, const RunRecord& record) {
  return methodStepText(spec) + recordSummaryText(record);
}

std::string convergenceRunLine(const RunSpec& spec, const RunRecord& record,
                               const std::vector<std::string>& outputs) {
  // status and Newton iterations, then the relative error of each output
  std::string line = methodStepText(spec) + toString(record.status) + ", " +
                     formatNumber(iterationsPerTimePoint(record.stats)) + " it/point";
  for (size_t k = 0; k < outputs.size(); ++k)
    line += ", RE(" + outputs[k] + ") " + formatNumber(completedRelativeError(record, k));
  return line;
}

// a tolerance study's line: the tolerance and the run's summary
std::string toleranceRunLine(const RunSpec& spec, const RunRecord& record) {
  return "rtol = atol = " + formatTolerance(spec.settings.integratorSettings.rtol) + ": " +
         recordSummaryText(record);
}

// a timing study's line; the run of Figure 5 says so
std::string timingRunLine(const RunSpec& spec, const RunRecord& record, bool figureRun) {
  return (figureRun ? "Figure 5 run: " : "") + spec.settings.integrator +
         ", rtol = atol = " + formatTolerance(spec.settings.integratorSettings.rtol) + ": " +
         recordSummaryText(record);
}

// a formulation study names only the runs that did not complete
std::string formulationRunLine(const RunRecord& record) {
  return record.status == RunStatus::Completed
             ? std::string()
             : "run " + std::to_string(record.run) + ": " + recordSummaryText(record);
}

std::string workPrecisionRunLine(const Study& study, const RunRecord& record,
                                 ErrorMeasure measure) {
  // method and setting in columns, the summary
  const RunSpec& spec = study.runs[record.run];
  std::ostringstream os;
  os << std::left << std::setw(22) << workPrecisionMethod(study, spec) << std::setw(12)
     << workPrecisionSetting(spec) << recordSummaryText(record);
  // the error the diagram shows, of a completed run
  if (record.status == RunStatus::Completed)
    os << ", " << toString(measure) << " error "
       << formatNumber(measureOf(record.errors[0], measure)) << " (" << study.outputs[0] << ")";
  return os.str();
}

std::string studyFileRunLine(const Study& study, const RunRecord& record) {
  // the variant only where the study has several
  const RunSpec& spec = study.runs[record.run];
  std::string text = "run " + std::to_string(record.run) + ": ";
  if (study.variants.size() > 1) text += variantLabel(study.variants[spec.variant]) + ", ";
  return text + spec.settings.formulation + ", " + methodLabel(spec.settings) + ", " +
         workPrecisionSetting(spec) + ": " + recordSummaryText(record);
}

// --- the end of a study --------------------------------------------------------------------------

std::string studyFileSummaryText(const Study& study, const StudyOutcome& outcome,
                                 double wallSeconds, int workers, const std::string& executor) {
  // the runs in the table, those read back, those failed
  int made = 0;
  for (const auto& r : outcome.records) made += r.has_value();
  std::string text =
      std::to_string(made) + " of " + std::to_string(study.runs.size()) + " runs in the table";
  if (outcome.resumed) text += " (" + std::to_string(outcome.resumed) + " from before)";
  // the wall time and how the runs were spread
  return text + ", " + std::to_string(outcome.failed()) + " failed; " +
         formatNumber(wallSeconds, 4) + " s wall time, " + std::to_string(workers) + " at once (" +
         executor + ")\n";
}

}  // namespace mbw
