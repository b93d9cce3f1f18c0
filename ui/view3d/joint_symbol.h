#pragma once
// The symbol of a joint being placed, which the joint tool draws before the joint is committed (as
// Gazebo's model editor and Adams View show a joint while it is placed): glyphs in the world frame
// at the joint's location, along its axis, in one highlight colour over the mechanism.
//   revolute, planar-revolute  a hinge: a pin along the axis through a barrel
//   spherical                  a ball
//   universal                  a cross: pins along the axis and the cross axis, a hub
//   cylindrical                a sleeve on a rod along the axis
//   translational              a slider: a block on a square rail along the axis
//   planar                     a plate across the axis (its normal)
//   fixed                      a block
// Sizes are fractions of the model's characteristic length (SceneGlyphs::scale).

#include <string>
#include <vector>
#include <vtkSmartPointer.h>

#include "scene_glyphs.h"

class vtkActor;

namespace mbw::ui {

// the symbol's glyphs (body kGround: world frame); an unknown type: a ball
std::vector<Glyph> jointSymbol(const std::string& type, const Vec3& p_W, const Vec3& axis_W,
                               const Vec3& cross_W, double scale);

// one actor drawing glyphs placed in the world frame, in one colour, not pickable (clicks go
// through it to the bodies under it)
vtkSmartPointer<vtkActor> symbolActor(const std::vector<Glyph>& glyphs, const double rgb[3]);

}  // namespace mbw::ui
