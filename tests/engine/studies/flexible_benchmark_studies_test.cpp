// The studies of Zhang et al. 2022 on the flexible benchmarks
// (studies/flexible_benchmark_studies.h): every method of the three groups at every Delta t / n,
// each run placed in its group, method and step; full Newton unless asked otherwise; only the
// bodies the channels name recorded; the convergence reference at the smallest run step over its
// refinement.

#include <gtest/gtest.h>

#include <stdexcept>

#include <algorithm>
#include <cmath>

#include "scene/scene_reader.h"
#include "studies/flexible_benchmark_studies.h"

namespace mbw {
namespace {

// every run of the flexible study can be found by (group, method, step), with Delta t = n (Delta t
// / n) for an n-stage method, full Newton and only the channels' bodies recorded
TEST(FlexibleBenchmarkStudies, EveryRunIsPlacedInItsGroupMethodAndStep) {
  // the shaft's convergence experiment at two steps per stage to 0.01 s: a run per group, method
  // and step, each found again by its indices
  const ConvergenceExperiment x = shaftConvergenceExperiment();
  const Model model = loadScene(x.scene);
  FlexibleStudySettings settings;
  settings.stepsPerStage = {1e-3, 5e-4};
  settings.tEnd = 0.01;
  settings.channels = x.channels;
  const FlexibleStudy flexible = makeFlexibleStudy(model, RunSettings{}, settings);
  const Study& study = flexible.study;
  size_t methods = 0;
  for (const MethodGroup& g : flexible.groups) methods += g.methods.size();
  ASSERT_EQ(flexible.groups.size(), 3u);
  ASSERT_EQ(study.runs.size(), 2 * methods);
  ASSERT_EQ(flexible.runs.size(), study.runs.size());
  for (size_t g = 0; g < flexible.groups.size(); ++g)
    for (size_t m = 0; m < flexible.groups[g].methods.size(); ++m)
      for (int k = 0; k < 2; ++k) {
        const int run = flexible.run(static_cast<int>(g), static_cast<int>(m), k);
        ASSERT_GE(run, 0);
        const RunSpec& spec = study.runs[run];
        EXPECT_EQ(&flexible.groupOf(run), &flexible.groups[g]);
        EXPECT_EQ(spec.settings.integrator, flexible.groups[g].methods[m].integrator);
        // Delta t = n (Delta t / n)
        EXPECT_DOUBLE_EQ(spec.settings.integratorSettings.step / implicitStages(spec),
                         settings.stepsPerStage[k]);
        EXPECT_EQ(spec.settings.tEnd, 0.01);
        EXPECT_EQ(spec.settings.integratorSettings.jacobianUpdate, "iteration");
        // the bodies the channels name, no others
        ASSERT_TRUE(spec.settings.recordBodies.has_value());
        EXPECT_EQ(*spec.settings.recordBodies, std::vector<std::string>{"shaft.16"});
      }
  EXPECT_EQ(flexible.run(0, 0, 2), -1);
}

// the quick study runs one method per group, with the Jacobian update asked for
TEST(FlexibleBenchmarkStudies, QuickKeepsTheFirstMethodOfEachGroup) {
  // quick: the first method of each group only, with the Jacobian update given
  const Model model = loadScene("rotating-shaft");
  FlexibleStudySettings settings;
  settings.stepsPerStage = {1e-3};
  settings.tEnd = 0.01;
  settings.quick = true;
  settings.jacobianUpdate = "step";
  const FlexibleStudy flexible = makeFlexibleStudy(model, RunSettings{}, settings);
  ASSERT_EQ(flexible.study.runs.size(), 3u);
  for (int g = 0; g < 3; ++g) {
    EXPECT_EQ(flexible.runs[g].group, g);
    EXPECT_EQ(flexible.study.runs[g].settings.integratorSettings.jacobianUpdate, "step");
  }
}

// the convergence reference is esdirk4-6l2sa2 at a whole fraction of the smallest step studied, so
// its time points include every run's
TEST(FlexibleBenchmarkStudies, ConvergenceReferenceRefinesTheSmallestStep) {
  // the reference: esdirk4-6l2sa2 at fixed steps, the smallest step divided by the whole number
  // that brings it nearest 1e-5 s
  const ConvergenceExperiment x = shaftConvergenceExperiment();
  const Model model = loadScene(x.scene);
  FlexibleStudySettings settings;
  settings.stepsPerStage = {1e-3, 2.5e-4};
  settings.tEnd = 0.01;
  settings.quick = true;
  FlexibleStudy flexible = makeFlexibleStudy(model, RunSettings{}, settings);
  double smallest = 1e300;
  for (const RunSpec& r : flexible.study.runs)
    smallest = std::min(smallest, r.settings.integratorSettings.step);
  addFlexibleConvergenceReference(flexible, x.channels, 1e-5);
  ASSERT_EQ(flexible.study.references.size(), 1u);
  const RunSpec& reference = flexible.study.references[0].run;
  EXPECT_EQ(reference.settings.integrator, "esdirk4-6l2sa2");
  EXPECT_FALSE(reference.settings.integratorSettings.variableStep);
  const int refine = static_cast<int>(std::lround(smallest / 1e-5));
  EXPECT_DOUBLE_EQ(reference.settings.integratorSettings.step, smallest / refine);
  EXPECT_EQ(flexible.study.outputs, x.channels);
}

// the study's parts are named in a fixed order; an unknown part is refused listing them
TEST(FlexibleBenchmarkStudies, PartsAreTheExperimentsThenConvergenceAndIterations) {
  EXPECT_EQ(flexibleStudyParts(), (std::vector<std::string>{"four-bar", "four-bar-fine", "buckling",
                                                            "shaft", "convergence", "iterations"}));
  // an experiment's part gives it, the two studies give none, anything else is refused
  const std::optional<Experiment> shaft = flexibleStudyExperiment("shaft");
  ASSERT_TRUE(shaft);
  EXPECT_EQ(shaft->scene, "rotating-shaft");
  EXPECT_FALSE(flexibleStudyExperiment("convergence"));
  EXPECT_FALSE(flexibleStudyExperiment("iterations"));
  try {
    flexibleStudyExperiment("nosuch");
    FAIL() << "an unknown part";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown part 'nosuch' (four-bar, four-bar-fine, buckling, shaft, convergence, "
              "iterations)");
  }
}

}  // namespace
}  // namespace mbw
