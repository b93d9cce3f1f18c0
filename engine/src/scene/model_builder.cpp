#include "scene/model_builder.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "formulation/formulation.h"
#include "math/number_text.h"
#include "math/rotation.h"
#include "scene/mass_properties.h"
#include "scene/mesh_file.h"
#include "scene/schema.h"

namespace mbw {

// --- the scene, in the order it is read ----------------------------------------------------------

Model ModelBuilder::build() {
  // the scene's name, gravity and format version
  model_.name = scene_.at("name").get<std::string>();
  model_.description = scene_.value("description", "");
  // gravity, and its factor in time when given
  if (scene_.contains("gravity")) model_.gravity_W = vec3(scene_["gravity"]);
  if (scene_.contains("gravity_factor"))
    model_.gravityFactor = expression(scene_["gravity_factor"], "/gravity_factor");
  // a scene of another format version is refused
  const int version = scene_.at("version").get<int>();
  if (version != kSceneFormatVersion)
    issue("/version", "version " + std::to_string(version) +
                          " is not supported (this build reads " +
                          std::to_string(kSceneFormatVersion) + ")");
  // then each part in turn: a later part refers to names the earlier ones defined
  readBodies();
  if (scene_.contains("beams")) readBeams();
  if (scene_.contains("joints")) readJoints();
  if (scene_.contains("road")) readRoad(scene_["road"]);
  if (scene_.contains("forces")) readForces();
  if (scene_.contains("outputs")) readOutputs();
  if (scene_.contains("settings")) readSettings();
  return std::move(model_);
}

// --- bodies --------------------------------------------------------------------------------------

// a JSON [x, y, z]
Vec3 ModelBuilder::vec3(const json& v) {
  return Vec3(v[0].get<double>(), v[1].get<double>(), v[2].get<double>());
}

void ModelBuilder::readBodies() {
  // at least one moving part: a body or a flexible beam
  const json& bodies = scene_["bodies"];
  if (bodies.empty() && (!scene_.contains("beams") || scene_["beams"].empty()))
    issue("/bodies", "a scene needs at least one body or beam");
  // each body at its JSON path
  for (size_t i = 0; i < bodies.size(); ++i) readBody(bodies[i], "/bodies/" + std::to_string(i));
}

void ModelBuilder::readBody(const json& b, const std::string& path) {
  // a body's name must be new and not the ground's
  Body body;
  body.name = b["name"].get<std::string>();
  body.jsonPath = path;
  if (body.name == "ground" || body.name.empty())
    issue(path + "/name", "'" + body.name + "' cannot name a body (\"ground\" is the fixed frame)");
  if (model_.bodyIndex(body.name) >= 0)
    issue(path + "/name", "duplicate body name '" + body.name + "'");
  // mass and the inertia tensor about the center of mass, in the body frame (moments, then
  // products)
  body.mass = b["mass"].get<double>();
  if (const std::string why = massProblem(body.mass); !why.empty()) issue(path + "/mass", why);
  const Vec3 moments = vec3(b["inertia"]);
  const Vec3 products = b.contains("inertia_products") ? vec3(b["inertia_products"]) : Vec3::Zero();
  // the symmetric tensor from its moments and products
  body.inertia_B << moments[0], products[0], products[1], products[0], moments[1], products[2],
      products[1], products[2], moments[2];
  // an impossible tensor is an error; a merely unusual one (e.g. a thin rod) a warning
  if (const std::string why = inertiaProblem(body.inertia_B); !why.empty())
    issue(path + "/inertia", why);
  else if (const std::string odd = inertiaWarning(body.inertia_B); !odd.empty())
    model_.warnings.push_back({path + "/inertia", odd});
  // where the body starts: placement, orientation and initial velocities, all in the world frame
  if (b.contains("center_of_mass")) body.com_B = vec3(b["center_of_mass"]);
  body.position_W = vec3(b["position"]);
  if (b.contains("orientation"))
    body.R_WB = readOrientation(b["orientation"], path + "/orientation");
  if (b.contains("velocity")) body.velocity_W = vec3(b["velocity"]);
  if (b.contains("angular_velocity")) body.omega_W = vec3(b["angular_velocity"]);
  // named points and direction vectors in the body frame, for joints, forces and outputs to use
  for (const char* key : {"points", "vectors"}) {
    if (!b.contains(key)) continue;
    auto& list = std::string(key) == "points" ? body.points : body.vectors;
    for (auto it = b[key].begin(); it != b[key].end(); ++it) {
      const Vec3 v = vec3(it.value());
      // a direction must have a length
      if (std::string(key) == "vectors" && v.norm() == 0.0)
        issue(path + "/vectors/" + it.key(), "vector '" + it.key() + "' has zero length");
      list.emplace_back(it.key(), v);
    }
  }
  // geometry for the picture and the mass properties
  if (b.contains("shape")) readShape(b["shape"], path + "/shape", body);
  if (b.contains("mesh")) readMesh(b["mesh"], path + "/mesh");
  model_.bodies.push_back(std::move(body));
}

Mat3 ModelBuilder::readOrientation(const json& o, const std::string& path) {
  // exactly one of the four ways to give an orientation
  const int given = int(o.contains("matrix")) + int(o.contains("euler_parameters")) +
                    int(o.contains("zxz")) + int(o.contains("axis") || o.contains("angle"));
  if (given != 1) {
    issue(path, "give exactly one of matrix, euler_parameters, zxz, or axis with angle");
    return Mat3::Identity();
  }
  // a matrix: must be a proper rotation, then cleaned of its rounding
  if (o.contains("matrix")) {
    Mat3 R;
    for (int r = 0; r < 3; ++r) R.row(r) = vec3(o["matrix"][r]).transpose();
    if (R.determinant() <= 0.0 || (R.transpose() * R - Mat3::Identity()).norm() > 1e-3) {
      issue(path + "/matrix", "not a rotation matrix (R^T R must be the identity, det R = 1)");
      return Mat3::Identity();
    }
    return orthonormalized(R);
  }
  // Euler parameters: must have unit length
  if (o.contains("euler_parameters")) {
    const json& e = o["euler_parameters"];
    const Vec4 p(e[0].get<double>(), e[1].get<double>(), e[2].get<double>(), e[3].get<double>());
    if (std::abs(p.norm() - 1.0) > 1e-3) {
      issue(path + "/euler_parameters",
            "Euler parameters must have unit length, got " + number(p.norm()));
      return Mat3::Identity();
    }
    return rotationFromEulerParameters(p.normalized());
  }
  // three angles about z, x, z; or an axis and an angle
  if (o.contains("zxz")) return rotationFromZXZ(vec3(o["zxz"]));
  if (!o.contains("axis") || !o.contains("angle")) {
    issue(path, "axis and angle go together");
    return Mat3::Identity();
  }
  const Vec3 axis = vec3(o["axis"]);
  if (axis.norm() == 0.0) {
    issue(path + "/axis", "the rotation axis has zero length");
    return Mat3::Identity();
  }
  return Eigen::AngleAxisd(o["angle"].get<double>(), axis.normalized()).toRotationMatrix();
}

void ModelBuilder::readShape(const json& s, const std::string& path, Body& body) {
  // the shape's type, and its center in the body frame
  body.shape = s["type"].get<std::string>();
  if (s.contains("center")) body.shapeCenter_B = vec3(s["center"]);
  // a dimension the shape needs, checked positive
  auto positive = [&](const char* key) {
    if (!s.contains(key)) {
      issue(path + "/" + key, "a " + body.shape + " needs '" + key + "'");
      return 0.0;
    }
    const double v = s[key].get<double>();
    if (!(v > 0.0)) issue(path + "/" + key, std::string(key) + " must be positive");
    return v;
  };
  // a density, when given, positive
  if (s.contains("density") && !(s["density"].get<double>() > 0.0))
    issue(path + "/density", "density must be positive");
  // each shape's dimensions: a box its three edges, a cylinder its radius, length and axis, a
  // sphere its radius
  if (body.shape == "box") {
    if (!s.contains("size"))
      issue(path + "/size", "a box needs 'size'");
    else
      body.shapeSize = vec3(s["size"]);
  } else if (body.shape == "cylinder") {
    // the cylinder's axis (default z), normalized
    const Vec3 axis = s.contains("axis") ? vec3(s["axis"]) : Vec3::UnitZ();
    if (axis.norm() == 0.0) issue(path + "/axis", "the cylinder axis has zero length");
    body.shapeSize = Vec3(positive("radius"), positive("length"), 0.0);
    body.shapeAxis_B = axis.norm() > 0.0 ? Vec3(axis.normalized()) : Vec3::UnitZ();
  } else {
    // a sphere: its radius
    body.shapeSize = Vec3(positive("radius"), 0.0, 0.0);
  }
}

void ModelBuilder::readMesh(const json& m, const std::string& path) {
  // a mesh file must be a name the reader can find, with positive scale and density
  if (const std::string problem = meshFileNameProblem(m["file"].get<std::string>());
      !problem.empty())
    issue(path + "/file", problem);
  // a scale and a density, when given, positive
  for (const char* key : {"scale", "density"})
    if (m.contains(key) && !(m[key].get<double>() > 0.0))
      issue(path + "/" + key, std::string(key) + " must be positive");
}

// --- references to bodies, points and vectors ----------------------------------------------------

int ModelBuilder::bodyRef(const json& element, const char* key, const std::string& path) {
  // a body by name: its index, kGround for the ground, -2 for an unknown name (reported here)
  const std::string name = element[key].get<std::string>();
  const int index = model_.bodyIndex(name);
  if (index == -2) issue(path + "/" + key, "unknown body '" + name + "'");
  return index;
}

// a point by name on body b, or its coordinates
Vec3 ModelBuilder::pointRef(const json& element, const char* key, int b, const std::string& path) {
  return namedRef(element[key], b, path + "/" + key, true);
}

// a direction by name on body b, or its coordinates; never of zero length
Vec3 ModelBuilder::vectorRef(const json& element, const char* key, int b, const std::string& path) {
  const Vec3 v = namedRef(element[key], b, path + "/" + key, false);
  if (v.norm() == 0.0) issue(path + "/" + key, "the vector has zero length");
  return v;
}

Vec3 ModelBuilder::namedRef(const json& v, int b, const std::string& path, bool point) {
  // coordinates are taken as given; a name is looked up on the body (the ground has none)
  if (v.is_array()) return vec3(v);
  const std::string name = v.get<std::string>();
  if (b == kGround || b < 0) {
    if (b == kGround)
      issue(path, "the ground has no named " + std::string(point ? "points" : "vectors") +
                      "; give coordinates [x, y, z]");
    return Vec3::Zero();
  }
  // the named entry of the body; an unknown name is reported and a harmless value returned
  const auto& list = point ? model_.bodies[b].points : model_.bodies[b].vectors;
  for (const auto& [n, x] : list)
    if (n == name) return x;
  issue(path, "body '" + model_.bodies[b].name + "' has no " + (point ? "point" : "vector") +
                  " named '" + name + "'");
  return point ? Vec3(Vec3::Zero()) : Vec3(Vec3::UnitX());
}

ModelBuilder::AngleFrame ModelBuilder::angleFrame(const json& element, int bodyI, int bodyJ,
                                                  const std::string& path) {
  // the frame in which a relative angle is measured: axis on body i, reference vectors on i and j
  AngleFrame f;
  f.axis_I = vectorRef(element, "axis_i", bodyI, path).normalized();
  f.u_I = vectorRef(element, "reference_i", bodyI, path).normalized();
  f.u_J = vectorRef(element, "reference_j", bodyJ, path).normalized();
  if (std::abs(f.axis_I.dot(f.u_I)) > 1e-9)
    issue(path + "/reference_i", "reference_i must be perpendicular to axis_i");
  return f;
}

// a point of body b measured from its center of mass; a ground point as given
Vec3 ModelBuilder::internalPoint(int b, const Vec3& s) const {
  return b >= 0 ? Vec3(s - model_.bodies[b].com_B) : s;
}

// --- time expressions ----------------------------------------------------------------------------

TimeFunction ModelBuilder::expression(const json& v, const std::string& path) {
  try {
    // a constant, a formula in t, a piecewise function or the integral of a rate
    if (v.is_number()) return TimeFunction::constant(v.get<double>());
    if (v.is_string()) return TimeFunction::parse(v.get<std::string>());
    if (v.contains("piecewise")) {
      // piecewise: each piece an expression valid until its break
      Pieces p;
      if (!readPieces(v, path, p)) return TimeFunction();
      std::vector<TimeFunction> pieces;
      // each piece an expression of its own, at its path
      for (size_t k = 0; k < p.texts.size(); ++k)
        pieces.push_back(expression(json(p.texts[k]), p.paths[k]));
      return TimeFunction::piecewise(p.breaks, std::move(pieces));
    }
    // the integral of a rate (itself a formula or piecewise) from a start time and value
    if (v.contains("rate")) {
      const json& rate = v["rate"];
      Pieces p;
      // the rate: pieces, or one expression
      if (rate.is_object()) {
        if (!readPieces(rate, path + "/rate", p)) return TimeFunction();
      } else if (rate.is_number() || rate.is_string()) {
        p.texts.push_back(rate.is_number() ? exactText(rate.get<double>())
                                           : rate.get<std::string>());
      } else {
        issue(path + "/rate", "the rate must be an expression or a piecewise object");
        return TimeFunction();
      }
      // the start time and the value there, 0 unless given
      const double t0 = v.contains("from") && v["from"].is_number() ? v["from"].get<double>() : 0.0;
      const double v0 =
          v.contains("value") && v["value"].is_number() ? v["value"].get<double>() : 0.0;
      return TimeFunction::integral(p.breaks, p.texts, t0, v0);
    }
    // any other object is refused
    issue(path, "an expression object needs 'piecewise' or 'rate'");
  } catch (const ExpressionError& e) {
    issue(path, e.what());
  }
  return TimeFunction();
}

bool ModelBuilder::readPieces(const json& v, const std::string& path, Pieces& p) {
  // the list of pieces must exist and be non-empty; a rate given as an object may lack it (a const
  // json has no entry for a missing key)
  static const json kNone;
  const json& list = v.contains("piecewise") ? v["piecewise"] : kNone;
  if (!list.is_array() || list.empty()) {
    issue(
        path + "/piecewise",
        "must be a non-empty array of {\"until\": t, \"f\": expression} (the last without until)");
    return false;
  }
  // breaks out of order are each reported here; the pieces are then not built (TimeFunction would
  // report them again without a path)
  bool increasing = true;
  for (size_t k = 0; k < list.size(); ++k) {
    // the piece's path, and whether it is the last
    const std::string at = path + "/piecewise/" + std::to_string(k);
    const json& piece = list[k];
    const bool last = k + 1 == list.size();
    // each piece has an expression; every piece but the last ends at an increasing break
    if (!piece.is_object() || !piece.contains("f") ||
        !(piece["f"].is_string() || piece["f"].is_number())) {
      issue(at, "a piece needs 'f', an expression");
      return false;
    }
    if (last == piece.contains("until") || (!last && !piece["until"].is_number())) {
      issue(at, last ? "the last piece has no 'until' (it holds after the last break)"
                     : "a piece needs 'until', a time in s");
      return false;
    }
    if (!last) {
      p.breaks.push_back(piece["until"].get<double>());
      if (k > 0 && !(p.breaks[k] > p.breaks[k - 1])) {
        issue(at + "/until", "the breaks must increase");
        increasing = false;
      }
    }
    // kept as text (numbers at full precision) so each piece parses like any expression
    p.texts.push_back(piece["f"].is_number() ? exactText(piece["f"].get<double>())
                                             : piece["f"].get<std::string>());
    p.paths.push_back(at + "/f");
  }
  return increasing;
}

// --- numbers in messages -------------------------------------------------------------------------

// 17 significant digits: the number reads back exactly
std::string ModelBuilder::exactText(double x) { return formatNumber(x, 17); }

// six significant digits, for messages
std::string ModelBuilder::number(double x) { return formatNumber(x, 6); }

// --- outputs -------------------------------------------------------------------------------------

namespace {
// a world axis by its letter
int worldAxisIndex(const std::string& a) { return a == "x" ? 0 : a == "y" ? 1 : 2; }
}  // namespace

void ModelBuilder::readOutputs() {
  // each output at its JSON path, and the names seen so far
  const json& outputs = scene_["outputs"];
  std::set<std::string> names;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::string path = "/outputs/" + std::to_string(i);
    const json& o = outputs[i];
    // a channel's name must be unique and usable as a CSV column
    OutputChannel c;
    c.name = o["name"].get<std::string>();
    c.jsonPath = path;
    if (!names.insert(c.name).second)
      issue(path + "/name", "duplicate output name '" + c.name + "'");
    // no character that would break the CSV header or the .rate column, no standard column's name
    if (c.name.empty() || c.name.find_first_of(".,\"\n ") != std::string::npos || c.name == "t" ||
        c.name == "h" || c.name == "newton_iterations")
      issue(path + "/name", "'" + c.name +
                                "' cannot name an output: use letters, digits, _ or - "
                                "(no dots: the column '<name>.rate' is added), and not t, h or "
                                "newton_iterations");
    // the type sets which bodies, points and axes the channel reads
    const std::string type = o["type"].get<std::string>();
    const bool built = type == "coordinate" || type == "displacement"
                           ? readPointOutput(o, type, path, c)
                       : type == "euler-angle"  ? readEulerAngleOutput(o, path, c)
                       : type == "beam-section" ? readBeamSectionOutput(o, path, c)
                                                : readTwoBodyOutput(o, type, path, c);
    if (built) model_.outputs.push_back(std::move(c));
  }
}

