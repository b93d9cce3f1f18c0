#pragma once
// Clean numbers for what the engine writes back into a scene (the workbench's Assemble): a value
// within round-off of a simpler number is written as that number, so that a projection that did
// not need to move a coordinate leaves it as the user typed it, and an out-of-plane coordinate of
// a planar mechanism stays 0 rather than -3.1e-24. The simpler numbers are 0 and the value given
// before (the input); round-off is kCleanTolerance of the quantity's scale, far below what the
// projection corrects (the loader refuses initial corrections over 1e-5 m by default) and far above
// what Newton's last iteration leaves (1e-15 of the scale).

#include "math/types.h"

namespace mbw {

constexpr double kCleanTolerance = 1e-10;

// 0 when |x| <= tolerance, else `given` when |x - given| <= tolerance, else x
double cleanNumber(double x, double given, double tolerance);
// component by component
Vec3 cleanVector(const Vec3& x, const Vec3& given, double tolerance);
// Euler parameters: p or -p (the same rotation) on the side of `given`, then component by component
Vec4 cleanEulerParameters(const Vec4& p, const Vec4& given, double tolerance);

}  // namespace mbw
