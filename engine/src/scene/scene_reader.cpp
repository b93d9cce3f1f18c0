#include "scene/scene_reader.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "formulation/formulation.h"
#include "math/rotation.h"
#include "scene/builtin_scenes.h"
#include "scene/schema.h"
#include "scene/schema_validation.h"
#include "solvers/constraint_rank.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

using json = nlohmann::json;

Vec3 vec3(const json& v) { return Vec3(v[0].get<double>(), v[1].get<double>(), v[2].get<double>()); }

std::string primitiveName(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::DP1: return "DP1";
    case PrimitiveType::DP2: return "DP2";
    case PrimitiveType::D: return "D";
    case PrimitiveType::CD: return "CD";
    case PrimitiveType::AngleDriver: return "angle driver";
  }
  return "?";
}

// Builds a Model from a scene that passed schema validation, collecting semantic issues.
class ModelBuilder {
 public:
  ModelBuilder(const json& scene, std::vector<SceneIssue>& issues) : scene_(scene), issues_(issues) {}

  Model build() {
    model_.name = scene_.at("name").get<std::string>();
    model_.description = scene_.value("description", "");
    if (scene_.contains("gravity")) model_.gravity_W = vec3(scene_["gravity"]);
    const int version = scene_.at("version").get<int>();
    if (version != kSceneFormatVersion)
      issue("/version", "version " + std::to_string(version) + " is not supported (this build reads " +
                            std::to_string(kSceneFormatVersion) + ")");
    readBodies();
    if (scene_.contains("joints")) readJoints();
    if (scene_.contains("road")) readRoad(scene_["road"]);
    if (scene_.contains("forces")) readForces();
    if (scene_.contains("outputs")) readOutputs();
    if (scene_.contains("settings")) readSettings();
    return std::move(model_);
  }

 private:
  void issue(const std::string& path, const std::string& message) { issues_.push_back({path, message}); }

  // --- bodies ------------------------------------------------------------------------------------
  void readBodies() {
    const json& bodies = scene_["bodies"];
    if (bodies.empty()) issue("/bodies", "a scene needs at least one body");
    for (size_t i = 0; i < bodies.size(); ++i) readBody(bodies[i], "/bodies/" + std::to_string(i));
  }

  void readBody(const json& b, const std::string& path) {
    Body body;
    body.name = b["name"].get<std::string>();
    body.jsonPath = path;
    if (body.name == "ground" || body.name.empty())
      issue(path + "/name", "'" + body.name + "' cannot name a body (\"ground\" is the fixed frame)");
    if (model_.bodyIndex(body.name) >= 0)
      issue(path + "/name", "duplicate body name '" + body.name + "'");
    body.mass = b["mass"].get<double>();
    if (!(body.mass > 0.0)) issue(path + "/mass", "mass must be positive, got " + number(body.mass));
    const Vec3 moments = vec3(b["inertia"]);
    const Vec3 products = b.contains("inertia_products") ? vec3(b["inertia_products"]) : Vec3::Zero();
    body.inertia_B << moments[0], products[0], products[1], products[0], moments[1], products[2],
        products[1], products[2], moments[2];
    const Eigen::LLT<Mat3> llt(body.inertia_B);
    if (llt.info() != Eigen::Success || body.inertia_B.eigenvalues().real().minCoeff() <= 0.0)
      issue(path + "/inertia", "the inertia tensor must be positive definite (moments " +
                                   number(moments[0]) + ", " + number(moments[1]) + ", " +
                                   number(moments[2]) + ")");
    if (b.contains("center_of_mass")) body.com_B = vec3(b["center_of_mass"]);
    body.position_W = vec3(b["position"]);
    if (b.contains("orientation")) body.R_WB = readOrientation(b["orientation"], path + "/orientation");
    if (b.contains("velocity")) body.velocity_W = vec3(b["velocity"]);
    if (b.contains("angular_velocity")) body.omega_W = vec3(b["angular_velocity"]);
    for (const char* key : {"points", "vectors"}) {
      if (!b.contains(key)) continue;
      auto& list = std::string(key) == "points" ? body.points : body.vectors;
      for (auto it = b[key].begin(); it != b[key].end(); ++it) {
        const Vec3 v = vec3(it.value());
        if (std::string(key) == "vectors" && v.norm() == 0.0)
          issue(path + "/vectors/" + it.key(), "vector '" + it.key() + "' has zero length");
        list.emplace_back(it.key(), v);
      }
    }
    if (b.contains("shape")) readShape(b["shape"], path + "/shape", body);
    model_.bodies.push_back(std::move(body));
  }

