// A run's record (studies/run_record.h): the rejected steps split by cause, and the one-line
// summary of a finished run (steps and CPU time once it took steps, the reason where it did not
// complete).

#include <gtest/gtest.h>

#include "studies/run_record.h"

namespace mbw {
namespace {

TEST(RunRecord, RejectedStepsAreSplitByCause) {
  RunStatistics s;
  s.rejections = {{"error estimate above tolerance", 4},
                  {"Newton did not converge", 2},
                  {"Newton diverged", 1},
                  {"state-space recovery", 3}};
  EXPECT_EQ(rejectedByErrorEstimate(s), 4);
  EXPECT_EQ(rejectedByNewton(s), 3);
}

TEST(RunRecord, SummaryTextSaysHowTheRunEnded) {
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
