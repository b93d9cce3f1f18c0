#pragma once
// A flexible beam drawn as its section (a tube, or a box of the display width and height) swept
// along the deformed beam: through every element, the section's point and axes interpolated from
// the poses of its three nodes as the element interpolates them (forces/beam_strains.h), at
// kSamples points per element, so that the surface is smooth between the nodes and follows
// bending and twist. Built once per beam; place() moves its points (world frame) each frame.

#include <vtkSmartPointer.h>

#include "body_pose.h"
#include "model/model.h"

class vtkPolyData;

namespace mbw::ui {

class BeamSweep {
 public:
  static constexpr int kSamples = 8;  // sections per element (plus the last one)

  BeamSweep(const Model& model, int beam);
  vtkPolyData* polyData() const { return poly_; }
  // the surface at the nodes' poses (node frame origin = the node's point on the beam axis)
  void place(const BodyPoses& poses);

 private:
  const Model& model_;
  int beam_;
  bool box_;
  int sides_;  // vertices per section
  vtkSmartPointer<vtkPolyData> poly_;
};

}  // namespace mbw::ui
