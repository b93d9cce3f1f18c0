// Mass properties of a closed triangle mesh (scene/mesh_mass_properties.h): a box mesh gives the
// box's closed form, a mesh wound inwards the same, an open or inconsistently wound mesh is
// refused, and a subdivided icosphere tends to the sphere at second order in its edge length.

#include "scene/mesh_mass_properties.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <stdexcept>

namespace mbw {
namespace {

// --- meshes made up ------------------------------------------------------------------------------

// a box of edges e centred at c, its 12 triangles wound outwards
TriangleMesh boxMesh(const Vec3& e, const Vec3& c) {
  TriangleMesh m;
  for (int k = 0; k < 8; ++k)
    m.vertices.push_back(c + 0.5 * Vec3((k & 1) ? e.x() : -e.x(), (k & 2) ? e.y() : -e.y(),
                                        (k & 4) ? e.z() : -e.z()));
  // each face as two triangles, counter-clockwise seen from outside
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  for (const auto& f : faces) {
    m.triangles.push_back({f[0], f[1], f[2]});
    m.triangles.push_back({f[0], f[2], f[3]});
  }
  return m;
}

// an icosahedron's faces subdivided `levels` times, the vertices pushed onto the sphere
TriangleMesh sphereMesh(double r, const Vec3& c, int levels) {
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Vec3> v = {{-1, t, 0},  {1, t, 0},  {-1, -t, 0}, {1, -t, 0}, {0, -1, t},  {0, 1, t},
                         {0, -1, -t}, {0, 1, -t}, {t, 0, -1},  {t, 0, 1},  {-t, 0, -1}, {-t, 0, 1}};
  for (Vec3& p : v) p.normalize();
  std::vector<std::array<int, 3>> f = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                       {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                       {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                       {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  for (int level = 0; level < levels; ++level) {
    std::map<std::pair<int, int>, int> middle;
    auto mid = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      const auto found = middle.find(key);
      if (found != middle.end()) return found->second;
      v.push_back((v[a] + v[b]).normalized());
      return middle[key] = static_cast<int>(v.size()) - 1;
    };
    std::vector<std::array<int, 3>> finer;
    for (const auto& tri : f) {
      const int ab = mid(tri[0], tri[1]), bc = mid(tri[1], tri[2]), ca = mid(tri[2], tri[0]);
      finer.push_back({tri[0], ab, ca});
      finer.push_back({tri[1], bc, ab});
      finer.push_back({tri[2], ca, bc});
      finer.push_back({ab, bc, ca});
    }
    f = std::move(finer);
  }
  TriangleMesh m;
  for (const Vec3& p : v) m.vertices.push_back(c + r * p);
  m.triangles = f;
  return m;
}

// --- the checks ----------------------------------------------------------------------------------

// the divergence-theorem integrals over a box's 12 triangles give the box's mass, centre and
// inertia exactly: the mesh path and the solid-shape path agree where both apply
TEST(MeshMassProperties, ABoxIsItsClosedForm) {
  const Vec3 edges(0.4, 0.2, 0.1), centre(0.1, -0.2, 0.3);
  // a closed mesh, and its mass, centre and inertia equal the box's to round-off
  const TriangleMesh box = boxMesh(edges, centre);
  EXPECT_EQ(meshClosedProblem(box), "");
  const SolidMass mesh = meshMassProperties(box, 2700.0);
  const SolidMass exact = solidMassProperties("box", edges, Vec3::UnitZ(), centre, 2700.0);
  EXPECT_NEAR(mesh.mass, exact.mass, 1e-12 * exact.mass);
  EXPECT_LT((mesh.centerOfMass_B - centre).norm(), 1e-15);
  EXPECT_LT((mesh.inertia_B - exact.inertia_B).norm(), 1e-12 * exact.inertia_B.norm());
  // 21.6 kg; Ixx = m (b^2 + c^2) / 12
  EXPECT_NEAR(mesh.mass, 21.6, 1e-12);
  EXPECT_NEAR(mesh.inertia_B(0, 0), 21.6 * (0.04 + 0.01) / 12.0, 1e-14);
}

// a mesh wound inwards has negative signed volume; it is taken as the same solid, not refused
TEST(MeshMassProperties, WoundInwardsIsTurnedOutwards) {
  // every triangle's winding reversed: the same solid
  TriangleMesh box = boxMesh(Vec3(0.4, 0.2, 0.1), Vec3(1, 2, 3));
  const SolidMass outwards = meshMassProperties(box, 1000.0);
  for (auto& t : box.triangles) std::swap(t[1], t[2]);
  EXPECT_EQ(meshClosedProblem(box), "");
  const SolidMass inwards = meshMassProperties(box, 1000.0);
  EXPECT_NEAR(inwards.mass, outwards.mass, 1e-12);
  EXPECT_LT((inwards.centerOfMass_B - outwards.centerOfMass_B).norm(), 1e-12);
  EXPECT_LT((inwards.inertia_B - outwards.inertia_B).norm(), 1e-12);
}

// the volume integrals need a closed, consistently oriented surface: a hole, a flipped triangle, a
// bad vertex index or zero density is refused with the reason
TEST(MeshMassProperties, AnOpenOrMisorientedMeshBoundsNoSolid) {
  // a triangle removed, a triangle turned the other way, zero density, a vertex index past the end
  TriangleMesh open = boxMesh(Vec3(1, 1, 1), Vec3::Zero());
  open.triangles.pop_back();
  EXPECT_NE(meshClosedProblem(open).find("has a hole"), std::string::npos)
      << meshClosedProblem(open);
  EXPECT_THROW(meshMassProperties(open, 1000.0), std::invalid_argument);
  TriangleMesh flipped = boxMesh(Vec3(1, 1, 1), Vec3::Zero());
  std::swap(flipped.triangles[0][1], flipped.triangles[0][2]);
  EXPECT_NE(meshClosedProblem(flipped).find("not oriented alike"), std::string::npos)
      << meshClosedProblem(flipped);
  EXPECT_THROW(meshMassProperties(boxMesh(Vec3(1, 1, 1), Vec3::Zero()), 0.0),
               std::invalid_argument);
  TriangleMesh bad = boxMesh(Vec3(1, 1, 1), Vec3::Zero());
  bad.triangles[0][0] = 8;
  EXPECT_NE(meshClosedProblem(bad).find("a vertex the mesh does not have"), std::string::npos);
  EXPECT_THROW(meshMassProperties(bad, 1.0), std::invalid_argument);
}

// A tessellated sphere tends to the sphere's closed form at second order in its edge length: the
// error falls by about 4 with each subdivision (which halves the edges).
TEST(MeshMassProperties, ASphereTendsToItsClosedFormAtSecondOrder) {
  const double r = 0.15, rho = 7800.0;
  const Vec3 centre(0.3, 0.0, -0.1);
  const SolidMass exact = solidMassProperties("sphere", Vec3(r, 0, 0), Vec3::UnitZ(), centre, rho);
  double previousMass = 0.0, previousInertia = 0.0;
  for (int levels = 2; levels <= 5; ++levels) {
    const SolidMass mesh = meshMassProperties(sphereMesh(r, centre, levels), rho);
    const double massError = std::abs(mesh.mass - exact.mass) / exact.mass;
    const double inertiaError = (mesh.inertia_B - exact.inertia_B).norm() / exact.inertia_B.norm();
    // the centre is the sphere's (the icosphere is symmetric about it); the inertia stays isotropic
    EXPECT_LT((mesh.centerOfMass_B - centre).norm(), 1e-12 * r);
    EXPECT_LT(std::abs(mesh.inertia_B(0, 1)) + std::abs(mesh.inertia_B(0, 2)) +
                  std::abs(mesh.inertia_B(1, 2)),
              1e-9 * mesh.inertia_B(0, 0));
    if (levels > 2) {
      EXPECT_GT(previousMass / massError, 3.5) << levels;
      EXPECT_LT(previousMass / massError, 4.5) << levels;
      EXPECT_GT(previousInertia / inertiaError, 3.5) << levels;
      EXPECT_LT(previousInertia / inertiaError, 4.5) << levels;
    }
    previousMass = massError;
    previousInertia = inertiaError;
  }
  // 20 480 triangles: within 0.1 % (the polyhedron lies inside the sphere: a little light)
  EXPECT_LT(previousMass, 1e-3);
}

}  // namespace
}  // namespace mbw
