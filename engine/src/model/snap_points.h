#pragma once
// Where a joint placed by picking may snap to, on a body in its initial pose (the workbench's joint
// tool, as CAD programs snap to points, centres and faces): the body's named points (a bar's ends
// among them), its frame origin, the centres of its solid's faces (a box's six, a cylinder's two
// ends) and the centre of a sphere. An axis snaps to the normals of the body's solid (a box's
// faces, a cylinder's ends: its axis, whichever way the cylinder lies in the body) and to the
// body's axes (the world's for the ground).

#include <string>
#include <vector>

#include "model/model.h"

namespace mbw {

struct SnapPoint {
  Vec3 p_W = Vec3::Zero();
  int body = kGround;
  std::string pointName;  // the body's named point there ("" for an origin or a face centre)
  std::string what;  // in words: "point 'end' of crank", "origin of crank", "centre of the +x face
                     // of crank"
};

// The snap points of a body (kGround: the world origin), at the model's initial poses.
std::vector<SnapPoint> snapPoints(const Model& model, int body);

// The snap point nearest p_W within `radius` among those of the bodies given (nullptr: none).
const SnapPoint* nearestSnapPoint(const std::vector<SnapPoint>& points, const Vec3& p_W,
                                  double radius);

struct SnapAxis {
  Vec3 n_W = Vec3::UnitZ();  // unit, world frame, at the initial pose
  Vec3 n_B = Vec3::UnitZ();  // the same in the body's frame, as the scene writes it (exact)
  int body = kGround;
  std::string what;  // in words: "normal of the +x face of crank", "+z axis of crank"
};

// The directions an axis snaps to on a body, both senses of each: the face normals of its solid
// first (a box's six, along its frame's axes; a cylinder's two ends, along the cylinder's axis),
// then the body's axes (the world's for the ground).
std::vector<SnapAxis> snapAxes(const Model& model, int body);

// The direction nearest n_W within `degrees` among those given (nullptr: none); on a tie, the
// first (a face normal before the body axis along it).
const SnapAxis* nearestSnapAxis(const std::vector<SnapAxis>& axes, const Vec3& n_W, double degrees);

}  // namespace mbw
