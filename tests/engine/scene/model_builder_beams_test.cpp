// ModelBuilder's beams (model_builder_beams.cpp): a beam's nodes as bodies (names, lumped
// inertia, section axes, initial rigid motion) and its elements; a beam clamped by a fixed joint
// with the outputs that read its nodes and sections; bad input reported with its path.

#include <gtest/gtest.h>

#include "built_scene.h"
#include "scene/scene_error.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

// the six stiffnesses of the cross-section
const char* kSection =
    R"("section": {"EA": 1e6, "GA2": 1e5, "GA3": 1e5, "GJ": 50, "EI2": 80, "EI3": 90})";

// a straight beam from (1, 2, 0) to (1, 2, 2) in two elements, 3 kg/m, the extra fields appended
std::string beam(const std::string& name, const std::string& extra = "") {
  return R"({"name": ")" + name + R"(", "from": [1, 2, 0], "to": [1, 2, 2], "elements": 2, )" +
         kSection + R"(, "mass_per_length": 3, "inertia_per_length": [0.02, 0.01, 0.01])" + extra +
         "}";
}

// a scene of the given beams (and joints) without gravity
Model beamScene(const std::string& beams, const std::string& joints = "[]",
                const std::string& extra = "") {
  return parseScene(test::sceneJson("[]", joints, "[]",
                                    R"(, "gravity": [0, 0, 0], "beams": [)" + beams + "]" + extra),
                    "test");
}

// each node of a beam is a body carrying the mass and rotary inertia of its share of the beam,
// placed along the beam, with the section axes and the rigid motion of the beam as a whole
TEST(ModelBuilderBeams, NodesAreBodiesWithTheLumpedInertiaOfTheirSegments) {
  // two quadratic elements have five nodes, 0.5 m apart, named after the beam; the beam moves as a
  // rigid body at first
  const Model m =
      beamScene(beam("post", R"(, "velocity": [0.5, 0, 0], "angular_velocity": [0, 2, 0])"));
  ASSERT_EQ(m.bodyCount(), 5);
  ASSERT_EQ(m.beams.size(), 1u);
  ASSERT_EQ(m.beamElements.size(), 2u);
  double mass = 0.0;
  for (int k = 0; k < 5; ++k) {
    const Body& b = m.bodies[k];
    EXPECT_EQ(b.name, "post." + std::to_string(k));
    EXPECT_EQ(b.beam, 0);
    EXPECT_LT((b.position_W - Vec3(1.0, 2.0, 0.5 * k)).norm(), 1e-15);
    mass += b.mass;
    // a vertical beam: axis 1 up, axis 2 along world y, axis 3 = axis 1 x axis 2
    EXPECT_LT((b.R_WB.col(0) - Vec3::UnitZ()).norm(), 1e-15);
    EXPECT_LT((b.R_WB.col(1) - Vec3::UnitY()).norm(), 1e-15);
    // the rigid motion: v = v0 + w x (x - from)
    EXPECT_LT((b.velocity_W - Vec3(0.5 + 2.0 * 0.5 * k, 0.0, 0.0)).norm(), 1e-15);
  }
  EXPECT_NEAR(mass, 3.0 * 2.0, 1e-14);
  // node spacing 0.5 m: an inside node carries 1.5 kg, an end node 0.75 kg a quarter segment in
  const Body &end = m.bodies[0], &inside = m.bodies[2];
  EXPECT_NEAR(inside.mass, 1.5, 1e-15);
  EXPECT_NEAR(end.mass, 0.75, 1e-15);
  EXPECT_LT((end.com_B - Vec3(0.125, 0.0, 0.0)).norm(), 1e-15);
  EXPECT_LT((m.bodies[4].com_B - Vec3(-0.125, 0.0, 0.0)).norm(), 1e-15);
  EXPECT_NEAR(inside.inertia_B(0, 0), 0.02 * 0.5, 1e-15);
  EXPECT_NEAR(inside.inertia_B(1, 1), 0.01 * 0.5 + 1.5 * 0.25 / 12.0, 1e-15);
  EXPECT_NEAR(end.inertia_B(2, 2), 0.01 * 0.25 + 0.75 * 0.0625 / 12.0, 1e-15);
  // elements: nodes (0, 1, 2) and (2, 3, 4), metric = half the element length
  EXPECT_EQ(m.beamElements[1].node[0], 2);
  EXPECT_EQ(m.beamElements[1].node[2], 4);
  EXPECT_NEAR(m.beamElements[0].metric[0], 0.5, 1e-15);
  EXPECT_LT((m.beamElements[0].nodePoint_B[0] + end.com_B).norm(), 1e-15);
  EXPECT_LT((m.beamElements[0].strain0[1] - Vec3(1.0, 0.0, 0.0)).norm(), 1e-14);
  EXPECT_LT(m.beamElements[0].curvature0[1].norm(), 1e-14);
}

// section_y sets the cross-section's orientation, hence which bending stiffness acts in which plane
TEST(ModelBuilderBeams, SectionAxisTwoFollowsSectionY) {
  // the section's axis 2 follows section_y projected onto the plane across the beam
  const Model m = beamScene(beam("post", R"(, "section_y": [1, 0, 3])"));
  EXPECT_LT((m.bodies[0].R_WB.col(1) - Vec3::UnitX()).norm(), 1e-15);
  EXPECT_LT((m.bodies[0].R_WB.col(2) - Vec3::UnitY()).norm(), 1e-15);
}

