// Joint reactions against Newton-Euler: for a body held by one joint under gravity, the joint's
// force is m (a_com - g) and its torque at the joint point I alpha + omega x I omega - (P - com) x
// F, all read from the recorded motion; on the stiff double pendulum the pin carries both rods and
// a revolute joint transmits no torque about its axis. Every formulation, an index-3 and a
// state-space integrator.

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include <nlohmann/json.hpp>

#include "math/rotation.h"
#include "scene/scene_reader.h"
#include "simulation/joint_reactions.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// --- the scene and Newton-Euler ------------------------------------------------------------------

// a box hinged off its centre of mass on a tilted axis (body i), turned and spinning: the scene's
// body frame is rotated, and the hinge's axis on the ground is the body's axis in the world
std::string hingedBox() {
  const Mat3 R = Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  const Vec3 axis_W = Vec3(0.2, 0.3, 1.0).normalized(), axis_B = R.transpose() * axis_W;
  nlohmann::json scene = nlohmann::json::parse(R"({
    "format": "mbw-scene", "version": 1, "name": "hinged-box",
    "gravity": [0, 0, -9.81],
    "bodies": [{
      "name": "box", "mass": 2.5, "inertia": [0.05, 0.08, 0.11], "inertia_products": [0.004, -0.002, 0.003],
      "center_of_mass": [0.3, 0.05, -0.02], "position": [0.1, 0.2, 0.3],
      "orientation": {"axis": [1, 2, 3], "angle": 0.4},
      "points": {"hinge": [0, 0, 0]}
    }],
    "joints": [{"name": "hinge", "type": "revolute", "body_i": "box", "body_j": "ground",
                "point_i": "hinge", "point_j": [0.1, 0.2, 0.3]}]
  })");
  scene["bodies"][0]["vectors"]["axis"] = {axis_B.x(), axis_B.y(), axis_B.z()};
  scene["bodies"][0]["angular_velocity"] = {2.0 * axis_W.x(), 2.0 * axis_W.y(), 2.0 * axis_W.z()};
  scene["joints"][0]["axis_i"] = "axis";
  scene["joints"][0]["axis_j"] = {axis_W.x(), axis_W.y(), axis_W.z()};
  return scene.dump();
}

// a body's recorded motion at a row: its frame origin's position and acceleration, angular
// velocity and acceleration, rotation
struct Motion {
  Vec3 p_O, v_O, a_O, omega, alpha;
  Mat3 R;
};

Motion motionAt(const Results& r, size_t row, const std::string& body) {
  auto at = [&](const std::string& c) { return r.at(row, r.column(body + "." + c)); };
  Motion m;
  m.p_O = Vec3(at("x"), at("y"), at("z"));
  m.a_O = Vec3(at("ax"), at("ay"), at("az"));
  m.omega = Vec3(at("wx"), at("wy"), at("wz"));
  m.alpha = Vec3(at("dwx"), at("dwy"), at("dwz"));
  m.R = rotationFromEulerParameters(Vec4(at("e0"), at("e1"), at("e2"), at("e3")).normalized());
  return m;
}

// the force and the torque about the centre of mass that accelerate a body (gravity taken off)
void newtonEuler(const Model& model, int b, const Motion& m, Vec3& F, Vec3& n_com, Vec3& com_W) {
  const Body& body = model.bodies[b];
  const Vec3 c = m.R * body.com_B;
  com_W = m.p_O + c;
  const Vec3 a_com = m.a_O + m.alpha.cross(c) + m.omega.cross(m.omega.cross(c));
  const Mat3 I_W = m.R * body.inertia_B * m.R.transpose();
  F = body.mass * (a_com - model.gravity_W);
  n_com = I_W * m.alpha + m.omega.cross(I_W * m.omega);
}

// a recorded reaction, in the joint's frame
struct Reaction {
  Vec3 force, torque;  // joint frame
};

// the reaction force and torque of a joint at a row
Reaction reactionAt(const Results& r, size_t row, const std::string& joint) {
  auto at = [&](const char* c) { return r.at(row, r.column("reaction." + joint + "." + c)); };
  return {Vec3(at("fx"), at("fy"), at("fz")), Vec3(at("tx"), at("ty"), at("tz"))};
}

// a run that records the joints' reactions
Results run(const Model& model, const std::string& formulation, const std::string& integrator,
            double h, double tEnd) {
  RunSettings s;
  s.formulation = formulation;
  s.integrator = integrator;
  s.integratorSettings.step = h;
  s.tEnd = tEnd;
  s.recordReactions = true;
  Simulation sim(model, s);
  Results r = sim.run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r;
}

// --- the cases -----------------------------------------------------------------------------------

struct Case {
  std::string formulation, integrator;
  // the recorded motion satisfies Newton-Euler to the Newton tolerance. Not so for backward Euler
  // on rp: its velocities (p_{n+1} - p_n) / h leave the Euler parameters' unit sphere by O(h), and
  // so does the gyroscopic term of its discrete equations of motion: there the gap is of
  // first order in the step
  bool exactAccelerations;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.formulation << " " << c.integrator; }

// the largest gap between a recorded reaction and Newton-Euler over the run (and at its start),
// relative to a force scale
struct Gap {
  double start = 0.0, largest = 0.0;
};

