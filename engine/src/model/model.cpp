#include "model/model.h"

namespace mbw {

int Model::bodyIndex(const std::string& bodyName) const {
  if (bodyName == "ground") return kGround;
  for (int i = 0; i < bodyCount(); ++i)
    if (bodies[i].name == bodyName) return i;
  return -2;
}

std::string Model::bodyName(int index) const {
  return index == kGround ? std::string("ground") : bodies.at(index).name;
}

}  // namespace mbw
