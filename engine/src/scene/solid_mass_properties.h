#pragma once
// Mass properties of a body made from its shape: a uniform solid of a given density (kg/m^3), as
// the workbench's parts are made (Adams View's parts from geometry). Closed forms about the centre
// of mass (e.g. Meriam and Kraige, Engineering Mechanics: Dynamics, table D/4):
//   box of edges a, b, c:   m = rho a b c,          Ixx = m (b^2 + c^2) / 12 (and cyclic)
//   cylinder r, L:          m = rho pi r^2 L,       I_axis = m r^2 / 2, I_across = m (3 r^2 + L^2)
//   / 12 sphere r:               m = rho 4/3 pi r^3,     I = 2/5 m r^2
// A cylinder along any unit axis a of the body frame: I = I_across (E - a a^T) + I_axis a a^T. The
// centre of mass is the solid's centre. A bar between two points is a box of square section along
// the line from one to the other, its frame at the middle with x along it (placeBar).

#include <string>

#include "math/types.h"

namespace mbw {

struct SolidMass {
  double mass = 0.0;                   // kg
  Mat3 inertia_B = Mat3::Zero();       // kg m^2, about the centre of mass, body axes
  Vec3 centerOfMass_B = Vec3::Zero();  // m, body frame
};

// The shape as the model holds it (model/model.h, Body::shape ...): "box" (size: edges), "cylinder"
// (size: radius, length; axis_B), "sphere" (size: radius). Throws std::invalid_argument for another
// shape, a size or density that is not positive, a zero axis.
SolidMass solidMassProperties(const std::string& shape, const Vec3& size, const Vec3& axis_B,
                              const Vec3& center_B, double density);

// The frame of a bar from a to b (world): its middle, and axes with x from a to b, y horizontal
// (along up cross x; for a vertical bar across it and the world axis least aligned with it), its
// largest world component positive, so that the bars of a planar mechanism share their y whichever
// way they lean; z = x cross y; its length |b - a|. Throws std::invalid_argument when a = b.
struct BarPlacement {
  Vec3 position_W = Vec3::Zero();
  Mat3 R_WB = Mat3::Identity();
  double length = 0.0;
};
BarPlacement placeBar(const Vec3& a_W, const Vec3& b_W, const Vec3& up_W);

}  // namespace mbw
