#include "pose_track.h"

#include <algorithm>

#include "math/rotation.h"

namespace mbw::ui {

// the columns of each body's position and Euler parameters; valid when every body has both
PoseTrack::PoseTrack(const Model& model, const Results& results) {
  valid_ = results.columnCount() > 0;
  for (const Body& b : model.bodies) {
    // x, y, z and e0..e3 of a body sit in consecutive columns, as the recorder writes them
    const Columns c{results.column(b.name + ".x"), results.column(b.name + ".e0")};
    valid_ = valid_ && c.x >= 0 && c.e0 >= 0;
    columns_.push_back(c);
  }
}

// the last row at or before time t
size_t PoseTrack::rowAt(const Results& results, double t) {
  const size_t n = results.rowCount();
  // no rows: row 0, which posesAt turns down
  if (n == 0) return 0;
  // binary search on the time column
  size_t lo = 0, hi = n;
  while (hi - lo > 1) {
    const size_t mid = (lo + hi) / 2;
    if (results.at(mid, 0) <= t)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// each body's pose at a row, its Euler parameters normalized
BodyPoses PoseTrack::posesAt(const Results& results, size_t row) const {
  BodyPoses poses;
  if (!valid_ || row >= results.rowCount()) return poses;
  const double* r = results.row(row);
  for (const Columns& c : columns_) {
    // the position, then the rotation of the normalized Euler parameters
    const Vec4 p(r[c.e0], r[c.e0 + 1], r[c.e0 + 2], r[c.e0 + 3]);
    poses.push_back(
        {Vec3(r[c.x], r[c.x + 1], r[c.x + 2]), rotationFromEulerParameters(p.normalized())});
  }
  return poses;
}

}  // namespace mbw::ui
