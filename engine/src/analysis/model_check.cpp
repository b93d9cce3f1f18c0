#include "analysis/model_check.h"

#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "formulation/formulation.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

std::string quoted(const std::string& kind, const std::string& name) {
  return kind + " '" + name + "'";
}

// 'A', 'B' and 'C'
std::string nameList(const Model& m, const std::set<int>& joints) {
  std::string s;
  size_t k = 0;
  // ', ' between the names, ' and ' before the last
  for (int j : joints) {
    s += (k == 0                   ? ""
          : k + 1 == joints.size() ? " and "
                                   : ", ") +
         ("'" + m.joints[static_cast<size_t>(j)].name + "'");
    ++k;
  }
  return s;
}

// a driver: an angle driver, or primitive equations with a function of time
bool isDriver(const Model& m, const Joint& j) {
  if (j.type == JointType::AngleDriver) return true;
  if (j.type != JointType::Primitive) return false;
  // a primitive joint drives when any of its equations depends on time
  for (int k = j.firstPrimitive; k < j.firstPrimitive + j.primitiveCount; ++k)
    if (!m.primitives[static_cast<size_t>(k)].f.isConstant()) return true;
  return false;
}

// the joints' redundant equations, one sentence per joint
void addRedundancy(const Model& m, std::vector<ModelFinding>& out) {
  std::map<int, std::pair<int, std::set<int>>>
      byJoint;  // joint -> (count, the other joints repeated)
  // the redundant equations by joint: how many, and which other joints they repeat
  for (const RedundantEquation& r : m.redundant) {
    const int joint = m.primitives[static_cast<size_t>(r.primitive)].joint;
    auto& entry = byJoint[joint];
    ++entry.first;
    for (int other : r.repeats)
      if (other != joint) entry.second.insert(other);
  }
  // one note per joint
  for (const auto& [joint, entry] : byJoint) {
    const Joint& j = m.joints[static_cast<size_t>(joint)];
    std::ostringstream os;
    os << entry.first << " of its " << j.primitiveCount << " equations repeat"
       << (entry.first == 1 ? "s" : "") << " what "
       << (entry.second.empty()
               ? std::string("its other equations impose")
               : "joint" + std::string(entry.second.size() > 1 ? "s " : " ") +
                     nameList(m, entry.second) + (entry.second.size() > 1 ? " impose" : " imposes"))
       << " (the loop is closed twice); left out as redundant.";
    out.push_back({FindingKind::Note, j.jsonPath, quoted("joint", j.name), os.str()});
  }
}

// bodies that no joint and no force element names
void addLooseBodies(const Model& m, std::vector<ModelFinding>& out) {
  std::set<int> joined;
  // every body a joint, a force element or a beam element names
  for (const Joint& j : m.joints) joined.insert({j.bodyI, j.bodyJ});
  for (const ForceElement& f : m.forces) joined.insert({f.bodyI, f.bodyJ});
  for (const BeamElement& e : m.beamElements)
    for (int node : e.node) joined.insert(node);
  // bodies joined by nothing
  for (size_t b = 0; b < m.bodies.size(); ++b)
    if (!joined.count(static_cast<int>(b)))
      out.push_back({FindingKind::Warning, m.bodies[b].jsonPath, quoted("body", m.bodies[b].name),
                     "No joint or force element names it: it falls freely (6 degrees of freedom of "
                     "its own)."});
}

}  // namespace

ModelCheck checkModel(const Model& model) {
  ModelCheck c;
  // the counts: six coordinates per body, the equations, the redundant ones, the drivers
  c.bodies = model.bodyCount();
  c.joints = static_cast<int>(model.joints.size());
  c.coordinates = 6 * c.bodies;
  c.equations = model.primitiveCount();
  c.redundant = static_cast<int>(model.redundant.size());
  for (const Joint& j : model.joints) c.drivers += isDriver(model, j) ? 1 : 0;

  // the rank of Phi_q at the initial pose: the redundant equations change the count, not the rank
  if (c.bodies > 0) {
    // the first formulation's positions at the scene's start time
    const std::unique_ptr<Formulation> f = makeFormulation(formulationNames().front(), model);
    VectorXd q, v;
    f->initialState(q, v);
    f->computePositions(model.defaults.tStart, q);
    const ConstraintRank rank = analyzeConstraintRank(*f);
    c.rank = rank.rank;
    // near a singular position: said once, at the joint of the weakest equation
    if (rank.weakestPrimitive >= 0 && rank.smallestPivot < kNearRankLoss) {
      const Joint& j = model.joints[static_cast<size_t>(
          model.primitives[static_cast<size_t>(rank.weakestPrimitive)].joint)];
      std::ostringstream os;
      os.precision(2);
      os << "The pose is near a singular position: an equation of this joint is independent of the "
            "others only to "
         << rank.smallestPivot << " of its size.";
      c.findings.push_back({FindingKind::Warning, j.jsonPath, quoted("joint", j.name), os.str()});
    }
  }
  // the degrees of freedom the rank leaves
  c.degreesOfFreedom = c.coordinates - c.rank;

  // the findings: loose bodies, the model's warnings, then the redundancy notes
  addLooseBodies(model, c.findings);
  for (const ModelWarning& w : model.warnings)
    c.findings.push_back({FindingKind::Warning, w.path, "", w.message});
  addRedundancy(model, c.findings);
  return c;
}

std::string modelCheckSummary(const ModelCheck& c) {
  // "3 bodies, 4 joints, 18 coordinates, 20 equations (3 redundant), 0 drivers: 1 DOF"
  auto count = [](int n, const std::string& one, const std::string& many) {
    // "1 body" or "2 bodies"
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  std::ostringstream os;
  os << count(c.bodies, "body", "bodies") << ", " << count(c.joints, "joint", "joints") << ", "
     << count(c.coordinates, "coordinate", "coordinates") << ", "
     << count(c.equations, "equation", "equations");
  // the redundant count only when there are some
  if (c.redundant > 0) os << " (" << c.redundant << " redundant)";
  os << ", " << count(c.drivers, "driver", "drivers") << ": " << c.degreesOfFreedom << " DOF";
  return os.str();
}

}  // namespace mbw
