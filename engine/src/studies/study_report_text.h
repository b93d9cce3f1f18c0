#pragma once
// What a study says while it runs and when it ends, as text a front end shows as it is (mbw-cli
// prints it; the workbench's study dialog and the Python module can show the same): the progress
// of the runs with an estimate of the time left, the line of each finished run of the studies that
// run a method at a step (compare, convergence, the flexible benchmarks), of a work-precision run
// and of a study file's run, and a study file's closing count. The studies' tables are their own
// text (method_grid_tables.h, work_precision.h, rosenbrock_nystrom_results.h ...).

#include <string>
#include <vector>

#include "studies/study.h"
#include "studies/study_execution.h"
#include "studies/work_precision.h"

namespace mbw {

// --- the heading of a study -------------------------------------------------------------------

// "Tolerance study of rodas on Pendulum to t = 2 s, channel theta1" and a newline (Sandu et al.
// 2001 Tables 1-2)
std::string toleranceStudyHeading(const std::string& integrator, const std::string& model,
                                  double tEnd, const std::string& channel);

// "Explicit vs implicit on Car: adams and rosenbrock-nystrom, CPU time at t = 1 2 s" and a newline
// (Sandu et al. 2001 Tables 3-4)
std::string timingStudyHeading(const std::string& model, const std::string& explicitIntegrator,
                               const std::string& implicitIntegrator,
                               const std::vector<double>& spans);

// "Work-precision on Pendulum to t = 2 s, errors of x y against REFERENCE" and a newline
std::string workPrecisionHeading(const Study& study, const std::string& model, double tEnd);

// --- the progress of a study -------------------------------------------------------------------

// a duration in whole seconds as a progress line gives it: "1h02m", "3m05s", "42s"
std::string durationText(double seconds);

// "3 of 12 runs, 2 under way, 1m05s, about 3m20s left": the runs finished, those under way (at
// most `workers`), the time so far and, once some finished and some remain, the time left at the
// mean time per run so far
std::string studyProgressText(int finished, int total, int workers, double elapsedSeconds);

// "12 runs, 4 at once (4 threads)": the size of a study and how its executor runs it
std::string studyWorkersText(size_t runs, int workers, const std::string& executor);

// --- the line of a finished run -----------------------------------------------------------------

// the method (22 wide) and its step: "lms2 (0)               dt = 0.001     "
std::string methodStepText(const RunSpec& spec);

// a finished run of a method at a step: methodStepText and the run's summary (run_record.h)
std::string methodStepRunLine(const RunSpec& spec, const RunRecord& record);

// a finished run of a convergence study: methodStepText, its status, the Newton iterations per time
// point and the relative error (eq 26 of Zhang et al. 2022) of each output
std::string convergenceRunLine(const RunSpec& spec, const RunRecord& record,
                               const std::vector<std::string>& outputs);

// a finished run of the tolerance study: "rtol = atol = 1e-3: " and its summary
std::string toleranceRunLine(const RunSpec& spec, const RunRecord& record);

// a finished run of the timing study: integrator, tolerance and summary, marked when it is the run
// of the step-size figure (Sandu et al. 2001 Figure 5)
std::string timingRunLine(const RunSpec& spec, const RunRecord& record, bool figureRun);

// a finished run of the formulation study (Kissel et al. 2021, formulation_study.h): nothing for a
// completed run (its tables give it), else "run 4: " and the run's summary
std::string formulationRunLine(const RunRecord& record);

// a finished run of a work-precision study: method, setting (tolerance or step), summary and, for a
// completed run, the chosen error of the first output
std::string workPrecisionRunLine(const Study& study, const RunRecord& record, ErrorMeasure measure);

// a finished run of a study file: its number, scene variant (when there are several), formulation,
// method, setting and summary
std::string studyFileRunLine(const Study& study, const RunRecord& record);

// --- the end of a study ------------------------------------------------------------------------

// a study file's closing count: "10 of 12 runs in the table (4 from before), 1 failed; 2.5 s wall
// time, 2 at once (2 threads)" and a newline
std::string studyFileSummaryText(const Study& study, const StudyOutcome& outcome,
                                 double wallSeconds, int workers, const std::string& executor);

}  // namespace mbw