// a coordinate or displacement of a point along a world axis (displacement from its start)
bool ModelBuilder::readPointOutput(const json& o, const std::string& type, const std::string& path,
                                   OutputChannel& c) {
  c.type = type == "coordinate" ? OutputType::Coordinate : OutputType::Displacement;
  c.bodyI = bodyRef(o, "body", path);
  if (c.bodyI == -2) return false;
  // the point on the body (the body frame's origin when none is given)
  const Vec3 point = o.contains("point") ? pointRef(o, "point", c.bodyI, path) : Vec3::Zero();
  c.s_I = internalPoint(c.bodyI, point);
  c.c_W = Vec3::Unit(worldAxisIndex(o["axis"].get<std::string>()));
  // where the point starts in the world, for displacements
  if (c.bodyI >= 0)
    c.initial_W = model_.bodies[c.bodyI].position_W + model_.bodies[c.bodyI].R_WB * point;
  c.unit = "m";
  return true;
}

// one Euler angle of a body, from a chosen sequence
bool ModelBuilder::readEulerAngleOutput(const json& o, const std::string& path, OutputChannel& c) {
  c.type = OutputType::EulerAngle;
  c.bodyI = bodyRef(o, "body", path);
  // an unknown body was reported already
  if (c.bodyI == -2) return false;
  if (c.bodyI == kGround) {
    issue(path + "/body", "the ground does not turn");
    return false;
  }
  // the axes of the sequence, and which of its three angles is recorded
  const std::string sequence = o.value("sequence", "zxy");
  for (int k = 0; k < 3; ++k) c.sequence[k] = worldAxisIndex(std::string(1, sequence[k]));
  c.angle = static_cast<int>(sequence.find(o["about"].get<std::string>()[0]));
  c.unit = "rad";
  return true;
}

