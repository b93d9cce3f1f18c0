#include "scene/model_builder.h"

#include <cmath>
#include <map>
#include <set>

namespace mbw {

// --- the primitives of one joint -----------------------------------------------------------------

// One joint being read: its JSON, path and two bodies, the constraint primitives it appends to the
// model (Kissel et al. 2021 Table 1), and one builder per joint type, chosen from a table by the
// type's name. Each builder reads its points, vectors and drivers in the order of the schema's
// fields, so that several issues of one joint come in that order.
class JointAssembly {
 public:
  using json = nlohmann::json;
  using Builder = void (JointAssembly::*)();

  JointAssembly(ModelBuilder& builder, const json& j, const std::string& path, Joint& joint)
      : b_(builder),
        j_(j),
        path_(path),
        joint_(joint),
        bi_(joint.bodyI),
        bj_(joint.bodyJ),
        index_(static_cast<int>(builder.model_.joints.size())) {}

  // the builder of a joint type (nullptr for a type the schema does not know)
  static Builder builderOf(const std::string& type);

  // the joints
  void spherical();
  void fixed();
  void revolute();
  void universal();
  void cylindrical();
  void translational();
  void planar();
  void planarRevolute();
  void distance();
  void angleDriver();
  // the raw primitives
  void rawDp1();
  void rawDp2();
  void rawD();
  void rawCd();

 private:
  // a joint point on body i or j, a normalized axis, an optional driver f
  Vec3 point(const char* key, int body) { return b_.pointRef(j_, key, body, path_); }
  Vec3 axis(const char* key, int body) { return b_.vectorRef(j_, key, body, path_).normalized(); }
  TimeFunction optionalDriver() {
    return j_.contains("f") ? b_.expression(j_["f"], path_ + "/f") : TimeFunction();
  }
  // the joint point and axis of body i, and a_i, b_i: the plane perpendicular to the axis
  // (Kissel et al. 2021 Table 1, "perpendicular 1")
  struct AxisFrame {
    Vec3 aI, bI;
  };
  AxisFrame axisFrame(const Vec3& sI, const Vec3& nI);
  // the rotation of body i in the frame of body j, in the initial pose
  Mat3 initialRelativeRotation() const {
    return b_.initialRotation(bj_).transpose() * b_.initialRotation(bi_);
  }

  // one primitive between the two bodies, appended to the model's
  void add(Primitive p);
  // the same for a primitive on the points P_i, P_j (in the bodies' scene frames)
  void addBetweenPoints(Primitive p, const Vec3& sI, const Vec3& sJ);
  void cd(const Vec3& c, const Vec3& sI, const Vec3& sJ, TimeFunction f = {});
  void dp1(const Vec3& aI, const Vec3& aJ, TimeFunction f = {});
  void dp2(const Vec3& aI, const Vec3& sI, const Vec3& sJ, TimeFunction f = {});
  void d(const Vec3& sI, const Vec3& sJ, TimeFunction f);
  // three CD: P_i and P_j coincide
  void coincide(const Vec3& sI, const Vec3& sJ) {
    for (int k = 0; k < 3; ++k) cd(Vec3::Unit(k), sI, sJ);
  }

