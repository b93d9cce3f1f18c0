// Work-precision on a small case: rn4's errors against the engine's reference-quality run fall
// with the tolerance (at about the tolerance's pace), fixed-step methods take the steps, every run
// has its CPU time; methods that cannot run at the settings given are refused before any run.

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "studies/study_execution.h"
#include "studies/work_precision.h"

namespace mbw {
namespace {

struct Case {
  Model model = loadScene("double-pendulum");
  RunSettings base;
  Case() {
    base.formulation = "rp";
    base.tEnd = 0.5;
    base.integratorSettings.step = 1e-3;
  }
};

TEST(WorkPrecision, Rn4ErrorsFallWithTheTolerance) {
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
  for (const RunRecord& r : records) {
    EXPECT_GT(r.stats.cpuSeconds, 0.0);
    EXPECT_LE(r.errors[0].final, r.errors[0].max);
    EXPECT_LE(r.errors[0].rms, r.errors[0].max);
  }
  // bathe at half the step: about a quarter of the error (second order)
  EXPECT_NEAR(curves[1].error[0] / curves[1].error[1], 4.0, 1.5);
}

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

}  // namespace
}  // namespace mbw
