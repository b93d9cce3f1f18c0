#include "orientation_json.h"

#include <cmath>

#include "math/rotation.h"
#include "solvers/clean_numbers.h"

namespace mbw::ui {
namespace {

// --- helpers -------------------------------------------------------------------------------------

constexpr double kDegree = M_PI / 180.0;

// an array of that many numbers
bool numbers(const SceneJson& array, size_t count) {
  if (!array.is_array() || array.size() != count) return false;
  for (const SceneJson& x : array)
    if (!x.is_number()) return false;
  return true;
}

// the first three numbers of an array as a vector
Vec3 vec3(const SceneJson& a) {
  return {a[0].get<double>(), a[1].get<double>(), a[2].get<double>()};
}

// a number cleaned against the one given at a key (0 when there is none)
double cleanAgainst(double x, const SceneJson& given) {
  return cleanNumber(x, given.is_number() ? given.get<double>() : 0.0, kCleanTolerance) + 0.0;
}

// numbers cleaned against the array given, element by element
SceneJson cleanArray(const std::vector<double>& values, const SceneJson& given) {
  SceneJson out = SceneJson::array();
  for (size_t k = 0; k < values.size(); ++k) {
    const SceneJson old = given.is_array() && k < given.size() ? given[k] : SceneJson();
    const double x = cleanAgainst(values[k], old);
    // a number that did not change keeps its text
    out.push_back(old.is_number() && x == old.get<double>() ? old : SceneJson(x));
  }
  return out;
}

// the tait-bryan axes of a sequence name
bool axesOf(const QString& sequence, int (&axes)[3]) {
  // three different axes, each named x, y or z
  const QStringList parts = sequence.split('-');
  if (parts.size() != 3) return false;
  for (int k = 0; k < 3; ++k)
    axes[k] = parts[k] == "x" ? 0 : parts[k] == "y" ? 1 : parts[k] == "z" ? 2 : -1;
  return axes[0] >= 0 && axes[1] >= 0 && axes[2] >= 0 && axes[0] != axes[1] && axes[1] != axes[2] &&
         axes[0] != axes[2];
}

}  // namespace

// --- the orientation of a scene, read and written in its own form --------------------------------

bool rotationOf(const SceneJson& o, Mat3* R) {
  // none given: the identity
  *R = Mat3::Identity();
  if (o.is_null()) return true;
  if (!o.is_object()) return false;
  // a matrix: orthonormalized, refused when it reflects
  if (o.contains("matrix")) {
    const SceneJson& m = o["matrix"];
    if (!m.is_array() || m.size() != 3) return false;
    for (int r = 0; r < 3; ++r) {
      if (!numbers(m[r], 3)) return false;
      R->row(r) = vec3(m[r]).transpose();
    }
    if (!(R->determinant() > 0.0)) return false;
    *R = orthonormalized(*R);
    return true;
  }
  // Euler parameters, normalized
  if (o.contains("euler_parameters")) {
    const SceneJson& e = o["euler_parameters"];
    if (!numbers(e, 4)) return false;
    const Vec4 p(e[0].get<double>(), e[1].get<double>(), e[2].get<double>(), e[3].get<double>());
    if (!(p.norm() > 0.0)) return false;
    *R = rotationFromEulerParameters(p.normalized());
    return true;
  }
  // z-x-z angles, in radians as the scene gives them
  if (o.contains("zxz")) {
    if (!numbers(o["zxz"], 3)) return false;
    *R = rotationFromZXZ(vec3(o["zxz"]));
    return true;
  }
  // an axis and an angle
  if (o.contains("axis") && o.contains("angle")) {
    if (!numbers(o["axis"], 3) || !o["angle"].is_number() || !(vec3(o["axis"]).norm() > 0.0))
      return false;
    *R = Eigen::AngleAxisd(o["angle"].get<double>(), vec3(o["axis"]).normalized())
             .toRotationMatrix();
    return true;
  }
  return false;
}

SceneJson orientationJson(const Mat3& R, const SceneJson& given) {
  // a matrix for a matrix
  const SceneJson none;
  if (given.is_object() && given.contains("matrix")) {
    SceneJson rows = SceneJson::array();
    // each row cleaned against the row given
    for (int r = 0; r < 3; ++r)
      rows.push_back(cleanArray({R(r, 0), R(r, 1), R(r, 2)},
                                given["matrix"].is_array() && given["matrix"].size() > size_t(r)
                                    ? given["matrix"][r]
                                    : none));
    return {{"matrix", rows}};
  }
  // z-x-z angles for z-x-z angles
  if (given.is_object() && given.contains("zxz")) {
    const Vec3 a = zxzFromRotation(R);
    return {{"zxz", cleanArray({a[0], a[1], a[2]}, given["zxz"])}};
  }
  // an axis and angle for an axis and angle, the axis on the side of the one given
  if (given.is_object() && given.contains("axis")) {
    const Vec3 hint = numbers(given["axis"], 3) && vec3(given["axis"]).norm() > 0.0
                          ? vec3(given["axis"])
                          : Vec3::UnitZ();
    const std::vector<double> a = anglesOf(R, "axis-angle", hint);
    // the axis at the length the scene gave it
    const double length = hint.norm();
    return {{"axis", cleanArray({a[0] * length, a[1] * length, a[2] * length}, given["axis"])},
            {"angle", cleanAgainst(a[3] * kDegree, given.value("angle", none))}};
  }
  // Euler parameters, on the side of the given ones
  Vec4 before(1, 0, 0, 0);
  if (given.is_object() && numbers(given.value("euler_parameters", none), 4)) {
    const SceneJson& e = given["euler_parameters"];
    before = Vec4(e[0].get<double>(), e[1].get<double>(), e[2].get<double>(), e[3].get<double>());
  }
  // R's Euler parameters with the sign of those given, round-off cleaned
  const Vec4 p = cleanEulerParameters(eulerParametersFromOrthonormal(R), before, kCleanTolerance);
  return {{"euler_parameters",
           cleanArray({p[0], p[1], p[2], p[3]},
                      given.is_object() ? given.value("euler_parameters", none) : none)}};
}

// --- angles in the property panel's sequences ----------------------------------------------------

// the sequences offered, the aerospace z-y-x first
QStringList angleSequences() { return {"z-y-x", "x-y-z", "z-x-z", "axis-angle"}; }

std::vector<double> anglesOf(const Mat3& R, const QString& sequence, const Vec3& axisHint) {
  // the axis and the angle, in degrees
  if (sequence == "axis-angle") {
    Eigen::AngleAxisd aa(R);
    Vec3 axis = aa.axis();
    double angle = aa.angle();
    // no turn: the hint's axis; otherwise the axis on the hint's side
    if (std::abs(angle) < 1e-15)
      axis = axisHint.normalized();
    else if (axis.dot(axisHint) < 0.0) {
      axis = -axis;
      angle = -angle;
    }
    return {axis.x(), axis.y(), axis.z(), angle / kDegree};
  }
  // the z-x-z angles, in degrees
  if (sequence == "z-x-z") {
    const Vec3 a = zxzFromRotation(R) / kDegree;
    return {a[0], a[1], a[2]};
  }
  // a Tait-Bryan sequence, in degrees
  int axes[3];
  if (!axesOf(sequence, axes)) return {};
  // axes numbered x 0, y 1, z 2
  const Vec3 a = taitBryanAngles(R, axes) / kDegree;
  return {a[0], a[1], a[2]};
}

// the rotation of angles typed in degrees; false when they do not make one
bool rotationFromAngles(const std::vector<double>& angles, const QString& sequence, Mat3* R) {
  // an axis and an angle, the axis not zero
  if (sequence == "axis-angle") {
    if (angles.size() != 4) return false;
    const Vec3 axis(angles[0], angles[1], angles[2]);
    if (!(axis.norm() > 0.0)) return false;
    *R = Eigen::AngleAxisd(angles[3] * kDegree, axis.normalized()).toRotationMatrix();
    return true;
  }
  // else three angles in degrees: z-x-z, or a Tait-Bryan sequence by its axes
  if (angles.size() != 3) return false;
  const Vec3 a = Vec3(angles[0], angles[1], angles[2]) * kDegree;
  if (sequence == "z-x-z") {
    *R = rotationFromZXZ(a);
    return true;
  }
  int axes[3];
  if (!axesOf(sequence, axes)) return false;
  *R = rotationFromTaitBryan(a, axes);
  return true;
}

// the sequence that suits a scene's orientation: its own form where it has angles
QString naturalSequence(const SceneJson& orientation) {
  if (orientation.is_object() && orientation.contains("zxz")) return "z-x-z";
  if (orientation.is_object() && orientation.contains("axis")) return "axis-angle";
  return "z-y-x";
}

}  // namespace mbw::ui
