// The four-bar linkage from its four lengths and the N-four-bar of the IFToMM benchmark A02
// (González, Dopico, Lugrís, Cuadrado 2006): N parallelogram windows whose cranks all turn alike.

#include <algorithm>
#include <cmath>

#include "scene/templates/planar_loops.h"
#include "scene/templates/scene_text.h"
#include "scene/templates/template_generators.h"

namespace mbw::templates {
namespace {

using namespace scene_text;

// the velocity of a bar's middle from the velocity of its start and its rate
Vec2 middleVelocity(const Vec2& start, const Vec2& end, const Vec2& startVelocity, double rate) {
  return startVelocity + rate * PlaneFrame::perp(0.5 * (end - start));
}

// the joint at a coupler's start (B): revolute, or spherical in the spherical-universal variant
json couplerStartJoint(const PlaneFrame& plane, bool revolutes, const std::string& name,
                       const std::string& bar, const std::string& coupler) {
  return revolutes ? revolute(plane, name, bar, "end", coupler, "start")
                   : spherical(name, bar, "end", coupler, "start");
}

// the joint at a coupler's end (C): revolute, or universal whose cross turns in the plane
json couplerEndJoint(const PlaneFrame& plane, bool revolutes, const std::string& name,
                     const std::string& bar, const std::string& coupler) {
  return revolutes ? revolute(plane, name, bar, "end", coupler, "end")
                   : universalInPlane(plane, name, bar, "end", coupler, "end");
}

}  // namespace

// --- the four-bar --------------------------------------------------------------------------------

std::string fourBarScene(const TemplateValues& v) {
  // the template's values, and the loop assembled on the chosen branch with its rates
  const PlaneFrame plane = PlaneFrame::withUp(v.choice("up"));
  const std::vector<double>& L = v.numbers("lengths");
  const double crankAngle = v.number("crank_angle"), speed = v.number("crank_speed");
  const bool driven = v.flag("driven"), revolutes = v.choice("joints") == "revolute";
  const FourBarPose p =
      assembleFourBar(L.data(), crankAngle, speed, v.choice("branch") == "elbow-up");

  // bars: the crank from A, the coupler from B, the rocker from D
  // bars as wide as a twentieth of the longest moving one
  const double rho = v.number("mass_per_length"), width = 0.05 * std::max({L[0], L[1], L[2]});
  // B's velocity, the coupler's start
  const Vec2 vB = p.crankRate * PlaneFrame::perp(p.B - p.A);
  json bodies =
      json::array({barBody(plane, {"crank", p.A, p.B, L[0], rho * L[0], width, p.crankRate,
                                   middleVelocity(p.A, p.B, Vec2::Zero(), p.crankRate)}),
                   barBody(plane, {"coupler", p.B, p.C, L[1], rho * L[1], width, p.couplerRate,
                                   middleVelocity(p.B, p.C, vB, p.couplerRate)}),
                   barBody(plane, {"rocker", p.D, p.C, L[2], rho * L[2], width, p.rockerRate,
                                   middleVelocity(p.D, p.C, Vec2::Zero(), p.rockerRate)})});

  // pins A, B, C, D in the order of the loop
  json joints =
      json::array({revolute(plane, "pin_A", "ground", groundPoint(plane, p.A), "crank", "start"),
                   couplerStartJoint(plane, revolutes, "pin_B", "crank", "coupler"),
                   couplerEndJoint(plane, revolutes, "pin_C", "rocker", "coupler"),
                   revolute(plane, "pin_D", "ground", groundPoint(plane, p.D), "rocker", "start")});
  // a driven crank turns at its speed from its angle
  if (driven)
    joints.push_back(
        constantSpeedDriver(plane, "crank_drive", "crank", crankAngle * M_PI / 180.0, speed));
  // the crank's and the rocker's angles
  json outputs = json::array(
      {angleOutput(plane, "crank_angle", "crank"), angleOutput(plane, "rocker_angle", "rocker")});

  // the description says what was built, and from what
  const std::string description =
      "Four-bar linkage: crank " + readable(L[0]) + " m, coupler " + readable(L[1]) +
      " m, rocker " + readable(L[2]) + " m, ground " + readable(L[3]) + " m (bars of " +
      readable(rho) + " kg/m), pinned by " +
      (revolutes ? "four revolute joints"
                 : "revolute joints at A and D, a spherical at B and a universal at C") +
      "; the crank starts at " + readable(crankAngle) + " deg, " + crankMotion(driven, speed) +
      " (template four-bar); outputs crank_angle, rocker_angle (rad from +x, counterclockwise)";
  // the scene, by default integrated by HHT at 1 ms
  return scene(plane, givenOr(v.text("name"), "four-bar"),
               givenOr(v.text("description"), description), bodies, joints, outputs, "hht", 1e-3,
               v.number("t_end"), v.number("output_step"));
}

// --- the N-four-bar of the IFToMM benchmark A02 --------------------------------------------------

std::string nFourBarScene(const TemplateValues& v) {
  // the template's values: N windows of equal bars, all cranks starting alike
  const PlaneFrame plane = PlaneFrame::withUp(v.choice("up"));
  const int n = v.integer("windows");
  const double L = v.number("length"), m = v.number("mass");
  const double crankAngle = v.number("crank_angle"), speed = v.number("crank_speed");
  const bool driven = v.flag("driven"), revolutes = v.choice("joints") == "revolute";

  // every crank at the same angle and rate; every coupler level, translating with the crank tips
  const Vec2 tip = L * Vec2(cosDegrees(crankAngle), sinDegrees(crankAngle));
  const Vec2 tipVelocity = speed * PlaneFrame::perp(tip);
  // bars a twentieth of their length wide
  const double width = 0.05 * L;
  json bodies = json::array(), joints = json::array();
  // crank k pinned to the ground at k L
  for (int k = 0; k <= n; ++k) {
    const std::string crank = "crank_" + std::to_string(k);
    const Vec2 pivot(k * L, 0.0);
    // the crank, then its pin to the ground
    bodies.push_back(barBody(plane, {crank, pivot, pivot + tip, L, m, width, speed,
                                     middleVelocity(pivot, pivot + tip, Vec2::Zero(), speed)}));
    joints.push_back(revolute(plane, "ground_" + std::to_string(k), "ground",
                              groundPoint(plane, pivot), crank, "start"));
    if (k == 0) continue;
    // the coupler of window k, from the tip of crank k-1 to the tip of crank k
    const std::string coupler = "coupler_" + std::to_string(k),
                      previous = "crank_" + std::to_string(k - 1);
    bodies.push_back(barBody(
        plane, {coupler, pivot - Vec2(L, 0.0) + tip, pivot + tip, L, m, width, 0.0, tipVelocity}));
    // its pins: to the tip of crank k-1, then to the tip of crank k
    joints.push_back(couplerStartJoint(plane, revolutes, "pin_" + std::to_string(k) + "_start",
                                       previous, coupler));
    joints.push_back(
        couplerEndJoint(plane, revolutes, "pin_" + std::to_string(k) + "_end", crank, coupler));
  }
  // a driven first crank drives them all
  if (driven)
    joints.push_back(
        constantSpeedDriver(plane, "crank_drive", "crank_0", crankAngle * M_PI / 180.0, speed));
  // B0, the tip of the first crank: the benchmark's output point
  json outputs = json::array(
      {coordinateOutput("b0_x", "crank_0", "end", 'x'),
       coordinateOutput(std::string("b0_") + plane.upAxis, "crank_0", "end", plane.upAxis)});

  // the description says what was built, and from what
  const std::string description =
      std::to_string(n) + "-four-bar (IFToMM benchmark A02): " + std::to_string(2 * n + 1) +
      " bars of " + readable(L) + " m, " + readable(m) + " kg, " + std::to_string(n + 1) +
      " cranks pinned to the ground " + readable(L) + " m apart, " +
      (revolutes ? "every pin a revolute joint"
                 : "each coupler on a spherical and a universal joint") +
      "; the cranks start at " + readable(crankAngle) + " deg, " + crankMotion(driven, speed) +
      " (template n-four-bar); outputs b0_x, b0_" + plane.upAxis +
      ": the tip B0 of the first crank";
  return scene(plane, givenOr(v.text("name"), "n-four-bar-" + std::to_string(n)),
               givenOr(v.text("description"), description), bodies, joints, outputs, "hht", 1e-3,
               v.number("t_end"), v.number("output_step"));
}

}  // namespace mbw::templates
