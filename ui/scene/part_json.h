#pragma once
// Bodies made from shapes (the workbench's parts): the JSON of a body whose mass, inertia and
// centre of mass come from its solid and a density (scene/solid_mass_properties.h), and whether a
// body's mass properties are "computed" from its shape (its shape has a density and its fields
// hold what that density gives) or "given" (typed in).

#include <QString>
#include <string>

#include "math/types.h"
#include "scene_document.h"

namespace mbw::ui {

// A part as the Add part dialog describes it.
struct PartSpec {
  std::string name;
  std::string shape = "box";           // box, cylinder, sphere, bar
  Vec3 size = Vec3(0.1, 0.1, 0.1);     // box edges
  double radius = 0.05, length = 0.2;  // cylinder, sphere; a bar's square section is `radius` wide
  int axis = 2;                        // cylinder axis: body x, y or z
  Vec3 position_W = Vec3::Zero();  // box, cylinder, sphere: the body frame at the solid's centre
  Vec3 from_W = Vec3::Zero(), to_W = Vec3::UnitX();  // bar: its ends (points "start" and "end")
  Vec3 up_W = Vec3::UnitZ();                         // the vertical: a bar's y axis is horizontal
  bool computed = true;     // mass properties from density, else mass and inertia given
  double density = 7850.0;  // kg/m^3
  double mass = 1.0;        // kg, given
  Vec3 inertia = Vec3(0.01, 0.01, 0.01);  // kg m^2, given
};

// The body's JSON; throws std::invalid_argument for a shape that is no solid (a zero size, equal
// bar ends, a density that is not positive).
SceneJson partBody(const PartSpec& part);

// The body with mass, inertia (and products, centre of mass) computed from its mesh or its shape
// at its density (mesh_json.h; a mesh's file is found from the scene file); the body as it is
// when neither has a density or bounds a solid.
SceneJson withComputedMass(const SceneJson& body, const QString& sceneFile = {});

// "computed from the box at 7850 kg/m^3" (or "from the mesh at ..."), or "given" (with what the
// density would give when there is one); "" for what is no body
QString massOrigin(const SceneJson& body, const QString& sceneFile = {});
bool massIsComputed(const SceneJson& body, const QString& sceneFile = {});

}  // namespace mbw::ui
