#include "scene/templates/scene_text.h"

#include <charconv>
#include <cmath>
#include <sstream>

#include "math/number_text.h"
#include "scene/schema.h"

namespace mbw::scene_text {

// z up by default; y up as the IFToMM problems have it; the normal completes the frame
PlaneFrame PlaneFrame::withUp(const std::string& up) {
  PlaneFrame p;
  // the default frame (z up) turned for y up
  if (up == "y") {
    p.up = Vec3::UnitY();
    p.upAxis = 'y';
  }
  p.normal = p.horizontal.cross(p.up);
  return p;
}

// gravity of magnitude g, against the plane's up
json PlaneFrame::gravity(double g) const { return vec(-g * up); }

// --- numbers -------------------------------------------------------------------------------------

namespace {

// degrees as a multiple of 90 when they are one: 0..3 quarter turns, else -1
int quarterTurns(double degrees) {
  const double q = degrees / 90.0;
  // not a whole number of quarter turns
  if (q != std::round(q)) return -1;
  // the count of quarter turns, brought into 0..3
  return static_cast<int>(((static_cast<long long>(std::round(q)) % 4) + 4) % 4);
}

}  // namespace

// exact at quarter turns, so that a bar drawn upright has no 6e-17 in its position
double cosDegrees(double degrees) {
  static const double exact[4] = {1.0, 0.0, -1.0, 0.0};
  const int q = quarterTurns(degrees);
  // the exact value at a quarter turn, else the library's
  return q >= 0 ? exact[q] : std::cos(degrees * M_PI / 180.0);
}

// the same for the sine
double sinDegrees(double degrees) {
  static const double exact[4] = {0.0, 1.0, 0.0, -1.0};
  const int q = quarterTurns(degrees);
  return q >= 0 ? exact[q] : std::sin(degrees * M_PI / 180.0);
}

// a vector as a JSON array, with rounding residues (under 1e-15 of its size) written as 0
json vec(const Vec3& v) {
  // the largest component sets what counts as a residue
  const double size = v.cwiseAbs().maxCoeff();
  json a = json::array();
  for (int k = 0; k < 3; ++k) a.push_back(std::abs(v[k]) <= 1e-15 * size ? 0.0 : v[k]);
  return a;
}

// the shortest text that reads back as x
std::string numberText(double x) { return formatShortest(x); }

// six digits, for the descriptions
std::string readable(double x) { return formatNumber(x, 6); }

// the crank's motion at the start, for a scene's description
std::string crankMotion(bool driven, double speed) {
  if (driven) return "turned at a constant " + readable(speed) + " rad/s by an angle driver";
  return speed == 0.0 ? "at rest, free" : "turning at " + readable(speed) + " rad/s, free";
}

// --- bodies --------------------------------------------------------------------------------------

namespace {

// the orientation of a body whose x axis points along `direction` in the plane (turned about the
// plane normal); none when it is +x
void setPlaneOrientation(json& body, const PlaneFrame& plane, const Vec2& direction) {
  const double angle = std::atan2(direction.y(), direction.x());
  if (angle != 0.0) body["orientation"] = {{"axis", vec(plane.normal)}, {"angle", angle}};
}

}  // namespace

json barBody(const PlaneFrame& plane, const Bar& bar) {
  // a slender bar's inertia about its centre (the width left out of the transverse moments), at its
  // midpoint, along its direction, with its end points and box shape
  const Vec2 along = bar.end - bar.start;
  const double L = bar.length, m = bar.mass, w = bar.width;
  json body = {{"name", bar.name},
               {"mass", m},
               {"inertia", {m * w * w / 6.0, m * L * L / 12.0, m * L * L / 12.0}},
               {"position", vec(plane.point(0.5 * (bar.start.x() + bar.end.x()),
                                            0.5 * (bar.start.y() + bar.end.y())))}};
  setPlaneOrientation(body, plane, along);
  // its motion, when it has one
  if (bar.velocity != Vec2::Zero()) body["velocity"] = vec(plane.vector(bar.velocity));
  if (bar.rate != 0.0) body["angular_velocity"] = vec(bar.rate * plane.normal);
  // its end points by name, and its box
  body["points"] = {{"start", {-0.5 * L, 0.0, 0.0}}, {"end", {0.5 * L, 0.0, 0.0}}};
  body["shape"] = {{"type", "box"}, {"size", {L, w, w}}};
  return body;
}

json blockBody(const PlaneFrame& plane, const std::string& name, const Vec2& centre, double mass,
               double size, const Vec2& velocity) {
  // a cube's inertia about its centre
  const double I = mass * size * size / 6.0;
  json body = {{"name", name},
               {"mass", mass},
               {"inertia", {I, I, I}},
               {"position", vec(plane.point(centre.x(), centre.y()))}};
  // its velocity, when it has one, and its box
  if (velocity != Vec2::Zero()) body["velocity"] = vec(plane.vector(velocity));
  body["shape"] = {{"type", "box"}, {"size", {size, size, size}}};
  return body;
}

// --- joints --------------------------------------------------------------------------------------

// a point of the ground, in the plane
json groundPoint(const PlaneFrame& plane, const Vec2& p) { return vec(plane.point(p.x(), p.y())); }

// a revolute joint about the plane's normal
json revolute(const PlaneFrame& plane, const std::string& name, const std::string& bodyI,
              const json& pointI, const std::string& bodyJ, const json& pointJ) {
  // a bar's frame is the world's turned about the normal, so the normal reads the same in both
  return {{"name", name},
          {"type", "revolute"},
          {"body_i", bodyI},
          {"body_j", bodyJ},
          {"point_i", pointI},
          {"point_j", pointJ},
          {"axis_i", vec(plane.normal)},
          {"axis_j", vec(plane.normal)}};
}

json spherical(const std::string& name, const std::string& bodyI, const json& pointI,
               const std::string& bodyJ, const json& pointJ) {
  // P_i and P_j coincide; a spherical joint needs no axes
  return {{"name", name},    {"type", "spherical"}, {"body_i", bodyI},
          {"body_j", bodyJ}, {"point_i", pointI},   {"point_j", pointJ}};
}

// a universal joint whose cross turns in the plane
json universalInPlane(const PlaneFrame& plane, const std::string& name, const std::string& bodyI,
                      const json& pointI, const std::string& barJ, const json& pointJ) {
  // across bar j in the plane: the normal crossed with the bar's own x axis
  return {{"name", name},
          {"type", "universal"},
          {"body_i", bodyI},
          {"body_j", barJ},
          {"point_i", pointI},
          {"point_j", pointJ},
          {"axis_i", vec(plane.normal)},
          {"axis_j", vec(plane.normal.cross(Vec3::UnitX()))}};
}

json horizontalSlide(const PlaneFrame& plane, const std::string& name, const json& groundPointJson,
                     const std::string& body) {
  // a slide along the plane's horizontal, from a ground point to the body's origin
  return {{"name", name},
          {"type", "translational"},
          {"body_i", "ground"},
          {"body_j", body},
          {"point_i", groundPointJson},
          {"point_j", {0.0, 0.0, 0.0}},
          {"axis_i", vec(plane.horizontal)},
          {"axis_j", vec(plane.horizontal)}};
}

json constantSpeedDriver(const PlaneFrame& plane, const std::string& name, const std::string& body,
                         double angle0, double speed) {
  // angle = angle0 + speed t, measured from the plane's horizontal to the body's x axis
  const std::string angle =
      numberText(angle0) + (speed < 0 ? " - " : " + ") + numberText(std::abs(speed)) + "*t";
  return {{"name", name},
          {"type", "angle-driver"},
          {"body_i", "ground"},
          {"body_j", body},
          {"u_i", vec(plane.horizontal)},
          {"v_i", vec(plane.up)},
          {"a_j", {1.0, 0.0, 0.0}},
          {"angle", angle}};
}

// --- outputs and the scene -----------------------------------------------------------------------

// the body's angle in the plane from the horizontal, about the normal
json angleOutput(const PlaneFrame& plane, const std::string& name, const std::string& body) {
  return {{"name", name},
          {"type", "angle"},
          {"body_i", "ground"},
          {"body_j", body},
          {"axis_i", vec(plane.normal)},
          {"reference_i", vec(plane.horizontal)},
          {"reference_j", {1.0, 0.0, 0.0}}};
}

// one coordinate of a body point, along a world axis
json coordinateOutput(const std::string& name, const std::string& body, const json& point,
                      char axis) {
  return {{"name", name},
          {"type", "coordinate"},
          {"body", body},
          {"point", point},
          {"axis", std::string(1, axis)}};
}

namespace {

// one line: {"a": 1, "b": [1, 2]}
std::string oneLine(const json& j) {
  std::string s;
  // an object: its key-value pairs
  if (j.is_object()) {
    for (const auto& [key, value] : j.items())
      s += (s.empty() ? "" : ", ") + json(key).dump() + ": " + oneLine(value);
    return "{" + s + "}";
  }
  // an array: its items
  if (j.is_array()) {
    for (const json& item : j) s += (s.empty() ? "" : ", ") + oneLine(item);
    return "[" + s + "]";
  }
  // a scalar as the library writes it
  return j.dump();
}

// the top-level fields one a line, an array of objects one object a line
std::string layout(const json& scene) {
  std::string s = "{\n";
  size_t k = 0;
  for (const auto& [key, value] : scene.items()) {
    s += "  " + json(key).dump() + ": ";
    // an array of objects, one object a line
    if (value.is_array() && !value.empty() && value.front().is_object()) {
      s += "[\n";
      for (size_t i = 0; i < value.size(); ++i)
        s += "    " + oneLine(value[i]) + (i + 1 < value.size() ? ",\n" : "\n");
      s += "  ]";
    } else {
      // anything else on one line
      s += oneLine(value);
    }
    // a comma after every field but the last
    s += ++k < scene.size() ? ",\n" : "\n";
  }
  return s + "}\n";
}

}  // namespace

std::string scene(const PlaneFrame& plane, const std::string& name, const std::string& description,
                  json bodies, json joints, json outputs, const std::string& integrator,
                  double step, double tEnd, double outputStep) {
  // rp formulation and the template's integrator, step and end time; the output step when given
  json settings = {
      {"formulation", "rp"}, {"integrator", integrator}, {"step", step}, {"t_end", tEnd}};
  if (outputStep > 0.0) settings["output_step"] = outputStep;
  // the scene document in the format's field order
  json s = {
      {"format", "mbw-scene"},
      {"version", kSceneFormatVersion},
      {"name", name},
      {"description", description},
      {"gravity", plane.gravity()},
      {"bodies", std::move(bodies)},
      {"joints", std::move(joints)},
  };
  // outputs only when there are some; the settings last
  if (!outputs.empty()) s["outputs"] = std::move(outputs);
  s["settings"] = std::move(settings);
  return layout(s);
}

}  // namespace mbw::scene_text
