// The work-precision figure (work_precision_figure.h) of a small study made: a chart per output
// with its unit, CPU time against the error on log axes, a line per method with a point per run.

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "studies/study_execution.h"
#include "work_precision_figure.h"

namespace mbw::plot {
namespace {

// a work-precision study ends in the figure that answers "which method is cheapest at my
// accuracy": CPU time against error for each method, per output
TEST(WorkPrecisionFigure, DrawsCpuTimeAgainstErrorByMethod) {
  const Model model = loadScene("double-pendulum");
  RunSettings base;
  base.formulation = "rp";
  base.tEnd = 0.2;
  base.integratorSettings.step = 1e-3;
  // rn4 and Bathe, at two tolerances and two steps, two outputs, over 0.2 s
  WorkPrecisionSettings s;
  s.methods = parseStudyMethods("rn4,bathe");
  s.tolerances = {1e-3, 1e-4};
  s.steps = {1e-2, 5e-3};
  s.outputs = {"body_2.y", "body_2.z"};
  const Study study = makeWorkPrecisionStudy("double-pendulum", model, base, s);
  // the study run on one thread, every run completing
  ThreadPoolExecutor pool(1);
  const StudyOutcome outcome = executeStudy(study, pool, {}, {});
  ASSERT_EQ(outcome.failed(), 0);

  const Figure f = workPrecisionFigure(study, outcome, ErrorMeasure::Max, "wp");
  EXPECT_EQ(f.title, "wp");
  EXPECT_EQ(f.columns, 2);
  // a chart per output, each with a line per method and a point per run
  ASSERT_EQ(f.charts.size(), 2u);
  EXPECT_EQ(f.charts[1].title, "body_2.z");
  EXPECT_EQ(f.charts[0].x.label,
            std::string(toString(ErrorMeasure::Max)) + " error of body_2.y [m]");
  EXPECT_TRUE(f.charts[0].x.logarithmic && f.charts[0].y.logarithmic);
  ASSERT_EQ(f.charts[0].series.size(), 2u);
  EXPECT_EQ(f.charts[0].series[0].name, "rn4");
  for (const Series& line : f.charts[0].series) {
    ASSERT_EQ(line.x.size(), 2u);
    // every point a measured error and CPU time above zero, as log axes need
    for (size_t k = 0; k < 2; ++k) {
      EXPECT_GT(line.x[k], 0.0);
      EXPECT_GT(line.y[k], 0.0);
    }
  }
}

}  // namespace
}  // namespace mbw::plot
