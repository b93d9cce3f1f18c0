#pragma once
// The body poses a run recorded, looked up by time for the 3D view: for each body of the run's
// model, the columns of its frame origin and Euler parameters (B.x, B.y, B.z, B.e0..B.e3). The pose
// shown at time t is the one recorded at the last row at or before t.

#include <vector>

#include "body_pose.h"
#include "simulation/results.h"

namespace mbw::ui {

class PoseTrack {
 public:
  PoseTrack(const Model& model, const Results& results);

  bool valid() const { return valid_; }
  // the row at or before t (0 before the first)
  static size_t rowAt(const Results& results, double t);
  BodyPoses posesAt(const Results& results, size_t row) const;

 private:
  struct Columns {
    int x, e0;  // first of x, y, z and of e0..e3
  };
  std::vector<Columns> columns_;
  bool valid_ = false;
};

}  // namespace mbw::ui
