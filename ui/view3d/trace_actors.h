#pragma once
// The path of a point over a run, drawn in the 3D view: the part up to the playback time solid
// and bright, the rest thin and faint, so that the path ahead shows where the point goes.

#include <vector>
#include <vtkSmartPointer.h>

#include "math/types.h"

class vtkActor;
class vtkRenderer;

namespace mbw::ui {

class TraceActors {
 public:
  explicit TraceActors(vtkRenderer* renderer);
  ~TraceActors();
  TraceActors(const TraceActors&) = delete;
  TraceActors& operator=(const TraceActors&) = delete;

  // the path (world points at increasing times); empty removes it
  void setPath(std::vector<Vec3> points, std::vector<double> times);
  // the playback time: the path up to it is drawn solid
  void setTime(double t);
  size_t size() const { return points_.size(); }
  const std::vector<Vec3>& points() const { return points_; }
  // points drawn solid (up to the time)
  size_t passed() const { return passed_; }

 private:
  void update();

  vtkRenderer* renderer_;
  vtkSmartPointer<vtkActor> done_, ahead_;
  std::vector<Vec3> points_;
  std::vector<double> times_;
  size_t passed_ = 0;
};

}  // namespace mbw::ui
