#pragma once
// Framing the 3D view: the camera aimed so that a set of world points fills the view (their
// extent projected on the screen plane, not a bounding sphere, so that long or flat mechanisms and
// long motions are not drawn small), and the standard directions of view relative to gravity.

#include <vector>

#include "math/types.h"

class vtkCamera;

namespace mbw::ui {

enum class StandardView { Isometric, Front, Side, Top };

// The camera keeps its direction and up vector and moves so that every point is in view with a
// margin (fraction of the view on each side). aspect = width / height of the view.
void fitCamera(vtkCamera& camera, const std::vector<Vec3>& points_W, double aspect,
               double margin = 0.06);

// Direction of projection and up vector of a standard view, with "up" against gravity. Front looks
// along the horizontal direction up x x_h (x_h: the world x axis made horizontal), so that world x
// runs to the right; side looks along -x_h; top looks down; isometric from front-right-above.
void standardDirection(StandardView view, const Vec3& up, Vec3& direction, Vec3& viewUp);

// the 8 corners of a VTK bounds box (xmin, xmax, ymin, ymax, zmin, zmax), appended
void appendCorners(const double bounds[6], std::vector<Vec3>& points);

}  // namespace mbw::ui
