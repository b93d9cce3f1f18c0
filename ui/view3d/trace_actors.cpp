#include "trace_actors.h"

#include <algorithm>
#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

namespace mbw::ui {
namespace {

// an unlit line that the picking and the framing leave alone
vtkSmartPointer<vtkActor> lineActor(double r, double g, double b, double width, double opacity) {
  auto actor = vtkSmartPointer<vtkActor>::New();
  vtkNew<vtkPolyDataMapper> mapper;
  actor->SetMapper(mapper);
  actor->GetProperty()->SetColor(r, g, b);
  actor->GetProperty()->SetLineWidth(static_cast<float>(width));
  actor->GetProperty()->SetOpacity(opacity);
  actor->GetProperty()->LightingOff();
  actor->PickableOff();
  actor->UseBoundsOff();  // fitting the view looks at the mechanism
  return actor;
}

// a polyline through points [first, last)
vtkSmartPointer<vtkPolyData> polyline(const std::vector<Vec3>& points, size_t first, size_t last) {
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  vtkNew<vtkPoints> p;
  vtkNew<vtkCellArray> lines;
  // one line cell through the points, when there are two or more
  if (last > first + 1) {
    lines->InsertNextCell(static_cast<vtkIdType>(last - first));
    for (size_t k = first; k < last; ++k)
      lines->InsertCellPoint(p->InsertNextPoint(points[k].data()));
  }
  poly->SetPoints(p);
  poly->SetLines(lines);
  return poly;
}

}  // namespace

// the path already passed: thick and orange; the path ahead: thin, grey and faint
TraceActors::TraceActors(vtkRenderer* renderer)
    : renderer_(renderer),
      done_(lineActor(0.85, 0.33, 0.05, 3.0, 1.0)),
      ahead_(lineActor(0.3, 0.3, 0.35, 1.0, 0.45)) {
  renderer_->AddActor(ahead_);
  renderer_->AddActor(done_);
}

// the actors leave the renderer with the trace
TraceActors::~TraceActors() {
  renderer_->RemoveActor(done_);
  renderer_->RemoveActor(ahead_);
}

// a new path, drawn whole as passed until a time is set
void TraceActors::setPath(std::vector<Vec3> points, std::vector<double> times) {
  points_ = std::move(points);
  times_ = std::move(times);
  passed_ = points_.size();
  update();
}

// the points passed up to time t; the actors change only when that count does
void TraceActors::setTime(double t) {
  // the count of times at or before t
  const size_t passed =
      static_cast<size_t>(std::upper_bound(times_.begin(), times_.end(), t) - times_.begin());
  if (passed == passed_) return;
  passed_ = passed;
  update();
}

// both polylines drawn again
void TraceActors::update() {
  // the part passed: the points [0, passed)
  static_cast<vtkPolyDataMapper*>(done_->GetMapper())->SetInputData(polyline(points_, 0, passed_));
  // the part ahead starts where the solid part ends, so that the two join
  static_cast<vtkPolyDataMapper*>(ahead_->GetMapper())
      ->SetInputData(polyline(points_, passed_ > 0 ? passed_ - 1 : 0, points_.size()));
}

}  // namespace mbw::ui
