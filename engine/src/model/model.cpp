#include "model/model.h"

namespace mbw {

int Model::bodyIndex(const std::string& bodyName) const {
  // the ground, a body's index, or -2 for an unknown name
  if (bodyName == "ground") return kGround;
  for (int i = 0; i < bodyCount(); ++i)
    if (bodies[i].name == bodyName) return i;
  return -2;
}

std::vector<int> Model::keptPrimitives() const {
  // every equation but the redundant ones, in order (both lists ascend)
  std::vector<int> kept;
  size_t next = 0;  // the next redundant equation (ascending)
  for (int k = 0; k < primitiveCount(); ++k) {
    // a redundant equation is skipped, and the next one awaited
    if (next < redundant.size() && redundant[next].primitive == k) {
      ++next;
      continue;
    }
    kept.push_back(k);
  }
  return kept;
}

std::string Model::redundancySummary() const {
  // nothing to say when no equation was left out
  if (redundant.empty()) return {};
  constexpr int kNamedJoints = 4;  // a loop of many windows (A02's 40) is summed up after these
  std::string text = std::to_string(redundant.size()) + " left out:";
  int named = 0, more = 0;
  for (size_t i = 0; i < redundant.size();) {
    // one entry per joint (the redundant equations come grouped by joint), the first few by name
    const int joint = primitives[redundant[i].primitive].joint;
    // the run of this joint's equations, counted
    size_t n = 0;
    for (; i < redundant.size() && primitives[redundant[i].primitive].joint == joint; ++i) ++n;
    if (named++ >= kNamedJoints) {
      ++more;
      continue;
    }
    text += (text.back() == ':' ? " joint '" : ", joint '") + joints[joint].name + "' (" +
            std::to_string(n) + " of " + std::to_string(joints[joint].primitiveCount) + ")";
  }
  // the joints past the first few, counted only
  if (more) text += " and " + std::to_string(more) + (more == 1 ? " more joint" : " more joints");
  return text;
}

std::string Model::bodyName(int index) const {
  // index -1 is the ground
  return index == kGround ? std::string("ground") : bodies.at(index).name;
}

}  // namespace mbw
