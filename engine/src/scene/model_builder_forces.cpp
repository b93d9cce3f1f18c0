#include "scene/model_builder.h"

#include <set>
#include <sstream>

namespace mbw {

// --- force elements ------------------------------------------------------------------------------

void ModelBuilder::readForces() {
  // every force element by name, unique among forces
  const json& forces = scene_["forces"];
  std::set<std::string> names;
  for (size_t i = 0; i < forces.size(); ++i) {
    const std::string path = "/forces/" + std::to_string(i);
    const json& f = forces[i];
    const std::string name = f["name"].get<std::string>();
    if (!names.insert(name).second)
      issue(path + "/name", "duplicate force element name '" + name + "'");
    ForceElement e;
    e.name = name;
    e.jsonPath = path;
    // the type decides which bodies and which parameters the element reads
    const std::string type = f["type"].get<std::string>();
    // spring-damper-actuators between two bodies: translational along a line, rotational about an
    // axis
    if (type == "tsda" || type == "rsda") {
      // its two bodies, which must differ
      e.bodyI = bodyRef(f, "body_i", path);
      e.bodyJ = bodyRef(f, "body_j", path);
      if (e.bodyI == -2 || e.bodyJ == -2) continue;
      if (e.bodyI == e.bodyJ) {
        issue(path + "/body_j", "a force element needs two different bodies");
        continue;
      }
      // linear stiffness and damping, plus an optional actuator force or torque in time
      e.stiffness = f.value("stiffness", 0.0);
      e.damping = f.value("damping", 0.0);
      if (e.stiffness < 0.0) issue(path + "/stiffness", "stiffness must not be negative");
      if (e.damping < 0.0) issue(path + "/damping", "damping must not be negative");
      e.actuator =
          f.contains("actuator") ? expression(f["actuator"], path + "/actuator") : TimeFunction();
      // a translational one acts between two points at its free length; a rotational one between
      // two frames, relaxed at its zero angle
      if (type == "tsda") {
        e.type = ForceType::TSDA;
        e.s_I = internalPoint(e.bodyI, pointRef(f, "point_i", e.bodyI, path));
        e.s_J = internalPoint(e.bodyJ, pointRef(f, "point_j", e.bodyJ, path));
        e.freeValue = f["free_length"].get<double>();
        if (e.freeValue < 0.0) issue(path + "/free_length", "the free length must not be negative");
      } else {
        e.type = ForceType::RSDA;
        const AngleFrame frame = angleFrame(f, e.bodyI, e.bodyJ, path);
        e.axis_I = frame.axis_I;
        e.u_I = frame.u_I;
        e.u_J = frame.u_J;
        e.freeValue = f.value("zero_angle", 0.0);
      }
    } else if (type == "tire") {
      // a tire between a wheel and the road
      if (!readTire(f, path, e)) continue;
    } else {
      // otherwise a force or torque on one body, given in the world or the body frame
      e.bodyI = bodyRef(f, "body", path);
      if (e.bodyI == -2) continue;
      if (e.bodyI == kGround) {
        issue(path + "/body", "loads on the ground have no effect");
        continue;
      }
      // the load's frame, and its three components, each an expression in t
      e.loadInBodyFrame = f.value("frame", "world") == "body";
      const char* key = type == "force" ? "force" : "torque";
      for (int k = 0; k < 3; ++k)
        e.load[k] = expression(f[key][k], path + "/" + key + "/" + std::to_string(k));
      // a force acts at a point of the body; a torque needs none
      if (type == "force") {
        e.type = ForceType::PointForce;
        e.s_I = internalPoint(e.bodyI, pointRef(f, "point", e.bodyI, path));
      } else {
        e.type = ForceType::Torque;
      }
    }
    // any element may act only over a time window
    e.activeFrom = f.value("active_from", e.activeFrom);
    e.activeUntil = f.value("active_until", e.activeUntil);
    if (!(e.activeUntil > e.activeFrom))
      issue(path + "/active_until", "active_until must be after active_from");
    model_.forces.push_back(std::move(e));
  }
}

// --- tires and the road --------------------------------------------------------------------------

// a tire ties a point of the wheel body to the ground (the road)
bool ModelBuilder::readTire(const json& f, const std::string& path, ForceElement& e) {
  e.type = ForceType::Tire;
  // the wheel body, which cannot be the ground
  e.bodyI = bodyRef(f, "body", path);
  if (e.bodyI == -2) return false;
  if (e.bodyI == kGround) {
    issue(path + "/body", "a tire belongs to a wheel body, not the ground");
    return false;
  }
  e.bodyJ = kGround;
  e.s_I = internalPoint(e.bodyI, pointRef(f, "point", e.bodyI, path));
  // radial stiffness and damping about a free radius
  e.stiffness = f["stiffness"].get<double>();
  e.damping = f.value("damping", 0.0);
  e.freeValue = f["free_radius"].get<double>();
  if (!(e.stiffness > 0.0)) issue(path + "/stiffness", "the tire stiffness must be positive");
  if (e.damping < 0.0) issue(path + "/damping", "damping must not be negative");
  if (!(e.freeValue > 0.0)) issue(path + "/free_radius", "the free radius must be positive");
  // how the tire meets the road: a point that follows it, or a rigid ring rolling over its bumps
  e.contact = f.value("contact", "point-follower") == "rigid-ring" ? TireContact::RigidRing
                                                                   : TireContact::PointFollower;
  // the road, read before the forces (ModelBuilder::build)
  e.road = road_;
  return true;
}

// a flat road at a given height, with optional circular bumps along x
void ModelBuilder::readRoad(const json& r) {
  // the road's height, 0 unless given
  road_.height = r.value("height", 0.0);
  if (!r.contains("bumps")) return;
  for (size_t i = 0; i < r["bumps"].size(); ++i) {
    // each bump: its center along x and its radius
    const json& b = r["bumps"][i];
    RoadBump bump;
    bump.centerX = b["center_x"].get<double>();
    bump.radius = b["radius"].get<double>();
    if (!(bump.radius > 0.0))
      issue("/road/bumps/" + std::to_string(i) + "/radius", "the bump radius must be positive");
    road_.bumps.push_back(bump);
  }
}

}  // namespace mbw