  Mat3 readOrientation(const json& o, const std::string& path) {
    const int given = int(o.contains("matrix")) + int(o.contains("euler_parameters")) +
                      int(o.contains("zxz")) + int(o.contains("axis") || o.contains("angle"));
    if (given != 1) {
      issue(path, "give exactly one of matrix, euler_parameters, zxz, or axis with angle");
      return Mat3::Identity();
    }
    if (o.contains("matrix")) {
      Mat3 R;
      for (int r = 0; r < 3; ++r) R.row(r) = vec3(o["matrix"][r]).transpose();
      if (R.determinant() <= 0.0 || (R.transpose() * R - Mat3::Identity()).norm() > 1e-3) {
        issue(path + "/matrix", "not a rotation matrix (R^T R must be the identity, det R = 1)");
        return Mat3::Identity();
      }
      return orthonormalized(R);
    }
    if (o.contains("euler_parameters")) {
      const json& e = o["euler_parameters"];
      const Vec4 p(e[0].get<double>(), e[1].get<double>(), e[2].get<double>(), e[3].get<double>());
      if (std::abs(p.norm() - 1.0) > 1e-3) {
        issue(path + "/euler_parameters", "Euler parameters must have unit length, got " + number(p.norm()));
        return Mat3::Identity();
      }
      return rotationFromEulerParameters(p.normalized());
    }
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

  void readShape(const json& s, const std::string& path, Body& body) {
    body.shape = s["type"].get<std::string>();
    if (s.contains("center")) body.shapeCenter_B = vec3(s["center"]);
    auto positive = [&](const char* key) {
      if (!s.contains(key)) {
        issue(path + "/" + key, "a " + body.shape + " needs '" + key + "'");
        return 0.0;
      }
      const double v = s[key].get<double>();
      if (!(v > 0.0)) issue(path + "/" + key, std::string(key) + " must be positive");
      return v;
    };
    if (body.shape == "box") {
      if (!s.contains("size")) issue(path + "/size", "a box needs 'size'");
      else body.shapeSize = vec3(s["size"]);
    } else if (body.shape == "cylinder") {
      const Vec3 axis = s.contains("axis") ? vec3(s["axis"]) : Vec3::UnitZ();
      if (axis.norm() == 0.0) issue(path + "/axis", "the cylinder axis has zero length");
      body.shapeSize = Vec3(positive("radius"), positive("length"), 0.0);
      body.shapeAxis_B = axis.norm() > 0.0 ? Vec3(axis.normalized()) : Vec3::UnitZ();
    } else {
      body.shapeSize = Vec3(positive("radius"), 0.0, 0.0);
    }
  }

  // --- references ---------------------------------------------------------------------------------
  int bodyRef(const json& element, const char* key, const std::string& path) {
    const std::string name = element[key].get<std::string>();
    const int index = model_.bodyIndex(name);
    if (index == -2) issue(path + "/" + key, "unknown body '" + name + "'");
    return index;
  }

  // a point of body `b` in the scene's body frame (world for the ground)
  Vec3 pointRef(const json& element, const char* key, int b, const std::string& path) {
    return namedRef(element[key], b, path + "/" + key, true);
  }
  Vec3 vectorRef(const json& element, const char* key, int b, const std::string& path) {
    const Vec3 v = namedRef(element[key], b, path + "/" + key, false);
    if (v.norm() == 0.0) issue(path + "/" + key, "the vector has zero length");
    return v;
  }
  Vec3 namedRef(const json& v, int b, const std::string& path, bool point) {
    if (v.is_array()) return vec3(v);
    const std::string name = v.get<std::string>();
    if (b == kGround || b < 0) {
      if (b == kGround) issue(path, "the ground has no named " + std::string(point ? "points" : "vectors") +
                                        "; give coordinates [x, y, z]");
      return Vec3::Zero();
    }
    const auto& list = point ? model_.bodies[b].points : model_.bodies[b].vectors;
    for (const auto& [n, x] : list)
      if (n == name) return x;
    issue(path, "body '" + model_.bodies[b].name + "' has no " + (point ? "point" : "vector") + " named '" + name + "'");
    return point ? Vec3(Vec3::Zero()) : Vec3(Vec3::UnitX());
  }

  // a scene-frame point of a body, in the internal (centre of mass) frame
  Vec3 internalPoint(int b, const Vec3& s) const {
    return b >= 0 ? Vec3(s - model_.bodies[b].com_B) : s;
  }
  Mat3 initialRotation(int b) const { return b >= 0 ? model_.bodies[b].R_WB : Mat3::Identity(); }

  TimeFunction expression(const json& v, const std::string& path) {
    if (v.is_number()) return TimeFunction::constant(v.get<double>());
    try {
      return TimeFunction::parse(v.get<std::string>());
    } catch (const ExpressionError& e) {
      issue(path, e.what());
      return TimeFunction();
    }
  }

  static std::string number(double x) {
    std::ostringstream os;
    os << x;
    return os.str();
  }

  // --- joints --------------------------------------------------------------------------------------
  void readJoints() {
    const json& joints = scene_["joints"];
    std::set<std::string> names;
    for (size_t i = 0; i < joints.size(); ++i) {
      const std::string path = "/joints/" + std::to_string(i);
      const std::string name = joints[i]["name"].get<std::string>();
      if (!names.insert(name).second) issue(path + "/name", "duplicate joint name '" + name + "'");
      readJoint(joints[i], path);
    }
  }

  void readJoint(const json& j, const std::string& path) {
    Joint joint;
    joint.name = j["name"].get<std::string>();
    joint.jsonPath = path;
    const std::string type = j["type"].get<std::string>();
    joint.bodyI = bodyRef(j, "body_i", path);
    joint.bodyJ = bodyRef(j, "body_j", path);
    if (joint.bodyI == -2 || joint.bodyJ == -2) return;
    if (joint.bodyI == joint.bodyJ) {
      issue(path + "/body_j", "a joint needs two different bodies ('" + model_.bodyName(joint.bodyI) + "' twice)");
      return;
    }
    joint.firstPrimitive = model_.primitiveCount();
    const int jointIndex = static_cast<int>(model_.joints.size());
    const int bi = joint.bodyI, bj = joint.bodyJ;
    auto add = [&](Primitive p) {
      p.bodyI = bi;
      p.bodyJ = bj;
      p.joint = jointIndex;
      model_.primitives.push_back(std::move(p));
    };
    auto cd = [&](const Vec3& c, const Vec3& sI, const Vec3& sJ, TimeFunction f = {}) {
      Primitive p;
      p.type = PrimitiveType::CD;
      p.c_W = c;
      p.s_I = internalPoint(bi, sI);
      p.s_J = internalPoint(bj, sJ);
      p.f = std::move(f);
      add(std::move(p));
    };
    auto dp1 = [&](const Vec3& aI, const Vec3& aJ, TimeFunction f = {}) {
      Primitive p;
      p.type = PrimitiveType::DP1;
      p.a_I = aI;
      p.a_J = aJ;
      p.f = std::move(f);
      add(std::move(p));
    };
    auto dp2 = [&](const Vec3& aI, const Vec3& sI, const Vec3& sJ, TimeFunction f = {}) {
      Primitive p;
      p.type = PrimitiveType::DP2;
      p.a_I = aI;
      p.s_I = internalPoint(bi, sI);
      p.s_J = internalPoint(bj, sJ);
      p.f = std::move(f);
      add(std::move(p));
    };
    auto spherical = [&](const Vec3& sI, const Vec3& sJ) {
      for (int k = 0; k < 3; ++k) cd(Vec3::Unit(k), sI, sJ);
    };

    if (type == "spherical") {
      joint.type = JointType::Spherical;
      const Vec3 sI = pointRef(j, "point_i", bi, path), sJ = pointRef(j, "point_j", bj, path);
      spherical(sI, sJ);
      joint.point_I = internalPoint(bi, sI);
    } else if (type == "revolute" || type == "universal" || type == "cylindrical" ||
               type == "translational") {
      const Vec3 sI = pointRef(j, "point_i", bi, path), sJ = pointRef(j, "point_j", bj, path);
      const Vec3 nI = vectorRef(j, "axis_i", bi, path).normalized();
      const Vec3 nJ = vectorRef(j, "axis_j", bj, path).normalized();
      joint.point_I = internalPoint(bi, sI);
      joint.axis_I = nI;
      // a_i, b_i: the plane perpendicular to the axis of body i (seed 001 Table 1, "perpendicular 1")
      const Vec3 aI = nI.unitOrthogonal(), bIv = nI.cross(aI);
      if (type == "universal") {
        joint.type = JointType::Universal;
        spherical(sI, sJ);
        dp1(nI, nJ);
      } else if (type == "revolute") {
        joint.type = JointType::Revolute;
        spherical(sI, sJ);
        dp1(aI, nJ);
        dp1(bIv, nJ);
      } else {
        joint.type = type == "cylindrical" ? JointType::Cylindrical : JointType::Translational;
        dp1(aI, nJ);
        dp1(bIv, nJ);
        dp2(aI, sI, sJ);
        dp2(bIv, sI, sJ);
        if (type == "translational") {
          // hold the rotation about the axis: a_i . c_j = 0 with c_j the body-j vector that
          // coincides with b_i in the initial pose
          dp1(aI, initialRotation(bj).transpose() * initialRotation(bi) * bIv);
        }
      }
    } else if (type == "planar" || type == "planar-revolute") {
      const Vec3 sI = pointRef(j, "point_i", bi, path), sJ = pointRef(j, "point_j", bj, path);
      const Vec3 nI = vectorRef(j, "axis_i", bi, path).normalized();
      const Vec3 aI = nI.unitOrthogonal(), bIv = nI.cross(aI);
      joint.point_I = internalPoint(bi, sI);
      joint.axis_I = nI;
      if (type == "planar") {
        // axis_i perpendicular to two directions of body j's plane, point_j in the plane
        joint.type = JointType::Planar;
        const Vec3 nJ = vectorRef(j, "axis_j", bj, path).normalized();
        const Vec3 aJ = nJ.unitOrthogonal();
        dp1(nI, aJ);
        dp1(nI, nJ.cross(aJ));
        dp2(nI, sI, sJ);
      } else {
        joint.type = JointType::PlanarRevolute;
        dp2(aI, sI, sJ);
        dp2(bIv, sI, sJ);
      }
    } else if (type == "distance") {
      joint.type = JointType::Distance;
      const Vec3 sI = pointRef(j, "point_i", bi, path), sJ = pointRef(j, "point_j", bj, path);
      joint.point_I = internalPoint(bi, sI);
      TimeFunction f;
      const json& d = j["distance"];
      if (d.is_number()) {
        if (!(d.get<double>() > 0.0)) issue(path + "/distance", "the distance must be positive");
        f = TimeFunction::constant(d.get<double>() * d.get<double>());
      } else {
        f = expression(json("(" + d.get<std::string>() + ")^2"), path + "/distance");
      }
      Primitive p;
      p.type = PrimitiveType::D;
      p.s_I = internalPoint(bi, sI);
      p.s_J = internalPoint(bj, sJ);
      p.f = std::move(f);
      add(std::move(p));
    } else if (type == "angle-driver") {
      joint.type = JointType::AngleDriver;
      const Vec3 u = vectorRef(j, "u_i", bi, path).normalized();
      const Vec3 v = vectorRef(j, "v_i", bi, path).normalized();
      if (std::abs(u.dot(v)) > 1e-9) issue(path + "/v_i", "u_i and v_i must be perpendicular");
      joint.axis_I = u.cross(v);
      Primitive p;
      p.type = PrimitiveType::AngleDriver;
      p.a_I = u;
      p.b_I = v;
      p.a_J = vectorRef(j, "a_j", bj, path).normalized();
      p.f = expression(j["angle"], path + "/angle");
      add(std::move(p));
    } else if (type == "dp1") {
      dp1(vectorRef(j, "a_i", bi, path), vectorRef(j, "a_j", bj, path),
          j.contains("f") ? expression(j["f"], path + "/f") : TimeFunction());
    } else if (type == "dp2") {
      dp2(vectorRef(j, "a_i", bi, path), pointRef(j, "point_i", bi, path),
          pointRef(j, "point_j", bj, path), j.contains("f") ? expression(j["f"], path + "/f") : TimeFunction());
    } else if (type == "d") {
      Primitive p;
      p.type = PrimitiveType::D;
      p.s_I = internalPoint(bi, pointRef(j, "point_i", bi, path));
      p.s_J = internalPoint(bj, pointRef(j, "point_j", bj, path));
      p.f = expression(j["f"], path + "/f");
      add(std::move(p));
    } else if (type == "cd") {
      const std::string axis = j["axis"].get<std::string>();
      cd(Vec3::Unit(axis == "x" ? 0 : axis == "y" ? 1 : 2), pointRef(j, "point_i", bi, path),
         pointRef(j, "point_j", bj, path), j.contains("f") ? expression(j["f"], path + "/f") : TimeFunction());
    }
    joint.primitiveCount = model_.primitiveCount() - joint.firstPrimitive;
    model_.joints.push_back(std::move(joint));
  }

  // --- forces ----------------------------------------------------------------------------------------
  void readForces() {
    const json& forces = scene_["forces"];
    std::set<std::string> names;
    for (size_t i = 0; i < forces.size(); ++i) {
      const std::string path = "/forces/" + std::to_string(i);
      const json& f = forces[i];
      const std::string name = f["name"].get<std::string>();
      if (!names.insert(name).second) issue(path + "/name", "duplicate force element name '" + name + "'");
      ForceElement e;
      e.name = name;
      e.jsonPath = path;
      const std::string type = f["type"].get<std::string>();
      if (type == "tsda" || type == "rsda") {
        e.bodyI = bodyRef(f, "body_i", path);
        e.bodyJ = bodyRef(f, "body_j", path);
        if (e.bodyI == -2 || e.bodyJ == -2) continue;
        if (e.bodyI == e.bodyJ) {
          issue(path + "/body_j", "a force element needs two different bodies");
          continue;
        }
        e.stiffness = f.value("stiffness", 0.0);
        e.damping = f.value("damping", 0.0);
        if (e.stiffness < 0.0) issue(path + "/stiffness", "stiffness must not be negative");
        if (e.damping < 0.0) issue(path + "/damping", "damping must not be negative");
        e.actuator = f.contains("actuator") ? expression(f["actuator"], path + "/actuator") : TimeFunction();
        if (type == "tsda") {
          e.type = ForceType::TSDA;
          e.s_I = internalPoint(e.bodyI, pointRef(f, "point_i", e.bodyI, path));
          e.s_J = internalPoint(e.bodyJ, pointRef(f, "point_j", e.bodyJ, path));
          e.freeValue = f["free_length"].get<double>();
          if (e.freeValue < 0.0) issue(path + "/free_length", "the free length must not be negative");
        } else {
          e.type = ForceType::RSDA;
          e.axis_I = vectorRef(f, "axis_i", e.bodyI, path).normalized();
          e.u_I = vectorRef(f, "reference_i", e.bodyI, path).normalized();
          e.u_J = vectorRef(f, "reference_j", e.bodyJ, path).normalized();
          if (std::abs(e.axis_I.dot(e.u_I)) > 1e-9)
            issue(path + "/reference_i", "reference_i must be perpendicular to axis_i");
          e.freeValue = f.value("zero_angle", 0.0);
        }
      } else if (type == "tire") {
        if (!readTire(f, path, e)) continue;
      } else {
        e.bodyI = bodyRef(f, "body", path);
        if (e.bodyI == -2) continue;
        if (e.bodyI == kGround) {
          issue(path + "/body", "loads on the ground have no effect");
          continue;
        }
        e.loadInBodyFrame = f.value("frame", "world") == "body";
        const char* key = type == "force" ? "force" : "torque";
        for (int k = 0; k < 3; ++k)
          e.load[k] = expression(f[key][k], path + "/" + key + "/" + std::to_string(k));
        if (type == "force") {
          e.type = ForceType::PointForce;
          e.s_I = internalPoint(e.bodyI, pointRef(f, "point", e.bodyI, path));
        } else {
          e.type = ForceType::Torque;
        }
      }
      model_.forces.push_back(std::move(e));
    }
  }

  // a tire on the scene's road; false when it cannot be built
  bool readTire(const json& f, const std::string& path, ForceElement& e) {
    e.type = ForceType::Tire;
    e.bodyI = bodyRef(f, "body", path);
    if (e.bodyI == -2) return false;
    if (e.bodyI == kGround) {
      issue(path + "/body", "a tire belongs to a wheel body, not the ground");
      return false;
    }
    e.bodyJ = kGround;
    e.s_I = internalPoint(e.bodyI, pointRef(f, "point", e.bodyI, path));
    e.stiffness = f["stiffness"].get<double>();
    e.damping = f.value("damping", 0.0);
    e.freeValue = f["free_radius"].get<double>();
    if (!(e.stiffness > 0.0)) issue(path + "/stiffness", "the tire stiffness must be positive");
    if (e.damping < 0.0) issue(path + "/damping", "damping must not be negative");
    if (!(e.freeValue > 0.0)) issue(path + "/free_radius", "the free radius must be positive");
    e.contact = f.value("contact", "point-follower") == "rigid-ring" ? TireContact::RigidRing
                                                                     : TireContact::PointFollower;
    e.road = road_;
    return true;
  }

  void readRoad(const json& r) {
    road_.height = r.value("height", 0.0);
    if (!r.contains("bumps")) return;
    for (size_t i = 0; i < r["bumps"].size(); ++i) {
      const json& b = r["bumps"][i];
      RoadBump bump;
      bump.centerX = b["center_x"].get<double>();
      bump.radius = b["radius"].get<double>();
      if (!(bump.radius > 0.0))
        issue("/road/bumps/" + std::to_string(i) + "/radius", "the bump radius must be positive");
      road_.bumps.push_back(bump);
    }
  }

  // --- outputs -------------------------------------------------------------------------------------
  void readOutputs() {
    const json& outputs = scene_["outputs"];
    std::set<std::string> names;
    for (size_t i = 0; i < outputs.size(); ++i) {
      const std::string path = "/outputs/" + std::to_string(i);
      const json& o = outputs[i];
      OutputChannel c;
      c.name = o["name"].get<std::string>();
      c.jsonPath = path;
      if (!names.insert(c.name).second) issue(path + "/name", "duplicate output name '" + c.name + "'");
      if (c.name.empty() || c.name.find_first_of(".,\"\n ") != std::string::npos ||
          c.name == "t" || c.name == "h" || c.name == "newton_iterations")
        issue(path + "/name", "'" + c.name + "' cannot name an output: use letters, digits, _ or - "
                              "(no dots: the column '<name>.rate' is added), and not t, h or "
                              "newton_iterations");
      const std::string type = o["type"].get<std::string>();
      if (type == "coordinate") {
        c.type = OutputType::Coordinate;
        c.bodyI = bodyRef(o, "body", path);
        if (c.bodyI == -2) continue;
        c.s_I = internalPoint(c.bodyI, o.contains("point") ? pointRef(o, "point", c.bodyI, path)
                                                           : Vec3::Zero());
        const std::string axis = o["axis"].get<std::string>();
        c.c_W = Vec3::Unit(axis == "x" ? 0 : axis == "y" ? 1 : 2);
        c.unit = "m";
      } else {
        c.bodyI = bodyRef(o, "body_i", path);
        c.bodyJ = bodyRef(o, "body_j", path);
        if (c.bodyI == -2 || c.bodyJ == -2) continue;
        if (c.bodyI == c.bodyJ) {
          issue(path + "/body_j", "an output between a body and itself is constant");
          continue;
        }
        if (type == "distance") {
          c.type = OutputType::Distance;
          c.s_I = internalPoint(c.bodyI, pointRef(o, "point_i", c.bodyI, path));
          c.s_J = internalPoint(c.bodyJ, pointRef(o, "point_j", c.bodyJ, path));
          c.unit = "m";
        } else {
          c.type = OutputType::Angle;
          c.axis_I = vectorRef(o, "axis_i", c.bodyI, path).normalized();
          c.u_I = vectorRef(o, "reference_i", c.bodyI, path).normalized();
          c.u_J = vectorRef(o, "reference_j", c.bodyJ, path).normalized();
          if (std::abs(c.axis_I.dot(c.u_I)) > 1e-9)
            issue(path + "/reference_i", "reference_i must be perpendicular to axis_i");
          c.unit = "rad";
        }
      }
      model_.outputs.push_back(std::move(c));
    }
  }

  void readSettings() {
    const json& s = scene_["settings"];
    RunDefaults& d = model_.defaults;
    d.formulation = s.value("formulation", d.formulation);
    d.integrator = s.value("integrator", d.integrator);
    d.step = s.value("step", d.step);
    d.tEnd = s.value("t_end", d.tEnd);
    d.every = s.value("every", d.every);
    d.rtol = s.value("rtol", d.rtol);
    d.atol = s.value("atol", s.contains("rtol") ? d.rtol : d.atol);
    if (s.contains("rtol") && !(d.rtol > 0.0)) issue("/settings/rtol", "rtol must be positive");
    if (s.contains("atol") && !(d.atol > 0.0)) issue("/settings/atol", "atol must be positive");
    d.maxStep = s.value("max_step", d.maxStep);
    if (s.contains("max_step") && !(d.maxStep > 0.0)) issue("/settings/max_step", "max_step must be positive");
    model_.maxInitialCorrection = s.value("max_initial_correction", model_.maxInitialCorrection);
    if (formulationDescription(d.formulation).empty())
      issue("/settings/formulation", "unknown formulation '" + d.formulation + "' (rA, rp or rE)");
    if (!(d.step > 0.0)) issue("/settings/step", "the step must be positive");
    if (!(d.tEnd > 0.0)) issue("/settings/t_end", "t_end must be positive");
    if (d.every < 1) issue("/settings/every", "every must be at least 1");
    if (!(model_.maxInitialCorrection > 0.0))
      issue("/settings/max_initial_correction", "must be positive");
  }

  const json& scene_;
  std::vector<SceneIssue>& issues_;
  Model model_;
  RoadProfile road_;  // the scene's road, copied into each tire
};

// The constraint set at the initial pose: no redundant equations, and a consistent projection.
void checkConstraints(const Model& model, std::vector<SceneIssue>& issues) {
  if (model.bodies.empty()) return;
  const std::unique_ptr<Formulation> f = makeFormulation("rp", model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  const ConstraintRank rank = analyzeConstraintRank(*f);
  for (int k : rank.redundant) {
    const Primitive& p = model.primitives[k];
    const Joint& j = model.joints[p.joint];
    std::ostringstream os;
    os << "joint '" << j.name << "': its " << primitiveName(p.type) << " equation "
       << (k - j.firstPrimitive + 1) << " of " << j.primitiveCount
       << " is redundant (it repeats what the constraints listed before it already impose)";
    if (j.type == JointType::Revolute)
      os << "; in a planar closed loop, keep the bodies in the plane (planar joints) and pin them "
            "with planar-revolute joints";
    issues.push_back({j.jsonPath, os.str()});
  }
  if (!issues.empty()) return;
  try {
    consistentInitialState(*f, 0.0);
  } catch (const ModelError& e) {
    std::string path;
    for (const Body& b : model.bodies)
      if (std::string(e.what()).find("'" + b.name + "'") != std::string::npos) path = b.jsonPath;
    issues.push_back({path, e.what()});
  }
}

}  // namespace

Model parseScene(const std::string& text, const std::string& source) {
  json scene;
  try {
    scene = json::parse(text);
  } catch (const json::parse_error& e) {
    throw SceneError(source, {{"", std::string("invalid JSON: ") + e.what()}});
  }
  std::vector<SceneIssue> issues;
  validateAgainstSchema(scene, "scene", "", issues);
  if (!issues.empty()) throw SceneError(source, std::move(issues));

  Model model = ModelBuilder(scene, issues).build();
  if (!issues.empty()) throw SceneError(source, std::move(issues));
  checkConstraints(model, issues);
  if (!issues.empty()) throw SceneError(source, std::move(issues));
  return model;
}

Model loadSceneFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw SceneError(path, {{"", "cannot open the file"}});
  std::stringstream text;
  text << in.rdbuf();
  Model model = parseScene(text.str(), path);
  model.sourcePath = path;
  return model;
}

Model loadScene(const std::string& nameOrPath) {
  if (const BuiltinScene* s = findBuiltinScene(nameOrPath)) return parseScene(s->text, "builtin:" + s->name);
  return loadSceneFile(nameOrPath);
}

}  // namespace mbw