  ModelBuilder& b_;
  const json& j_;
  const std::string& path_;
  Joint& joint_;
  const int bi_, bj_;
  const int index_;  // of the joint in the model
};

JointAssembly::Builder JointAssembly::builderOf(const std::string& type) {
  // the table of joint builders, by the schema's type names (scene/schema.cpp)
  static const std::map<std::string, Builder> builders = {
      {"spherical", &JointAssembly::spherical},
      {"fixed", &JointAssembly::fixed},
      {"revolute", &JointAssembly::revolute},
      {"universal", &JointAssembly::universal},
      {"cylindrical", &JointAssembly::cylindrical},
      {"translational", &JointAssembly::translational},
      {"planar", &JointAssembly::planar},
      {"planar-revolute", &JointAssembly::planarRevolute},
      {"distance", &JointAssembly::distance},
      {"angle-driver", &JointAssembly::angleDriver},
      // the raw primitives
      {"dp1", &JointAssembly::rawDp1},
      {"dp2", &JointAssembly::rawDp2},
      {"d", &JointAssembly::rawD},
      {"cd", &JointAssembly::rawCd}};
  // the type's builder, or none
  const auto found = builders.find(type);
  return found == builders.end() ? nullptr : found->second;
}

// --- appending primitives ------------------------------------------------------------------------

void JointAssembly::add(Primitive p) {
  // between the joint's two bodies, owned by the joint
  p.bodyI = bi_;
  p.bodyJ = bj_;
  p.joint = index_;
  b_.model_.primitives.push_back(std::move(p));
}

void JointAssembly::addBetweenPoints(Primitive p, const Vec3& sI, const Vec3& sJ) {
  // the points P_i, P_j given in the bodies' scene frames, kept in their internal frames
  p.s_I = b_.internalPoint(bi_, sI);
  p.s_J = b_.internalPoint(bj_, sJ);
  add(std::move(p));
}

void JointAssembly::cd(const Vec3& c, const Vec3& sI, const Vec3& sJ, TimeFunction f) {
  // c . (P_j - P_i) = f
  Primitive p;
  p.type = PrimitiveType::CD;
  p.c_W = c;
  p.f = std::move(f);
  addBetweenPoints(std::move(p), sI, sJ);
}

void JointAssembly::dp1(const Vec3& aI, const Vec3& aJ, TimeFunction f) {
  // a_i . a_j = f
  Primitive p;
  p.type = PrimitiveType::DP1;
  p.a_I = aI;
  p.a_J = aJ;
  p.f = std::move(f);
  add(std::move(p));
}

void JointAssembly::dp2(const Vec3& aI, const Vec3& sI, const Vec3& sJ, TimeFunction f) {
  // a_i . (P_j - P_i) = f
  Primitive p;
  p.type = PrimitiveType::DP2;
  p.a_I = aI;
  p.f = std::move(f);
  addBetweenPoints(std::move(p), sI, sJ);
}

void JointAssembly::d(const Vec3& sI, const Vec3& sJ, TimeFunction f) {
  // |P_j - P_i|^2 = f
  Primitive p;
  p.type = PrimitiveType::D;
  p.f = std::move(f);
  addBetweenPoints(std::move(p), sI, sJ);
}

JointAssembly::AxisFrame JointAssembly::axisFrame(const Vec3& sI, const Vec3& nI) {
  // the joint's point and axis on body i, and two directions perpendicular to the axis
  joint_.point_I = b_.internalPoint(bi_, sI);
  joint_.axis_I = nI;
  // a_i any unit vector across the axis, b_i = n_i x a_i
  const Vec3 aI = nI.unitOrthogonal();
  return {aI, nI.cross(aI)};
}

// --- joints --------------------------------------------------------------------------------------

void JointAssembly::spherical() {
  // P_i and P_j coincide
  joint_.type = JointType::Spherical;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  coincide(sI, sJ);
  // the joint's point on body i, where its reaction is reported
  joint_.point_I = b_.internalPoint(bi_, sI);
}

void JointAssembly::fixed() {
  // P_i and P_j coincide, and e_k of body i stays perpendicular to the body-j vector that starts
  // along e_(k+1) of body i
  joint_.type = JointType::Fixed;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  coincide(sI, sJ);
  joint_.point_I = b_.internalPoint(bi_, sI);
  // body i's axes as vectors of body j, in the initial pose
  const Mat3 R_JI = initialRelativeRotation();
  for (int k = 0; k < 3; ++k) dp1(Vec3::Unit(k), R_JI * Vec3::Unit((k + 1) % 3));
}

void JointAssembly::revolute() {
  // spherical, and axis_j perpendicular to a_i and b_i
  joint_.type = JointType::Revolute;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  const Vec3 nI = axis("axis_i", bi_), nJ = axis("axis_j", bj_);
  // the joint frame on body i, then the primitives
  const AxisFrame f = axisFrame(sI, nI);
  coincide(sI, sJ);
  dp1(f.aI, nJ);
  dp1(f.bI, nJ);
}

void JointAssembly::universal() {
  // spherical, and axis_i perpendicular to axis_j (the cross)
  joint_.type = JointType::Universal;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  const Vec3 nI = axis("axis_i", bi_), nJ = axis("axis_j", bj_);
  axisFrame(sI, nI);
  coincide(sI, sJ);
  dp1(nI, nJ);
}

void JointAssembly::cylindrical() {
  // axis_j parallel to axis_i (2 DP1), and P_j on the axis of body i (2 DP2)
  joint_.type = JointType::Cylindrical;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  const Vec3 nI = axis("axis_i", bi_), nJ = axis("axis_j", bj_);
  // the joint frame on body i: its point, its axis and two directions across it
  const AxisFrame f = axisFrame(sI, nI);
  dp1(f.aI, nJ);
  dp1(f.bI, nJ);
  dp2(f.aI, sI, sJ);
  dp2(f.bI, sI, sJ);
}

void JointAssembly::translational() {
  // cylindrical, and the rotation about the axis held: a_i . c_j = 0 with c_j the body-j vector
  // that coincides with b_i in the initial pose
  joint_.type = JointType::Translational;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  const Vec3 nI = axis("axis_i", bi_), nJ = axis("axis_j", bj_);
  // the joint frame on body i, then the cylindrical joint's four primitives
  const AxisFrame f = axisFrame(sI, nI);
  dp1(f.aI, nJ);
  dp1(f.bI, nJ);
  dp2(f.aI, sI, sJ);
  dp2(f.bI, sI, sJ);
  // the rotation about the axis held by a fifth DP1
  dp1(f.aI, b_.initialRotation(bj_).transpose() * b_.initialRotation(bi_) * f.bI);
}

void JointAssembly::planar() {
  // axis_i perpendicular to two directions of body j's plane, point_j in the plane
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  const Vec3 nI = axis("axis_i", bi_);
  axisFrame(sI, nI);
  joint_.type = JointType::Planar;
  const Vec3 nJ = axis("axis_j", bj_);
  // two directions perpendicular to axis_j
  const Vec3 aJ = nJ.unitOrthogonal();
  dp1(nI, aJ);
  dp1(nI, nJ.cross(aJ));
  // point_j in the plane through point_i normal to axis_i
  dp2(nI, sI, sJ);
}

void JointAssembly::planarRevolute() {
  // the points coincide within the plane normal to axis_i
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  const Vec3 nI = axis("axis_i", bi_);
  // the joint frame on body i, the plane's two directions
  const AxisFrame f = axisFrame(sI, nI);
  joint_.type = JointType::PlanarRevolute;
  dp2(f.aI, sI, sJ);
  dp2(f.bI, sI, sJ);
}

void JointAssembly::distance() {
  // |P_j - P_i|^2 = distance^2, a positive constant or an expression of t
  joint_.type = JointType::Distance;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  joint_.point_I = b_.internalPoint(bi_, sI);
  TimeFunction f;
  // a number: its square; an expression: squared, in t
  const json& length = j_["distance"];
  if (length.is_number()) {
    if (!(length.get<double>() > 0.0))
      b_.issue(path_ + "/distance", "the distance must be positive");
    f = TimeFunction::constant(length.get<double>() * length.get<double>());
  } else {
    f = b_.expression(json("(" + length.get<std::string>() + ")^2"), path_ + "/distance");
  }
  d(sI, sJ, std::move(f));
}

void JointAssembly::angleDriver() {
  // the angle of a_j from u_i towards v_i, two perpendicular unit vectors of body i
  joint_.type = JointType::AngleDriver;
  const Vec3 u = axis("u_i", bi_);
  const Vec3 v = axis("v_i", bi_);
  if (std::abs(u.dot(v)) > 1e-9) b_.issue(path_ + "/v_i", "u_i and v_i must be perpendicular");
  joint_.axis_I = u.cross(v);
  // one angle-driver primitive with a_j and the angle f(t)
  Primitive p;
  p.type = PrimitiveType::AngleDriver;
  p.a_I = u;
  p.b_I = v;
  p.a_J = axis("a_j", bj_);
  p.f = b_.expression(j_["angle"], path_ + "/angle");
  add(std::move(p));
}

// --- raw primitives ------------------------------------------------------------------------------

void JointAssembly::rawDp1() {
  // a_i . a_j = f(t), the vectors as given
  const Vec3 aI = b_.vectorRef(j_, "a_i", bi_, path_);
  const Vec3 aJ = b_.vectorRef(j_, "a_j", bj_, path_);
  dp1(aI, aJ, optionalDriver());
}

void JointAssembly::rawDp2() {
  // a_i . (P_j - P_i) = f(t)
  const Vec3 aI = b_.vectorRef(j_, "a_i", bi_, path_);
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  dp2(aI, sI, sJ, optionalDriver());
}

void JointAssembly::rawD() {
  // |P_j - P_i|^2 = f(t)
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  d(sI, sJ, b_.expression(j_["f"], path_ + "/f"));
}

void JointAssembly::rawCd() {
  // c . (P_j - P_i) = f(t) for the world axis c
  const std::string name = j_["axis"].get<std::string>();
  // the world axis by its letter
  const int c = name == "x" ? 0 : name == "y" ? 1 : 2;
  const Vec3 sI = point("point_i", bi_), sJ = point("point_j", bj_);
  cd(Vec3::Unit(c), sI, sJ, optionalDriver());
}

// --- reading the joints --------------------------------------------------------------------------

void ModelBuilder::readJoints() {
  // each joint by its path, its name unique
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
  // the joint's name and its two bodies, which must differ
  Joint joint;
  joint.name = j["name"].get<std::string>();
  joint.jsonPath = path;
  const std::string type = j["type"].get<std::string>();
  joint.bodyI = bodyRef(j, "body_i", path);
  joint.bodyJ = bodyRef(j, "body_j", path);
  // an unknown body was reported; the joint is left out
  if (joint.bodyI == -2 || joint.bodyJ == -2) return;
  if (joint.bodyI == joint.bodyJ) {
    issue(path + "/body_j",
          "a joint needs two different bodies ('" + model_.bodyName(joint.bodyI) + "' twice)");
    return;
  }
  // its primitives, appended to the model's by the builder of its type
  joint.firstPrimitive = model_.primitiveCount();
  // a type the schema does not know has no builder (validation refused it before)
  JointAssembly assembly(*this, j, path, joint);
  if (const JointAssembly::Builder builder = JointAssembly::builderOf(type)) (assembly.*builder)();
  // the primitives it appended
  joint.primitiveCount = model_.primitiveCount() - joint.firstPrimitive;
  model_.joints.push_back(std::move(joint));
}

}  // namespace mbw
