#pragma once
// What the 3D view draws for a model, as plain data (no VTK). Every element of the model becomes
// glyphs attached to one body (solids, joint markers and axes, load arrows) or stretched between
// points of two bodies (springs, distance constraints), or swept along the nodes of a flexible
// beam (whose node bodies get no solid of their own; their frames show on demand). The glyphs are
// produced by a table of builders, one per element family (bodies, joints, raw primitives, force
// elements): to draw a new element type, add its builder to that table; the renderer only knows the
// glyph kinds below.
//
// Points are in the scene's body frame (the frame whose pose the results record, origin at the
// body's "position"); for the ground, in the world frame.

#include <map>
#include <string>
#include <vector>

#include "model/model.h"

namespace mbw::ui {

enum class GlyphKind {
  Box,       // size = edges along the glyph frame axes
  Cylinder,  // size = (radius, length, 0), axis = the glyph frame's z
  Sphere,    // size.x = radius
  Marker,    // a small sphere at a joint point; size.x = radius
  Axis,      // an arrow along the glyph frame's z; size = (radius, length, 0)
  Ring,      // a torus about the glyph frame's z (rotational springs, torques, tires);
             // size = (radius, tube radius; 0: 8% of the radius, 0)
  Frame,     // body frame axes x, y, z (red, green, blue); size.x = length
  Coil,      // a helical spring from end a to end b; size.x = coil radius
  Link,      // a thin rod from end a to end b; size.x = radius
  Beam,      // a flexible beam swept along its nodes (beam_sweep.h); beam = its index
  Mesh       // a body's mesh file (mesh_geometry.h); file = its path, size.x = its scale
};

// what the glyph stands for: its colour and what picking it selects
enum class GlyphRole { Body, Joint, Spring, Load, Constraint, Tire, Road, BodyFrame };

struct GlyphEnd {
  int body = kGround;
  Vec3 point = Vec3::Zero();  // scene body frame (world for the ground)
};

struct Glyph {
  GlyphKind kind = GlyphKind::Marker;
  GlyphRole role = GlyphRole::Body;
  GlyphEnd a, b;                 // b: the second end of Coil and Link
  Mat3 R_BG = Mat3::Identity();  // glyph frame in the body frame of end a
  bool worldAligned = false;     // R_BG is in the world frame (world-frame loads)
  bool translucent = false;      // a stand-in, not the body's shape (its inertia box)
  Vec3 size = Vec3::Zero();      // m; meaning by kind
  std::string jsonPath;          // the scene element it draws ("/bodies/1", "/forces/0")
  int body = kGround;            // the body a pick selects (kGround: none)
  int beam = -1;                 // Beam: the index in Model::beams
  std::string file;              // Mesh: the file, resolved (scene/mesh_file.h)
};

struct SceneGlyphs {
  std::vector<Glyph> glyphs;
  double scale = 1.0;  // characteristic length of the model, m (sizes joint markers, arrows)
};

// The meshes drawn for bodies in place of their shapes (scene field "mesh"), by body name.
struct BodyMesh {
  std::string file;  // resolved path
  double scale = 1.0;
};
using BodyMeshes = std::map<std::string, BodyMesh>;

// All the glyphs of a model (body frames included; the view shows them on demand).
SceneGlyphs sceneGlyphs(const Model& model, const BodyMeshes& meshes = {});

// A rotation whose z axis is the given direction (any completion of the frame).
Mat3 frameAlong(const Vec3& direction);

}  // namespace mbw::ui
