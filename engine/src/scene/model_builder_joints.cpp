#include "scene/model_builder.h"

#include <set>

namespace mbw {

void ModelBuilder::readJoints() {
  const json& joints = scene_["joints"];
  std::set<std::string> names;
  for (size_t i = 0; i < joints.size(); ++i) {
    const std::string path = "/joints/" + std::to_string(i);
    const std::string name = joints[i]["name"].get<std::string>();
    if (!names.insert(name).second) issue(path + "/name", "duplicate joint name '" + name + "'");
    readJoint(joints[i], path);
  }
}

void ModelBuilder::readJoint(const json& j, const std::string& path) {
  Joint joint;
  joint.name = j["name"].get<std::string>();
  joint.jsonPath = path;
  const std::string type = j["type"].get<std::string>();
  joint.bodyI = bodyRef(j, "body_i", path);
  joint.bodyJ = bodyRef(j, "body_j", path);
  if (joint.bodyI == -2 || joint.bodyJ == -2) return;
  if (joint.bodyI == joint.bodyJ) {
    issue(path + "/body_j",
          "a joint needs two different bodies ('" + model_.bodyName(joint.bodyI) + "' twice)");
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
  } else if (type == "fixed") {
    joint.type = JointType::Fixed;
    const Vec3 sI = pointRef(j, "point_i", bi, path), sJ = pointRef(j, "point_j", bj, path);
    spherical(sI, sJ);
    joint.point_I = internalPoint(bi, sI);
    // e_k of body i perpendicular to the body-j vector that starts along e_(k+1) of body i
    const Mat3 R_JI = initialRotation(bj).transpose() * initialRotation(bi);
    for (int k = 0; k < 3; ++k) dp1(Vec3::Unit(k), R_JI * Vec3::Unit((k + 1) % 3));
  } else if (type == "revolute" || type == "universal" || type == "cylindrical" ||
             type == "translational") {
    const Vec3 sI = pointRef(j, "point_i", bi, path), sJ = pointRef(j, "point_j", bj, path);
    const Vec3 nI = vectorRef(j, "axis_i", bi, path).normalized();
    const Vec3 nJ = vectorRef(j, "axis_j", bj, path).normalized();
    joint.point_I = internalPoint(bi, sI);
    joint.axis_I = nI;
    // a_i, b_i: the plane perpendicular to the axis of body i (Kissel et al. 2021 Table 1,
    // "perpendicular 1")
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
        pointRef(j, "point_j", bj, path),
        j.contains("f") ? expression(j["f"], path + "/f") : TimeFunction());
  } else if (type == "d") {
    Primitive p;
    p.type = PrimitiveType::D;
    p.s_I = internalPoint(bi, pointRef(j, "point_i", bi, path));
    p.s_J = internalPoint(bj, pointRef(j, "point_j", bj, path));
    p.f = expression(j["f"], path + "/f");
    add(std::move(p));
  } else if (type == "cd") {
    const std::string axis = j["axis"].get<std::string>();
    cd(Vec3::Unit(axis == "x"   ? 0
                  : axis == "y" ? 1
                                : 2),
       pointRef(j, "point_i", bi, path), pointRef(j, "point_j", bj, path),
       j.contains("f") ? expression(j["f"], path + "/f") : TimeFunction());
  }
  joint.primitiveCount = model_.primitiveCount() - joint.firstPrimitive;
  model_.joints.push_back(std::move(joint));
}

}  // namespace mbw
