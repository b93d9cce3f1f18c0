// The slider-crank from crank, rod and offset: crank O-B pinned to the ground, rod B-C, slider C
// on a horizontal slide at the offset's height.

#include <algorithm>
#include <cmath>

#include "scene/templates/planar_loops.h"
#include "scene/templates/scene_text.h"
#include "scene/templates/template_generators.h"

namespace mbw::templates {

using namespace scene_text;

std::string sliderCrankScene(const TemplateValues& v) {
  // the plane of the motion and the template's values
  const PlaneFrame plane = PlaneFrame::withUp(v.choice("up"));
  const double r = v.number("crank"), l = v.number("rod"), e = v.number("offset");
  const double crankAngle = v.number("crank_angle"), speed = v.number("crank_speed");
  const bool driven = v.flag("driven"), revolutes = v.choice("joints") == "revolute";
  // the template's values, and the mechanism assembled with its rates
  const SliderCrankPose p = assembleSliderCrank(r, l, e, crankAngle, speed);

  // crank from O, rod from B, the slider block centred on C
  const double rho = v.number("mass_per_length"), width = 0.05 * std::max(r, l);
  // the pins' velocities; each bar's centre moves at the mean of its ends'
  const Vec2 vB = p.crankRate * PlaneFrame::perp(p.B - p.O);
  const Vec2 vC(p.sliderSpeed, 0.0);
  json bodies =
      json::array({barBody(plane, {"crank", p.O, p.B, r, rho * r, width, p.crankRate, 0.5 * vB}),
                   barBody(plane, {"rod", p.B, p.C, l, rho * l, width, p.rodRate, 0.5 * (vB + vC)}),
                   blockBody(plane, "slider", p.C, v.number("slider_mass"), 3.0 * width, vC)});

  // pins O, B, C and the slide
  json joints =
      json::array({revolute(plane, "pin_O", "ground", groundPoint(plane, p.O), "crank", "start")});
  // revolutes at B and C, or a spherical at B and a universal at C
  if (revolutes) {
    joints.push_back(revolute(plane, "pin_B", "crank", "end", "rod", "start"));
    joints.push_back(
        revolute(plane, "pin_C", "slider", json::array({0.0, 0.0, 0.0}), "rod", "end"));
  } else {
    joints.push_back(spherical("pin_B", "crank", "end", "rod", "start"));
    joints.push_back(
        universalInPlane(plane, "pin_C", "slider", json::array({0.0, 0.0, 0.0}), "rod", "end"));
  }
  // the slider on its horizontal slide at the offset's height
  joints.push_back(horizontalSlide(plane, "slide", groundPoint(plane, Vec2(0.0, e)), "slider"));
  // a driven crank turns at its speed from its angle
  if (driven)
    joints.push_back(
        constantSpeedDriver(plane, "crank_drive", "crank", crankAngle * M_PI / 180.0, speed));
  // the crank's angle and the slider's position along the slide
  json outputs =
      json::array({angleOutput(plane, "crank_angle", "crank"),
                   coordinateOutput("slider_x", "slider", json::array({0.0, 0.0, 0.0}), 'x')});

  // the description says what was built, and from what
  const std::string description =
      "Slider-crank: crank " + readable(r) + " m, rod " + readable(l) + " m, slide " + readable(e) +
      " m above the crank pivot (bars of " + readable(rho) + " kg/m, a " +
      readable(v.number("slider_mass")) + " kg slider), pinned by " +
      (revolutes ? "revolute joints at O, B and C"
                 : "a revolute at O, a spherical at B and a universal at C") +
      ", the slider on a translational joint; the crank starts at " + readable(crankAngle) +
      " deg, " + crankMotion(driven, speed) +
      " (template slider-crank); outputs crank_angle (rad), slider_x (m)";
  // the scene, by default integrated by HHT at 1 ms
  return scene(plane, givenOr(v.text("name"), "slider-crank"),
               givenOr(v.text("description"), description), bodies, joints, outputs, "hht", 1e-3,
               v.number("t_end"), v.number("output_step"));
}

}  // namespace mbw::templates
