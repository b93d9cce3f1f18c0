#include "mechanism_actors.h"

#include <map>
#include <vtkActor.h>
#include <vtkAppendPolyData.h>
#include <vtkCellData.h>
#include <vtkIntArray.h>
#include <vtkMatrix4x4.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkUnsignedCharArray.h>

#include "camera_fit.h"
#include "glyph_geometry.h"

namespace mbw::ui {
namespace {

// --- colours, matrices and bounds ----------------------------------------------------------------

// the cell array naming the glyph each cell of a merged actor draws; the selection's amber
const char* kGlyphArray = "glyph";
const double kSelected[3] = {1.0, 0.78, 0.1};

// muted, distinguishable body colours
void bodyColor(int body, double rgb[3]) {
  static const unsigned char palette[][3] = {{76, 120, 168},  {245, 133, 24}, {84, 162, 75},
                                             {178, 121, 162}, {157, 117, 93}, {114, 183, 178},
                                             {228, 87, 86},   {238, 202, 59}};
  const unsigned char* c = palette[(body < 0 ? 0 : body) % 8];
  for (int k = 0; k < 3; ++k) rgb[k] = c[k] / 255.0;
}

// a glyph's colour by its role: a body's own, dark joint markers with red axes, green springs,
// red loads, grey constraints, black tires, a grey road, white frames (drawn in the colours of
// their lines)
void roleColor(const Glyph& g, double rgb[3]) {
  auto set = [&](double r, double gg, double b) {
    rgb[0] = r;
    rgb[1] = gg;
    rgb[2] = b;
  };
  switch (g.role) {
    case GlyphRole::Body:
      bodyColor(g.body, rgb);
      break;
    case GlyphRole::Joint:
      set(g.kind == GlyphKind::Axis ? 0.65 : 0.22, 0.2, 0.2);
      break;
    case GlyphRole::Spring:
      set(0.1, 0.55, 0.25);
      break;
    case GlyphRole::Load:
      set(0.85, 0.1, 0.1);
      break;
    case GlyphRole::Constraint:
      set(0.45, 0.45, 0.45);
      break;
    case GlyphRole::Tire:
      set(0.16, 0.16, 0.17);
      break;
    case GlyphRole::Road:
      set(0.62, 0.62, 0.6);
      break;
    // the frame's axes carry their own colours
    case GlyphRole::BodyFrame:
      set(1.0, 1.0, 1.0);
      break;
  }
}

// the matrix of a glyph frame in the world (or, with identity poses, in its body's frame)
void glyphMatrix(const Glyph& g, const BodyPoses& poses, vtkMatrix4x4* m) {
  auto pose = [&](int body) {
    return body >= 0 && body < static_cast<int>(poses.size()) ? poses[body] : BodyPose{};
  };
  Mat3 R;
  Vec3 p;
  // a two-ended glyph (rod, coil) from its first end to its second, its z axis stretched between
  if (isTwoEnded(g.kind)) {
    const BodyPose a = pose(g.a.body), b = pose(g.b.body);
    const Vec3 pa = a.p_W + a.R_WB * g.a.point;
    const Vec3 d = b.p_W + b.R_WB * g.b.point - pa;
    R = frameAlong(d);
    R.col(2) *= std::max(d.norm(), 1e-12);  // stretch z (0..1) over the distance
    p = pa;
  } else {
    // a one-ended glyph at its point on its body, turned with it unless it keeps its world
    // direction
    const BodyPose a = pose(g.a.body);
    R = g.worldAligned ? g.R_BG : Mat3(a.R_WB * g.R_BG);
    p = a.p_W + a.R_WB * g.a.point;
  }
  // the rotation and the position into the homogeneous matrix
  m->Identity();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) m->SetElement(r, c, R(r, c));
    m->SetElement(r, 3, p[r]);
  }
}

// a body's pose as a homogeneous matrix
void bodyMatrix(const BodyPose& pose, vtkMatrix4x4* m) {
  m->Identity();
  for (int r = 0; r < 3; ++r) {
    // the rotation, then the position in the last column
    for (int c = 0; c < 3; ++c) m->SetElement(r, c, pose.R_WB(r, c));
    m->SetElement(r, 3, pose.p_W[r]);
  }
}

// a glyph moves with one body alone: it can be merged into that body's actor
bool rigidOnOneBody(const Glyph& g) {
  // world-aligned glyphs, frames, the road and beams never ride on one body
  if (g.worldAligned || g.role == GlyphRole::BodyFrame || g.role == GlyphRole::Road ||
      g.kind == GlyphKind::Frame || g.kind == GlyphKind::Beam)
    return false;
  return !isTwoEnded(g.kind) || g.a.body == g.b.body;
}

