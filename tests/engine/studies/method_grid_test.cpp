// The method-and-step studies of Zhang et al. 2022 section 5 (studies/method_grid.h): every method
// at every step, methods outer, with Delta t or Delta t / n; the convergence reference at the
// smallest step over refine (recording every refine-th step, so that its rows fall on the runs'
// steps) or at a tolerance, compared with every run; and the observed order of each method from
// its runs' RE, with its mean Newton iterations per time point.

#include "studies/method_grid.h"

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "studies/run_record.h"

namespace mbw {
namespace {

// lms2 and bathe (rho_inf 0.6) at three steps to 0.5 s, the steps per stage if asked
Study grid(bool perStage) {
  RunSettings base;
  base.tEnd = 0.5;
  return makeMethodStepStudy("double-pendulum", base, parseStudyMethods("lms2,bathe:0.6"),
                             {0.02, 0.01, 0.005}, perStage);
}

// every method runs at every step, methods outer; per stage, an n-stage method's step is n times
// the grid's, so all methods do the same work per unit time
TEST(MethodGrid, EveryMethodAtEveryStep) {
  const Study study = grid(false);
  ASSERT_EQ(study.variants.size(), 1u);
  EXPECT_EQ(study.variants[0].scene, "double-pendulum");
  ASSERT_EQ(study.runs.size(), 6u);
  for (int r = 0; r < 6; ++r) {
    const RunSettings& s = study.runs[r].settings;
    EXPECT_EQ(s.integrator, r < 3 ? "lms2" : "bathe") << "methods outer";
    EXPECT_EQ(s.integratorSettings.step, (std::vector<double>{0.02, 0.01, 0.005})[r % 3]);
    EXPECT_EQ(s.tEnd, 0.5);
    EXPECT_EQ(study.runs[r].reference, -1);
  }
  EXPECT_EQ(study.runs[3].settings.integratorSettings.rhoInf, 0.6);
  // equal cost: Bathe's two time points per step double its step
  const Study perStage = grid(true);
  EXPECT_EQ(perStage.runs[0].settings.integratorSettings.step, 0.02);
  EXPECT_DOUBLE_EQ(perStage.runs[3].settings.integratorSettings.step, 0.04);
  RunSettings base;
  EXPECT_THROW(makeMethodStepStudy("double-pendulum", base, {{"nosuch"}}, {0.01}, false),
               ConfigurationError);
}

// a channel the runs do not record is refused before the study starts; run files are named by
// the method and the rho_inf it was given
TEST(MethodGrid, RecordedChannelsAndRunFiles) {
  // the double pendulum's runs record its bodies and the energy balance, not a made-up channel
  const Model model = loadScene("double-pendulum");
  const Study study = grid(false);
  EXPECT_NO_THROW(requireRecordedChannels(model, study, {"energy.balance", "body_2.y"}));
  try {
    requireRecordedChannels(model, study, {"energy.balance", "nosuch.x"});
    ADD_FAILURE() << "nosuch.x is not recorded";
  } catch (const ConfigurationError& e) {
    EXPECT_STREQ(e.what(), "no output column 'nosuch.x' (see a run's CSV header)");
  }
  // a method's file: with the rho_inf it was given only
  EXPECT_EQ(methodRunFileName({"lms2"}), "lms2.csv");
  EXPECT_EQ(methodRunFileName(parseStudyMethods("bathe:0.6").at(0)), "bathe-0.6.csv");
}

// the reference is esdirk4-6l2sa2 at a tenth of the smallest step (recording every tenth step so
// its rows fall on the runs'), or a method at variable steps to a tolerance
TEST(MethodGrid, TheConvergenceReference) {
  // the default reference: esdirk4-6l2sa2 at a tenth of the smallest step, its own rho_inf
  RunSettings base;
  base.tEnd = 0.5;
  base.integratorSettings.rhoInf = 0.3;
  Study study = grid(false);
  addConvergenceReference(study, base, {}, {"body_2.z"});
  ASSERT_EQ(study.references.size(), 1u);
  const RunSettings& ref = study.references[0].run.settings;
  EXPECT_EQ(ref.integrator, "esdirk4-6l2sa2");
  EXPECT_DOUBLE_EQ(ref.integratorSettings.step, 0.0005) << "the smallest step / 10";
  EXPECT_FALSE(ref.integratorSettings.variableStep);
  EXPECT_EQ(ref.every, 10);
  EXPECT_LT(ref.integratorSettings.rhoInf, 0.0) << "the reference's own";
  EXPECT_EQ(ref.tEnd, 0.5);
  EXPECT_NE(study.references[0].description.find("smallest step / 10"), std::string::npos)
      << study.references[0].description;
  EXPECT_EQ(study.outputs, std::vector<std::string>{"body_2.z"});
  for (const RunSpec& r : study.runs) EXPECT_EQ(r.reference, 0);
  // at a tolerance: variable steps
  Study tolerance = grid(false);
  ConvergenceReference atTolerance;
  atTolerance.integrator = "esdirk3-4l2sa";
  atTolerance.rtol = 1e-9;
  addConvergenceReference(tolerance, base, atTolerance, {"body_2.z"});
  const IntegratorSettings& s = tolerance.references[0].run.settings.integratorSettings;
  EXPECT_TRUE(s.variableStep);
  EXPECT_EQ(s.rtol, 1e-9);
  EXPECT_EQ(s.atol, 1e-9);
  EXPECT_NE(tolerance.references[0].description.find("rtol = atol = 1e-09"), std::string::npos)
      << tolerance.references[0].description;
}

// from errors c h^p the observed order is p exactly, with the mean Newton iterations per time point
TEST(MethodGrid, ObservedOrdersByMethod) {
  // made-up records: each error exactly c h^p, 100 time points each and 100, 200, ... iterations
  const Study study = grid(false);
  // RE = 2 h^2 for lms2 and 5 h^3 for bathe, on two outputs (the second unmeasured)
  std::vector<RunRecord> records;
  for (int r = 0; r < 6; ++r) {
    RunRecord record;
    record.run = r;
    const double h = study.runs[r].settings.integratorSettings.step;
    record.errors.resize(2);
    record.errors[0].relative = r < 3 ? 2 * h * h : 5 * h * h * h;
    record.stats.timePoints = 100;
    record.stats.newtonIterations = 100 * (r + 1);
    records.push_back(record);
  }
  const std::vector<MethodOrder> orders = observedOrders(study, records, 0);
  ASSERT_EQ(orders.size(), 2u);
  EXPECT_EQ(orders[0].method, "lms2 (0.6)") << "its default rho_inf";
  EXPECT_NEAR(orders[0].order, 2.0, 1e-12);
  EXPECT_NEAR(orders[0].iterationsPerTimePoint, 2.0, 1e-12) << "mean of 1, 2, 3";
  EXPECT_EQ(orders[1].method, "bathe (0.6)");
  EXPECT_NEAR(orders[1].order, 3.0, 1e-12);
  EXPECT_NEAR(orders[1].iterationsPerTimePoint, 5.0, 1e-12);
  EXPECT_TRUE(std::isnan(observedOrders(study, records, 1)[0].order)) << "not measured";
  EXPECT_TRUE(std::isnan(observedOrders(study, records, 7)[1].order)) << "no such output";
  // every compared output's, in their order
  Study compared = study;
  compared.outputs = {"body_2.x", "body_2.vx"};
  const std::vector<std::vector<MethodOrder>> byOutput = observedOrdersByOutput(compared, records);
  ASSERT_EQ(byOutput.size(), 2u);
  ASSERT_EQ(byOutput[0].size(), 2u);
  EXPECT_NEAR(byOutput[0][1].order, 3.0, 1e-12);
  EXPECT_TRUE(std::isnan(byOutput[1][0].order));
}

}  // namespace
}  // namespace mbw
