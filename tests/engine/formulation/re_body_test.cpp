// rE and its gimbal lock (ZXZ angles are singular at theta = 0 and pi): a pose at the singularity
// is refused when a run is configured, naming the body; a motion that approaches it ends the run
// with a failed status naming the body and the time, keeping the steps computed before; rA and rp
// run the same motion through.

#include "formulation/re_body.h"

#include <gtest/gtest.h>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// a wheel on a revolute joint about the world x axis, turned at -2 pi rad/s by an angle driver;
// its initial rotation matrix, and the local axis and local arm (along world x and z at t = 0)
struct WheelFrame {
  const char* orientation;
  const char* axis;
  const char* arm;
};

Model wheel(const WheelFrame& frame) {
  const std::string bodies =
      std::string(R"([{"name": "wheel", "mass": 1, "inertia": [0.02, 0.01, 0.01],
      "position": [0, 0, 0], "orientation": {"matrix": )") +
      frame.orientation + R"(},
      "angular_velocity": [-6.283185307179586, 0, 0]}])";
  const std::string joints = std::string(R"([
      {"name": "hinge", "type": "revolute", "body_i": "ground", "body_j": "wheel",
       "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [1, 0, 0], "axis_j": )") +
                             frame.axis + R"(},
      {"name": "motor", "type": "angle-driver", "body_i": "ground", "body_j": "wheel",
       "u_i": [0, 1, 0], "v_i": [0, 0, 1], "a_j": )" +
                             frame.arm + R"(, "angle": "pi/2 - 2*pi*t"}])";
  return parseScene(test::sceneJson(bodies, joints), "wheel.json");
}

// local x along the axis, local z in the plane of the turn: theta = pi/2 - 2 pi t reaches 0 at t =
// 1/4
const WheelFrame kCrossing{"[[1, 0, 0], [0, 0, -1], [0, 1, 0]]", "[1, 0, 0]", "[0, 1, 0]"};
// local z along the axis: theta stays pi/2
const WheelFrame kClear{"[[0, 0, 1], [1, 0, 0], [0, 1, 0]]", "[0, 0, 1]", "[0, 1, 0]"};

RunSettings settings(const std::string& formulation) {
  RunSettings s;
  s.formulation = formulation;
  s.tEnd = 0.5;
  return s;
}

TEST(ReBody, SingularInitialPoseIsRefusedNamingTheBody) {
  // local z along world z: theta = 0
  const Model m = wheel({"[[1, 0, 0], [0, 1, 0], [0, 0, 1]]", "[1, 0, 0]", "[0, 0, 1]"});
  try {
    Simulation sim(m, settings("rE"));
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("body 'wheel'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("gimbal lock"), std::string::npos) << e.what();
  }
  // kinematic analysis refuses it too; rA accepts the same pose
  EXPECT_THROW(runKinematics(m, "rE", KinematicsSettings{}), ModelError);
  EXPECT_NO_THROW(Simulation(m, settings("rA")));
  // the same verdict before any run is set up (the workbench disables rE with it)
  EXPECT_NE(initialPoseRefusal("rE", m).find("body 'wheel'"), std::string::npos);
  EXPECT_EQ(initialPoseRefusal("rA", m), "");
  // a wheel whose angle stays away from the lock is not refused
  EXPECT_EQ(initialPoseRefusal("rE", wheel(kClear)), "");
}

TEST(ReBody, ApproachingTheGimbalLockEndsTheRunNamingBodyAndTime) {
  const Model m = wheel(kCrossing);
  Simulation sim(m, settings("rE"));
  const Results r = sim.run();
  // failed before theta reaches 0 at t = 1/4 s, naming the body and the time
  EXPECT_EQ(r.status, RunStatus::Failed);
  EXPECT_NE(r.message.find("body 'wheel'"), std::string::npos) << r.message;
  // |sin theta| < 0.01 from t = (pi/2 - 0.01) / (2 pi) = 0.2484 s
  EXPECT_NE(r.message.find("t = 0.248"), std::string::npos) << r.message;
  EXPECT_EQ(r.rowCount(), 249u);  // the initial state and the 248 steps before

  // kinematic analysis stops at the same crossing
  KinematicsSettings k;
  k.tEnd = 0.5;
  const Results kin = runKinematics(m, "rE", k);
  EXPECT_EQ(kin.status, RunStatus::Failed);
  EXPECT_NE(kin.message.find("body 'wheel'"), std::string::npos) << kin.message;
  EXPECT_NE(kin.message.find("t = 0.249"), std::string::npos) << kin.message;
}

TEST(ReBody, OtherFormulationsAndAnotherBodyFrameRunThrough) {
  // rA and rp have no such singularity
  for (const char* f : {"rA", "rp"}) {
    Simulation sim(wheel(kCrossing), settings(f));
    EXPECT_EQ(sim.run().status, RunStatus::Completed) << f;
  }
  // rE with the wheel's axis along local z: theta stays pi/2
  Simulation sim(wheel(kClear), settings("rE"));
  EXPECT_EQ(sim.run().status, RunStatus::Completed);
}

}  // namespace
}  // namespace mbw
