// The run summary front ends show (simulation/run_summary_text.h), on a run made by hand: the
// header from the metadata, a failed check beside "completed", rejections by reason, the first
// eight events and a count of the rest, the energy balance's largest magnitude over every row, and
// the projection line only when a projection is given; the progress line of a run under way.

#include <gtest/gtest.h>

#include "simulation/run_summary_text.h"

namespace mbw {
namespace {

// a completed run of three rows with a failed check, rejections and ten events
Results handMadeRun() {
  Results r;
  r.metadata = {{"scene", "pendulum"}, {"formulation", "rA"}, {"integrator", "hht"},
                {"step", "0.01"},      {"t_end", "0.02"},     {"check", "energy drifts"},
                {"t_start", "0"}};
  r.setChannels({{"t", "s"},
                 {"energy.balance", "J"},
                 {"energy.kinetic", "J"},
                 {"energy.potential", "J"},
                 {"energy.work_in", "J"},
                 {"energy.dissipated", "J"},
                 {"violation.position", "m"},
                 {"violation.velocity", "m/s"}});
  r.appendRow({0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.0});
  r.appendRow({0.01, -0.5, 1.0, 2.0, 0.0, 0.0, 2e-9, -3e-7});
  r.appendRow({0.02, 0.25, 1.0, 2.0, 0.0, 0.0, 1e-9, 1e-7});
  r.status = RunStatus::Completed;
  r.stats.steps = 2;
  r.stats.rejectedSteps = 3;
  r.stats.rejections = {{"error estimate", 3}};
  r.stats.newtonIterations = 8;
  r.stats.timePoints = 2;
  for (int k = 0; k < 10; ++k) r.events.push_back({0.001 * k, "event " + std::to_string(k)});
  return r;
}

// whether the text holds the part
bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// the summary says what the run did line by line: a failed check beside "completed", rejections
// by reason, a bounded list of events, and the largest |balance| over every row
TEST(RunSummaryText, SaysWhatTheRunDidItemByItem) {
  const std::string text = runSummaryText(handMadeRun(), nullptr);
  EXPECT_EQ(text.substr(0, text.find('\n')), "pendulum  rA  hht  step 0.01 s  t_end 0.02 s");
  EXPECT_TRUE(has(text, "status           completed, but 1 check failed\n")) << text;
  EXPECT_TRUE(has(text, "check failed     energy drifts\n")) << text;
  EXPECT_TRUE(has(text,
                  "steps            2 (+3 rejected: 3 x error estimate;), simulated to t = "
                  "0.02 s\n"))
      << text;
  EXPECT_TRUE(has(text, "Newton           8 iterations (4 per step), 0 factorizations\n")) << text;
  // eight events shown, the other two counted
  EXPECT_TRUE(has(text, "events           10 events\n")) << text;
  EXPECT_TRUE(has(text, "event 7\n")) << text;
  EXPECT_FALSE(has(text, "event 8\n")) << text;
  EXPECT_TRUE(has(text, "... 2 more (in the CSV)\n")) << text;
  // the largest magnitudes over every row, not the last row's
  EXPECT_TRUE(has(text, "energy balance   0.25 J final, 0.5 J largest |value|")) << text;
  EXPECT_TRUE(has(text, "violation        position 2e-09, velocity 3e-07")) << text;
  EXPECT_FALSE(has(text, "initial state")) << text;
  EXPECT_EQ(text.back(), '\n');
}

// lines for what the run lacks are left out; a projection of the initial state names the body
// it moved most
TEST(RunSummaryText, NamesTheProjectionAndLeavesOutWhatTheRunLacks) {
  // the same run without its failed check and events, with an initial projection that moved a body
  Results r = handMadeRun();
  r.metadata.erase(r.metadata.begin() + 5);  // the failed check
  r.events.clear();
  ProjectionReport projection;
  projection.largestMove = 0.125;
  projection.largestMoveBody = "link";
  const std::string text = runSummaryText(r, &projection);
  EXPECT_TRUE(has(text, "status           completed\n")) << text;
  EXPECT_FALSE(has(text, "events")) << text;
  EXPECT_FALSE(has(text, "error control")) << text;
  EXPECT_TRUE(has(text, "initial state    projection moved 0.125 ('link'), velocity change 0\n"))
      << text;
}

// the progress line: simulated time, share of the span from t_start, and speed against real time
TEST(RunSummaryText, ProgressGivesTheTimeTheShareAndTheSpeed) {
  // the time, the share of the span done and the simulated time over the elapsed one
  EXPECT_EQ(runProgressText(1.5, 0.0, 3.0, 0.75), "t = 1.5 s of 3 s ( 50%), 2x real time");
  // the share and the speed from the start of the span
  EXPECT_EQ(runProgressText(2.5, 1.0, 4.0, 3.0), "t = 2.5 s of 4 s ( 50%), 0.5x real time");
  EXPECT_EQ(runProgressText(1.23456, 0.0, 10.0, 1.0),
            "t = 1.235 s of 10 s ( 12%), 1.23x real time");
}

}  // namespace
}  // namespace mbw