// the eight corners of a local box, through the matrix into the world
void transformCorners(const double local[6], const vtkMatrix4x4& m, std::vector<Vec3>& points) {
  std::vector<Vec3> corners;
  appendCorners(local, corners);
  for (const Vec3& c : corners) {
    Vec3 w;
    // the matrix times the corner (a point: the translation added)
    for (int r = 0; r < 3; ++r)
      w[r] = m.GetElement(r, 0) * c.x() + m.GetElement(r, 1) * c.y() + m.GetElement(r, 2) * c.z() +
             m.GetElement(r, 3);
    points.push_back(w);
  }
}

// one colour over a range of points of a merged actor
void setColor(vtkUnsignedCharArray* colors, long long first, long long count, const double rgb[3]) {
  // the colour as bytes
  const unsigned char c[3] = {static_cast<unsigned char>(255 * rgb[0]),
                              static_cast<unsigned char>(255 * rgb[1]),
                              static_cast<unsigned char>(255 * rgb[2])};
  for (long long k = first; k < first + count; ++k) colors->SetTypedTuple(k, c);
}

// a little shine and ambient light; translucent glyphs see-through; a ghost paler still and never
// picked
void styleActor(vtkActor* actor, bool ghost, bool translucent, bool lines) {
  vtkProperty* p = actor->GetProperty();
  p->SetSpecular(0.25);
  p->SetSpecularPower(20.0);
  p->SetAmbient(0.12);
  if (lines) p->SetLineWidth(2.0f);
  if (translucent) p->SetOpacity(0.55);
  if (ghost) {
    p->SetOpacity(translucent ? 0.2 : 0.35);
    actor->PickableOff();
  }
}

}  // namespace

// --- building the actors -------------------------------------------------------------------------

MechanismActors::MechanismActors(std::shared_ptr<const Model> model, vtkRenderer* renderer,
                                 bool ghost, const BodyMeshes& meshes)
    : model_(std::move(model)), renderer_(renderer), ghost_(ghost) {
  // the glyphs of the model, sorted: those that ride on one body are merged per body below
  const SceneGlyphs glyphs = sceneGlyphs(*model_, meshes);
  scale_ = glyphs.scale;
  glyphs_ = glyphs.glyphs;
  std::vector<size_t> opaque, translucent;
  // the glyphs that ride on one body apart, opaque and translucent separately
  for (size_t k = 0; k < glyphs_.size(); ++k) {
    const Glyph& g = glyphs_[k];
    if (rigidOnOneBody(g)) {
      (g.translucent ? translucent : opaque).push_back(k);
      continue;
    }
    // an actor of its own for a glyph that does not ride on one body alone (two ends on two bodies,
    // a world direction, a frame, the road); a beam's, the deforming surface in the world frame
    Item item{k,
              vtkSmartPointer<vtkActor>::New(),
              vtkSmartPointer<vtkMatrix4x4>::New(),
              {0, 0, 0},
              {0, 0, 0, 0, 0, 0},
              nullptr};
    // its geometry: a beam's sweep, or the glyph's shape in its own frame
    vtkNew<vtkPolyDataMapper> mapper;
    if (g.kind == GlyphKind::Beam) {
      item.sweep = std::make_unique<BeamSweep>(*model_, g.beam);
      mapper->SetInputData(item.sweep->polyData());
    } else {
      vtkSmartPointer<vtkPolyData> geometry = glyphGeometry(g);
      geometry->GetBounds(item.local);
      mapper->SetInputData(geometry);
    }
    // coloured by its role (paler for a ghost); a body frame shown only on request
    mapper->SetScalarVisibility(g.kind == GlyphKind::Frame);
    // the actor placed by its matrix, styled (coils and frames as lines)
    item.actor->SetMapper(mapper);
    item.actor->SetUserMatrix(item.matrix);
    styleActor(item.actor, ghost_, g.translucent,
               g.kind == GlyphKind::Coil || g.kind == GlyphKind::Frame);
    roleColor(g, item.color);
    if (ghost_)
      for (double& c : item.color) c = 0.45 * c + 0.55;
    applyColor(item, false);
    if (g.role == GlyphRole::BodyFrame) item.actor->VisibilityOff();
    // the road runs far ahead of the mechanism: fitting the view looks at the mechanism only
    if (g.role == GlyphRole::Road) item.actor->UseBoundsOff();
    renderer_->AddActor(item.actor);
    items_.push_back(std::move(item));
  }
  // the merged actors, opaque and translucent apart; then everything at the initial poses
  buildParts(opaque, false);
  buildParts(translucent, true);
  place(initialPoses(*model_));
}

