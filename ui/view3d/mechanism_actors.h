#pragma once
// The VTK actors of one mechanism. Every glyph rigidly attached to one body (its solid or stand-in
// box, the rods to its joint points, joint markers and axes, loads in its frame) is merged with the
// others of that body into one actor (one opaque, one translucent), placed each frame with the
// body's pose: VTK's cost per frame grows with the number of actors (the vehicle's 193 glyphs make
// 45 actors). Glyphs between two bodies (springs, distance rods), world-aligned loads and body
// frames keep an actor each, placed with a 4x4 matrix from the poses. Glyph colours are per point,
// so that selecting an element recolours its glyphs. A ghost mechanism (the second run of a two-run
// playback) is translucent, lighter and not pickable.

#include <memory>
#include <set>
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
class vtkUnsignedCharArray;

namespace mbw::ui {

class MechanismActors {
 public:
  // meshes: drawn for the bodies of those names in place of their shapes
  MechanismActors(std::shared_ptr<const Model> model, vtkRenderer* renderer, bool ghost,
                  const BodyMeshes& meshes = {});
  ~MechanismActors();
  MechanismActors(const MechanismActors&) = delete;
  MechanismActors& operator=(const MechanismActors&) = delete;

  const Model& model() const { return *model_; }
  const std::shared_ptr<const Model>& sharedModel() const { return model_; }
  double scale() const { return scale_; }
  // actors in the renderer
  size_t actorCount() const { return parts_.size() + items_.size(); }

  void place(const BodyPoses& poses);
  void setFramesVisible(bool visible);
  // highlights the glyphs of one scene element ("" for none)
  void setSelected(const std::string& jsonPath);
  // the corners of the world-frame boxes of the glyphs shown (those that count for fitting the
  // view; with bodiesOnly, the bodies' solids alone), appended
  void appendCorners(std::vector<Vec3>& points, bool bodiesOnly = false) const;
  // the bodies of these names and what is attached to them hidden (the others shown)
  void hideBodies(const std::set<std::string>& names);
  bool bodyShown(int body) const;
  // the glyph drawn by an actor's cell, nullptr when it is not one of ours
  const Glyph* glyphAt(vtkProp* prop, long long cell) const;

 private:
  // glyphs merged in one actor placed with one body's pose (kGround: the world)
  struct Part {
    int body = kGround;
    vtkSmartPointer<vtkActor> actor;
    vtkSmartPointer<vtkMatrix4x4> matrix;
    vtkSmartPointer<vtkUnsignedCharArray> colors;  // per point
    struct Member {
      size_t glyph;  // index into glyphs_
      long long firstPoint, points;
      double color[3];
      double local[6];  // bounds in the body frame
    };
    std::vector<Member> members;
  };
  // a glyph with its own actor
  struct Item {
    size_t glyph;
    vtkSmartPointer<vtkActor> actor;
    vtkSmartPointer<vtkMatrix4x4> matrix;
    double color[3];
    double local[6];                   // bounds of the geometry in the glyph frame
    std::unique_ptr<BeamSweep> sweep;  // Beam glyphs: the deforming surface (world frame)
  };
  void buildParts(const std::vector<size_t>& merged, bool translucent);
  void applyColor(Item& item, bool selected);

  std::shared_ptr<const Model> model_;
  vtkRenderer* renderer_;
  bool ghost_;
  double scale_ = 1.0;
  std::vector<Glyph> glyphs_;
  std::vector<Part> parts_;
  std::vector<Item> items_;
  std::set<int> hidden_;  // bodies hidden
};

}  // namespace mbw::ui
