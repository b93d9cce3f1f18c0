#include "joint_symbol.h"

#include <vtkActor.h>
#include <vtkAppendPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>

#include "glyph_geometry.h"

namespace mbw::ui {

// --- the symbol of a joint being placed ----------------------------------------------------------

std::vector<Glyph> jointSymbol(const std::string& type, const Vec3& p_W, const Vec3& axis_W,
                               const Vec3& cross_W, double scale) {
  const double s = scale;
  std::vector<Glyph> out;
  // a glyph centred on the joint point, its frame's z along a direction
  auto add = [&](GlyphKind kind, const Vec3& along, const Vec3& size) {
    Glyph g;
    g.kind = kind;
    g.role = GlyphRole::Joint;
    g.a = {kGround, p_W};
    g.R_BG = frameAlong(along);
    g.size = size;
    out.push_back(g);
  };
  // a revolute: a thin pin along the axis through a short hub
  if (type == "revolute" || type == "planar-revolute") {
    add(GlyphKind::Cylinder, axis_W, Vec3(0.010 * s, 0.13 * s, 0.0));
    add(GlyphKind::Cylinder, axis_W, Vec3(0.026 * s, 0.05 * s, 0.0));
  } else if (type == "universal") {
    // a universal: two pins, along the axis and the cross axis, meeting at a ball
    add(GlyphKind::Cylinder, axis_W, Vec3(0.011 * s, 0.15 * s, 0.0));
    add(GlyphKind::Cylinder, cross_W, Vec3(0.011 * s, 0.15 * s, 0.0));
    add(GlyphKind::Sphere, axis_W, Vec3(0.022 * s, 0.0, 0.0));
  } else if (type == "cylindrical") {
    // a cylindrical: a long pin through a hub
    add(GlyphKind::Cylinder, axis_W, Vec3(0.009 * s, 0.22 * s, 0.0));
    add(GlyphKind::Cylinder, axis_W, Vec3(0.024 * s, 0.07 * s, 0.0));
  } else if (type == "translational") {
    // a translational: a long square bar through a block
    add(GlyphKind::Box, axis_W, Vec3(0.016 * s, 0.016 * s, 0.22 * s));
    add(GlyphKind::Box, axis_W, Vec3(0.05 * s, 0.05 * s, 0.07 * s));
  } else if (type == "planar") {
    // a planar: a plate across its normal, an arrow along it
    add(GlyphKind::Box, axis_W, Vec3(0.16 * s, 0.16 * s, 0.008 * s));
    add(GlyphKind::Axis, axis_W, Vec3(0.005 * s, 0.08 * s, 0.0));
  } else if (type == "fixed") {
    // a fixed joint: a block
    add(GlyphKind::Box, axis_W, Vec3(0.045 * s, 0.045 * s, 0.045 * s));
  } else {
    // a spherical joint (and any other type): a ball
    add(GlyphKind::Sphere, axis_W, Vec3(0.032 * s, 0.0, 0.0));
  }
  return out;
}

// --- one actor for the symbol --------------------------------------------------------------------

vtkSmartPointer<vtkActor> symbolActor(const std::vector<Glyph>& glyphs, const double rgb[3]) {
  // each glyph's geometry moved to its place in the world, all in one polydata
  vtkNew<vtkAppendPolyData> all;
  for (const Glyph& g : glyphs) {
    // the glyph's rotation and position as a homogeneous matrix
    vtkNew<vtkTransform> t;
    double m[16] = {0};
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) m[4 * r + c] = g.R_BG(r, c);
      m[4 * r + 3] = g.a.point[r];
    }
    m[15] = 1.0;
    t->SetMatrix(m);
    vtkNew<vtkTransformPolyDataFilter> placed;
    placed->SetInputData(glyphGeometry(g));
    placed->SetTransform(t);
    placed->Update();
    all->AddInputData(placed->GetOutput());
  }
  all->Update();
  // one colour, lit like the mechanism, never picked
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputConnection(all->GetOutputPort());
  mapper->ScalarVisibilityOff();
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->SetColor(rgb[0], rgb[1], rgb[2]);
  actor->GetProperty()->SetSpecular(0.3);
  actor->GetProperty()->SetAmbient(0.25);
  actor->PickableOff();
  return actor;
}

}  // namespace mbw::ui