// the glyphs of each body, in its frame, appended in one polydata with a colour per point and the
// glyph's index per cell
void MechanismActors::buildParts(const std::vector<size_t>& merged, bool translucent) {
  // the glyphs grouped by body
  std::map<int, std::vector<size_t>> byBody;
  for (size_t k : merged) byBody[glyphs_[k].a.body].push_back(k);
  const BodyPoses identity(model_->bodies.size());
  // one part per body: an actor and the matrix of the body's pose
  for (const auto& [body, indices] : byBody) {
    Part part;
    part.body = body;
    part.actor = vtkSmartPointer<vtkActor>::New();
    part.matrix = vtkSmartPointer<vtkMatrix4x4>::New();
    vtkNew<vtkAppendPolyData> append;
    long long points = 0;
    // each glyph's geometry moved into its body's frame
    for (size_t k : indices) {
      const Glyph& g = glyphs_[k];
      // the glyph's matrix at identity poses: its place in its body's frame
      vtkNew<vtkMatrix4x4> inBody;
      glyphMatrix(g, identity, inBody);
      vtkNew<vtkTransform> transform;
      transform->SetMatrix(inBody);
      vtkNew<vtkTransformPolyDataFilter> placed;
      placed->SetInputData(glyphGeometry(g));
      placed->SetTransform(transform);
      placed->Update();
      vtkSmartPointer<vtkPolyData> geometry = placed->GetOutput();
      // which glyph each cell draws (picking); only the point colours stay as scalars
      vtkNew<vtkIntArray> index;
      index->SetName(kGlyphArray);
      index->SetNumberOfTuples(geometry->GetNumberOfCells());
      index->Fill(static_cast<int>(k));
      geometry->GetCellData()->Initialize();
      geometry->GetCellData()->AddArray(index);
      Part::Member m{k, points, geometry->GetNumberOfPoints(), {0, 0, 0}, {0, 0, 0, 0, 0, 0}};
      geometry->GetBounds(m.local);
      // its colour (paler for a ghost) and where its points start in the merged polydata
      roleColor(g, m.color);
      if (ghost_)
        for (double& c : m.color) c = 0.45 * c + 0.55;
      points += m.points;
      part.members.push_back(m);
      append->AddInputData(geometry);
    }
    // one polydata per body, coloured by its points
    append->Update();
    // one colour per point, as the members give them
    vtkSmartPointer<vtkPolyData> poly = append->GetOutput();
    part.colors = vtkSmartPointer<vtkUnsignedCharArray>::New();
    part.colors->SetNumberOfComponents(3);
    part.colors->SetNumberOfTuples(points);
    for (const Part::Member& m : part.members)
      setColor(part.colors, m.firstPoint, m.points, m.color);
    poly->GetPointData()->SetScalars(part.colors);
    // drawn with those colours as they are
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputData(poly);
    mapper->SetColorModeToDirectScalars();
    mapper->SetScalarModeToUsePointData();
    // moved by its body's matrix, styled as the mechanism (or its ghost)
    part.actor->SetMapper(mapper);
    part.actor->SetUserMatrix(part.matrix);
    styleActor(part.actor, ghost_, translucent, false);
    renderer_->AddActor(part.actor);
    parts_.push_back(std::move(part));
  }
}

MechanismActors::~MechanismActors() {
  // the actors leave the renderer with the mechanism
  for (Part& part : parts_) renderer_->RemoveActor(part.actor);
  for (Item& item : items_) renderer_->RemoveActor(item.actor);
}

// --- poses, selection, visibility and picking ----------------------------------------------------

void MechanismActors::place(const BodyPoses& poses) {
  // each merged actor takes its body's pose
  for (Part& part : parts_) {
    // the ground's glyphs (no body) at the identity
    bodyMatrix(part.body >= 0 && part.body < static_cast<int>(poses.size()) ? poses[part.body]
                                                                            : BodyPose{},
               part.matrix);
    part.matrix->Modified();
  }
  // each glyph of its own is placed from the poses of its ends
  for (Item& item : items_) {
    if (item.sweep) {
      item.sweep->place(poses);  // world coordinates: the matrix stays the identity
      continue;
    }
    glyphMatrix(glyphs_[item.glyph], poses, item.matrix);
    item.matrix->Modified();
  }
}