// a section of a flexible beam: the element that holds it, and the section's place in it as the
// element's coordinate xi in [-1, 1]
bool ModelBuilder::readBeamSectionOutput(const json& o, const std::string& path, OutputChannel& c) {
  c.type = OutputType::BeamSection;
  const std::string name = o["beam"].get<std::string>();
  // the beam by name
  const Beam* beam = nullptr;
  for (const Beam& b : model_.beams)
    if (b.name == name) beam = &b;
  if (!beam) {
    issue(path + "/beam", "unknown beam '" + name + "'");
    return false;
  }
  // the section's distance from the beam's start, within its length
  const double s = o["position"].get<double>(), L = beam->length(), Le = L / beam->elementCount;
  if (s < 0.0 || s > L) {
    issue(path + "/position", "the position must be within the beam, 0 .. " + number(L) + " m");
    return false;
  }
  // a section between two elements belongs to the first
  const int k =
      std::clamp(static_cast<int>(std::ceil(s / Le - 1e-12)) - 1, 0, beam->elementCount - 1);
  c.element = beam->firstElement + k;
  // xi: -1 at the element's start, 1 at its end
  c.xi = 2.0 * (s - k * Le) / Le - 1.0;
  return true;
}

// the outputs relating two bodies: the distance between two points, or the angle between two
// frames
bool ModelBuilder::readTwoBodyOutput(const json& o, const std::string& type,
                                     const std::string& path, OutputChannel& c) {
  c.bodyI = bodyRef(o, "body_i", path);
  c.bodyJ = bodyRef(o, "body_j", path);
  // unknown bodies were reported already
  if (c.bodyI == -2 || c.bodyJ == -2) return false;
  if (c.bodyI == c.bodyJ) {
    issue(path + "/body_j", "an output between a body and itself is constant");
    return false;
  }
  if (type == "distance") {
    c.type = OutputType::Distance;
    // the two points, from their bodies' centres of mass
    c.s_I = internalPoint(c.bodyI, pointRef(o, "point_i", c.bodyI, path));
    c.s_J = internalPoint(c.bodyJ, pointRef(o, "point_j", c.bodyJ, path));
    c.unit = "m";
  } else {
    c.type = OutputType::Angle;
    // the angle's axis and reference directions
    const AngleFrame frame = angleFrame(o, c.bodyI, c.bodyJ, path);
    c.axis_I = frame.axis_I;
    c.u_I = frame.u_I;
    c.u_J = frame.u_J;
    c.unit = "rad";
  }
  return true;
}

