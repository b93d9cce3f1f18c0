#pragma once
// Internal to the scene templates: the pieces of a scene's JSON as the templates write them —
// the vertical plane of a planar mechanism, bars, blocks, joints, drivers, outputs, settings —
// with clean numbers (exact zeros and ones where the geometry has them).

#include <nlohmann/json.hpp>
#include <string>

#include "math/types.h"

namespace mbw::scene_text {

using json = nlohmann::ordered_json;  // keys in the order written: format and name first

// The vertical plane a planar mechanism lies in: plane coordinates (x, u) are the world point
// x * horizontal + u * up; `normal` = horizontal x up is the hinge axis, about which a positive
// angle turns +x towards up (counterclockwise in the drawing).
struct PlaneFrame {
  Vec3 horizontal = Vec3::UnitX();
  Vec3 up = Vec3::UnitZ();
  Vec3 normal = -Vec3::UnitY();
  char upAxis = 'z';

  // "z" (the scenes' convention) or "y" (the IFToMM benchmark problems)
  static PlaneFrame withUp(const std::string& up);
  Vec3 point(double x, double u) const { return x * horizontal + u * up; }
  // the in-plane vector (x, u) turned by +90 degrees: the velocity of a point at (x, u) from a
  // pivot turning at 1 rad/s
  static Vec2 perp(const Vec2& w) { return {-w.y(), w.x()}; }
  Vec3 vector(const Vec2& w) const { return w.x() * horizontal + w.y() * up; }
  json gravity(double g = 9.81) const;
};

// cos and sin of an angle in degrees, exact at multiples of 90 degrees
double cosDegrees(double degrees);
double sinDegrees(double degrees);

// [x, y, z] with -0 and round-off below 1e-15 of the vector's size written as 0
json vec(const Vec3& v);
// a number as the shortest text that reads back to the same double (for expressions)
std::string numberText(double x);
// a number to 6 significant digits, for descriptions
std::string readable(double x);
// how a crank starts, for descriptions: "at rest, free", "turned at a constant 2 rad/s by an angle
// driver"
std::string crankMotion(bool driven, double speed);
// `given` unless empty, else `fallback` (a user's name or description over the template's)
inline std::string givenOr(const std::string& given, const std::string& fallback) {
  return given.empty() ? fallback : given;
}

// A bar of a planar mechanism: a box of length L and square section w from `start` to `end`
// (plane coordinates), its frame at its middle with x along it, the thin rod's inertia
// (m L^2 / 12 about the transverse axes, m w^2 / 6 about its own), points "start" and "end".
// The bar turns at `rate` (rad/s, about the plane normal); its middle moves at `velocity`. Its
// length is the nominal one given (|end - start| up to round-off, written as the user typed it).
struct Bar {
  std::string name;
  Vec2 start = Vec2::Zero(), end = Vec2::Zero();
  double length = 1.0, mass = 1.0, width = 0.05;
  double rate = 0.0;
  Vec2 velocity = Vec2::Zero();
};
json barBody(const PlaneFrame& plane, const Bar& bar);

// A block (a slider) of mass m and edge `size` centred at `centre`, moving at `velocity`.
json blockBody(const PlaneFrame& plane, const std::string& name, const Vec2& centre, double mass,
               double size, const Vec2& velocity);

// Joints: a point is a point name of the body or plane coordinates on the ground.
json revolute(const PlaneFrame& plane, const std::string& name, const std::string& bodyI,
              const json& pointI, const std::string& bodyJ, const json& pointJ);
json spherical(const std::string& name, const std::string& bodyI, const json& pointI,
               const std::string& bodyJ, const json& pointJ);
// the cross of a universal joint between two bars of the plane: on body i the plane normal, on
// bar j the direction across it in the plane, so that the pair turns in the plane only
json universalInPlane(const PlaneFrame& plane, const std::string& name, const std::string& bodyI,
                      const json& pointI, const std::string& barJ, const json& pointJ);
// body j slides along the horizontal through point_i of the ground
json horizontalSlide(const PlaneFrame& plane, const std::string& name, const json& groundPoint,
                     const std::string& body);
// the angle of bar `body` from +x turned at constant speed from angle0 (rad, rad/s)
json constantSpeedDriver(const PlaneFrame& plane, const std::string& name, const std::string& body,
                         double angle0, double speed);
// the ground point (x, u) of the plane as a joint point
json groundPoint(const PlaneFrame& plane, const Vec2& p);

// Outputs: the angle of a bar from +x about the plane normal; a world coordinate of a body point.
json angleOutput(const PlaneFrame& plane, const std::string& name, const std::string& body);
json coordinateOutput(const std::string& name, const std::string& body, const json& point,
                      char axis);

// The whole scene as text: format, version, name, description, gravity of the plane, and run
// settings (rp, `integrator` at `step`, to t_end; output_step when positive), written as the
// other scenes are (one line per body, joint and output).
std::string scene(const PlaneFrame& plane, const std::string& name, const std::string& description,
                  json bodies, json joints, json outputs, const std::string& integrator,
                  double step, double tEnd, double outputStep);

}  // namespace mbw::scene_text
