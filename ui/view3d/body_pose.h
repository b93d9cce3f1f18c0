#pragma once
// The pose of a body's scene frame in the world: what the results record per body and what the
// 3D view places glyphs with.

#include <vector>

#include "math/types.h"
#include "model/model.h"

namespace mbw::ui {

struct BodyPose {
  Vec3 p_W = Vec3::Zero();
  Mat3 R_WB = Mat3::Identity();
};

using BodyPoses = std::vector<BodyPose>;  // one per body of the model, in model order

// the poses a scene gives (before any projection onto the constraints)
inline BodyPoses initialPoses(const Model& model) {
  BodyPoses poses;
  for (const Body& b : model.bodies) poses.push_back({b.position_W, b.R_WB});
  return poses;
}

}  // namespace mbw::ui
