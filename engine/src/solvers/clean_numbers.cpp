#include "solvers/clean_numbers.h"

#include <cmath>

namespace mbw {

double cleanNumber(double x, double given, double tolerance) {
  // zero first, then the given value, else x as it is
  if (std::abs(x) <= tolerance) return 0.0;
  if (std::abs(x - given) <= tolerance) return given;
  return x;
}

Vec3 cleanVector(const Vec3& x, const Vec3& given, double tolerance) {
  // each component on its own
  return {cleanNumber(x.x(), given.x(), tolerance), cleanNumber(x.y(), given.y(), tolerance),
          cleanNumber(x.z(), given.z(), tolerance)};
}

Vec4 cleanEulerParameters(const Vec4& p, const Vec4& given, double tolerance) {
  // p and -p are the same rotation: the sign of the given one
  const Vec4 same = p.dot(given) < 0.0 ? Vec4(-p) : p;
  Vec4 out;
  for (int k = 0; k < 4; ++k) out[k] = cleanNumber(same[k], given[k], tolerance);
  return out;
}

}  // namespace mbw