void MechanismActors::setFramesVisible(bool visible) {
  // only the body frames, which have actors of their own
  for (Item& item : items_)
    if (glyphs_[item.glyph].role == GlyphRole::BodyFrame) item.actor->SetVisibility(visible);
}

void MechanismActors::setSelected(const std::string& jsonPath) {
  // the selected element's glyphs in amber, the others in their own colours
  auto selected = [&](const Glyph& g) { return !jsonPath.empty() && g.jsonPath == jsonPath; };
  for (Item& item : items_)
    // the body frames keep their lines' colours
    if (glyphs_[item.glyph].role != GlyphRole::BodyFrame)
      applyColor(item, selected(glyphs_[item.glyph]));
  for (Part& part : parts_) {
    for (const Part::Member& m : part.members)
      setColor(part.colors, m.firstPoint, m.points,
               selected(glyphs_[m.glyph]) ? kSelected : m.color);
    part.colors->Modified();
  }
}

void MechanismActors::applyColor(Item& item, bool selected) {
  // the selection's amber lit a little more
  vtkProperty* p = item.actor->GetProperty();
  const double* rgb = selected ? kSelected : item.color;
  p->SetColor(rgb[0], rgb[1], rgb[2]);
  p->SetAmbient(selected ? 0.35 : 0.12);
}

void MechanismActors::appendCorners(std::vector<Vec3>& points, bool bodiesOnly) const {
  // what frames the view: bodies, joints, springs, loads, tires, the road; not the rods of distance
  // constraints, which join points of bodies already in view or reach out to a helper point far
  // from the mechanism (the slider-crank's 1 m rod)
  auto counts = [&](size_t glyph) {
    const GlyphRole role = glyphs_[glyph].role;
    return bodiesOnly ? role == GlyphRole::Body : role != GlyphRole::Constraint;
  };
  // the corners of the merged glyphs, then of those with an actor of their own (visible and framed)
  for (const Part& part : parts_)
    for (const Part::Member& m : part.members)
      if (counts(m.glyph)) transformCorners(m.local, *part.matrix, points);
  for (const Item& item : items_) {
    if (!item.actor->GetVisibility() || !item.actor->GetUseBounds()) continue;
    if (!counts(item.glyph)) continue;
    // a beam deforms: its bounds now
    double now[6];
    if (item.sweep) item.sweep->polyData()->GetBounds(now);
    transformCorners(item.sweep ? now : item.local, *item.matrix, points);
  }
}

void MechanismActors::hideBodies(const std::set<std::string>& names) {
  // the bodies hidden by name, and every glyph attached to one of them
  hidden_.clear();
  for (int b = 0; b < model_->bodyCount(); ++b)
    if (names.count(model_->bodies[static_cast<size_t>(b)].name)) hidden_.insert(b);
  auto shown = [&](const Glyph& g) {
    return !hidden_.count(g.a.body) && !hidden_.count(g.b.body) && !hidden_.count(g.body);
  };
  // a merged actor hidden with its body; an actor of its own with any body it touches
  for (Part& part : parts_) part.actor->SetVisibility(!hidden_.count(part.body));
  for (Item& item : items_) item.actor->SetVisibility(shown(glyphs_[item.glyph]));
}

bool MechanismActors::bodyShown(int body) const { return !hidden_.count(body); }

// the glyph drawn by an actor of its own, or by the cell of a merged actor
const Glyph* MechanismActors::glyphAt(vtkProp* prop, long long cell) const {
  // an actor of its own: its glyph
  for (const Item& item : items_)
    if (item.actor.GetPointer() == prop) return &glyphs_[item.glyph];
  for (const Part& part : parts_) {
    if (part.actor.GetPointer() != prop) continue;
    // a merged actor: the glyph index of the cell picked
    auto* poly = vtkPolyData::SafeDownCast(part.actor->GetMapper()->GetInput());
    auto* index =
        poly ? vtkIntArray::SafeDownCast(poly->GetCellData()->GetArray(kGlyphArray)) : nullptr;
    // a cell out of range picks nothing
    if (!index || cell < 0 || cell >= index->GetNumberOfTuples()) return nullptr;
    return &glyphs_[static_cast<size_t>(index->GetValue(cell))];
  }
  return nullptr;
}

}  // namespace mbw::ui
