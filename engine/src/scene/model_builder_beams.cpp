#include <cmath>
#include <set>

#include "forces/beam_strains.h"
#include "scene/model_builder.h"

namespace mbw {
namespace {

// the section axes of a straight beam along t: axis 2 from `hint` (its part perpendicular to t)
Mat3 sectionAxes(const Vec3& t, const Vec3& hint) {
  // axis 2 the hint made perpendicular to t; axis 3 completes the right-handed frame
  const Vec3 y = (hint - hint.dot(t) * t).normalized();
  Mat3 R;
  R << t, y, t.cross(y);
  return R;
}

// elements of one beam: each adds two node bodies, and a scene's constraint rank is analysed on
// a dense Jacobian when it is read (1000 elements: about 10 s); a number of a few bytes in a file
// must not ask for more
constexpr int kMaxBeamElements = 1000;

}  // namespace

// --- the beam's fields ---------------------------------------------------------------------------

void ModelBuilder::readBeams() {
  const json& beams = scene_["beams"];
  // each beam at its JSON path
  for (size_t i = 0; i < beams.size(); ++i) readBeam(beams[i], "/beams/" + std::to_string(i));
}

void ModelBuilder::readBeam(const json& b, const std::string& path) {
  // a beam's name must be new, and not the ground's
  Beam beam;
  beam.name = b["name"].get<std::string>();
  beam.jsonPath = path;
  for (const Beam& other : model_.beams)
    if (other.name == beam.name) issue(path + "/name", "duplicate beam name '" + beam.name + "'");
  if (beam.name.empty() || beam.name == "ground")
    issue(path + "/name", "'" + beam.name + "' cannot name a beam");

  // geometry and section axes
  beam.start_W = vec3(b["from"]);
  beam.end_W = vec3(b["to"]);
  // compared as a double first: a count beyond int would wrap
  const double elements = b["elements"].get<double>();
  // the element count within bounds; a count out of them is reported
  beam.elementCount =
      elements >= 1 && elements <= kMaxBeamElements ? static_cast<int>(elements) : 1;
  if (elements < 1) issue(path + "/elements", "a beam needs at least one element");
  if (elements > kMaxBeamElements)
    issue(path + "/elements", "at most " + std::to_string(kMaxBeamElements) +
                                  " elements per beam, got " + number(elements));
  // a beam of zero length stops here
  if (!(beam.length() > 0.0)) {
    issue(path + "/to", "the beam has zero length ('from' and 'to' coincide)");
    return;
  }
  // section axis 2 defaults to world z x t, across the beam and horizontal (world y for a vertical
  // beam); a given section_y must not lie along the beam
  const Vec3 t = (beam.end_W - beam.start_W) / beam.length();
  Vec3 hint = Vec3::UnitZ().cross(t);
  if (hint.norm() < 1e-6) hint = Vec3::UnitY();
  if (b.contains("section_y")) {
    hint = vec3(b["section_y"]);
    if ((hint - hint.dot(t) * t).norm() < 1e-6 * std::max(1.0, hint.norm())) {
      issue(path + "/section_y", "section_y must not be parallel to the beam");
      hint = t.unitOrthogonal();
    }
  }
  beam.R_WS = sectionAxes(t, hint);

  // section and inertia
  const json& c = b["section"];
  BeamSection& s = beam.section;
  // the section's stiffnesses, and its damping
  s.EA = c["EA"].get<double>();
  s.GA2 = c["GA2"].get<double>();
  s.GA3 = c["GA3"].get<double>();
  s.GJ = c["GJ"].get<double>();
  s.EI2 = c["EI2"].get<double>();
  s.EI3 = c["EI3"].get<double>();
  s.damping = c.value("damping", 0.0);
  // every stiffness positive, damping not negative, mass and rotary inertia positive
  for (const char* key : {"EA", "GA2", "GA3", "GJ", "EI2", "EI3"})
    if (!(c[key].get<double>() > 0.0))
      issue(path + "/section/" + key, std::string(key) + " must be positive");
  if (s.damping < 0.0) issue(path + "/section/damping", "damping must not be negative");
  // mass and rotary inertia per length
  beam.massPerLength = b["mass_per_length"].get<double>();
  if (!(beam.massPerLength > 0.0))
    issue(path + "/mass_per_length", "the mass per length must be positive");
  beam.inertiaPerLength = vec3(b["inertia_per_length"]);
  if (!(beam.inertiaPerLength.minCoeff() > 0.0))
    issue(path + "/inertia_per_length",
          "the rotary inertia per length must be positive about every axis");

  // display: drawn as a tube whose radius matches the torsional inertia of a solid round section,
  // unless a radius or a box section is given
  beam.displayRadius = std::sqrt(2.0 * std::max(beam.inertiaPerLength[0], 0.0) /
                                 std::max(beam.massPerLength, 1e-300));
  if (b.contains("display")) {
    // a radius given, or a box section's width and height
    const json& d = b["display"];
    beam.displayRadius = d.value("radius", beam.displayRadius);
    beam.displayWidth = d.value("width", 0.0);
    beam.displayHeight = d.value("height", 0.0);
    if ((beam.displayWidth > 0.0) != (beam.displayHeight > 0.0))
      issue(path + "/display", "a box section needs both width and height, positive");
  }

  // the beam becomes node bodies, then the elements that join them
  // where the beam's nodes and elements start in the model's lists
  beam.firstNode = model_.bodyCount();
  beam.firstElement = static_cast<int>(model_.beamElements.size());
  addBeamNodes(beam, b, path);
  addBeamElements(beam);
  model_.beams.push_back(std::move(beam));
}

// --- its nodes and elements ----------------------------------------------------------------------

void ModelBuilder::addBeamNodes(Beam& beam, const json& b, const std::string& path) {
  // nodes evenly spaced along the beam, all carrying the beam's initial rigid motion
  const int n = beam.nodeCount(), beamIndex = static_cast<int>(model_.beams.size());
  const double l = beam.length() / (n - 1);  // node spacing
  const double m = beam.massPerLength;
  const Vec3& J = beam.inertiaPerLength;
  const Vec3 v0 = b.contains("velocity") ? vec3(b["velocity"]) : Vec3::Zero();
  const Vec3 w0 = b.contains("angular_velocity") ? vec3(b["angular_velocity"]) : Vec3::Zero();
  const Vec3 t = beam.R_WS.col(0);
  for (int k = 0; k < n; ++k) {
    Body node;
    // each node a body named <beam>.<k>
    node.name = beam.name + "." + std::to_string(k);
    if (model_.bodyIndex(node.name) != -2)
      issue(path + "/name", "beam node '" + node.name + "' has the name of another body");
    node.jsonPath = path;
    node.beam = beamIndex;
    // the segment the node stands for: length l centred on it, half of that at the ends with its
    // centre of mass a quarter segment inside
    const bool end = k == 0 || k == n - 1;
    const double length = end ? 0.5 * l : l, mass = m * length;
    node.mass = mass;
    node.com_B = end ? Vec3((k == 0 ? 0.25 : -0.25) * l, 0.0, 0.0) : Vec3::Zero();
    // the segment's rotary inertia, plus a rod's about the two section axes
    const double rod = mass * length * length / 12.0;
    node.inertia_B = Vec3(J[0] * length, J[1] * length + rod, J[2] * length + rod).asDiagonal();
    // the node's place along the beam, and its share of the beam's rigid motion
    node.position_W = beam.start_W + (k * l) * t;
    node.R_WB = beam.R_WS;
    node.velocity_W = v0 + w0.cross(node.position_W - beam.start_W);
    node.omega_W = w0;
    model_.bodies.push_back(std::move(node));
  }
}

void ModelBuilder::addBeamElements(const Beam& beam) {
  const int beamIndex = static_cast<int>(model_.beams.size());
  for (int k = 0; k < beam.elementCount; ++k) {
    // each element joins three consecutive nodes (the middle one its own), sharing the ends
    BeamElement e;
    e.beam = beamIndex;
    BeamSlots y;
    // the nodes' positions and axes in the reference configuration
    for (int i = 0; i < 3; ++i) {
      e.node[i] = beam.firstNode + 2 * k + i;
      const Body& node = model_.bodies[e.node[i]];
      // the node's frame origin, from its center of mass
      e.nodePoint_B[i] = -node.com_B;
      y.col(beamSlot(i, 0)) = node.position_W;
      for (int a = 0; a < 3; ++a) y.col(beamSlot(i, a + 1)) = node.R_WB.col(a);
    }
    // metric and reference strains at the evaluation points, from the reference geometry
    for (int g = 0; g < 2; ++g) {
      const BeamShape shape = beamShape(beamEvaluationXi(g));
      // the metric: the length of dX/dxi at the point
      Vec3 dX = Vec3::Zero();
      for (int i = 0; i < 3; ++i) dX += shape.dN[i] * y.col(beamSlot(i, 0));
      e.metric[g] = dX.norm();
      const BeamStrains s = BeamPointInterpolation(y, shape, e.metric[g]).strains();
      e.strain0[g] = s.head<3>();
      e.curvature0[g] = s.tail<3>();
    }
    model_.beamElements.push_back(e);
  }
}

}  // namespace mbw
