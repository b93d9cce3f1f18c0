// Energy balance on Andrews' squeezer, Delta E = E - E0 - T (beta - beta0) (Zhang et al. 2022 eq
// 23), for every integrator, and the paper's qualitative findings at Delta t / n = 1e-4 s over [0,
// 0.05] s (section 5.1). The full study (1e-4 and 1e-5 over [0, 0.05] for every method) is a
// command, see docs/studies.md: mbw-cli compare andrews-squeezer ...

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "analysis/integrator_study.h"
#include "integrators/registry.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

struct Balance {
  double min = 0.0, max = 0.0, final = 0.0, work = 0.0;
  double largest() const { return std::max(-min, max); }
};

Balance balance(const std::string& methods, double stepPerStage, double tEnd) {
  static const Model model = loadScene("andrews-squeezer");
  RunSettings base;
  base.tEnd = tEnd;
  const StudyMethod m = parseStudyMethods(methods).front();
  const Results r = Simulation(model, studyRunSettings(base, m, stepPerStage, true)).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  const std::vector<double> e = r.columnValues(r.column("energy.balance"));
  const size_t last = r.rowCount() - 1;
  return {*std::min_element(e.begin(), e.end()), *std::max_element(e.begin(), e.end()), e.back(),
          r.at(last, r.column("energy.work_in"))};
}

class AndrewsEnergy : public ::testing::TestWithParam<std::string> {};

// The balance is zero for the exact solution: it shrinks with the step for every method.
TEST_P(AndrewsEnergy, BalanceConvergesWithTheStep) {
  // the first 0.02 s at 1e-4 and 5e-5 s per stage
  const Balance coarse = balance(GetParam(), 1e-4, 0.02), fine = balance(GetParam(), 5e-5, 0.02);
  RecordProperty("largest_dE_1e-4", std::to_string(coarse.largest()));
  RecordProperty("largest_dE_5e-5", std::to_string(fine.largest()));
  // halving the step shrinks the largest imbalance (by more than 1.5)
  EXPECT_GT(coarse.largest() / fine.largest(), 1.5) << coarse.largest() << " -> " << fine.largest();
  EXPECT_GT(fine.work, 0.2);  // the drive did work
}

INSTANTIATE_TEST_SUITE_P(AllIntegrators, AndrewsEnergy,
                         ::testing::ValuesIn(test::index3IntegratorNames()),
                         [](const auto& p) { return test::parameterName(p.param); });

// Zhang et al. 2022 section 5.1, Delta t / n = 1e-4 s (Figure 10): MSSTH(3, 4) with rho_inf = 0 and
// ESDIRK3(2)4L[2]SA gain energy; MSSTH(5) departs from the solution; LMS3/SS3/LMS4/SS4 with
// rho_inf = 0.6 mostly preserve energy; LMS2 and SS2 with rho_inf = 0 show an obvious drop.
TEST(AndrewsEnergyZhangFindings, WhichMethodsGainAndWhichLoseEnergy) {
  for (const char* gaining : {"mssth3:0", "mssth4:0", "esdirk3-4l2sa"}) {
    SCOPED_TRACE(gaining);
    const Balance b = balance(gaining, 1e-4, 0.05);
    // gaining: it ends above 1 % of the drive's work, and never falls below zero (beyond 1e-6)
    EXPECT_GT(b.final, 0.01 * b.work);
    EXPECT_GT(b.min, -1e-6);
  }
  const Balance mssth5 = balance("mssth5:0", 1e-4, 0.05);
  // MSSTH5 departs: it ends more than 10 % of the work below
  EXPECT_LT(mssth5.final, -0.1 * mssth5.work);
  for (const char* preserving : {"lms3:0.6", "ss3:0.6", "lms4:0.6", "ss4:0.6"}) {
    SCOPED_TRACE(preserving);
    const Balance b = balance(preserving, 1e-4, 0.05);
    // preserving: within 2 % of the work all along, never gaining (beyond 1e-6)
    EXPECT_LT(b.largest(), 0.02 * b.work);
    EXPECT_LT(b.max, 1e-6);
  }
  for (const char* family : {"lms2", "ss2"}) {
    SCOPED_TRACE(family);
    const Balance bdf2 = balance(std::string(family) + ":0", 1e-4, 0.05);
    const Balance tuned = balance(std::string(family) + ":0.6", 1e-4, 0.05);
    // BDF2 (rho_inf = 0) strays at least three times as far as the same family at 0.6
    EXPECT_GT(bdf2.largest(), 3.0 * tuned.largest());
  }
}

}  // namespace
}  // namespace mbw
