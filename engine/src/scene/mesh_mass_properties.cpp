#include "scene/mesh_mass_properties.h"

#include <map>
#include <stdexcept>
#include <utility>

namespace mbw {

// --- a closed mesh -------------------------------------------------------------------------------

std::string meshClosedProblem(const TriangleMesh& mesh) {
  if (mesh.triangles.empty()) return "the mesh has no triangles";
  const int n = static_cast<int>(mesh.vertices.size());
  // each directed edge once; its reverse once: closed and consistently oriented
  std::map<std::pair<int, int>, int> directed;
  for (const auto& t : mesh.triangles) {
    for (int k = 0; k < 3; ++k) {
      // the edge from a to b, its vertices valid and distinct
      const int a = t[k], b = t[(k + 1) % 3];
      if (a < 0 || a >= n || b < 0 || b >= n)
        return "a triangle names a vertex the mesh does not have";
      if (a == b) return "a triangle has a repeated vertex";
      ++directed[{a, b}];
    }
  }
  // an edge run twice the same way, or never back, says where the mesh fails
  for (const auto& [edge, count] : directed) {
    const auto reverse = directed.find({edge.second, edge.first});
    const int back = reverse == directed.end() ? 0 : reverse->second;
    const std::string name =
        "edge " + std::to_string(edge.first) + "-" + std::to_string(edge.second);
    if (count > 1)
      return name + " is run along the same way by " + std::to_string(count) +
             " triangles (not oriented alike)";
    if (back == 0) return name + " belongs to one triangle only (the mesh has a hole)";
  }
  return "";
}

// --- the mass properties of the solid it bounds --------------------------------------------------

SolidMass meshMassProperties(const TriangleMesh& mesh, double density) {
  if (!(density > 0.0)) throw std::invalid_argument("the density must be positive");
  if (const std::string problem = meshClosedProblem(mesh); !problem.empty())
    throw std::invalid_argument("the mesh does not bound a solid: " + problem);

  // the integrals as sums over the tetrahedra the triangles span with the origin
  double sixV = 0.0;
  Vec3 moment24 = Vec3::Zero();
  Mat3 second120 = Mat3::Zero();
  for (const auto& t : mesh.triangles) {
    const Vec3& a = mesh.vertices[static_cast<size_t>(t[0])];
    const Vec3& b = mesh.vertices[static_cast<size_t>(t[1])];
    const Vec3& c = mesh.vertices[static_cast<size_t>(t[2])];
    // each tetrahedron's 6 V, and its first and second moments scaled by 24 and 120
    const double d = a.dot(b.cross(c));
    const Vec3 s = a + b + c;
    sixV += d;
    moment24 += d * s;
    second120 +=
        d * (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
  }
  // a flat or empty surface encloses no volume
  if (sixV == 0.0) throw std::invalid_argument("the mesh encloses no volume");
  // wound inwards: every signed integral changes sign
  const double sign = sixV > 0.0 ? 1.0 : -1.0;
  // V, and J = integral of r r^T over the solid
  const double volume = sign * sixV / 6.0;
  const Mat3 J = sign * second120 / 120.0;

  // mass, centre, inertia about the origin, then moved to the centre (parallel axes)
  SolidMass out;
  out.mass = density * volume;
  out.centerOfMass_B = sign * moment24 / 24.0 / volume;
  // about the origin I = rho (tr(J) I - J)
  const Mat3 I_O = density * (J.trace() * Mat3::Identity() - J);
  // the parallel-axis shift to the centre of mass
  const Vec3& c = out.centerOfMass_B;
  out.inertia_B = I_O - out.mass * (c.squaredNorm() * Mat3::Identity() - c * c.transpose());
  return out;
}

}  // namespace mbw