// a fixed joint clamps a node to the ground (6 equations), and outputs read a node's motion and
// the section forces and moments at a point along the beam
TEST(ModelBuilderBeams, FixedJointsClampAndOutputsReadNodesAndSections) {
  // the beam clamped to the ground at its first node; outputs on its last node and at two sections
  const Model m = beamScene(
      beam("post"),
      R"([{"name": "clamp", "type": "fixed", "body_i": "ground", "body_j": "post.0", "point_i": [1, 2, 0], "point_j": [0, 0, 0]}])",
      R"(, "outputs": [{"name": "sway", "type": "displacement", "body": "post.4", "axis": "x"},
         {"name": "twist", "type": "euler-angle", "body": "post.4", "about": "z"},
         {"name": "root", "type": "beam-section", "beam": "post", "position": 0},
         {"name": "middle", "type": "beam-section", "beam": "post", "position": 1}])");
  ASSERT_EQ(m.joints.size(), 1u);
  EXPECT_EQ(m.joints[0].type, JointType::Fixed);
  EXPECT_EQ(m.joints[0].primitiveCount, 6);
  ASSERT_EQ(m.outputs.size(), 4u);
  EXPECT_LT((m.outputs[0].initial_W - Vec3(1.0, 2.0, 2.0)).norm(), 1e-15);
  // a section between two elements belongs to the first, at its end
  EXPECT_EQ(m.outputs[3].element, 0);
  EXPECT_NEAR(m.outputs[3].xi, 1.0, 1e-15);
  EXPECT_EQ(m.outputs[2].element, 0);
  EXPECT_NEAR(m.outputs[2].xi, -1.0, 1e-15);

  // a short lms3 run in rA records every output's channels with their units
  RunSettings s;
  s.formulation = "rA";
  s.integrator = "lms3";
  s.integratorSettings.step = 1e-3;
  s.tEnd = 0.01;
  const Results r = Simulation(m, s).run();
  ASSERT_EQ(r.status, RunStatus::Completed) << r.message;
  for (const char* c :
       {"sway", "sway.rate", "twist", "twist.rate", "root.F1", "root.F3", "root.M2", "middle.M3"})
    EXPECT_GE(r.column(c), 0) << c;
  EXPECT_EQ(r.channels()[r.column("root.F2")].unit, "N");
  EXPECT_EQ(r.channels()[r.column("middle.M1")].unit, "N m");
}

// every impossible beam value is reported at once, each at its JSON path
TEST(ModelBuilderBeams, BadBeamsAreReportedWithTheirPaths) {
  // a beam of zero length, a beam of every bad value, and outputs on an unknown beam or past the
  // beam's length: each reported at its path
  const std::string text = test::sceneJson(
      R"([{"name": "b.1", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}])", "[]", "[]",
      std::string(
          R"(, "beams": [{"name": "b", "from": [0, 0, 0], "to": [0, 0, 0], "elements": 2, )") +
          kSection +
          R"(, "mass_per_length": 1, "inertia_per_length": [1, 1, 1]},
          {"name": "c", "from": [0, 0, 0], "to": [1, 0, 0], "elements": 0, "section": {"EA": -1, "GA2": 1, "GA3": 1, "GJ": 1, "EI2": 1, "EI3": 1},
           "mass_per_length": 0, "inertia_per_length": [1, 0, 1], "section_y": [2, 0, 0], "display": {"width": 0.1}},
          {"name": "d", "from": [0, 0, 0], "to": [1, 0, 0], "elements": 1, )" +
          kSection +
          R"(, "mass_per_length": 1, "inertia_per_length": [1, 1, 1]}],
          "outputs": [{"name": "f", "type": "beam-section", "beam": "e", "position": 0},
                      {"name": "g", "type": "beam-section", "beam": "d", "position": 2}])");
  const std::string issues = test::readerIssues(text);
  for (const char* expected :
       {"/beams/0/to: the beam has zero length",
        "/beams/1/elements: a beam needs at least one element",
        "/beams/1/section/EA: EA must be positive",
        "/beams/1/mass_per_length: the mass per length must be positive",
        "/beams/1/inertia_per_length: the rotary inertia per length must be positive",
        "/beams/1/section_y: section_y must not be parallel to the beam",
        "/beams/1/display: a box section needs both width and height",
        "/outputs/0/beam: unknown beam 'e'",
        "/outputs/1/position: the position must be within the beam"})
    EXPECT_NE(issues.find(expected), std::string::npos) << expected << "\nin\n" << issues;
}

// node bodies are named "<beam>.<k>": a body already named so would make names ambiguous
TEST(ModelBuilderBeams, ANodeNameTakenByABodyIsReported) {
  // a body already named like the beam's second node
  const std::string text = test::sceneJson(
      R"([{"name": "b.1", "mass": 1, "inertia": [1, 1, 1], "position": [5, 0, 0]}])", "[]", "[]",
      std::string(R"(, "beams": [)") + beam("b") + "]");
  EXPECT_NE(
      test::readerIssues(text).find("/beams/0/name: beam node 'b.1' has the name of another body"),
      std::string::npos)
      << test::readerIssues(text);
}

}  // namespace
}  // namespace mbw
