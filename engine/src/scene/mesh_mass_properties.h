#pragma once
// Mass properties of a closed triangle mesh of uniform density (a part's mesh, which the workbench
// reads through VTK), from its triangles by the divergence theorem: each triangle (a, b, c),
// oriented outwards, spans with the origin a tetrahedron of signed volume det[a b c] / 6, and the
// integrals over the solid are the sums of those over the tetrahedra (Eberly 2002, "Polyhedral
// mass properties (revisited)"; Tonon 2004, J. Math. Stat. 1, "Explicit exact formulas for the 3-D
// tetrahedron inertia tensor in terms of its vertex coordinates"):
//   V         = sum d / 6,                                   d = det[a b c]
//   V c       = sum d / 24 (a + b + c)
//   int x x^T = sum d / 120 (a a^T + b b^T + c c^T + s s^T),  s = a + b + c
// m = rho V; about the origin I_O = rho (tr(J) E - J) with J = int x x^T; about the centre
// I_C = I_O - m (|c|^2 E - c c^T). Exact for the polyhedron (a tessellated sphere's properties are
// the polyhedron's, second order in its edge length).
//
// The mesh bounds a solid when every edge is shared by exactly two triangles that run along it in
// opposite directions (closed and consistently oriented); a mesh wound inwards (negative volume)
// is taken turned outwards.

#include <array>
#include <string>
#include <vector>

#include "math/types.h"
#include "scene/solid_mass_properties.h"

namespace mbw {

struct TriangleMesh {
  std::vector<Vec3> vertices;                 // m, body frame
  std::vector<std::array<int, 3>> triangles;  // indices into vertices, shared where triangles meet
};

// "" when the mesh bounds a solid, else why not in words ("edge 3-7 belongs to 1 triangle", ...).
std::string meshClosedProblem(const TriangleMesh& mesh);

// The uniform solid the mesh bounds, of the given density (kg/m^3). Throws std::invalid_argument
// when the mesh does not bound a solid (meshClosedProblem), its volume is zero, an index is out
// of range or the density is not positive.
SolidMass meshMassProperties(const TriangleMesh& mesh, double density);

}  // namespace mbw