class JointReactionsTest : public ::testing::TestWithParam<Case> {
 protected:
  // the checks each recorded row must pass
  void expectConsistent(double h, const std::function<Gap(double)>& gapAt) {
    const Gap g = gapAt(h);
    EXPECT_LT(g.start, 1e-8);  // the consistent initial state: exact
    // (planar rotation keeps rp's velocities on the sphere: exact there too)
    if (GetParam().exactAccelerations || g.largest < 1e-8) {
      EXPECT_LT(g.largest, 1e-7);
    } else {
      // first order in the step
      const Gap fine = gapAt(h / 4.0);
      EXPECT_LT(g.largest, 1e-2);
      EXPECT_LT(fine.largest, g.largest / 3.0) << g.largest << " -> " << fine.largest;
    }
  }
};

// a hinged spinning box: the hinge's reaction is the Newton-Euler wrench of the recorded motion,
// exact at the consistent start and converging with the step along the run
TEST_P(JointReactionsTest, OneJointCarriesWhatAcceleratesTheBody) {
  // the reaction against Newton-Euler at about twenty rows spread over the run, relative to the
  // box's weight
  const Model model = parseScene(hingedBox(), "hinged-box");
  const Joint& j = model.joints[0];
  const double scale = model.bodies[0].mass * 9.81;
  double largestForce = 0.0;
  expectConsistent(1e-3, [&](double h) {
    const Results r = run(model, GetParam().formulation, GetParam().integrator, h, 0.5);
    Gap gap;
    for (size_t row = 0; row < r.rowCount(); row += std::max<size_t>(1, r.rowCount() / 20)) {
      const Motion m = motionAt(r, row, "box");
      Vec3 F, n_com, com;
      newtonEuler(model, 0, m, F, n_com, com);
      // the joint is body i's: its wrench at P is what accelerates the body
      const Vec3 P = m.p_O + m.R * (model.bodies[0].com_B + j.point_I);
      const Vec3 n_P = n_com - (P - com).cross(F);
      const Mat3 R_WJ = m.R * JointReactions::jointFrame(j);
      const Reaction got = reactionAt(r, row, "hinge");
      const double g = std::max((got.force - R_WJ.transpose() * F).norm(),
                                (got.torque - R_WJ.transpose() * n_P).norm()) /
                       scale;
      if (row == 0) gap.start = g;
      gap.largest = std::max(gap.largest, g);
      // a hinge transmits no torque about its axis (its equations hold whatever the step)
      EXPECT_LT(std::abs(got.torque.z()), 1e-7 * scale);
      largestForce = std::max(largestForce, got.force.norm());
    }
    return gap;
  });
  // the test means something: the reaction is of the order of the weight
  EXPECT_GT(largestForce, 0.5 * scale);
}

// the scene's initial poses suit rp (rE's angles start at their gimbal lock)
class StiffPendulumReactionsTest : public JointReactionsTest {};

TEST_P(StiffPendulumReactionsTest, ThePinCarriesBothRodsOfTheStiffPendulum) {
  const Model model = loadScene("stiff-double-pendulum");
  const int rod1 = model.bodyIndex("rod1"), rod2 = model.bodyIndex("rod2");
  const Joint& pin = model.joints[0];
  const Joint& elbow = model.joints[1];
  const double scale = (model.bodies[rod1].mass + model.bodies[rod2].mass) * 9.81;
  // backward Euler needs short steps on the stiff springs
  // the elbow's and the pin's reactions against the rods' Newton-Euler
  expectConsistent(2.5e-4, [&](double h) {
    const Results r = run(model, "rp", GetParam().integrator, h, 0.2);
    Gap gap;
    for (size_t row = 0; row < r.rowCount(); row += std::max<size_t>(1, r.rowCount() / 20)) {
      Vec3 F1, F2, n, com;
      const Motion m1 = motionAt(r, row, "rod1");
      newtonEuler(model, rod1, m1, F1, n, com);
      newtonEuler(model, rod2, motionAt(r, row, "rod2"), F2, n, com);
      // the elbow (body i = rod1) pulls rod1 by minus what accelerates rod2; the pin's body i is
      // the ground: it receives minus what accelerates both rods
      const Reaction elbowGot = reactionAt(r, row, "elbow"), pinGot = reactionAt(r, row, "pin");
      const double g =
          std::max(
              (elbowGot.force - (m1.R * JointReactions::jointFrame(elbow)).transpose() * -F2)
                  .norm(),
              (pinGot.force - JointReactions::jointFrame(pin).transpose() * -(F1 + F2)).norm()) /
          scale;
      if (row == 0) gap.start = g;
      gap.largest = std::max(gap.largest, g);
      // revolute joints: no torque about the axis (the springs' torques are not reactions)
      EXPECT_LT(std::abs(pinGot.torque.z()), 1e-7 * scale);
      EXPECT_LT(std::abs(elbowGot.torque.z()), 1e-7 * scale);
    }
    return gap;
  });
}

// a name gtest accepts: the formulation and the integrator, '-' as '_'
std::string name(const ::testing::TestParamInfo<Case>& info) {
  std::string n = info.param.formulation + "_" + info.param.integrator;
  for (char& c : n)
    if (c == '-') c = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Formulations, JointReactionsTest,
                         ::testing::Values(Case{"rA", "backward-euler", true},
                                           Case{"rp", "backward-euler", false},
                                           Case{"rE", "backward-euler", true},
                                           Case{"rp", "rosenbrock-nystrom4", true}),
                         name);

INSTANTIATE_TEST_SUITE_P(Rp, StiffPendulumReactionsTest,
                         ::testing::Values(Case{"rp", "backward-euler", false},
                                           Case{"rp", "rosenbrock-nystrom4", true}),
                         name);

}  // namespace
}  // namespace mbw
