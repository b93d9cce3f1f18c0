// The studies of Sandu, Negrut and Haug 2003 section 5 (studies/rosenbrock_nystrom_studies.h) as
// the engine builds them: the tolerance study's runs against one reference; the timing study's runs
// by what they are (each integrator at each tolerance, Figure 5's run), none found by their order.

#include <gtest/gtest.h>

#include <stdexcept>

#include "scene/scene_reader.h"
#include "studies/rosenbrock_nystrom_studies.h"

namespace mbw {
namespace {

// the timing study's runs are found by what they are (implicit or explicit at a tolerance, the
// figure's run), not by their position, with CPU checkpoints at the spans in increasing order
TEST(RosenbrockNystromStudies, TimingStudyNamesItsRuns) {
  // three tolerances, spans of 2 s and 1 s: an rn4 and an adams run per tolerance and one rn4
  // run for the figure, seven in all
  const Model model = loadScene("double-pendulum");
  TimingStudySettings o;
  o.scene = "double-pendulum";
  o.tolerances = {1e-2, 1e-3, 1e-4};
  o.spans = {2, 1};
  const TimingStudy timing = makeTimingStudy(model, o);
  const Study& study = timing.study;
  ASSERT_EQ(study.runs.size(), 7u);
  // the checkpoints where CPU time is read are the spans in increasing order
  EXPECT_EQ(study.checkpoints, (std::vector<double>{1, 2}));
  ASSERT_EQ(timing.implicitRuns.size(), 3u);
  ASSERT_EQ(timing.explicitRuns.size(), 3u);
  // the pairs compare at the same tolerance; the implicit runs go to the longest span
  for (size_t k = 0; k < 3; ++k) {
    const RunSpec& implicitRun = study.runs[timing.implicitRuns[k]];
    const RunSpec& explicitRun = study.runs[timing.explicitRuns[k]];
    EXPECT_EQ(implicitRun.settings.integrator, "rn4");
    EXPECT_EQ(explicitRun.settings.integrator, "adams");
    EXPECT_EQ(implicitRun.settings.integratorSettings.rtol, o.tolerances[k]);
    EXPECT_EQ(explicitRun.settings.integratorSettings.rtol, o.tolerances[k]);
    EXPECT_EQ(explicitRun.settings.every, o.explicitEvery);
    EXPECT_EQ(implicitRun.settings.tEnd, 2.0);
  }
  // the figure's run goes to the scene's own end time at the figure's tolerance
  const RunSpec& figure = study.runs.at(timing.figureRun);
  EXPECT_EQ(figure.settings.integrator, "rn4");
  EXPECT_EQ(figure.settings.integratorSettings.rtol, o.figureTolerance);
  EXPECT_EQ(figure.settings.tEnd, model.defaults.tEnd);
}

// every run of the tolerance study is compared with one tight reference on the channel and its
// rate, at variable steps with atol equal to its tolerance
TEST(RosenbrockNystromStudies, ToleranceStudyRunsAgainstOneReference) {
  // the default tolerances against one reference run at the reference tolerance, the channel and
  // its rate as outputs; each run steps variably with atol at its tolerance
  const Model model = loadScene("double-pendulum");
  ToleranceStudySettings o;
  o.scene = "double-pendulum";
  o.channel = "body_1.x";
  const Study study = makeToleranceStudy(model, o);
  ASSERT_EQ(study.references.size(), 1u);
  EXPECT_EQ(study.references[0].run.settings.integratorSettings.rtol, o.referenceTolerance);
  EXPECT_EQ(study.outputs, (std::vector<std::string>{"body_1.x", "body_1.x.rate"}));
  ASSERT_EQ(study.runs.size(), o.tolerances.size());
  for (size_t k = 0; k < study.runs.size(); ++k) {
    EXPECT_EQ(study.runs[k].reference, 0);
    EXPECT_TRUE(study.runs[k].settings.integratorSettings.variableStep);
    EXPECT_EQ(study.runs[k].settings.integratorSettings.atol, o.tolerances[k]);
  }
}

// spans must be positive, even those --quick would replace, and a study needs tolerances
TEST(RosenbrockNystromStudies, TimingStudyRefusesSpansThatAreNotPositive) {
  // a negative span is refused, and so is a study without tolerances
  const Model model = loadScene("double-pendulum");
  TimingStudySettings o;
  o.spans = {1, -1};
  EXPECT_THROW(makeTimingStudy(model, o), std::invalid_argument);
  // the spans given are checked, even those --quick replaces
  o.quick = true;
  EXPECT_THROW(makeTimingStudy(model, o), std::invalid_argument);
  o.spans = {1};
  o.tolerances.clear();
  EXPECT_THROW(makeTimingStudy(model, o), std::invalid_argument);
}

// the studied channel is the one asked for, else the scene's first named output, else an error
// naming the scene and the option to give
TEST(RosenbrockNystromStudies, StudyChannelIsTheRequestedOrTheFirstNamedOutput) {
  // the stiff double pendulum names its outputs: the first one is the study's channel unless
  // another is asked for
  const Model withOutputs = loadScene("stiff-double-pendulum");
  ASSERT_FALSE(withOutputs.outputs.empty());
  EXPECT_EQ(studyChannel(withOutputs, "s", "body_1.x"), "body_1.x");
  EXPECT_EQ(studyChannel(withOutputs, "s", ""), withOutputs.outputs.front().name);
  // a scene without named outputs needs a channel, and the message names the scene as given
  const Model without = loadScene("four-link");
  ASSERT_TRUE(without.outputs.empty());
  EXPECT_EQ(studyChannel(without, "four-link", "body_2.y"), "body_2.y");
  try {
    studyChannel(without, "my-four-link.json", "");
    FAIL() << "no channel chosen";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "my-four-link.json has no named outputs: choose a channel with --channel");
  }
}

}  // namespace
}  // namespace mbw
