// Work-precision on a small case: rn4's errors against the engine's reference-quality run fall
// with the tolerance (at about the tolerance's pace), fixed-step methods take the steps, every run
// has its CPU time; several formulations give a curve each; methods and formulations that cannot
// run at the settings given are refused before any run; the
// runs as a text table and the reference's name.

#include <gtest/gtest.h>

#include <sstream>

#include "scene/scene_reader.h"
#include "studies/study_execution.h"
#include "studies/work_precision.h"

namespace mbw {
namespace {

// the double pendulum in rp for 0.5 s, the fixed-step methods at 1 ms unless a study says
struct Case {
  Model model = loadScene("double-pendulum");
  RunSettings base;
  Case() {
    base.formulation = "rp";
    base.tEnd = 0.5;
    base.integratorSettings.step = 1e-3;
  }
};

// --- the study and its curves --------------------------------------------------------------------

// a work-precision study measured for real: rn4's error falls with its tolerance, bathe's by about
// four at half the step (second order), and every run is timed
TEST(WorkPrecision, Rn4ErrorsFallWithTheTolerance) {
  // rn4 at four tolerances (variable steps) and bathe at two steps (fixed): six runs, errors
  // against the default reference (bdf)
  Case c;
  WorkPrecisionSettings s;
  s.methods = parseStudyMethods("rn4,bathe");
  s.tolerances = {1e-3, 1e-4, 1e-5, 1e-6};
  s.steps = {1e-2, 5e-3};
  s.outputs = {"body_2.y", "body_2.z"};
  const Study study = makeWorkPrecisionStudy("double-pendulum", c.model, c.base, s);
  ASSERT_EQ(study.runs.size(), 6u);
  EXPECT_TRUE(study.runs[0].settings.integratorSettings.variableStep);
  EXPECT_FALSE(study.runs[4].settings.integratorSettings.variableStep);
  EXPECT_EQ(study.references[0].run.settings.integrator, "bdf");
  // run on two threads, none failing
  ThreadPoolExecutor pool(2);
  const StudyOutcome o = executeStudy(study, pool, {}, {});
  ASSERT_EQ(o.failed(), 0);
  std::vector<RunRecord> records;
  for (const auto& r : o.records) records.push_back(*r);
  const std::vector<WorkPrecisionCurve> curves =
      workPrecisionCurves(study, records, 0, ErrorMeasure::Max);
  ASSERT_EQ(curves.size(), 2u);
  EXPECT_EQ(curves[0].method, "rn4");
  ASSERT_EQ(curves[0].runs,
            (std::vector<int>{0, 1, 2, 3}));  // by falling error: by falling tolerance
  for (size_t k = 1; k < 4; ++k) {
    const double ratio = curves[0].error[k - 1] / curves[0].error[k];
    EXPECT_GT(ratio, 2.0) << k;  // a tenth of the tolerance: 2.8, 4.3, 7.8 times less error
    EXPECT_LT(curves[0].error[k], 30 * s.tolerances[k]) << k;
  }
  // every run timed; its final and rms errors no larger than its largest
  for (const RunRecord& r : records) {
    EXPECT_GT(r.stats.cpuSeconds, 0.0);
    EXPECT_LE(r.errors[0].final, r.errors[0].max);
    EXPECT_LE(r.errors[0].rms, r.errors[0].max);
  }
  // bathe at half the step: about a quarter of the error (second order)
  EXPECT_NEAR(curves[1].error[0] / curves[1].error[1], 4.0, 1.5);
  // a line to draw, but not through one run of each method
  EXPECT_TRUE(hasWorkPrecisionLine(study, records));
  EXPECT_FALSE(hasWorkPrecisionLine(study, {records[0], records[4]}));
}

// a study over formulations overlays one curve per formulation, all against one reference
TEST(WorkPrecision, OverlaysFormulationsWithACurveEach) {
  // rn4 on the stiff double pendulum in rp and in joint coordinates, one reference (rp's)
  const Model model = loadScene("stiff-double-pendulum");
  RunSettings base;
  base.tEnd = 0.2;
  WorkPrecisionSettings s;
  s.methods = parseStudyMethods("rn4");
  s.tolerances = {1e-4, 1e-6};
  s.outputs = {"theta1"};
  s.formulations = {"rp", "joint"};
  const Study study = makeWorkPrecisionStudy("stiff-double-pendulum", model, base, s);
  // two tolerances in two formulations: four runs, rp's first
  ASSERT_EQ(study.runs.size(), 4u);
  EXPECT_EQ(study.runs[0].settings.formulation, "rp");
  EXPECT_EQ(study.runs[3].settings.formulation, "joint");
  EXPECT_EQ(study.references.size(), 1u);
  EXPECT_EQ(study.references[0].run.settings.formulation, "rp");
  ThreadPoolExecutor pool(2);
  const StudyOutcome o = executeStudy(study, pool, {}, {});
  ASSERT_EQ(o.failed(), 0);
  // a curve per formulation, named by it, each falling with the tolerance
  const std::vector<WorkPrecisionCurve> curves =
      workPrecisionCurves(study, o.madeRecords(), 0, ErrorMeasure::Max);
  ASSERT_EQ(curves.size(), 2u);
  EXPECT_EQ(curves[0].method, "rn4, rp");
  EXPECT_EQ(curves[1].method, "rn4, joint");
  for (const WorkPrecisionCurve& c : curves) {
    SCOPED_TRACE(c.method);
    ASSERT_EQ(c.error.size(), 2u);
    EXPECT_GT(c.error[0], c.error[1]);
    EXPECT_LT(c.error[1], 30 * s.tolerances[1]);
  }
  // the table names each run's formulation too
  EXPECT_NE(workPrecisionTableText(study, o.madeRecords(), ErrorMeasure::Max).find("rn4, joint"),
            std::string::npos);
  // a formulation that cannot hold the scene is refused saying why, an unknown one by name
  try {
    makeWorkPrecisionStudy("lateral-buckling", loadScene("lateral-buckling"), base, s);
    ADD_FAILURE() << "the beams held in joint coordinates";
  } catch (const ConfigurationError& e) {
    EXPECT_NE(std::string(e.what()).find("beam node"), std::string::npos) << e.what();
  }
  s.formulations = {"rp", "nosuch"};
  EXPECT_THROW(makeWorkPrecisionStudy("stiff-double-pendulum", model, base, s), ConfigurationError);
}

// rn4 and bathe given tolerances only (bathe has no error estimate), adams given steps (it
// chooses its own), a study given neither, and an unknown error measure
TEST(WorkPrecision, RefusesMethodsThatCannotRunAtTheSettings) {
  Case c;
  WorkPrecisionSettings s;
  s.methods = parseStudyMethods("rn4,bathe");
  s.tolerances = {1e-4};
  EXPECT_THROW(makeWorkPrecisionStudy("double-pendulum", c.model, c.base, s), ConfigurationError);
  s.methods = parseStudyMethods("adams");
  s.tolerances.clear();
  s.steps = {1e-3};
  EXPECT_THROW(makeWorkPrecisionStudy("double-pendulum", c.model, c.base, s), ConfigurationError);
  s.steps.clear();
  EXPECT_THROW(makeWorkPrecisionStudy("double-pendulum", c.model, c.base, s), ConfigurationError);
  EXPECT_THROW(parseErrorMeasure("l2"), ConfigurationError);
}

// --- the text table and the reference ------------------------------------------------------------

// the study's table as text: a row per record, columns as wide as their headings
TEST(WorkPrecision, TableTextHasARowPerRecordAndErrorColumnsAsWideAsTheirHeadings) {
  // a fixed-step and a variable-step run, the second output's name longer than its numbers
  Study study;
  study.outputs = {"x", "a_channel_with_a_long_name"};
  RunSpec fixed, variable;
  fixed.settings.integrator = "backward-euler";
  fixed.settings.integratorSettings.step = 0.01;
  variable.settings.integrator = "rn4";
  variable.settings.integratorSettings.variableStep = true;
  variable.settings.integratorSettings.rtol = 1e-4;
  study.runs = {fixed, variable};
  std::vector<RunRecord> records(2);
  for (int k = 0; k < 2; ++k) {
    records[k].run = k;
    records[k].status = RunStatus::Completed;
    records[k].stats.steps = 100 * (k + 1);
    records[k].errors.resize(2);
    records[k].errors[0].max = 0.5, records[k].errors[1].max = 0.25;
    records[k].errors[0].rms = 0.1;
  }
  const std::string text = workPrecisionTableText(study, records, ErrorMeasure::Max);
  std::istringstream lines(text);
  std::vector<std::string> rows;
  for (std::string line; std::getline(lines, line);) rows.push_back(line);
  ASSERT_EQ(rows.size(), 4u) << text;  // an empty line, the header, two runs
  EXPECT_EQ(rows[0], "");
  const std::string longHeading = "max a_channel_with_a_long_name";
  EXPECT_EQ(rows[1].substr(rows[1].size() - longHeading.size() - 2), longHeading + "  ");
  EXPECT_EQ(rows[2].rfind("backward-euler        h 0.01      completed  100     ", 0), 0u)
      << rows[2];
  EXPECT_NE(rows[3].find("rtol 0.0001"), std::string::npos) << rows[3];
  EXPECT_EQ(rows[3].size(), rows[1].size());
  EXPECT_EQ(rows[3].substr(rows[3].size() - longHeading.size() - 2),
            std::string("0.25") + std::string(28, ' '));
}

// a one-word reference ending in .csv is a file, anything else an integrator
TEST(WorkPrecision, ReferenceInOneWordIsAFileByItsExtensionElseAnIntegrator) {
  // a name ending in .csv is a file (with the tolerance of its values), anything else an integrator
  // (with its step)
  const ReferenceChoice file = referenceChoice("runs/ref.csv", 1e-9, 0.0);
  EXPECT_EQ(file.file, "runs/ref.csv");
  EXPECT_EQ(file.integrator, "");
  EXPECT_EQ(file.tolerance, 1e-9);
  const ReferenceChoice run = referenceChoice("rn4", 0.0, 1e-4);
  EXPECT_EQ(run.file, "");
  EXPECT_EQ(run.integrator, "rn4");
  EXPECT_EQ(run.step, 1e-4);
  // too short to be a file, and the default
  EXPECT_EQ(referenceChoice(".csv", 0.0, 0.0).integrator, ".csv");
  EXPECT_EQ(referenceChoice("", 0.0, 0.0).integrator, "");
}

// the reference is named by its file, or by its integrator with its tolerance or step
TEST(WorkPrecision, ReferenceNameIsTheFileOrTheIntegratorWithItsSetting) {
  // a variable-step reference is named with its tolerance, a fixed-step one with its step, a file
  // by its path
  Study study;
  study.references.resize(1);
  study.references[0].run.settings.integrator = "bdf";
  study.references[0].run.settings.integratorSettings.variableStep = true;
  study.references[0].run.settings.integratorSettings.rtol = 1e-10;
  EXPECT_EQ(workPrecisionReferenceName(study), "bdf at 1e-10");
  study.references[0].run.settings.integratorSettings.variableStep = false;
  study.references[0].run.settings.integratorSettings.step = 1e-5;
  EXPECT_EQ(workPrecisionReferenceName(study), "bdf, h 1e-05");
  study.references[0].file = "ref.csv";
  EXPECT_EQ(workPrecisionReferenceName(study), "ref.csv");
}

// a reference tolerance or step without an integrator means bdf at it; nothing given, bdf at 1e-12
TEST(WorkPrecision, AReferenceTolerancedOrSteppedWithoutAnIntegratorIsBdfAtIt) {
  const Case c;
  // nothing given: the engine's reference-quality run (bdf at 1e-12)
  const ReferenceSpec quality = referenceRun(c.base, {});
  EXPECT_EQ(quality.run.settings.integrator, "bdf");
  EXPECT_EQ(quality.run.settings.integratorSettings.rtol, 1e-12);
  // a tolerance alone: bdf at it
  ReferenceChoice tolerance;
  tolerance.tolerance = 1e-8;
  const ReferenceSpec byTolerance = referenceRun(c.base, tolerance);
  EXPECT_EQ(byTolerance.run.settings.integrator, "bdf");
  EXPECT_TRUE(byTolerance.run.settings.integratorSettings.variableStep);
  EXPECT_EQ(byTolerance.run.settings.integratorSettings.rtol, 1e-8);
  EXPECT_EQ(byTolerance.run.settings.integratorSettings.atol, 1e-8);
  // a step alone: bdf at that fixed step
  ReferenceChoice step;
  step.step = 1e-5;
  const ReferenceSpec byStep = referenceRun(c.base, step);
  EXPECT_EQ(byStep.run.settings.integrator, "bdf");
  EXPECT_FALSE(byStep.run.settings.integratorSettings.variableStep);
  EXPECT_EQ(byStep.run.settings.integratorSettings.step, 1e-5);
}

}  // namespace
}  // namespace mbw
