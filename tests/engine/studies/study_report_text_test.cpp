// What a study says as it runs and when it ends (studies/study_report_text.h): durations in hours,
// minutes or seconds; the progress with the time left only while some runs are finished and some
// remain; the executor line; the line of a finished run of each kind of study; a study file's
// closing count with the runs read back.

#include "studies/study_report_text.h"

#include <gtest/gtest.h>

#include "math/number_text.h"
#include "studies/run_record.h"

namespace mbw {
namespace {

// one run of a method at a fixed step
RunSpec stepRun(const std::string& integrator, double step) {
  RunSpec spec;
  spec.settings.integrator = integrator;
  spec.settings.integratorSettings.step = step;
  return spec;
}

// a completed run with its first output's errors
RunRecord completed(int run, double maxError) {
  RunRecord r;
  r.run = run;
  r.status = RunStatus::Completed;
  r.stats.steps = 10;
  r.errors.push_back({});
  r.errors[0].max = maxError;
  return r;
}

// --- headings and durations ----------------------------------------------------------------------

// each study's heading names its integrators, scene, end time and what it measures
TEST(StudyReportText, Headings) {
  // the headings name the study's integrators, the scene, the end time and what is measured
  EXPECT_EQ(toleranceStudyHeading("rodas", "Pendulum", 2.5, "theta1"),
            "Tolerance study of rodas on Pendulum to t = 2.5 s, channel theta1\n");
  EXPECT_EQ(
      timingStudyHeading("Car", "adams", "rosenbrock-nystrom", {0.3, 0.6}),
      "Explicit vs implicit on Car: adams and rosenbrock-nystrom, CPU time at t = 0.3 0.6 s\n");
  Study study;
  study.outputs = {"x", "y"};
  study.references.resize(1);
  study.references[0].description = "cvode-bdf at rtol = atol = 1e-12";
  EXPECT_EQ(workPrecisionHeading(study, "Pendulum", 2.0),
            "Work-precision on Pendulum to t = 2 s, errors of x y against cvode-bdf at rtol = atol "
            "= 1e-12\n");
}

// durations print in whole seconds, then minutes and seconds, then hours and minutes
TEST(StudyReportText, Durations) {
  // whole seconds below a minute, then minutes and seconds, then hours and minutes
  EXPECT_EQ(durationText(0.4), "0s");
  EXPECT_EQ(durationText(59.4), "59s");
  EXPECT_EQ(durationText(65.0), "1m05s");
  EXPECT_EQ(durationText(3725.0), "1h02m");
}

// --- progress ------------------------------------------------------------------------------------

// the time left is the mean finished run's time times the runs left, none before a run finished
TEST(StudyReportText, ProgressEstimatesTheTimeLeftFromTheMeanRun) {
  // none finished: no estimate; 3 of 12 in 60 s: 20 s a run, 9 left
  EXPECT_EQ(studyProgressText(0, 12, 4, 5.0), "0 of 12 runs, 4 under way, 5s");
  EXPECT_EQ(studyProgressText(3, 12, 4, 60.0),
            "3 of 12 runs, 4 under way, 1m00s, about 3m00s left");
  // the last runs: fewer under way than workers; all finished: no estimate
  EXPECT_EQ(studyProgressText(10, 12, 4, 100.0),
            "10 of 12 runs, 2 under way, 1m40s, about 20s left");
  EXPECT_EQ(studyProgressText(12, 12, 4, 100.0), "12 of 12 runs, 0 under way, 1m40s");
}

// the workers line says how many runs, how many at once and on what
TEST(StudyReportText, Workers) {
  // the runs, then how many at once and on what
  EXPECT_EQ(studyWorkersText(1, 2, "2 threads"), "1 run, 2 at once (2 threads)");
  EXPECT_EQ(studyWorkersText(12, 4, "4 processes"), "12 runs, 4 at once (4 processes)");
}

// --- the lines of a run --------------------------------------------------------------------------

// the method and the step are padded to fixed columns so that run lines align
TEST(StudyReportText, MethodAtAStepInColumns) {
  const RunSpec spec = stepRun("lms2", 0.001);
  const std::string text = methodStepText(spec);
  // the method padded to 22, the step to 9
  EXPECT_EQ(text.find(" dt = 0.001     "), 22u) << text;
  EXPECT_EQ(text.size(), 22u + 6u + 9u + 1u);
  EXPECT_EQ(methodStepRunLine(spec, completed(0, 0.0)),
            text + recordSummaryText(completed(0, 0.0)));
}

// tolerance and timing run lines give rtol = atol; the timing line names the integrator and the
// Figure 5 run
TEST(StudyReportText, ToleranceAndTimingLinesGiveTheTolerance) {
  // the tolerance line gives rtol = atol; the timing line adds the integrator, and the Figure 5
  // run says so
  RunSpec spec = stepRun("rodas", 0.0);
  spec.settings.integratorSettings.rtol = 1e-3;
  const RunRecord r = completed(0, 0.0);
  EXPECT_EQ(toleranceRunLine(spec, r),
            "rtol = atol = " + formatTolerance(1e-3) + ": " + recordSummaryText(r));
  EXPECT_EQ(timingRunLine(spec, r, false), "rodas, " + toleranceRunLine(spec, r));
  EXPECT_EQ(timingRunLine(spec, r, true), "Figure 5 run: rodas, " + toleranceRunLine(spec, r));
}

// the formulation study prints a line only for a run that did not complete
TEST(StudyReportText, FormulationLineOnlyForARunThatDidNotComplete) {
  // a formulation run is said only when it did not complete
  RunRecord r = completed(7, 0.0);
  EXPECT_EQ(formulationRunLine(r), "");
  r.status = RunStatus::Failed;
  EXPECT_EQ(formulationRunLine(r), "run 7: " + recordSummaryText(r));
}

// a convergence run's line gives its iterations per time point and each output's RE
TEST(StudyReportText, ConvergenceLineGivesEachOutputsRelativeError) {
  // the relative error of each output, after the iterations per point
  RunRecord r = completed(0, 0.0);
  r.errors.resize(2);
  r.errors[0].relative = 0.25;
  r.errors[1].relative = 0.5;
  const std::string line = convergenceRunLine(stepRun("lms2", 0.001), r, {"x", "vx"});
  EXPECT_NE(line.find("completed, "), std::string::npos) << line;
  EXPECT_NE(line.find(" it/point, RE(x) 0.25, RE(vx) 0.5"), std::string::npos) << line;
}

// a work-precision run's line gives the chosen error measure, only for a completed run
TEST(StudyReportText, WorkPrecisionLineGivesTheChosenErrorOfACompletedRun) {
  Study study;
  study.outputs = {"x"};
  study.runs = {stepRun("lms2", 0.001)};
  const std::string done = workPrecisionRunLine(study, completed(0, 0.125), ErrorMeasure::Max);
  EXPECT_NE(done.find(", max error 0.125 (x)"), std::string::npos) << done;
  // a failed run has no error to give
  RunRecord failed = completed(0, 0.125);
  failed.status = RunStatus::Failed;
  EXPECT_EQ(workPrecisionRunLine(study, failed, ErrorMeasure::Max).find("error 0.125"),
            std::string::npos);
}

// a study file's run line names the scene variant only when there are several
TEST(StudyReportText, StudyFileRunLineNamesTheVariantOnlyAmongSeveral) {
  // a single variant goes unnamed; among several, each run line leads with its variant
  Study study;
  study.runs = {stepRun("lms2", 0.001)};
  study.runs[0].settings.formulation = "rA";
  study.variants.resize(1);
  const std::string one = studyFileRunLine(study, completed(0, 0.0));
  EXPECT_EQ(one.rfind("run 0: rA, ", 0), 0u) << one;
  study.variants.resize(2);
  study.variants[0].scene = "pendulum";
  const std::string two = studyFileRunLine(study, completed(0, 0.0));
  EXPECT_EQ(two.rfind("run 0: " + variantLabel(study.variants[0]) + ", rA, ", 0), 0u) << two;
}

// the summary counts the runs in the table, the failed and the resumed ones, with wall time
TEST(StudyReportText, StudyFileSummaryCountsMadeResumedAndFailed) {
  // three runs: two in the table (one of them failed), one not made; then one resumed from
  // before
  Study study;
  study.runs.resize(3);
  StudyOutcome outcome;
  RunRecord failed = completed(1, 0.0);
  failed.status = RunStatus::Failed;
  outcome.records = {completed(0, 0.0), failed, std::nullopt};
  EXPECT_EQ(studyFileSummaryText(study, outcome, 2.5, 2, "2 threads"),
            "2 of 3 runs in the table, 1 failed; 2.5 s wall time, 2 at once (2 threads)\n");
  outcome.resumed = 1;
  EXPECT_EQ(studyFileSummaryText(study, outcome, 2.5, 2, "2 threads"),
            "2 of 3 runs in the table (1 from before), 1 failed; 2.5 s wall time, 2 at once "
            "(2 threads)\n");
}

}  // namespace
}  // namespace mbw
