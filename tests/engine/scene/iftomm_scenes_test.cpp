// The IFToMM benchmark problems as built-in scenes: each loads with the mobility of its mechanism
// (the repeated equations of its loops of revolute joints left out), the benchmark's duration,
// output rows and output channels, and runs briefly; A02 is exactly what its template makes;
// Bricard's loop really moves with one degree of freedom (the equation the loader leaves out stays
// satisfied as the loop moves far); A03 is the Andrews' squeezer by another name.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "simulation/simulation.h"
#include "solvers/constraint_rank.h"
#include "test_paths.h"

namespace mbw {
namespace {

// what each benchmark problem's scene must give: its mobility, the equations that repeat the
// others, the run's span and output step, and the outputs the benchmark asks for
struct Problem {
  const char* scene;
  int freedom, repeated;
  double tEnd, outputStep;
  std::vector<std::string> outputs;
};

const std::vector<Problem> kProblems = {
    {"iftomm-a01-pendulum", 2, 0, 2000.0, 0.5, {"p1_x", "p1_y"}},
    {"iftomm-a02-four-bar-40", 1, 120, 20.0, 0.05, {"b0_x", "b0_y"}},
    {"iftomm-a04-bricard", 1, 1, 10.0, 0.01, {"p3_x", "p3_y", "p3_z"}},
    {"iftomm-a05-flyball-governor", 4, 0, 10.0, 0.01, {"s"}},
};

// A03 is the squeezer scene itself, under an alias
TEST(IftommScenes, LoadWithTheirMobilityDurationAndOutputs) {
  for (const Problem& p : kProblems) {
    SCOPED_TRACE(p.scene);
    const Model m = loadScene(p.scene);
    EXPECT_EQ(degreesOfFreedom(m), p.freedom);
    EXPECT_EQ(static_cast<int>(m.redundant.size()), p.repeated);
    EXPECT_EQ(m.defaults.tEnd, p.tEnd);
    EXPECT_EQ(m.defaults.outputStep, p.outputStep);
    ASSERT_EQ(m.outputs.size(), p.outputs.size());
    for (size_t k = 0; k < p.outputs.size(); ++k) EXPECT_EQ(m.outputs[k].name, p.outputs[k]);
    // the benchmark's frame: gravity along -y
    EXPECT_EQ(m.gravity_W, Vec3(0.0, -9.81, 0.0));
  }
  const Model squeezer = loadScene("iftomm-a03-squeezer");
  EXPECT_EQ(squeezer.name, "andrews-squeezer");
}

// each benchmark runs from its consistent start with the integrator and step its scene proposes
TEST(IftommScenes, RunBriefly) {
  // 20 steps of each scene's own integrator and step
  for (const Problem& p : kProblems) {
    SCOPED_TRACE(p.scene);
    const Model m = loadScene(p.scene);
    RunSettings s;
    s.integrator = m.defaults.integrator;
    s.integratorSettings.step = m.defaults.step;
    s.tEnd = 20 * m.defaults.step;
    const Results r = Simulation(m, s).run();
    EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  }
}

// the A02 scene file is the n-four-bar template's output, byte for byte: the file in the tree
// cannot drift from the generator that documents it
TEST(IftommScenes, A02IsWhatItsTemplateMakes) {
  std::ifstream in(std::string(MBW_SOURCE_DIR) + "/scenes/iftomm-a02-four-bar-40.json");
  std::stringstream text;
  text << in.rdbuf();
  const std::string description =
      "IFToMM benchmark A02, N-four-bar with N = 40: 81 bars of 1 m, 1 kg, 41 cranks pinned to the "
      "ground 1 m "
      "apart, every pin a revolute joint (120 of the 605 equations repeat the others); the cranks "
      "start upright, B0 "
      "(the tip of the first crank) moving at +1 m/s along x, free under gravity along -y; where "
      "the cranks lie "
      "horizontal the mechanism gains 40 degrees of freedom; 20 s, rows every 0.05 s (the "
      "benchmark's 400 output "
      "steps); outputs b0_x, b0_y. Reference: the parallelogram's 1-DOF motion in closed form "
      "(docs/iftomm.md)";
  // the scene file is the n-four-bar template's output with these values, byte for byte
  EXPECT_EQ(text.str(), generateScene("n-four-bar", {{"windows", "40"},
                                                     {"up", "y"},
                                                     {"t_end", "20"},
                                                     {"output_step", "0.05"},
                                                     {"name", "iftomm-a02-four-bar-40"},
                                                     {"description", description}}))
      << "scenes/iftomm-a02-four-bar-40.json is not what the template makes; regenerate it with "
         "the command "
         "in docs/iftomm.md (mbw-cli generate n-four-bar --windows 40 --up y --t-end 20 "
         "--output-step 0.05 "
         "--name iftomm-a02-four-bar-40 --description ... -o scenes/iftomm-a02-four-bar-40.json)";
}

// the 120 repeated equations of A02's 40 closing joints are summed up in one line that names the
// first four joints and counts the rest
TEST(IftommScenes, A02sRedundancyIsSummedUpInOneShortLine) {
  const Model m = loadScene("iftomm-a02-four-bar-40");
  ASSERT_EQ(m.notes.size(), 40u);  // one note per window's closing joint, for validate
  EXPECT_EQ(m.redundancySummary(),
            "120 left out: joint 'pin_1_end' (3 of 5), joint 'pin_2_end' (3 of 5), joint "
            "'pin_3_end' (3 of 5), "
            "joint 'pin_4_end' (3 of 5) and 36 more joints");
  EXPECT_EQ(loadScene("iftomm-a04-bricard").redundancySummary(), "1 left out: joint 'R6' (1 of 5)");
}

// the world direction of a body axis from the recorded Euler parameters of row i
Vec3 bodyAxis(const Results& r, size_t i, const std::string& body, int axis) {
  const Eigen::Quaterniond e(r.at(i, r.column(body + ".e0")), r.at(i, r.column(body + ".e1")),
                             r.at(i, r.column(body + ".e2")), r.at(i, r.column(body + ".e3")));
  return e.normalized().toRotationMatrix().col(axis);
}

// rn4 at rtol = atol = 1e-10 for 2 s: rod 5's two axes stay perpendicular to x though one of the
// two equations that say so was left out, while P3 travels more than a metre
TEST(IftommScenes, BricardsLoopMovesWithOneDegreeOfFreedom) {
  // the equation left out is one of R6's two DP1: rod 5's x and y axes (along the rod, and its
  // hinge axis at P4) stay perpendicular to the ground's hinge axis x at P5 (one kept, one left
  // out)
  const Model m = loadScene("iftomm-a04-bricard");
  ASSERT_EQ(m.redundant.size(), 1u);
  RunSettings s;
  s.integrator = "rn4";
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = 1e-10;
  s.tEnd = 2.0;
  const Results r = Simulation(m, s).run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  double travel = 0.0, worst = 0.0;
  const size_t last = r.rowCount() - 1;
  for (size_t i = 0; i < r.rowCount(); ++i) {
    for (int axis : {0, 1})
      worst = std::max(worst, std::abs(bodyAxis(r, i, "rod_5", axis).dot(Vec3::UnitX())));
    travel = std::max(travel, (Vec3(r.at(i, r.column("p3_x")), r.at(i, r.column("p3_y")),
                                    r.at(i, r.column("p3_z"))) -
                               Vec3(1.0, -1.0, 1.0))
                                  .norm());
  }
  EXPECT_GT(travel, 1.0);  // P3 swings across the cube
  EXPECT_LT(worst, 1e-8);
  EXPECT_GT(last, 10u);
}

}  // namespace
}  // namespace mbw
