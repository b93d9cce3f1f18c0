#include "part_json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "mesh_json.h"
#include "orientation_json.h"
#include "scene/solid_mass_properties.h"

namespace mbw::ui {
namespace {

// a computed value to 12 significant digits: the product of typed sizes and a density carries
// round-off in its last digits (7850 * 0.2 * 0.1 * 0.05 = 7.850000000000002), not information
double written(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.12g", x);
  return std::strtod(text, nullptr) + 0.0;
}

// a vector to 12 significant digits
SceneJson vec(const Vec3& v) { return SceneJson{written(v.x()), written(v.y()), written(v.z())}; }

// three numbers of a JSON array as a vector, else the fallback
Vec3 vec3(const SceneJson& j, const Vec3& fallback) {
  if (!j.is_array() || j.size() != 3) return fallback;
  for (const SceneJson& x : j)
    if (!x.is_number()) return fallback;
  return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

// a number of an object, 0 when it has none
double number(const SceneJson& o, const char* key) {
  return o.contains(key) && o[key].is_number() ? o[key].get<double>() : 0.0;
}

// the solid of a body's mesh or shape at its density; false when neither has one or is no solid
bool solidOf(const SceneJson& body, const QString& sceneFile, SolidMass* out) {
  // a mesh with a density gives the solid
  if (body.is_object() && body.contains("mesh") && body["mesh"].is_object() &&
      body["mesh"].contains("density"))
    return meshSolidOf(body, sceneFile, out);
  // else a shape with a density: a box by its size, a cylinder or sphere by radius and length
  if (!body.is_object() || !body.contains("shape") || !body["shape"].is_object()) return false;
  const SceneJson& s = body["shape"];
  if (!s.contains("density") || !s.contains("type") || !s["type"].is_string()) return false;
  const std::string type = s["type"].get<std::string>();
  const Vec3 size = type == "box" ? vec3(s.value("size", SceneJson()), Vec3::Zero())
                                  : Vec3(number(s, "radius"), number(s, "length"), 0.0);
  // the engine's mass properties of the solid; sizes it refuses give none
  try {
    *out = solidMassProperties(type, size, vec3(s.value("axis", SceneJson()), Vec3::UnitZ()),
                               vec3(s.value("center", SceneJson()), Vec3::Zero()),
                               number(s, "density"));
  } catch (const std::invalid_argument&) {
    return false;
  }
  return true;
}

// relative round-off of a computed mass property taken as zero
constexpr double kRoundOff = 1e-12;

// the solid's size: sqrt(tr I / m)
double gyrationRadius(const SolidMass& m) { return std::sqrt(m.inertia_B.trace() / m.mass); }

// equal within a relative 1e-9
bool near(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)) + 1e-300;
}

}  // namespace

// --- a part as a body of the scene ---------------------------------------------------------------

SceneJson partBody(const PartSpec& part) {
  // the name, and the mass and inertia as typed (replaced below when computed)
  SceneJson b = SceneJson::object();
  b["name"] = part.name;
  b["mass"] = part.mass;
  b["inertia"] = vec(part.inertia);
  SceneJson shape = SceneJson::object();
  if (part.shape == "bar") {
    // a box of square section along x from "start" to "end", its frame at the middle
    const BarPlacement p = placeBar(part.from_W, part.to_W, part.up_W);
    // the middle of the bar, turned from x to the bar
    b["position"] = vec(p.position_W);
    if (!p.R_WB.isIdentity(0.0)) b["orientation"] = orientationJson(p.R_WB, SceneJson());
    // points named at the bar's ends
    b["points"] = {{"start", vec(Vec3(-p.length / 2, 0, 0))},
                   {"end", vec(Vec3(p.length / 2, 0, 0))}};
    shape["type"] = "box";
    shape["size"] = vec(Vec3(p.length, part.radius, part.radius));
  } else {
    // a box, cylinder or sphere centred at the position; a cylinder along the axis chosen
    b["position"] = vec(part.position_W);
    shape["type"] = part.shape;
    if (part.shape == "box")
      shape["size"] = vec(part.size);
    else
      shape["radius"] = part.radius;
    if (part.shape == "cylinder") {
      shape["length"] = part.length;
      shape["axis"] = vec(Vec3::Unit(part.axis));
    }
  }
  // a density makes mass and inertia computed from the solid
  if (part.computed) {
    if (!(part.density > 0.0)) throw std::invalid_argument("the density must be positive");
    shape["density"] = part.density;
  }
  b["shape"] = shape;
  if (!part.computed) return b;
  // the computed properties replace the typed ones, or the part is no solid
  SolidMass m;
  if (!solidOf(b, {}, &m))
    throw std::invalid_argument("the " + part.shape + " is no solid: its sizes must be positive");
  return withComputedMass(b);
}

