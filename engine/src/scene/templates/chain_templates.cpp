// The open chains: the N-link pendulum chain (equal bars) and the double pendulum (two bars of
// their own lengths, masses and angles), both bars hinged end to end from the ground at the origin.

#include <algorithm>

#include "scene/templates/scene_text.h"
#include "scene/templates/template_generators.h"

namespace mbw::templates {
namespace {

using namespace scene_text;
using scene_text::json;  // the scene text's ordered json, not the reader's

// one bar of a chain
struct Link {
  double length, mass, angleBelowHorizontal;  // m, kg, deg
};

// bars link_1 ... link_n, each hinged at its start to the previous one's end (the first to the
// ground at the origin), at rest
std::pair<json, json> pendulumChain(const PlaneFrame& plane, const std::vector<Link>& links) {
  // every bar as wide as a twentieth of the longest
  double longest = 0.0;
  for (const Link& l : links) longest = std::max(longest, l.length);
  // the bars one after another, each starting where the last ended
  json bodies = json::array(), joints = json::array();
  Vec2 start = Vec2::Zero();
  for (size_t k = 0; k < links.size(); ++k) {
    const Link& l = links[k];
    const std::string name = "link_" + std::to_string(k + 1);
    // below the horizontal: turned clockwise in the plane
    const Vec2 end = start + l.length * Vec2(cosDegrees(-l.angleBelowHorizontal),
                                             sinDegrees(-l.angleBelowHorizontal));
    // the bar, then its hinge to the previous bar or to the ground
    bodies.push_back(barBody(plane, {name, start, end, l.length, l.mass, 0.05 * longest}));
    const bool first = k == 0;
    joints.push_back(revolute(plane, "hinge_" + std::to_string(k + 1),
                              first ? "ground" : "link_" + std::to_string(k),
                              first ? groundPoint(plane, start) : json("end"), name, "start"));
    start = end;
  }
  return {bodies, joints};
}

}  // namespace

std::string chainScene(const TemplateValues& v) {
  // the plane of the motion, by its up direction
  const PlaneFrame plane = PlaneFrame::withUp(v.choice("up"));
  // n equal bars, released in line
  const int n = v.integer("links");
  // one bar, repeated n times
  const Link link{v.number("length"), v.number("mass"), v.number("angle")};
  auto [bodies, joints] = pendulumChain(plane, std::vector<Link>(n, link));
  // the description says what was built, and from what
  const std::string description =
      std::to_string(n) + "-link pendulum chain of " + readable(link.length) + " m, " +
      readable(link.mass) + " kg bars hinged end to end by revolute joints, released in line " +
      readable(link.angleBelowHorizontal) +
      " deg below the horizontal from rest (template chain): a model that grows with one number";
  // the scene, by default integrated by HHT at 1 ms
  return scene(plane, givenOr(v.text("name"), "chain-" + std::to_string(n)),
               givenOr(v.text("description"), description), bodies, joints, json::array(), "hht",
               1e-3, v.number("t_end"), v.number("output_step"));
}

std::string doublePendulumScene(const TemplateValues& v) {
  // the plane of the motion, by its up direction
  const PlaneFrame plane = PlaneFrame::withUp(v.choice("up"));
  // two bars, each of its own length, mass and release angle
  const std::vector<double>& L = v.numbers("lengths");
  const std::vector<double>& m = v.numbers("masses");
  const std::vector<double>& a = v.numbers("angles");
  auto [bodies, joints] = pendulumChain(plane, {{L[0], m[0], a[0]}, {L[1], m[1], a[1]}});
  // the angle of each bar from +x about the hinge axis
  json outputs =
      json::array({angleOutput(plane, "theta1", "link_1"), angleOutput(plane, "theta2", "link_2")});
  // the description says what was built, and from what
  const std::string description =
      "Double pendulum: bars of " + readable(L[0]) + " m, " + readable(m[0]) + " kg and " +
      readable(L[1]) + " m, " + readable(m[1]) +
      " kg hinged end to end by revolute joints, released from rest " + readable(a[0]) + " and " +
      readable(a[1]) +
      " deg below the horizontal (template double-pendulum); outputs theta1, theta2 "
      "(rad from +x, counterclockwise)";
  return scene(plane, givenOr(v.text("name"), "double-pendulum"),
               givenOr(v.text("description"), description), bodies, joints, outputs, "hht", 1e-3,
               v.number("t_end"), v.number("output_step"));
}

}  // namespace mbw::templates
