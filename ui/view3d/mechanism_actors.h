#pragma once
// The VTK actors of one mechanism: one actor per glyph (scene_glyphs.h), geometry built once in the
// glyph's frame and placed with a 4x4 matrix from the body poses each frame. A ghost mechanism
// (the second run of a two-run playback) is translucent, lighter and not pickable.

#include <memory>
#include <string>
#include <vector>
#include <vtkSmartPointer.h>

#include "beam_sweep.h"
#include "body_pose.h"
#include "scene_glyphs.h"

class vtkActor;
class vtkMatrix4x4;
class vtkProp;
class vtkRenderer;

namespace mbw::ui {

class MechanismActors {
 public:
  MechanismActors(std::shared_ptr<const Model> model, vtkRenderer* renderer, bool ghost);
  ~MechanismActors();
  MechanismActors(const MechanismActors&) = delete;
  MechanismActors& operator=(const MechanismActors&) = delete;

  const Model& model() const { return *model_; }
  const std::shared_ptr<const Model>& sharedModel() const { return model_; }
  double scale() const { return scale_; }

  void place(const BodyPoses& poses);
  void setFramesVisible(bool visible);
  // highlights the glyphs of one scene element ("" for none)
  void setSelected(const std::string& jsonPath);
  // the glyph an actor draws, nullptr when it is not one of ours
  const Glyph* glyphOf(vtkProp* prop) const;

 private:
  struct Item {
    Glyph glyph;
    vtkSmartPointer<vtkActor> actor;
    vtkSmartPointer<vtkMatrix4x4> matrix;
    double color[3];
    std::unique_ptr<BeamSweep> sweep;  // Beam glyphs: the deforming surface (world frame)
  };
  void applyColor(Item& item, bool selected);

  std::shared_ptr<const Model> model_;
  vtkRenderer* renderer_;
  bool ghost_;
  double scale_ = 1.0;
  std::vector<Item> items_;
};

}  // namespace mbw::ui
