// What a study keeps of a run (studies/run_record.h): status, message, statistics and the time
// reached; the extremes and final value of the energy balance and the largest constraint
// violations; each output's errors against the reference (max and its time, rms, mean, final,
// RE without the initial row), none for an output either lacks or for a run that did not
// complete; a reference too short refused; the rejected steps counted by cause; and the one-line
// summary of a finished run (steps and CPU time once it took steps, the reason where it did not
// complete).

#include "studies/run_record.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace mbw {
namespace {

// reference: x = 1 + t on 0..1 s every 0.01 s (the cubic interpolation is exact for it)
Results reference() {
  Results r;
  r.setChannels({{"time", "s"}, {"x", "m"}, {"y", "m"}});
  for (int i = 0; i <= 100; ++i) r.appendRow({i * 0.01, 1.0 + i * 0.01, 0.0});
  return r;
}

// a run at 0, 0.5, 1 s with x off the reference by 0, 0.1 and -0.3
Results run() {
  Results r;
  r.setChannels({{"time", "s"},
                 {"x", "m"},
                 {"energy.balance", "J"},
                 {"violation.position", "m"},
                 {"violation.velocity", "m/s"}});
  r.appendRow({0.0, 1.0, 0.0, 1e-9, -4e-6});
  r.appendRow({0.5, 1.6, -0.2, -3e-8, 1e-6});
  r.appendRow({1.0, 1.7, 0.1, 2e-8, 0.0});
  r.status = RunStatus::Completed;
  r.stats.steps = 40;
  r.stats.cpuSeconds = 0.25;
  return r;
}

// a completed run's record holds its statistics, energy balance extremes, largest violations and,
// per output, max, final, mean, rms and relative error against the interpolated reference
TEST(RunRecord, MeasuresOfACompletedRun) {
  // the largest, final, mean and rms errors of x, the energy balance's range and the violations'
  // largest magnitudes
  const Results ref = reference();
  const RunRecord r = measureRun(run(), &ref, {"x", "y", "z"});
  EXPECT_EQ(r.status, RunStatus::Completed);
  EXPECT_EQ(r.stats.steps, 40);
  EXPECT_EQ(r.cpuSecondsMax, 0.25);
  EXPECT_EQ(r.tReached, 1.0);
  EXPECT_EQ(r.energyBalanceMin, -0.2);
  EXPECT_EQ(r.energyBalanceMax, 0.1);
  EXPECT_EQ(r.energyBalanceFinal, 0.1);
  EXPECT_EQ(r.violationPositionMax, 3e-8);
  EXPECT_EQ(r.violationVelocityMax, 4e-6);
  ASSERT_EQ(r.errors.size(), 3u);
  const ErrorMeasures& x = r.errors[0];
  EXPECT_NEAR(x.max, 0.3, 1e-14);
  EXPECT_EQ(x.timeOfMax, 1.0);
  EXPECT_NEAR(x.final, 0.3, 1e-14);
  EXPECT_NEAR(x.mean, 0.4 / 3, 1e-14);
  EXPECT_NEAR(x.rms, std::sqrt((0.01 + 0.09) / 3), 1e-14);
  EXPECT_NEAR(x.relative, std::sqrt((0.01 + 0.09) / (1.5 * 1.5 + 2.0 * 2.0)), 1e-14);
  // y: not in the run; z: in neither
  EXPECT_TRUE(std::isnan(r.errors[1].max));
  EXPECT_TRUE(std::isnan(r.errors[2].relative));
}

// errors are measured only for a completed run against a reference; what a failed run computed is
// kept, and missing channels give NaN
TEST(RunRecord, NoErrorsWithoutAReferenceOrACompletedRun) {
  Results failed = run();
  failed.status = RunStatus::Failed;
  failed.message = "Newton did not converge at t = 1";
  const Results ref = reference();
  const RunRecord r = measureRun(failed, &ref, {"x"});
  EXPECT_EQ(r.status, RunStatus::Failed);
  EXPECT_EQ(r.message, "Newton did not converge at t = 1");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_TRUE(std::isnan(r.errors[0].max));
  EXPECT_EQ(r.energyBalanceMin, -0.2) << "what the run computed is kept";
  const RunRecord alone = measureRun(run(), nullptr, {"x"});
  ASSERT_EQ(alone.errors.size(), 1u);
  EXPECT_TRUE(std::isnan(alone.errors[0].rms));
  // a run without the energy and violation channels, and without rows
  Results empty;
  empty.setChannels({{"time", "s"}});
  const RunRecord none = measureRun(empty, &ref, {});
  EXPECT_EQ(none.tReached, 0.0);
  EXPECT_TRUE(std::isnan(none.energyBalanceMax));
  EXPECT_TRUE(std::isnan(none.violationPositionMax));
}

// a reference shorter than the run cannot measure its error: refused rather than extrapolated
TEST(RunRecord, AReferenceThatEndsTooSoonIsRefused) {
  // a reference to 0.5 s for a run to 1 s
  Results shortReference;
  shortReference.setChannels({{"time", "s"}, {"x", "m"}});
  for (int i = 0; i <= 50; ++i) shortReference.appendRow({i * 0.01, 1.0 + i * 0.01});
  EXPECT_THROW(measureRun(run(), &shortReference, {"x"}), std::invalid_argument);
}

// rejected steps are counted by cause: error estimate, Newton, or neither
TEST(RunRecord, RejectedStepsByCause) {
  // the causes named by the error estimate and by Newton are counted apart; the others in neither
  RunStatistics s;
  s.rejections = {{"error estimate above the tolerance", 4},
                  {"error estimate not finite", 1},
                  {"Newton did not converge", 3},
                  {"Newton diverged", 2},
                  {"state-space recovery failed", 5},
                  {"CVODE: too much work", 6}};
  EXPECT_EQ(rejectedByErrorEstimate(s), 5);
  EXPECT_EQ(rejectedByNewton(s), 5);
  EXPECT_EQ(rejectedByErrorEstimate(RunStatistics{}), 0);
}

// the one-line summary says how the run ended, with its counts once it took a step and the reason
// when it did not complete
TEST(RunRecord, SummaryTextSaysHowTheRunEnded) {
  // completed: the counts and the time; failed: the message after them, or alone before a step
  RunRecord r;
  r.status = RunStatus::Completed;
  r.stats.steps = 120;
  r.stats.rejectedSteps = 3;
  r.stats.cpuSeconds = 0.012;
  r.message = "kept for the record";  // a completed run's message is not its summary's
  EXPECT_EQ(recordSummaryText(r), "completed, 120 steps (+3 rejected), 0.012 s CPU");
  r.status = RunStatus::Failed;
  r.message = "Newton did not converge";
  EXPECT_EQ(recordSummaryText(r),
            "failed, 120 steps (+3 rejected), 0.012 s CPU: Newton did not converge");
  r.stats.steps = 0;  // failed before its first step
  EXPECT_EQ(recordSummaryText(r), "failed: Newton did not converge");
}

}  // namespace
}  // namespace mbw
