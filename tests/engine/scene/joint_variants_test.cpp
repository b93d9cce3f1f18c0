// The four-link and the slider-crank written with plain joints (revolute, spherical, universal,
// translational) are the same mechanisms as their raw-primitive forms: as many equations, no
// mobility, none repeated, and the same motion and the same driving work along a run. The driver's
// work is the dynamics' check: in a 0-DOF mechanism the torque that drives it is unique, so it
// agrees only if the joints' equations carry the same reactions as the primitives they replace.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

Results runBriefly(const Model& m) {
  RunSettings s;
  s.integrator = "hht";
  s.integratorSettings.step = 1e-3;
  s.tEnd = 0.5;  // a quarter turn of the four-link's rotor, half a turn of the slider-crank's crank
  return Simulation(m, s).run();
}

// the largest difference between two runs' channel over their rows
double largestDifference(const Results& a, const Results& b, const std::string& channel) {
  const int ca = a.column(channel), cb = b.column(channel);
  EXPECT_GE(ca, 0) << channel;
  EXPECT_GE(cb, 0) << channel;
  if (ca < 0 || cb < 0) return INFINITY;
  double worst = 0.0;
  for (size_t i = 0; i < std::min(a.rowCount(), b.rowCount()); ++i)
    worst = std::max(worst, std::abs(a.at(i, ca) - b.at(i, cb)));
  return worst;
}

class JointVariant : public ::testing::TestWithParam<const char*> {};

// each built-in mechanism written with joints has the equations, the mobility and the motion of
// its form with raw primitives, and the same driver work (the same reactions)
TEST_P(JointVariant, IsTheSameMechanismAsItsPrimitiveForm) {
  const std::string name = GetParam();
  const Model primitive = loadScene(name), joints = loadScene(name + "-joints");
  ASSERT_EQ(joints.bodyCount(), primitive.bodyCount());
  EXPECT_EQ(joints.primitiveCount(), primitive.primitiveCount());
  EXPECT_EQ(degreesOfFreedom(joints), 0);
  EXPECT_TRUE(joints.redundant.empty());
  // every equation of the variant comes from a joint with more than one of them, or the driver
  for (const Joint& j : joints.joints)
    EXPECT_TRUE(j.primitiveCount > 1 || j.type == JointType::AngleDriver) << j.name;

  // both forms run alike: the bodies' positions and velocities agree to the Newton tolerance
  const Results a = runBriefly(primitive), b = runBriefly(joints);
  ASSERT_EQ(a.status, RunStatus::Completed) << a.message;
  ASSERT_EQ(b.status, RunStatus::Completed) << b.message;
  ASSERT_EQ(a.rowCount(), b.rowCount());
  for (const Body& body : primitive.bodies)
    for (const char* c : {".x", ".y", ".z", ".vx", ".vy", ".vz"})
      EXPECT_LT(largestDifference(a, b, body.name + c), 1e-8) << body.name + c;
  // the work the driver puts in, against its size: the two forms' multipliers differ by what the
  // Newton tolerance leaves (7e-8 of it on the slider-crank), a wrong reaction by order one
  const double work = largestDifference(a, b, "energy.work_in");
  const int column = a.column("energy.work_in");
  double largest = 0.0;
  for (size_t i = 0; i < a.rowCount(); ++i) largest = std::max(largest, std::abs(a.at(i, column)));
  EXPECT_GT(largest, 1e-3);
  EXPECT_LT(work, 1e-6 * largest);
}

INSTANTIATE_TEST_SUITE_P(BuiltinScenes, JointVariant,
                         ::testing::Values("four-link", "slider-crank"), [](const auto& p) {
                           std::string n = p.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace mbw