// --- computed mass properties --------------------------------------------------------------------

// the body with the mass, moments, products and centre of mass of its solid; as it was when it
// has none
SceneJson withComputedMass(const SceneJson& body, const QString& sceneFile) {
  SolidMass m;
  if (!solidOf(body, sceneFile, &m)) return body;
  SceneJson b = body;
  b["mass"] = written(m.mass);
  b["inertia"] = vec(m.inertia_B.diagonal());
  // the round-off of sums over a mesh's triangles (products of a symmetric part, the centre's
  // coordinates on a symmetry plane) written as the zeros they are
  Vec3 products(m.inertia_B(0, 1), m.inertia_B(0, 2), m.inertia_B(1, 2));
  Vec3 com = m.centerOfMass_B;
  for (int k = 0; k < 3; ++k) {
    if (std::abs(products[k]) <= kRoundOff * m.inertia_B.norm()) products[k] = 0.0;
    if (std::abs(com[k]) <= kRoundOff * gyrationRadius(m)) com[k] = 0.0;
  }
  // products and a centre of mass that are zero are left out of the body
  if (products.isZero(0.0))
    b.erase("inertia_products");
  else
    b["inertia_products"] = vec(products);
  if (com.isZero(0.0))
    b.erase("center_of_mass");
  else
    b["center_of_mass"] = vec(com);
  return b;
}

// whether the body's mass properties are those its solid computes (within round-off)
bool massIsComputed(const SceneJson& body, const QString& sceneFile) {
  SolidMass m;
  if (!solidOf(body, sceneFile, &m) || !body.contains("mass") || !body["mass"].is_number())
    return false;
  // the body's moments, products and centre of mass as written (the moments -1 when absent)
  const Vec3 moments = vec3(body.value("inertia", SceneJson()), Vec3::Constant(-1.0));
  const Vec3 products = vec3(body.value("inertia_products", SceneJson()), Vec3::Zero());
  const Vec3 com = vec3(body.value("center_of_mass", SceneJson()), Vec3::Zero());
  // the mass, the moments and the centre of mass within 1e-9 of the solid's
  bool same = near(body["mass"].get<double>(), m.mass);
  for (int k = 0; k < 3; ++k)
    same = same && near(moments[k], m.inertia_B(k, k)) &&
           std::abs(com[k] - m.centerOfMass_B[k]) <=
               1e-9 * (std::abs(m.centerOfMass_B[k]) + gyrationRadius(m));
  // the products likewise
  const Vec3 want(m.inertia_B(0, 1), m.inertia_B(0, 2), m.inertia_B(1, 2));
  for (int k = 0; k < 3; ++k)
    same = same && std::abs(products[k] - want[k]) <= 1e-9 * m.inertia_B.norm();
  return same;
}

// a line for the property panel: where mass and inertia come from
QString massOrigin(const SceneJson& body, const QString& sceneFile) {
  // no mass written: nothing to say
  if (!body.is_object() || !body.contains("mass")) return {};
  SolidMass m;
  if (!solidOf(body, sceneFile, &m)) return QObject::tr("Mass and inertia: given");
  // the solid's kind and density, for the line
  const bool mesh =
      body.contains("mesh") && body["mesh"].is_object() && body["mesh"].contains("density");
  const SceneJson& solidJson = mesh ? body["mesh"] : body["shape"];
  const QString solid =
      QObject::tr("the %1 at %2 kg/m\u00b3")
          .arg(mesh ? QString("mesh")
                    : QString::fromStdString(solidJson["type"].get<std::string>()))
          .arg(number(solidJson, "density"), 0, 'g', 6);
  if (massIsComputed(body, sceneFile))
    return QObject::tr("Mass and inertia: computed from %1").arg(solid);
  return QObject::tr("Mass and inertia: given (%1 would weigh %2 kg)")
      .arg(solid)
      .arg(m.mass, 0, 'g', 6);
}

}  // namespace mbw::ui
