// The pieces of the templates' scenes (scene_text.cpp): the vertical plane (its normal the hinge
// axis, a positive turn about it taking +x to up), angles exact at quarter turns, vectors without
// rounding residues or -0, a bar whose named end points land where it was drawn (the frame
// written, turned by Eigen's own rotation), the inertias of a slender bar and a cube, a driver's
// angle in time, and the scene's text in the format's field order, one body a line.

#include "scene/templates/scene_text.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <sstream>
#include <string>

namespace mbw {
namespace {

using scene_text::json;
using scene_text::PlaneFrame;

Vec3 textVector(const json& a) {
  return Vec3(a[0].get<double>(), a[1].get<double>(), a[2].get<double>());
}

// the plane frame (x, up, normal) is right-handed, so positive hinge rates turn x towards up and
// gravity points down, for z up and for y up
TEST(SceneText, ThePlanesNormalTurnsXTowardsUp) {
  for (const char* up : {"z", "y"}) {
    SCOPED_TRACE(up);
    const PlaneFrame plane = PlaneFrame::withUp(up);
    EXPECT_EQ(plane.up, std::string(up) == "z" ? Vec3::UnitZ() : Vec3::UnitY());
    EXPECT_EQ(plane.upAxis, up[0]);
    EXPECT_EQ(plane.horizontal, Vec3::UnitX());
    // a right-handed frame (x, up, normal): a quarter turn about the normal takes x to up
    EXPECT_EQ(plane.normal, plane.horizontal.cross(plane.up));
    EXPECT_EQ(plane.normal.cross(plane.horizontal), plane.up);
    // plane coordinates, and the perpendicular as a quarter turn of the same sense
    EXPECT_EQ(plane.point(2.0, 3.0), 2.0 * Vec3::UnitX() + 3.0 * plane.up);
    EXPECT_EQ(plane.vector(PlaneFrame::perp(Vec2(1.0, 0.0))), plane.up);
    EXPECT_EQ(plane.vector(PlaneFrame::perp(Vec2(0.0, 1.0))), -plane.horizontal);
    // gravity pulls down
    EXPECT_EQ(textVector(plane.gravity()), -9.81 * plane.up);
  }
  // the scenes' convention: z up, hinges along -y
  EXPECT_EQ(PlaneFrame::withUp("z").normal, -Vec3::UnitY());
  EXPECT_EQ(PlaneFrame::withUp("y").normal, Vec3::UnitZ());
}

// cos and sin in degrees are exact at quarter turns, so upright and level bars carry no 6e-17
TEST(SceneText, AnglesAreExactAtQuarterTurns) {
  // std::cos(pi / 2) is 6e-17: a bar drawn upright would carry it
  const struct {
    double degrees, cos, sin;
  } quarters[] = {{0, 1, 0},    {90, 0, 1},  {180, -1, 0}, {270, 0, -1},
                  {-90, 0, -1}, {450, 0, 1}, {-720, 1, 0}, {-270, 0, 1}};
  for (const auto& q : quarters) {
    SCOPED_TRACE(q.degrees);
    EXPECT_EQ(scene_text::cosDegrees(q.degrees), q.cos);
    EXPECT_EQ(scene_text::sinDegrees(q.degrees), q.sin);
  }
  // elsewhere the usual functions (to a few units in the last place)
  EXPECT_NEAR(scene_text::cosDegrees(30.0), std::sqrt(3.0) / 2.0, 1e-15);
  EXPECT_NEAR(scene_text::sinDegrees(-135.0), -std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(scene_text::sinDegrees(90.5), std::cos(0.5 * M_PI / 180.0), 1e-15);
}

// scene text carries no rounding residues or -0, numbers read back exactly, descriptions are short
TEST(SceneText, NumbersAreWrittenClean) {
  // residues below 1e-15 of the vector's size, and -0, written as 0; small vectors keep theirs
  EXPECT_EQ(scene_text::vec(Vec3(-0.0, 2.0, 6e-17)).dump(), "[0.0,2.0,0.0]");
  EXPECT_EQ(scene_text::vec(Vec3(1e-20, -3e-20, 0.0)).dump(), "[1e-20,-3e-20,0.0]");
  EXPECT_EQ(scene_text::vec(Vec3(0.0, -0.0, 0.0)).dump(), "[0.0,0.0,0.0]");
  // the shortest text that reads back, and six digits for descriptions
  EXPECT_EQ(scene_text::numberText(0.1), "0.1");
  EXPECT_EQ(scene_text::numberText(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(scene_text::readable(1.0 / 3.0), "0.333333");
  // how a crank starts
  EXPECT_EQ(scene_text::crankMotion(false, 0.0), "at rest, free");
  EXPECT_EQ(scene_text::crankMotion(false, -1.5), "turning at -1.5 rad/s, free");
  EXPECT_EQ(scene_text::crankMotion(true, 2.0), "turned at a constant 2 rad/s by an angle driver");
}

// the position and rotation written for a bar take its named ends to where they were drawn, with
// a slender bar's inertia and its in-plane motion
TEST(SceneText, ABarsEndsAreWhereItWasDrawn) {
  for (const char* up : {"z", "y"}) {
    const PlaneFrame plane = PlaneFrame::withUp(up);
    for (const Vec2& end : {Vec2(1.2, 0.9), Vec2(0.3, 1.5), Vec2(-0.4, -1.5), Vec2(1.8, 0.3)}) {
      SCOPED_TRACE(std::string(up) + " " + std::to_string(end.x()));
      scene_text::Bar bar;
      bar.name = "bar";
      bar.start = Vec2(0.3, 0.3);
      bar.end = end;
      bar.length = (end - bar.start).norm();
      bar.mass = 2.0;
      bar.width = 0.1;
      bar.rate = -3.0;
      bar.velocity = Vec2(0.5, -0.25);
      const json body = scene_text::barBody(plane, bar);
      // the frame written: its position, turned about the plane normal by the angle written
      const Vec3 position = textVector(body["position"]);
      Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
      if (body.contains("orientation")) {
        EXPECT_EQ(textVector(body["orientation"]["axis"]), plane.normal);
        R = Eigen::AngleAxisd(body["orientation"]["angle"].get<double>(), plane.normal)
                .toRotationMatrix();
      }
      // takes its points "start" and "end" to the ends drawn
      const Vec3 start_W = position + R * textVector(body["points"]["start"]);
      const Vec3 end_W = position + R * textVector(body["points"]["end"]);
      // (to a few units in the last place of lengths about 2)
      EXPECT_LT((start_W - plane.point(bar.start.x(), bar.start.y())).norm(), 1e-14);
      EXPECT_LT((end_W - plane.point(end.x(), end.y())).norm(), 1e-14);
      // a slender bar's inertia: m w^2 / 6 about its axis, m L^2 / 12 across it
      const double L = bar.length;
      EXPECT_EQ(textVector(body["inertia"]),
                Vec3(2.0 * 0.1 * 0.1 / 6.0, 2.0 * L * L / 12.0, 2.0 * L * L / 12.0));
      EXPECT_EQ(textVector(body["shape"]["size"]), Vec3(L, 0.1, 0.1));
      // its motion in the plane
      EXPECT_EQ(textVector(body["velocity"]), plane.vector(bar.velocity));
      EXPECT_EQ(textVector(body["angular_velocity"]), -3.0 * plane.normal);
    }
  }
  // along +x and at rest: no orientation, no velocities written
  scene_text::Bar flat;
  flat.name = "flat";
  flat.end = Vec2(1.0, 0.0);
  const json body = scene_text::barBody(PlaneFrame::withUp("z"), flat);
  EXPECT_FALSE(body.contains("orientation"));
  EXPECT_FALSE(body.contains("velocity"));
  EXPECT_FALSE(body.contains("angular_velocity"));
  EXPECT_EQ(textVector(body["position"]), Vec3(0.5, 0.0, 0.0));
}

// a slider block is a cube: inertia m a^2 / 6 about each axis, at its centre
TEST(SceneText, ABlockIsACubeAtItsCentre) {
  const PlaneFrame plane = PlaneFrame::withUp("y");
  const json block = scene_text::blockBody(plane, "slider", Vec2(0.4, 0.1), 3.0, 0.2, Vec2(1, 0));
  EXPECT_EQ(textVector(block["inertia"]), Vec3::Constant(3.0 * 0.2 * 0.2 / 6.0));
  EXPECT_EQ(textVector(block["position"]), Vec3(0.4, 0.1, 0.0));
  EXPECT_EQ(textVector(block["velocity"]), Vec3(1.0, 0.0, 0.0));
  EXPECT_EQ(textVector(block["shape"]["size"]), Vec3::Constant(0.2));
}

// hinges are along the plane normal, a universal's cross keeps both bodies in the plane, and a
// driver's angle is angle0 + speed t
TEST(SceneText, JointsHingeOnTheNormalAndDriversTurnFromTheirAngle) {
  const PlaneFrame plane = PlaneFrame::withUp("z");
  const json pin = scene_text::revolute(
      plane, "pin", "ground", scene_text::groundPoint(plane, Vec2(1, 2)), "crank", "start");
  EXPECT_EQ(textVector(pin["point_i"]), Vec3(1.0, 0.0, 2.0));
  EXPECT_EQ(textVector(pin["axis_i"]), plane.normal);
  EXPECT_EQ(textVector(pin["axis_j"]), plane.normal);
  // a universal's cross: the normal on body i, across bar j in the plane on body j (the bar's x
  // axis is along it), so that both turn in the plane only
  const json cross = scene_text::universalInPlane(plane, "u", "rocker", "end", "coupler", "end");
  const Vec3 across = textVector(cross["axis_j"]);
  EXPECT_EQ(textVector(cross["axis_i"]), plane.normal);
  EXPECT_EQ(across.dot(Vec3::UnitX()), 0.0);
  EXPECT_EQ(across.dot(plane.normal), 0.0);
  EXPECT_EQ(across.norm(), 1.0);
  // a slide along the horizontal
  const json slide = scene_text::horizontalSlide(plane, "s", json::array({0, 0, 0}), "block");
  EXPECT_EQ(textVector(slide["axis_i"]), Vec3::UnitX());
  // angle0 + speed t, the sign written as an operator
  EXPECT_EQ(scene_text::constantSpeedDriver(plane, "d", "crank", 0.5, 2.0)["angle"], "0.5 + 2*t");
  EXPECT_EQ(scene_text::constantSpeedDriver(plane, "d", "crank", 0.5, -0.1)["angle"],
            "0.5 - 0.1*t");
}

// the scene text follows the format's field order, one body or joint per line, so generated files
// are readable and their diffs small
TEST(SceneText, TheSceneIsWrittenInTheFormatsOrderOneBodyALine) {
  const PlaneFrame plane = PlaneFrame::withUp("z");
  scene_text::Bar a, b;
  a.name = "a";
  b.name = "b";
  a.end = b.end = Vec2(0.0, 1.0);
  const json bodies = json::array({scene_text::barBody(plane, a), scene_text::barBody(plane, b)});
  const json joints = json::array(
      {scene_text::revolute(plane, "pin", "ground", json::array({0, 0, 0}), "a", "start")});
  const std::string text = scene_text::scene(plane, "two", "two bars", bodies, joints,
                                             json::array(), "hht", 1e-3, 2.0, 0.0);
  // fields in the format's order; no outputs when there are none, no output step when 0
  const json s = json::parse(text);
  std::vector<std::string> keys;
  for (const auto& [key, value] : s.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"format", "version", "name", "description", "gravity",
                                            "bodies", "joints", "settings"}));
  EXPECT_EQ(s["format"], "mbw-scene");
  EXPECT_EQ(s["settings"].dump(),
            R"({"formulation":"rp","integrator":"hht","step":0.001,"t_end":2.0})");
  EXPECT_EQ(s["bodies"], bodies);
  // each body and joint on a line of its own
  std::istringstream lines(text);
  int bodyLines = 0, lineCount = 0;
  for (std::string line; std::getline(lines, line); ++lineCount)
    bodyLines += line.rfind("    {\"name\": \"", 0) == 0 ? 1 : 0;
  EXPECT_EQ(bodyLines, 3);
  EXPECT_EQ(lineCount, 2 + 5 + 4 + 3 + 1);  // braces, five fields, bodies, joints, settings
  // outputs and an output step when given
  const json withOutputs = json::parse(scene_text::scene(
      plane, "two", "", bodies, joints, json::array({scene_text::angleOutput(plane, "angle", "a")}),
      "hht", 1e-3, 2.0, 0.01));
  EXPECT_EQ(withOutputs["outputs"][0]["name"], "angle");
  EXPECT_EQ(withOutputs["settings"]["output_step"], 0.01);
}

}  // namespace
}  // namespace mbw
