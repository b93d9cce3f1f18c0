// The recorder (recorder.cpp): its channels in their order, the rows it records (every N-th step
// and the last, from a start time, the last state on finish), and the energy bookkeeping on a
// body in free fall whose exact states are known: the balance is zero on them, the integrated
// work and dissipation enter it with their signs.

#include "simulation/recorder.h"

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "test_models.h"

namespace mbw {
namespace {

// gravity, the block's mass and its initial upward speed
constexpr double kG = 9.81, kMass = 2.0, kVz0 = 3.0;

// a block thrown up at 3 m/s from z = 1, with a named output of its height
Model fallingBlock() {
  return parseScene(
      test::sceneJson(
          R"([{"name": "block", "mass": 2, "inertia": [1, 1, 1], "position": [0, 0, 1],
               "velocity": [0, 0, 3]}])",
          "[]", "[]",
          R"(, "gravity": [0, 0, -9.81], "outputs": [{"name": "height", "type": "coordinate",
              "body": "block", "axis": "z"}])"),
      "falling-block");
}

// the block's model in rp, its consistent initial state, and the exact states of its fall
struct FallingBlockRun {
  Model model = fallingBlock();
  std::unique_ptr<Formulation> formulation = makeFormulation("rp", model);
  State start = consistentInitialState(*formulation, 0.0);

  // the exact state at t: z = 1 + 3 t - g t^2 / 2 (the block's first three coordinates and
  // velocities are its centre's, which the recorded channels check)
  State at(double t) const {
    State s = start;
    s.t = t;
    s.q[2] = 1.0 + kVz0 * t - 0.5 * kG * t * t;
    s.v[2] = kVz0 - kG * t;
    return s;
  }
};

// the documented column order: t, 13 per body, step, iterations, energies, violations,
// accelerations, outputs and their rates; a kinematic run adds multipliers and the grid flag
TEST(Recorder, ChannelsComeInTheirOrder) {
  // the dynamics' channels in order; a kinematic run's, with the multipliers and the grid flag
  FallingBlockRun f;
  const std::vector<Channel> c = Recorder(*f.formulation, Recorder::Kind::Dynamics, 1).channels();
  // t, 13 per body, h, newton_iterations, 5 energies, 2 violations, 6 accelerations, 2 per output
  ASSERT_EQ(c.size(), 1u + 13 + 2 + 5 + 2 + 6 + 2);
  EXPECT_EQ(c[0].name, "t");
  EXPECT_EQ(c[1].name, "block.x");
  EXPECT_EQ(c[4].name, "block.e0");
  EXPECT_EQ(c[8].name, "block.vx");
  EXPECT_EQ(c[13].name, "block.wz");
  EXPECT_EQ(c[13].unit, "rad/s");
  EXPECT_EQ(c[14].name, "h");
  EXPECT_EQ(c[16].name, "energy.kinetic");
  EXPECT_EQ(c[20].name, "energy.balance");
  EXPECT_EQ(c[21].name, "violation.position");
  EXPECT_EQ(c[23].name, "block.ax");
  EXPECT_EQ(c[28].name, "block.dwz");
  EXPECT_EQ(c[29].name, "height");
  EXPECT_EQ(c[30].name, "height.rate");
  EXPECT_EQ(c[30].unit, "m/s");
  // a kinematic run has no step or energies; multipliers and the grid flag come last on request
  const std::vector<Channel> k =
      Recorder(*f.formulation, Recorder::Kind::Kinematics, 1, true, true).channels();
  ASSERT_EQ(k.size(), 1u + 13 + 1 + 2 + 6 + 2 + 1 + 1);
  EXPECT_EQ(k[14].name, "newton_iterations");
  EXPECT_EQ(k[k.size() - 2].name, "lambda.block.normalization");
  EXPECT_EQ(k.back().name, "on_grid");
}

