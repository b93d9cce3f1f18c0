#pragma once
// Where a joint placed by picking may snap to, on a body in its initial pose (the workbench's joint
// tool, as CAD programs snap to points, centres and faces): the body's named points (a bar's ends
// among them), its frame origin, the centres of its solid's faces (a box's six, a cylinder's two
// ends) and the centre of a sphere. An axis snaps to the body's axes (the world's for the ground).

#include <string>
#include <vector>

#include "model/model.h"

namespace mbw {

struct SnapPoint {
  Vec3 p_W = Vec3::Zero();
  int body = kGround;
  std::string pointName;  // the body's named point there ("" for an origin or a face centre)
  std::string what;       // in words: "point 'end' of crank", "origin of crank", "centre of the +x face of crank"
};

// The snap points of a body (kGround: the world origin), at the model's initial poses.
std::vector<SnapPoint> snapPoints(const Model& model, int body);

// The snap point nearest p_W within `radius` among those of the bodies given (nullptr: none).
const SnapPoint* nearestSnapPoint(const std::vector<SnapPoint>& points, const Vec3& p_W, double radius);

// n_W as one of the body's axes (+-x, +-y, +-z of its frame; the world's for the ground) when it is
// within `degrees` of it, else n_W normalized.
Vec3 snapAxis(const Model& model, int body, const Vec3& n_W, double degrees);

}  // namespace mbw
