#include "mechanism_actors.h"

#include <vtkActor.h>
#include <vtkMatrix4x4.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include "glyph_geometry.h"

namespace mbw::ui {
namespace {

// muted, distinguishable body colours
void bodyColor(int body, double rgb[3]) {
  static const unsigned char palette[][3] = {{76, 120, 168}, {245, 133, 24}, {84, 162, 75},
                                             {178, 121, 162}, {157, 117, 93}, {114, 183, 178},
                                             {228, 87, 86}, {238, 202, 59}};
  const unsigned char* c = palette[(body < 0 ? 0 : body) % 8];
  for (int k = 0; k < 3; ++k) rgb[k] = c[k] / 255.0;
}

void roleColor(const Glyph& g, double rgb[3]) {
  auto set = [&](double r, double gg, double b) {
    rgb[0] = r;
    rgb[1] = gg;
    rgb[2] = b;
  };
  switch (g.role) {
    case GlyphRole::Body: bodyColor(g.body, rgb); break;
    case GlyphRole::Joint: set(g.kind == GlyphKind::Axis ? 0.65 : 0.22, 0.2, 0.2); break;
    case GlyphRole::Spring: set(0.1, 0.55, 0.25); break;
    case GlyphRole::Load: set(0.85, 0.1, 0.1); break;
    case GlyphRole::Constraint: set(0.45, 0.45, 0.45); break;
    case GlyphRole::Tire: set(0.16, 0.16, 0.17); break;
    case GlyphRole::Road: set(0.62, 0.62, 0.6); break;
    case GlyphRole::BodyFrame: set(1.0, 1.0, 1.0); break;
  }
}

// the matrix of a glyph frame in the world
void glyphMatrix(const Glyph& g, const BodyPoses& poses, vtkMatrix4x4* m) {
  auto pose = [&](int body) { return body >= 0 && body < static_cast<int>(poses.size()) ? poses[body] : BodyPose{}; };
  Mat3 R;
  Vec3 p;
  if (isTwoEnded(g.kind)) {
    const BodyPose a = pose(g.a.body), b = pose(g.b.body);
    const Vec3 pa = a.p_W + a.R_WB * g.a.point;
    const Vec3 d = b.p_W + b.R_WB * g.b.point - pa;
    R = frameAlong(d);
    R.col(2) *= std::max(d.norm(), 1e-12);  // stretch z (0..1) over the distance
    p = pa;
  } else {
    const BodyPose a = pose(g.a.body);
    R = g.worldAligned ? g.R_BG : Mat3(a.R_WB * g.R_BG);
    p = a.p_W + a.R_WB * g.a.point;
  }
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) m->SetElement(r, c, R(r, c));
    m->SetElement(r, 3, p[r]);
  }
}

}  // namespace

MechanismActors::MechanismActors(std::shared_ptr<const Model> model, vtkRenderer* renderer, bool ghost)
    : model_(std::move(model)), renderer_(renderer), ghost_(ghost) {
  const SceneGlyphs glyphs = sceneGlyphs(*model_);
  scale_ = glyphs.scale;
  for (const Glyph& g : glyphs.glyphs) {
    Item item{g, vtkSmartPointer<vtkActor>::New(), vtkSmartPointer<vtkMatrix4x4>::New(), {0, 0, 0}, nullptr};
    vtkNew<vtkPolyDataMapper> mapper;
    if (g.kind == GlyphKind::Beam) {
      item.sweep = std::make_unique<BeamSweep>(*model_, g.beam);
      mapper->SetInputData(item.sweep->polyData());
    } else {
      mapper->SetInputData(glyphGeometry(g));
    }
    mapper->SetScalarVisibility(g.kind == GlyphKind::Frame);
    item.actor->SetMapper(mapper);
    item.actor->SetUserMatrix(item.matrix);
    vtkProperty* p = item.actor->GetProperty();
    p->SetSpecular(0.25);
    p->SetSpecularPower(20.0);
    if (g.kind == GlyphKind::Coil || g.kind == GlyphKind::Frame) p->SetLineWidth(2.0f);
    roleColor(g, item.color);
    if (g.translucent) p->SetOpacity(0.55);
    if (ghost_) {
      for (double& c : item.color) c = 0.45 * c + 0.55;
      p->SetOpacity(g.translucent ? 0.2 : 0.35);
      item.actor->PickableOff();
    }
    applyColor(item, false);
    if (g.role == GlyphRole::BodyFrame) item.actor->VisibilityOff();
    // the road runs far ahead of the mechanism: fitting the view looks at the mechanism only
    if (g.role == GlyphRole::Road) item.actor->UseBoundsOff();
    renderer_->AddActor(item.actor);
    items_.push_back(std::move(item));
  }
  place(initialPoses(*model_));
}

MechanismActors::~MechanismActors() {
  for (Item& item : items_) renderer_->RemoveActor(item.actor);
}

void MechanismActors::place(const BodyPoses& poses) {
  for (Item& item : items_) {
    if (item.sweep) {
      item.sweep->place(poses);  // world coordinates: the matrix stays the identity
      continue;
    }
    glyphMatrix(item.glyph, poses, item.matrix);
    item.matrix->Modified();
  }
}

void MechanismActors::setFramesVisible(bool visible) {
  for (Item& item : items_)
    if (item.glyph.role == GlyphRole::BodyFrame) item.actor->SetVisibility(visible);
}

void MechanismActors::setSelected(const std::string& jsonPath) {
  for (Item& item : items_)
    if (item.glyph.role != GlyphRole::BodyFrame)
      applyColor(item, !jsonPath.empty() && item.glyph.jsonPath == jsonPath);
}

void MechanismActors::applyColor(Item& item, bool selected) {
  vtkProperty* p = item.actor->GetProperty();
  if (selected) {
    p->SetColor(1.0, 0.78, 0.1);
    p->SetAmbient(0.35);
  } else {
    p->SetColor(item.color);
    p->SetAmbient(0.12);
  }
}

const Glyph* MechanismActors::glyphOf(vtkProp* prop) const {
  for (const Item& item : items_)
    if (item.actor.GetPointer() == prop) return &item.glyph;
  return nullptr;
}

}  // namespace mbw::ui
