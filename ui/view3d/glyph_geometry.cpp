#include "glyph_geometry.h"

#include <cmath>
#include <vtkArrowSource.h>
#include <vtkCellArray.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkCellData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkRegularPolygonSource.h>
#include <vtkSphereSource.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkTubeFilter.h>
#include <vtkUnsignedCharArray.h>

#include "mesh_geometry.h"

namespace mbw::ui {
namespace {

// --- VTK sources of the glyph shapes -------------------------------------------------------------

// a source's output through a transform
vtkSmartPointer<vtkPolyData> transformed(vtkAlgorithm* source, vtkTransform* transform) {
  vtkNew<vtkTransformPolyDataFilter> filter;
  filter->SetInputConnection(source->GetOutputPort());
  filter->SetTransform(transform);
  filter->Update();
  vtkSmartPointer<vtkPolyData> out = filter->GetOutput();
  return out;
}

// a source's output, updated
vtkSmartPointer<vtkPolyData> output(vtkAlgorithm* source) {
  source->Update();
  return vtkPolyData::SafeDownCast(source->GetOutputDataObject(0));
}

// a sphere, finely enough divided to look round
vtkSmartPointer<vtkPolyData> sphere(double radius) {
  vtkNew<vtkSphereSource> s;
  s->SetRadius(radius);
  s->SetThetaResolution(24);
  s->SetPhiResolution(16);
  return output(s);
}

// a cylinder along z: VTK's runs along y
vtkSmartPointer<vtkPolyData> cylinderAlongZ(double radius, double z0, double z1) {
  vtkNew<vtkCylinderSource> c;
  c->SetRadius(radius);
  c->SetHeight(z1 - z0);
  c->SetResolution(32);
  // turned so that its axis is z, centred between z0 and z1
  vtkNew<vtkTransform> t;
  t->Translate(0.0, 0.0, 0.5 * (z0 + z1));
  t->RotateX(90.0);
  return transformed(c, t);
}

// a helix of the given radius along z from 0 to 1, as a polyline
vtkSmartPointer<vtkPolyData> helix(double radius) {
  // ten turns between short straight leads, 24 points a turn
  constexpr int kTurns = 10, kPerTurn = 24, kLead = 6;
  vtkNew<vtkPoints> points;
  // straight leads at both ends, then the turns
  points->InsertNextPoint(0.0, 0.0, 0.0);
  const int n = kTurns * kPerTurn;
  for (int k = 0; k <= n; ++k) {
    // the turns climb from 6 % to 94 % of the length
    const double phase = 2.0 * M_PI * k / kPerTurn;
    const double z = (kLead + (100.0 - 2 * kLead) * k / n) / 100.0;
    points->InsertNextPoint(radius * std::cos(phase), radius * std::sin(phase), z);
  }
  points->InsertNextPoint(0.0, 0.0, 1.0);
  // one polyline through all the points
  vtkNew<vtkCellArray> lines;
  lines->InsertNextCell(points->GetNumberOfPoints());
  for (vtkIdType i = 0; i < points->GetNumberOfPoints(); ++i) lines->InsertCellPoint(i);
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(points);
  poly->SetLines(lines);
  return poly;
}

// a ring: a circle swept by a tube (8 % of its radius unless given)
vtkSmartPointer<vtkPolyData> ring(double radius, double tube) {
  vtkNew<vtkRegularPolygonSource> circle;
  circle->SetNumberOfSides(48);
  circle->SetRadius(radius);
  circle->GeneratePolygonOff();
  vtkNew<vtkTubeFilter> tubeFilter;
  tubeFilter->SetInputConnection(circle->GetOutputPort());
  tubeFilter->SetRadius(tube > 0.0 ? tube : 0.08 * radius);
  tubeFilter->SetNumberOfSides(16);
  return output(tubeFilter);
}

// three coloured lines: x red, y green, z blue
vtkSmartPointer<vtkPolyData> axesLines(double length) {
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetNumberOfComponents(3);
  colors->SetName("colors");
  const unsigned char rgb[3][3] = {{220, 40, 40}, {40, 170, 40}, {40, 80, 230}};
  // a line from the origin along each axis, its colour per cell
  for (int k = 0; k < 3; ++k) {
    double end[3] = {0.0, 0.0, 0.0};
    end[k] = length;
    const vtkIdType a = points->InsertNextPoint(0.0, 0.0, 0.0);
    const vtkIdType b = points->InsertNextPoint(end);
    const vtkIdType ids[2] = {a, b};
    lines->InsertNextCell(2, ids);
    colors->InsertNextTypedTuple(rgb[k]);
  }
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(points);
  poly->SetLines(lines);
  // the points and lines, each line's colour as its cell's scalar
  poly->GetCellData()->SetScalars(colors);
  return poly;
}

}  // namespace

// --- the geometry of a glyph ---------------------------------------------------------------------

// a rod or a coil: drawn between two points rather than placed at one
bool isTwoEnded(GlyphKind kind) { return kind == GlyphKind::Coil || kind == GlyphKind::Link; }

// each kind's shape in its own frame, sized by the glyph
vtkSmartPointer<vtkPolyData> glyphGeometry(const Glyph& g) {
  switch (g.kind) {
    // a box of the glyph's edges, centred
    case GlyphKind::Box: {
      vtkNew<vtkCubeSource> box;
      box->SetXLength(g.size.x());
      box->SetYLength(g.size.y());
      box->SetZLength(g.size.z());
      return output(box);
    }
    // a cylinder along z of the glyph's radius and length, centred
    case GlyphKind::Cylinder:
      return cylinderAlongZ(g.size.x(), -0.5 * g.size.y(), 0.5 * g.size.y());
    // a ball of the glyph's radius
    case GlyphKind::Sphere:
    case GlyphKind::Marker:
      return sphere(g.size.x());
    case GlyphKind::Axis: {
      // VTK's arrow: along x, length 1, shaft radius 0.03
      vtkNew<vtkArrowSource> arrow;
      arrow->SetShaftResolution(16);
      arrow->SetTipResolution(24);
      // turned from x to z, the shaft scaled to the glyph's radius, the length to its length
      vtkNew<vtkTransform> t;
      t->RotateY(-90.0);
      const double thickness = g.size.x() / 0.03;
      t->Scale(g.size.y(), thickness, thickness);
      return transformed(arrow, t);
    }
    // a ring of the glyph's radius and tube; the frame's three lines; a coil of unit length; a rod
    // of unit length (stretched between its ends when placed)
    case GlyphKind::Ring:
      return ring(g.size.x(), g.size.y());
    case GlyphKind::Frame:
      return axesLines(g.size.x());
    case GlyphKind::Coil:
      return helix(g.size.x());
    case GlyphKind::Link:
      return cylinderAlongZ(g.size.x(), 0.0, 1.0);
    case GlyphKind::Beam:
      break;  // a BeamSweep, which needs the model
    case GlyphKind::Mesh:
      // a file that cannot be read draws nothing (the scene reader names a missing one)
      if (vtkSmartPointer<vtkPolyData> mesh = meshPolyData(g.file, g.size.x(), nullptr))
        return mesh;
      break;
  }
  return vtkSmartPointer<vtkPolyData>::New();
}

}  // namespace mbw::ui
