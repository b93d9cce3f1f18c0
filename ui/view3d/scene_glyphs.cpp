#include "scene_glyphs.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace mbw::ui {
namespace {

// --- points and sizes of the initial configuration -----------------------------------------------

// a point given in a body's internal (centre of mass) frame, in its scene frame
Vec3 scenePoint(const Model& m, int body, const Vec3& internal) {
  return body >= 0 ? Vec3(internal + m.bodies[body].com_B) : internal;
}

// a point in a body's scene frame, in the world at the initial pose (the ground's as it is)
Vec3 worldPoint(const Model& m, int body, const Vec3& scene) {
  if (body < 0) return scene;
  const Body& b = m.bodies[body];
  return b.position_W + b.R_WB * scene;
}

// a body's initial rotation (the identity for the ground)
Mat3 initialRotation(const Model& m, int body) {
  return body >= 0 ? m.bodies[body].R_WB : Mat3::Identity();
}

// the JSON path of a joint, empty for none
std::string jointPath(const Model& m, int joint) {
  return joint >= 0 && joint < static_cast<int>(m.joints.size()) ? m.joints[joint].jsonPath : "";
}

// characteristic length: the extent of the initial configuration
double characteristicLength(const Model& m) {
  // the box around the origin, the bodies, their points and the primitives' points; at least the
  // largest solid, and never under 5 cm
  Eigen::AlignedBox3d box;
  box.extend(Vec3::Zero());
  double largestSolid = 0.0;
  // each body's origin, centre of mass and named points at the initial poses
  for (int i = 0; i < m.bodyCount(); ++i) {
    const Body& b = m.bodies[i];
    box.extend(b.position_W);
    box.extend(worldPoint(m, i, b.com_B));
    for (const auto& p : b.points) box.extend(worldPoint(m, i, p.second));
    largestSolid = std::max(largestSolid, b.shapeSize.maxCoeff());
  }
  // the primitives' points on their bodies
  for (const Primitive& p : m.primitives) {
    box.extend(worldPoint(m, p.bodyI, scenePoint(m, p.bodyI, p.s_I)));
    box.extend(worldPoint(m, p.bodyJ, scenePoint(m, p.bodyJ, p.s_J)));
  }
  return std::max({box.diagonal().norm(), largestSolid, 0.05});
}

// the points of a body where joints and force elements attach (scene frame)
std::vector<Vec3> attachmentPoints(const Model& m, int body) {
  std::vector<Vec3> points;
  auto add = [&](int b, const Vec3& internal) {
    if (b == body) points.push_back(scenePoint(m, b, internal));
  };
  // the points of the constraint primitives other than the orientation ones, and of the spring
  // and point-force ends
  for (const Primitive& p : m.primitives) {
    if (p.type == PrimitiveType::DP1 || p.type == PrimitiveType::AngleDriver) continue;
    add(p.bodyI, p.s_I);
    add(p.bodyJ, p.s_J);
  }
  for (const ForceElement& f : m.forces) {
    if (f.type == ForceType::TSDA || f.type == ForceType::PointForce) add(f.bodyI, f.s_I);
    if (f.type == ForceType::TSDA) add(f.bodyJ, f.s_J);
  }
  return points;
}

// --- builders, one per element family ------------------------------------------------------------

// a body: its mesh, its solid from the scene's shape, or the box with its mass and inertia plus
// rods from the centre of mass to its attachment points
void bodyGlyphs(const Model& m, const BodyMeshes& meshes, double scale, std::vector<Glyph>& out) {
  for (int i = 0; i < m.bodyCount(); ++i) {
    const Body& b = m.bodies[i];
    if (b.beam >= 0) continue;  // drawn by its beam
    // the glyph drawn at the shape's centre, picked as the body
    Glyph g;
    g.role = GlyphRole::Body;
    g.a.body = i;
    g.body = i;
    g.jsonPath = b.jsonPath;
    g.a.point = b.shapeCenter_B;
    if (const auto mesh = meshes.find(b.name); mesh != meshes.end()) {
      // in the body frame as the file gives it
      g.kind = GlyphKind::Mesh;
      g.a.point = Vec3::Zero();
      g.file = mesh->second.file;
      g.size.x() = mesh->second.scale;
    } else if (b.shape == "box") {
      // a box, a cylinder or a sphere: the scene's own shape about its centre
      g.kind = GlyphKind::Box;
      g.size = b.shapeSize;
    } else if (b.shape == "cylinder") {
      g.kind = GlyphKind::Cylinder;
      g.size = b.shapeSize;
      g.R_BG = frameAlong(b.shapeAxis_B);
    } else if (b.shape == "sphere") {
      g.kind = GlyphKind::Sphere;
      g.size = b.shapeSize;
    } else {
      // the uniform box with the same mass and principal moments: I1 = m (b^2 + c^2) / 12, ...
      const Eigen::SelfAdjointEigenSolver<Mat3> principal(b.inertia_B);
      const Vec3 I = principal.eigenvalues();
      Mat3 axes = principal.eigenvectors();
      // principal axes as a right-handed frame
      if (axes.determinant() < 0.0) axes.col(2) = -axes.col(2);
      // the edges, never thinner than 1 % of the model's size
      const double minimum = 0.01 * scale;
      for (int k = 0; k < 3; ++k) {
        // edge k from the moments: a^2 = 6 (I_b + I_c - I_a) / m
        const double sq = 6.0 / b.mass * (I[(k + 1) % 3] + I[(k + 2) % 3] - I[k]);
        g.size[k] = std::max(std::sqrt(std::max(sq, 0.0)), minimum);
      }
      g.kind = GlyphKind::Box;
      g.R_BG = axes;
      g.a.point = b.com_B;
      // see-through, so that the joints and bodies it would hide stay visible
      g.translucent = true;
      // rods from the centre of mass to the points where joints and forces attach
      for (const Vec3& p : attachmentPoints(m, i)) {
        // a point at the centre of mass needs no rod
        if ((p - b.com_B).norm() < 1e-9 * scale) continue;
        // a thin rod of the body's colour, picked as the body
        Glyph rod;
        rod.kind = GlyphKind::Link;
        rod.role = GlyphRole::Body;
        rod.a = {i, b.com_B};
        rod.b = {i, p};
        rod.size.x() = 0.006 * scale;
        rod.body = i;
        rod.jsonPath = b.jsonPath;
        out.push_back(rod);
      }
    }
    out.push_back(g);
  }
}

// joints with a location: a marker at the joint point (a block for a fixed joint, and a plate
// across a planar joint's normal) and, when it has one, its axis
void jointGlyphs(const Model& m, double scale, std::vector<Glyph>& out) {
  for (int j = 0; j < static_cast<int>(m.joints.size()); ++j) {
    const Joint& joint = m.joints[j];
    // the joints that have a location of their own
    const bool located =
        joint.type == JointType::Spherical || joint.type == JointType::Revolute ||
        joint.type == JointType::Universal || joint.type == JointType::Cylindrical ||
        joint.type == JointType::Translational || joint.type == JointType::Planar ||
        joint.type == JointType::PlanarRevolute || joint.type == JointType::Fixed;
    // a distance joint: a rod between its two points
    if (joint.type == JointType::Distance) {
      const Primitive& p = m.primitives[joint.firstPrimitive];
      Glyph link;
      link.kind = GlyphKind::Link;
      link.role = GlyphRole::Constraint;
      link.a = {p.bodyI, scenePoint(m, p.bodyI, p.s_I)};
      link.b = {p.bodyJ, scenePoint(m, p.bodyJ, p.s_J)};
      link.size.x() = 0.004 * scale;
      link.jsonPath = joint.jsonPath;
      out.push_back(link);
      continue;
    }
    if (!located) continue;
    // attach to the moving body of the pair so that the marker follows the motion
    const bool onJ = joint.bodyI == kGround && joint.bodyJ != kGround;
    // a marker a fraction of the model's size, at the joint point in the moving body's frame
    Glyph marker;
    marker.kind = GlyphKind::Marker;
    marker.role = GlyphRole::Joint;
    marker.jsonPath = joint.jsonPath;
    marker.size.x() = 0.018 * scale;
    const Vec3 pI = scenePoint(m, joint.bodyI, joint.point_I);
    // attached to body j when body i is the ground: the joint point carried into j's frame
    if (onJ) {
      // world to body j's frame, at the initial pose
      const Mat3 R_JW = initialRotation(m, joint.bodyJ).transpose();
      const Body& bj = m.bodies[joint.bodyJ];
      marker.a = {joint.bodyJ, R_JW * (worldPoint(m, joint.bodyI, pI) - bj.position_W)};
    } else {
      marker.a = {joint.bodyI, pI};
    }
    // the axis in the frame of the body the marker rides on
    const Vec3 direction = onJ ? Vec3(initialRotation(m, joint.bodyJ).transpose() *
                                      initialRotation(m, joint.bodyI) * joint.axis_I)
                               : joint.axis_I;
    // a fixed joint: a block in the axes of body i; a planar joint: a plate across its normal
    if (joint.type == JointType::Fixed) {
      marker.kind = GlyphKind::Box;
      marker.size = Vec3::Constant(0.03 * scale);
      // the block keeps body i's axes, carried into body j's frame
      if (onJ)
        marker.R_BG = initialRotation(m, joint.bodyJ).transpose() * initialRotation(m, joint.bodyI);
    } else if (joint.type == JointType::Planar) {
      Glyph plate = marker;
      plate.kind = GlyphKind::Box;
      plate.size = Vec3(0.09 * scale, 0.09 * scale, 0.004 * scale);
      plate.R_BG = frameAlong(direction);
      out.push_back(plate);
    }
    out.push_back(marker);
    // the axis, when the joint has one
    if (joint.axis_I.norm() == 0.0) continue;
    // an arrow along the axis, from the marker's place
    Glyph axis = marker;
    axis.kind = GlyphKind::Axis;
    axis.size = Vec3(0.005 * scale, 0.14 * scale, 0.0);
    axis.R_BG = frameAlong(direction);
    // centred on the joint point
    axis.a.point -= 0.5 * axis.size.y() * direction.normalized();
    out.push_back(axis);
  }
}

// joints written as raw primitives: a marker where points are made to coincide (CD, DP2), a rod for
// distance equations (D)
void primitiveGlyphs(const Model& m, double scale, std::vector<Glyph>& out) {
  std::vector<Vec3> placed;  // world positions of markers already drawn
  for (const Primitive& p : m.primitives) {
    if (p.joint < 0 || m.joints[p.joint].type != JointType::Primitive) continue;
    // a distance equation: a thin rod between its points
    if (p.type == PrimitiveType::D) {
      Glyph link;
      link.kind = GlyphKind::Link;
      link.role = GlyphRole::Constraint;
      link.a = {p.bodyI, scenePoint(m, p.bodyI, p.s_I)};
      link.b = {p.bodyJ, scenePoint(m, p.bodyJ, p.s_J)};
      link.size.x() = 0.003 * scale;
      link.jsonPath = jointPath(m, p.joint);
      out.push_back(link);
      continue;
    }
    // coinciding points: one marker per place, however many primitives meet there
    if (p.type != PrimitiveType::CD && p.type != PrimitiveType::DP2) continue;
    // on the moving body of the pair
    const bool onJ = p.bodyI == kGround;
    const GlyphEnd end = onJ ? GlyphEnd{p.bodyJ, scenePoint(m, p.bodyJ, p.s_J)}
                             : GlyphEnd{p.bodyI, scenePoint(m, p.bodyI, p.s_I)};
    const Vec3 w = worldPoint(m, end.body, end.point);
    // a place already marked is skipped
    if (std::any_of(placed.begin(), placed.end(),
                    [&](const Vec3& q) { return (q - w).norm() < 1e-6 * scale; }))
      continue;
    placed.push_back(w);
    // a marker where the points meet
    Glyph marker;
    marker.kind = GlyphKind::Marker;
    marker.role = GlyphRole::Joint;
    marker.a = end;
    marker.size.x() = 0.018 * scale;
    marker.jsonPath = jointPath(m, p.joint);
    out.push_back(marker);
  }
}

// the direction of a load at t = 0 (z when it is zero then)
Vec3 loadDirection(const ForceElement& f) {
  const Vec3 v(f.load[0].value(0.0), f.load[1].value(0.0), f.load[2].value(0.0));
  return v.norm() > 0.0 ? Vec3(v.normalized()) : Vec3(Vec3::UnitZ());
}

// force elements: coils for translational springs, rings for rotational ones and torques, arrows
// for forces; world-frame loads keep their world direction while they follow the body
void forceGlyphs(const Model& m, double scale, std::vector<Glyph>& out) {
  for (const ForceElement& f : m.forces) {
    Glyph g;
    g.jsonPath = f.jsonPath;
    switch (f.type) {
      // a translational spring: a coil between its two points
      case ForceType::TSDA:
        g.kind = GlyphKind::Coil;
        g.role = GlyphRole::Spring;
        g.a = {f.bodyI, scenePoint(m, f.bodyI, f.s_I)};
        g.b = {f.bodyJ, scenePoint(m, f.bodyJ, f.s_J)};
        g.size.x() = 0.025 * scale;
        break;
      // a rotational spring: a ring about its axis, on body j
      case ForceType::RSDA:
        g.kind = GlyphKind::Ring;
        g.role = GlyphRole::Spring;
        g.a = {f.bodyJ, scenePoint(m, f.bodyJ, Vec3::Zero())};
        g.R_BG = frameAlong(initialRotation(m, f.bodyJ).transpose() * initialRotation(m, f.bodyI) *
                            f.axis_I);
        g.size.x() = 0.04 * scale;
        break;
      case ForceType::PointForce:
      case ForceType::Torque: {
        // a point force: an arrow along the load; a torque: a ring about it
        const bool force = f.type == ForceType::PointForce;
        g.kind = force ? GlyphKind::Axis : GlyphKind::Ring;
        g.role = GlyphRole::Load;
        g.a = {f.bodyI, scenePoint(m, f.bodyI, force ? f.s_I : Vec3::Zero())};
        const Vec3 d = loadDirection(f);
        g.R_BG = frameAlong(d);
        g.worldAligned = !f.loadInBodyFrame;
        g.size = force ? Vec3(0.006 * scale, 0.15 * scale, 0.0) : Vec3(0.035 * scale, 0.0, 0.0);
        break;
      }
      case ForceType::Tire:
        // a torus of the free radius around the wheel centre, rolling in the world x-z plane
        g.kind = GlyphKind::Ring;
        g.role = GlyphRole::Tire;
        g.a = {f.bodyI, scenePoint(m, f.bodyI, f.s_I)};
        g.R_BG = frameAlong(Vec3::UnitY());
        g.worldAligned = true;
        g.size = Vec3(0.78 * f.freeValue, 0.22 * f.freeValue, 0.0);
        break;
    }
    out.push_back(g);
  }
}

// the road under the tires: a strip at the road's height along the way the model moves in its
// run time (world x), with a half-cylinder for each bump
void roadGlyphs(const Model& m, double scale, std::vector<Glyph>& out) {
  const auto tire = std::find_if(m.forces.begin(), m.forces.end(),
                                 [](const ForceElement& f) { return f.type == ForceType::Tire; });
  if (tire == m.forces.end()) return;
  const RoadProfile& road = tire->road;
  // the span of the bodies in x and y, with the way they travel in x until t_end and the bumps
  double xMin = 0.0, xMax = 0.0, yMin = 0.0, yMax = 0.0, travel = 0.0;
  for (int i = 0; i < m.bodyCount(); ++i) {
    const Vec3 p = m.bodies[i].position_W;
    // the first body opens the span
    xMin = i == 0 ? p.x() : std::min(xMin, p.x());
    xMax = i == 0 ? p.x() : std::max(xMax, p.x());
    yMin = i == 0 ? p.y() : std::min(yMin, p.y());
    yMax = i == 0 ? p.y() : std::max(yMax, p.y());
    travel = std::max(travel, m.bodies[i].velocity_W.x() * m.defaults.tEnd);
  }
  // the bumps widen it along x
  for (const RoadBump& b : road.bumps) {
    xMin = std::min(xMin, b.centerX - b.radius);
    xMax = std::max(xMax, b.centerX + b.radius);
  }
  // margins around it
  xMin -= 0.3 * scale;
  xMax += travel + 0.3 * scale;
  const double yMargin = 0.4 * (yMax - yMin) + 0.2;  // the same on both sides of the track
  yMin -= yMargin;
  yMax += yMargin;
  const double thickness = 0.01 * scale;
  // the strip, its top at the road's height
  Glyph strip;
  strip.kind = GlyphKind::Box;
  strip.role = GlyphRole::Road;
  strip.a = {kGround,
             Vec3(0.5 * (xMin + xMax), 0.5 * (yMin + yMax), road.height - 0.5 * thickness)};
  strip.size = Vec3(xMax - xMin, yMax - yMin, thickness);
  strip.jsonPath = "/road";
  out.push_back(strip);
  // a bump: a half-cylinder across the strip
  for (const RoadBump& b : road.bumps) {
    Glyph bump = strip;
    bump.kind = GlyphKind::Cylinder;
    bump.a.point = Vec3(b.centerX, 0.5 * (yMin + yMax), road.height);
    bump.R_BG = frameAlong(Vec3::UnitY());
    bump.size = Vec3(b.radius, yMax - yMin, 0.0);
    out.push_back(bump);
  }
}

// a flexible beam: its section swept along its nodes; a pick selects its first node
void beamGlyphs(const Model& m, double /*scale*/, std::vector<Glyph>& out) {
  for (int k = 0; k < static_cast<int>(m.beams.size()); ++k) {
    Glyph g;
    g.kind = GlyphKind::Beam;
    g.role = GlyphRole::Body;
    g.beam = k;
    g.a.body = m.beams[k].firstNode;
    g.body = m.beams[k].firstNode;
    g.jsonPath = m.beams[k].jsonPath;
    out.push_back(g);
  }
}

// the world frame and each body's frame (a beam's nodes included)
void frameGlyphs(const Model& m, double scale, std::vector<Glyph>& out) {
  for (int i = kGround; i < m.bodyCount(); ++i) {
    Glyph g;
    g.kind = GlyphKind::Frame;
    g.role = GlyphRole::BodyFrame;
    g.a.body = i;
    g.size.x() = (i == kGround ? 0.2 : 0.1) * scale;
    g.body = i;
    g.jsonPath = i >= 0 ? m.bodies[i].jsonPath : "";
    out.push_back(g);
  }
}

using GlyphBuilder = void (*)(const Model&, double scale, std::vector<Glyph>&);
// the element families the view draws (the bodies apart: their meshes); a new family is one more
// entry
const GlyphBuilder kBuilders[] = {beamGlyphs,  jointGlyphs, primitiveGlyphs,
                                  forceGlyphs, roadGlyphs,  frameGlyphs};

}  // namespace

// --- the glyphs of a model -----------------------------------------------------------------------

// a frame whose z axis is the direction (z itself for a zero direction)
Mat3 frameAlong(const Vec3& direction) {
  const Vec3 z = direction.norm() > 0.0 ? Vec3(direction.normalized()) : Vec3(Vec3::UnitZ());
  const Vec3 x = z.unitOrthogonal();
  Mat3 R;
  R.col(0) = x;
  R.col(1) = z.cross(x);
  R.col(2) = z;
  return R;
}

SceneGlyphs sceneGlyphs(const Model& model, const BodyMeshes& meshes) {
  // the scale from the initial configuration; bodies first, then every other family
  SceneGlyphs s;
  s.scale = characteristicLength(model);
  bodyGlyphs(model, meshes, s.scale, s.glyphs);
  for (GlyphBuilder build : kBuilders) build(model, s.scale, s.glyphs);
  return s;
}

}  // namespace mbw::ui