// --- run settings --------------------------------------------------------------------------------

void ModelBuilder::readSettings() {
  // each key the scene gives is noted, so that messages can say where a setting came from
  const json& s = scene_["settings"];
  RunDefaults& d = model_.defaults;
  for (auto it = s.begin(); it != s.end(); ++it) d.given.push_back(it.key());
  // formulation, integrator, step and time span, recording and output controls
  d.formulation = s.value("formulation", d.formulation);
  d.integrator = s.value("integrator", d.integrator);
  d.step = s.value("step", d.step);
  d.tStart = s.value("t_start", d.tStart);
  d.tEnd = s.value("t_end", d.tEnd);
  d.recordFrom = s.value("record_from", d.recordFrom);
  // the initial state: the scene's pose, or the static equilibrium
  d.startFromEquilibrium = s.value("initial_state", "scene") == "equilibrium";
  d.every = s.value("every", d.every);
  // error tolerances (atol defaults to rtol when only rtol is given) and the largest step
  d.rtol = s.value("rtol", d.rtol);
  d.atol = s.value("atol", s.contains("rtol") ? d.rtol : d.atol);
  if (s.contains("rtol") && !(d.rtol > 0.0)) issue("/settings/rtol", "rtol must be positive");
  if (s.contains("atol") && !(d.atol > 0.0)) issue("/settings/atol", "atol must be positive");
  d.maxStep = s.value("max_step", d.maxStep);
  if (s.contains("max_step") && !(d.maxStep > 0.0))
    issue("/settings/max_step", "max_step must be positive");
  // linear algebra choices: dense or sparse solver, when to refresh the Jacobian
  d.linearSolver = s.value("linear_solver", d.linearSolver);
  // each choice one of those known
  if (d.linearSolver != "auto" && d.linearSolver != "dense" && d.linearSolver != "sparse")
    issue("/settings/linear_solver",
          "unknown linear solver '" + d.linearSolver + "' (auto, dense or sparse)");
  d.jacobianUpdate = s.value("jacobian_update", d.jacobianUpdate);
  if (d.jacobianUpdate != "auto" && d.jacobianUpdate != "iteration" && d.jacobianUpdate != "step")
    issue("/settings/jacobian_update",
          "unknown Jacobian update '" + d.jacobianUpdate + "' (auto, iteration or step)");
  // index-3 form and its penalty factor
  d.index3Form = s.value("index3_form", d.index3Form);
  d.penalty = s.value("penalty", d.penalty);
  if (!(d.penalty > 0.0)) issue("/settings/penalty", "the penalty factor must be positive");
  // output on a regular grid or at listed times, not both
  d.outputStep = s.value("output_step", d.outputStep);
  if (s.contains("output_step") && !(d.outputStep > 0.0))
    issue("/settings/output_step", "output_step must be positive");
  // or a file of times
  d.outputTimes = s.value("output_times", d.outputTimes);
  if (s.contains("output_step") && s.contains("output_times"))
    issue("/settings/output_times", "give either output_step or output_times, not both");
  // the largest correction allowed when the initial state is made consistent
  model_.maxInitialCorrection = s.value("max_initial_correction", model_.maxInitialCorrection);
  // what cannot be checked key by key: the formulation exists, the time span is positive
  // (joint: the joint coordinates of simulation.h's kJointFormulation; whether the scene's joints
  // make a tree they can hold is checked on the built model, scene_reader.cpp)
  if (formulationDescription(d.formulation).empty() && d.formulation != "joint")
    issue("/settings/formulation",
          "unknown formulation '" + d.formulation + "' (rA, rp, rE or joint)");
  if (!(d.step > 0.0)) issue("/settings/step", "the step must be positive");
  if (!(d.tEnd > d.tStart))
    issue("/settings/t_end", "t_end must be after t_start (" + number(d.tStart) + " s)");
  if (d.every < 1) issue("/settings/every", "every must be at least 1");
  if (!(model_.maxInitialCorrection > 0.0))
    issue("/settings/max_initial_correction", "must be positive");
}

}  // namespace mbw
