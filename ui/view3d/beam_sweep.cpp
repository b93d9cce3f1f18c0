#include "beam_sweep.h"

#include <cmath>
#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include "forces/beam_strains.h"

namespace mbw::ui {
namespace {

// the sides of a round section
constexpr int kTubeSides = 16;

// the outline of the section in its axes (y, z) with the outward normal of each vertex: a circle,
// or a rectangle whose four sides each have their own two vertices (sharp edges)
void sectionOutline(const Beam& b, bool box, std::vector<Eigen::Vector2d>& at,
                    std::vector<Eigen::Vector2d>& normal) {
  // a circle of the display radius
  if (!box) {
    for (int k = 0; k < kTubeSides; ++k) {
      const double a = 2.0 * M_PI * k / kTubeSides;
      normal.emplace_back(std::cos(a), std::sin(a));
      at.push_back(b.displayRadius * normal.back());
    }
    return;
  }
  // a rectangle of the display width and height
  const double w = 0.5 * b.displayWidth, h = 0.5 * b.displayHeight;
  // each side: its two corners, both with the side's outward normal
  const Eigen::Vector2d corners[4] = {{w, -h}, {w, h}, {-w, h}, {-w, -h}};
  const Eigen::Vector2d sides[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  for (int k = 0; k < 4; ++k) {
    at.push_back(corners[k]);
    at.push_back(corners[(k + 1) % 4]);
    normal.push_back(sides[k]);
    normal.push_back(sides[k]);
  }
}

}  // namespace

// a surface swept along the beam: a ring of the section's outline at each sample of each element
BeamSweep::BeamSweep(const Model& model, int beam)
    : model_(model),
      beam_(beam),
      box_(model.beams[beam].displayWidth > 0.0),
      sides_(box_ ? 8 : kTubeSides),
      poly_(vtkSmartPointer<vtkPolyData>::New()) {
  const Beam& b = model.beams[beam];
  // one ring per sample, shared between consecutive elements
  const int rings = b.elementCount * kSamples + 1;
  // the points and normals of every ring, filled by place()
  vtkNew<vtkPoints> points;
  points->SetNumberOfPoints(rings * sides_);
  vtkNew<vtkFloatArray> normals;
  normals->SetNumberOfComponents(3);
  normals->SetNumberOfTuples(rings * sides_);
  vtkNew<vtkCellArray> quads;
  // quads between consecutive sections; the box's vertices pair up along each side
  const int step = box_ ? 2 : 1;
  for (int r = 0; r + 1 < rings; ++r)
    for (int k = 0; k < sides_; k += step) {
      const int next = box_ ? k + 1 : (k + 1) % sides_;
      // four vertices: this ring's pair and the next ring's
      const vtkIdType ids[4] = {r * sides_ + k, r * sides_ + next, (r + 1) * sides_ + next,
                                (r + 1) * sides_ + k};
      quads->InsertNextCell(4, ids);
    }
  // the surface, placed at the initial poses
  poly_->SetPoints(points);
  poly_->GetPointData()->SetNormals(normals);
  poly_->SetPolys(quads);
  place(initialPoses(model));
}

// each ring on the beam's centre line at its sample, turned with the section
void BeamSweep::place(const BodyPoses& poses) {
  const Beam& b = model_.beams[beam_];
  std::vector<Eigen::Vector2d> at, normal;
  sectionOutline(b, box_, at, normal);
  // the arrays the rings are written into
  vtkPoints* points = poly_->GetPoints();
  auto* normals = vtkFloatArray::SafeDownCast(poly_->GetPointData()->GetNormals());
  int ring = 0;
  for (int e = 0; e < b.elementCount; ++e) {
    // the element's three nodes: positions and rotations
    Vec3 x[3];
    Mat3 R[3];
    for (int i = 0; i < 3; ++i) {
      // element e's nodes: 2 e, 2 e + 1 and 2 e + 2 after the beam's first
      const BodyPose& pose = poses[b.firstNode + 2 * e + i];
      x[i] = pose.p_W;
      R[i] = pose.R_WB;
    }
    // the samples along the element (its first shared with the last element's end)
    for (int s = (e == 0 ? 0 : 1); s <= kSamples; ++s, ++ring) {
      Vec3 p;
      Mat3 axes;
      beamSectionPose(x, R, -1.0 + 2.0 * s / kSamples, p, axes);
      // each outline vertex placed in the section's axes at the sample's pose
      for (int k = 0; k < sides_; ++k) {
        const Vec3 v = p + axes.col(1) * at[k].x() + axes.col(2) * at[k].y();
        const Vec3 n = axes.col(1) * normal[k].x() + axes.col(2) * normal[k].y();
        points->SetPoint(ring * sides_ + k, v.data());
        normals->SetTuple3(ring * sides_ + k, n.x(), n.y(), n.z());
      }
    }
  }
  // VTK redraws the changed points and normals
  points->Modified();
  normals->Modified();
  poly_->Modified();
}

}  // namespace mbw::ui