// on the exact states of a free fall the energy balance is zero, so any nonzero balance in a run
// is the integrator's; integrated work enters work_in and dissipation with their signs
TEST(Recorder, TheBalanceIsZeroOnExactStatesAndCountsTheIntegrals) {
  FallingBlockRun f;
  Recorder recorder(*f.formulation, Recorder::Kind::Dynamics, 1);
  Results r;
  recorder.start(f.start, r);
  const double h = 0.1;
  // two exact steps, then one with a work integral W = 0.5 J and a dissipation D = 0.25 J
  recorder.step(f.at(h), WorkIntegrals{}, h, 2, false, r);
  recorder.step(f.at(2 * h), WorkIntegrals{}, h, 3, false, r);
  recorder.step(f.at(3 * h), WorkIntegrals{0.5, 0.25}, h, 4, true, r);
  ASSERT_EQ(r.rowCount(), 4u);
  const int t = r.column("t"), z = r.column("block.z"), vz = r.column("block.vz"),
            height = r.column("height"), kinetic = r.column("energy.kinetic"),
            potential = r.column("energy.potential"), workIn = r.column("energy.work_in"),
            dissipated = r.column("energy.dissipated"), balance = r.column("energy.balance");
  for (size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    const double ti = i * h;
    EXPECT_NEAR(r.at(i, t), ti, 1e-15);
    // the state as set, the named output reading the same height
    EXPECT_NEAR(r.at(i, z), 1.0 + kVz0 * ti - 0.5 * kG * ti * ti, 1e-14);
    EXPECT_NEAR(r.at(i, height), r.at(i, z), 1e-14);
    EXPECT_NEAR(r.at(i, vz), kVz0 - kG * ti, 1e-14);
    EXPECT_NEAR(r.at(i, kinetic), 0.5 * kMass * std::pow(kVz0 - kG * ti, 2), 1e-12);
    // gravity's energy, as potential or as the work of a constant load, changes by m g dz
    const double fall = (r.at(i, potential) - r.at(0, potential)) - r.at(i, workIn);
    // (less the integrated work W of the last row, which work_in counts)
    EXPECT_NEAR(fall, kMass * kG * (r.at(i, z) - 1.0) - (i == 3 ? 0.5 : 0.0), 1e-12);
  }
  // exact states: no imbalance; then W enters the work put in and D the dissipated, the balance
  // -W + D
  for (size_t i = 0; i < 3; ++i) EXPECT_NEAR(r.at(i, balance), 0.0, 1e-12) << i;
  EXPECT_NEAR(r.at(3, dissipated), 0.25, 1e-15);
  EXPECT_NEAR(r.at(3, balance), -0.5 + 0.25, 1e-12);
  // each row's step and Newton iterations
  EXPECT_EQ(r.at(0, r.column("h")), 0.0);
  EXPECT_EQ(r.at(2, r.column("h")), h);
  EXPECT_EQ(r.at(3, r.column("newton_iterations")), 4.0);
}

// the times of the rows recorded over steps 1..n of 0.1 s, the last flagged as such
std::vector<double> rowTimes(Recorder& recorder, const FallingBlockRun& f, int n,
                             int finishAfter = -1) {
  Results r;
  recorder.start(f.start, r);
  for (int k = 1; k <= n; ++k) {
    recorder.step(f.at(0.1 * k), WorkIntegrals{}, 0.1, 1, k == n && finishAfter < 0, r);
    if (k == finishAfter) {
      recorder.finish(f.at(0.1 * k), r);
      break;
    }
  }
  std::vector<double> times;
  for (size_t i = 0; i < r.rowCount(); ++i) times.push_back(std::round(r.at(i, 0) * 10.0) / 10.0);
  return times;
}

TEST(Recorder, RecordsEveryNthStepAndTheLast) {
  FallingBlockRun f;
  Recorder every3(*f.formulation, Recorder::Kind::Dynamics, 3);
  EXPECT_EQ(rowTimes(every3, f, 7), (std::vector<double>{0.0, 0.3, 0.6, 0.7}));
  // none but the first and the last
  Recorder none(*f.formulation, Recorder::Kind::Dynamics, 0);
  EXPECT_EQ(rowTimes(none, f, 5), (std::vector<double>{0.0, 0.5}));
  // from t = 0.25 on: the count of every starts at the first state recorded
  Recorder late(*f.formulation, Recorder::Kind::Dynamics, 2);
  late.setRecordFrom(0.25);
  EXPECT_EQ(rowTimes(late, f, 8), (std::vector<double>{0.3, 0.5, 0.7, 0.8}));
  // a run stopped after its 4th step: that state recorded once
  Recorder stopped(*f.formulation, Recorder::Kind::Dynamics, 3);
  EXPECT_EQ(rowTimes(stopped, f, 8, 4), (std::vector<double>{0.0, 0.3, 0.4}));
  Recorder stoppedOnARow(*f.formulation, Recorder::Kind::Dynamics, 3);
  EXPECT_EQ(rowTimes(stoppedOnARow, f, 8, 3), (std::vector<double>{0.0, 0.3}));
}

// rows sampled at requested times are flagged on_grid = 1, the steps' own rows 0
TEST(Recorder, GridSamplesAreFlagged) {
  FallingBlockRun f;
  Recorder recorder(*f.formulation, Recorder::Kind::Dynamics, 0, false, true);
  Results r;
  recorder.start(f.start, r, true);
  recorder.sample(f.at(0.05), WorkIntegrals{}, 0.1, 1, r);
  recorder.step(f.at(0.1), WorkIntegrals{}, 0.1, 1, true, r);
  ASSERT_EQ(r.rowCount(), 3u);
  const int onGrid = r.column("on_grid");
  EXPECT_EQ(r.at(0, onGrid), 1.0);
  EXPECT_EQ(r.at(1, onGrid), 1.0);
  EXPECT_NEAR(r.at(1, 0), 0.05, 1e-15);
  EXPECT_EQ(r.at(2, onGrid), 0.0);
}

}  // namespace
}  // namespace mbw
