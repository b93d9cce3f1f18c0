// Mass properties of the solids a body may be given (scene/solid_mass_properties.h): box, cylinder
// along any axis and sphere against their closed forms; what is no solid refused; and the frame
// placeBar gives a bar between two points.

#include "scene/solid_mass_properties.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>

namespace mbw {
namespace {

// the density of steel, kg/m^3
constexpr double kSteel = 7850.0;

// --- solids --------------------------------------------------------------------------------------

// a box's mass and principal moments are rho a b c and m (b^2 + c^2) / 12 etc., its centre where
// the shape's centre is
TEST(SolidMassProperties, BoxAgainstItsClosedForm) {
  // a 0.4 x 0.1 x 0.05 m steel block
  const SolidMass s =
      solidMassProperties("box", Vec3(0.4, 0.1, 0.05), Vec3::UnitZ(), Vec3(0.1, 0, 0), kSteel);
  // m = rho a b c; each moment m (sum of the squares of the two other edges) / 12
  const double m = kSteel * 0.4 * 0.1 * 0.05;
  EXPECT_NEAR(s.mass, 15.7, 1e-12);
  EXPECT_NEAR(s.mass, m, 1e-12 * m);
  EXPECT_NEAR(s.inertia_B(0, 0), m * (0.01 + 0.0025) / 12.0, 1e-15);
  EXPECT_NEAR(s.inertia_B(1, 1), m * (0.16 + 0.0025) / 12.0, 1e-15);
  EXPECT_NEAR(s.inertia_B(2, 2), m * (0.16 + 0.01) / 12.0, 1e-15);
  EXPECT_EQ(s.inertia_B(0, 1), 0.0);
  EXPECT_EQ(s.centerOfMass_B, Vec3(0.1, 0, 0));
}

// a cylinder along each body axis: its axial moment m r^2 / 2 lands on that axis, the transverse
// m (3 r^2 + L^2) / 12 on the others
TEST(SolidMassProperties, CylinderAlongEachBodyAxis) {
  // an aluminium rod along x, y and z in turn: m r^2 / 2 about its axis, m (3 r^2 + L^2) / 12
  // across, no products of inertia
  const double r = 0.02, L = 0.5, rho = 2700.0;
  const double m = rho * M_PI * r * r * L;
  for (int k = 0; k < 3; ++k) {
    const SolidMass s =
        solidMassProperties("cylinder", Vec3(r, L, 0), Vec3::Unit(k), Vec3::Zero(), rho);
    EXPECT_NEAR(s.mass, m, 1e-14);
    for (int i = 0; i < 3; ++i) {
      const double expected = i == k ? m * r * r / 2.0 : m * (3 * r * r + L * L) / 12.0;
      EXPECT_NEAR(s.inertia_B(i, i), expected, 1e-15 * (1 + expected))
          << "axis " << k << " moment " << i;
    }
    EXPECT_NEAR((s.inertia_B - s.inertia_B.transpose()).norm(), 0.0, 1e-18);
    EXPECT_NEAR(s.inertia_B(0, 1) + s.inertia_B(0, 2) + s.inertia_B(1, 2), 0.0, 1e-18);
  }
}

// along an oblique axis the tensor is the rotated principal one: the axis stays an eigenvector
// with the axial moment, and products of inertia appear
TEST(SolidMassProperties, TiltedCylinderHasTheSamePrincipalMomentsAboutItsAxis) {
  // a cylinder along (1, 2, 2) / 3, the axis given unnormalized
  const double r = 0.05, L = 0.3, rho = 1000.0;
  const Vec3 axis = Vec3(1, 2, 2) / 3.0;
  const SolidMass s = solidMassProperties("cylinder", Vec3(r, L, 0), 3.0 * axis, Vec3::Zero(), rho);
  const double m = rho * M_PI * r * r * L;
  // the axis is a principal axis with the axial moment; every direction across it has the other
  EXPECT_NEAR((s.inertia_B * axis - m * r * r / 2.0 * axis).norm(), 0.0, 1e-15);
  const Vec3 across = axis.cross(Vec3::UnitZ()).normalized();
  EXPECT_NEAR((s.inertia_B * across - m * (3 * r * r + L * L) / 12.0 * across).norm(), 0.0, 1e-15);
  // products of inertia appear: the body axes are not principal
  EXPECT_GT(std::abs(s.inertia_B(0, 1)), 1e-6);
}

// a solid sphere: m = rho 4/3 pi r^3 and an isotropic tensor 2/5 m r^2
TEST(SolidMassProperties, Sphere) {
  // radius 0.1 m: m = rho 4/3 pi r^3, each moment 2/5 m r^2
  const SolidMass s =
      solidMassProperties("sphere", Vec3(0.1, 0, 0), Vec3::UnitZ(), Vec3::Zero(), kSteel);
  const double m = kSteel * 4.0 / 3.0 * M_PI * 1e-3;
  EXPECT_NEAR(s.mass, m, 1e-12);
  EXPECT_TRUE(s.inertia_B.isApprox(0.4 * m * 0.01 * Mat3::Identity(), 1e-15));
}

// a long thin box approaches the slender rod's m L^2 / 12 across it
TEST(SolidMassProperties, ThinBoxTendsToTheThinRod) {
  // a bar 1 m long of 1 mm square section: I across -> m L^2 / 12; the section's own term
  // (1 mm)^2 against (1 m)^2 adds 1e-6 to the ratio: within 2e-6
  const SolidMass s =
      solidMassProperties("box", Vec3(1.0, 1e-3, 1e-3), Vec3::UnitZ(), Vec3::Zero(), 1e6);
  EXPECT_NEAR(s.inertia_B(1, 1) / (s.mass / 12.0), 1.0, 2e-6);
}

// unknown shapes and zero sizes, densities or axes give no mass properties: refused
TEST(SolidMassProperties, RefusesWhatIsNoSolid) {
  // an unknown shape, a zero edge, zero density, an axis of zero length
  EXPECT_THROW(solidMassProperties("cone", Vec3(1, 1, 1), Vec3::UnitZ(), Vec3::Zero(), 1.0),
               std::invalid_argument);
  EXPECT_THROW(solidMassProperties("box", Vec3(1, 0, 1), Vec3::UnitZ(), Vec3::Zero(), 1.0),
               std::invalid_argument);
  EXPECT_THROW(solidMassProperties("box", Vec3(1, 1, 1), Vec3::UnitZ(), Vec3::Zero(), 0.0),
               std::invalid_argument);
  EXPECT_THROW(solidMassProperties("cylinder", Vec3(1, 1, 0), Vec3::Zero(), Vec3::Zero(), 1.0),
               std::invalid_argument);
}

// --- bars ----------------------------------------------------------------------------------------

// placeBar puts a bar's frame at its middle, x along the bar and y horizontal (a proper rotation),
// with a fixed choice of y for vertical bars so that templates stay reproducible
TEST(PlaceBar, FrameAtTheMiddleWithXAlongTheBar) {
  // a bar from the origin to (0.3, 0, 0.4): 0.5 m long, its frame at the middle
  const BarPlacement p = placeBar(Vec3(0, 0, 0), Vec3(0.3, 0, 0.4), Vec3::UnitZ());
  EXPECT_DOUBLE_EQ(p.length, 0.5);
  EXPECT_TRUE(p.position_W.isApprox(Vec3(0.15, 0, 0.2)));
  EXPECT_TRUE(p.R_WB.col(0).isApprox(Vec3(0.6, 0, 0.8)));
  EXPECT_NEAR(p.R_WB.col(1).dot(Vec3::UnitZ()), 0.0, 1e-15);  // y horizontal
  EXPECT_TRUE((p.R_WB.transpose() * p.R_WB).isApprox(Mat3::Identity(), 1e-15));
  EXPECT_NEAR(p.R_WB.determinant(), 1.0, 1e-15);
  // a vertical bar: y as for a bar leaning towards +x (a turn about y, as the others of its plane)
  const BarPlacement v = placeBar(Vec3(0, 0, 0), Vec3(0, 0, 2), Vec3::UnitZ());
  EXPECT_TRUE(v.R_WB.col(0).isApprox(Vec3::UnitZ()));
  EXPECT_TRUE(v.R_WB.col(1).isApprox(Vec3::UnitY()));
  // bars of the x-z plane leaning either way: y along +y
  EXPECT_TRUE(
      placeBar(Vec3(0, 0, 0), Vec3(1e-3, 0, 2), Vec3::UnitZ()).R_WB.col(1).isApprox(Vec3::UnitY()));
  EXPECT_TRUE(placeBar(Vec3(0.5, 0, 0), Vec3(0.36, 0, 0.38), Vec3::UnitZ())
                  .R_WB.col(1)
                  .isApprox(Vec3::UnitY()));
  EXPECT_TRUE(
      placeBar(Vec3(1, 0, 0), Vec3(0, 0, 0), Vec3::UnitZ()).R_WB.col(1).isApprox(Vec3::UnitY()));
  EXPECT_NEAR(v.R_WB.determinant(), 1.0, 1e-15);
  EXPECT_THROW(placeBar(Vec3(1, 1, 1), Vec3(1, 1, 1), Vec3::UnitZ()), std::invalid_argument);
}

}  // namespace
}  // namespace mbw
