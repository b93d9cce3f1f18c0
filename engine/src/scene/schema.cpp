#include "scene/schema.h"

namespace mbw {
namespace {

using K = FieldKind;

// one field of an object: its name, kind, whether required, default, unit, meaning, and the element
// type or enum choices where the kind needs them
FieldSpec field(std::string name, K kind, bool required, std::string dflt, std::string unit,
                std::string description, std::string type = "",
                std::vector<std::string> choices = {}) {
  return {std::move(name), kind,
          required,        std::move(dflt),
          std::move(unit), std::move(description),
          std::move(type), std::move(choices)};
}

// fields every joint and force element share
FieldSpec nameField(const char* what) {
  return field("name", K::String, true, "", "", std::string("unique name of the ") + what);
}
// the type field, one of the given words
FieldSpec typeField(std::vector<std::string> types) {
  return field("type", K::Enum, true, "", "", "kind of element", "", std::move(types));
}
FieldSpec bodyField(const char* name, const char* role) {
  return field(name, K::String, true, "", "", std::string(role) + ": a body name or \"ground\"");
}
FieldSpec pointField(const char* name, const char* role) {
  return field(name, K::PointRef, true, "", "m", role);
}
FieldSpec vectorField(const char* name, const char* role) {
  return field(name, K::VectorRef, true, "", "", role);
}
FieldSpec driverField(const char* name, const char* unit, const char* role) {
  return field(name, K::Expression, false, "0", unit, role);
}

// the words of the `type` field that chooses a joint, a force element or an output
const std::vector<std::string> kJointTypes = {
    "spherical", "revolute", "universal",       "cylindrical",  "translational", "fixed",
    "distance",  "planar",   "planar-revolute", "angle-driver", "dp1",           "dp2",
    "d",         "cd"};
const std::vector<std::string> kForceTypes = {"tsda", "rsda", "force", "torque", "tire"};
const std::vector<std::string> kOutputTypes = {"coordinate", "displacement", "distance",
                                               "angle",      "euler-angle",  "beam-section"};

// --- the scene and its bodies --------------------------------------------------------------------

// the file's top level
ObjectSpec sceneObject() {
  return {
      "scene",
      "A mechanism: bodies, the joints between them, force elements, and default run "
      "settings. SI units; z is up unless gravity says otherwise.",
      // what the file is, its name, and the world's gravity
      {field("format", K::Enum, true, "", "", "file type marker", "", {"mbw-scene"}),
       field("version", K::Integer, true, "", "",
             "format version; this build reads version " + std::to_string(kSceneFormatVersion)),
       field("name", K::String, true, "", "", "short name of the model"),
       field("description", K::String, false, "", "", "one-line description"),
       // the world's gravity, constant or ramped in over time
       field("gravity", K::Vector3, false, "[0, 0, -9.81]", "m/s^2", "gravitational acceleration"),
       field("gravity_factor", K::Expression, false, "1", "",
             "multiplies gravity: a function of t ramps it in (then gravity counts as work done, "
             "not as a potential)"),
       // the parts of the mechanism, then the runs' defaults
       field("bodies", K::Array, true, "", "", "the rigid bodies (the ground is implicit)", "body"),
       field("beams", K::Array, false, "[]", "",
             "flexible beams; each adds its nodes as bodies named <beam>.<k>", "beam"),
       field("joints", K::Array, false, "[]", "",
             "kinematic joints, drivers and raw constraint primitives", "joint"),
       field("forces", K::Array, false, "[]", "", "force elements", "force"),
       field("road", K::Object, false, "flat at z = 0", "", "the road surface tires roll on",
             "road"),
       field("outputs", K::Array, false, "[]", "", "named quantities recorded with every step",
             "output"),
       field("settings", K::Object, false, "", "", "default run settings", "settings")},
      "",
      {}};
}

// a rigid body
ObjectSpec bodyObject() {
  return {"body",
          "A rigid body. Its frame is placed by `position` and `orientation`; points and vectors "
          "are given in that frame.",
          // the name and the mass properties
          {field("name", K::String, true, "", "", "unique name (not \"ground\")"),
           field("mass", K::Number, true, "", "kg", "mass, positive"),
           // the inertia tensor about the centre of mass, and where that centre lies
           field("inertia", K::Vector3, true, "", "kg m^2",
                 "moments of inertia about the centre of mass along the body axes (Ixx, Iyy, Izz)"),
           field("inertia_products", K::Vector3, false, "[0, 0, 0]", "kg m^2",
                 "products of inertia (Ixy, Ixz, Iyz); the tensor must be positive definite"),
           field("center_of_mass", K::Vector3, false, "[0, 0, 0]", "m",
                 "centre of mass in the body frame"),
           // the initial pose and motion, in the world frame
           field("position", K::Vector3, true, "", "m",
                 "initial position of the body frame origin (world)"),
           field("orientation", K::Object, false, "identity", "",
                 "initial orientation of the body frame", "orientation"),
           field("velocity", K::Vector3, false, "[0, 0, 0]", "m/s",
                 "initial velocity of the body frame origin (world)"),
           field("angular_velocity", K::Vector3, false, "[0, 0, 0]", "rad/s",
                 "initial angular velocity (world frame)"),
           // named points and vectors for joints, forces and outputs; what the workbench draws
           field("points", K::Vec3Map, false, "{}", "m", "named points in the body frame"),
           field("vectors", K::Vec3Map, false, "{}", "", "named directions in the body frame"),
           field("shape", K::Object, false, "", "", "how the workbench draws the body", "shape"),
           field("mesh", K::Object, false, "", "",
                 "a mesh the workbench draws for the body, in place of its shape", "mesh")},
          "",
          {}};
}

// a body's initial orientation
ObjectSpec orientationObject() {
  return {"orientation",
          "Exactly one of: a rotation matrix, Euler parameters, ZXZ Euler angles, or an axis "
          "and an angle. Slightly non-orthonormal input is re-orthonormalized; the initial "
          "projection then fixes the rest.",
          // the four ways, of which exactly one is given
          {field("matrix", K::Matrix3, false, "", "",
                 "rotation matrix (rows); its columns are the body axes in the world frame"),
           field("euler_parameters", K::Vector4, false, "", "",
                 "unit quaternion (e0, e1, e2, e3), scalar first"),
           field("zxz", K::Vector3, false, "", "rad", "ZXZ Euler angles (phi, theta, psi)"),
           field("axis", K::Vector3, false, "", "", "rotation axis (with angle)"),
           field("angle", K::Number, false, "", "rad", "rotation angle about axis")},
          "",
          {}};
}

// a body's display solid
ObjectSpec shapeObject() {
  return {
      "shape",
      "Display geometry (no effect on the numerics).",
      // the solid, and its dimensions by type
      {field("type", K::Enum, true, "", "", "solid", "", {"box", "cylinder", "sphere"}),
       field("size", K::Vector3, false, "", "m", "box: edge lengths along the body axes"),
       field("radius", K::Number, false, "", "m", "cylinder, sphere"),
       field("length", K::Number, false, "", "m", "cylinder"),
       field("axis", K::Vector3, false, "[0, 0, 1]", "", "cylinder axis in the body frame"),
       // where it sits in the body frame, and its density
       field("center", K::Vector3, false, "[0, 0, 0]", "m",
             "centre of the solid in the body frame"),
       field("density", K::Number, false, "", "kg/m^3",
             "the solid's density, when the body's mass, inertia and centre of mass were computed "
             "from it "
             "(the workbench's parts; they are still read from the body's fields)")},
      "",
      {}};
}

// a body's display mesh
ObjectSpec meshObject() {
  return {
      "mesh",
      "A triangle mesh drawn for the body (no effect on the numerics): an STL or OBJ file, its "
      "coordinates in the body frame times `scale`. When it bounds a solid, the workbench offers "
      "the "
      "solid's mass, inertia and centre of mass at a density.",
      // the file, its scale into metres, and its density
      {field("file", K::String, true, "", "",
             "the .stl or .obj file; a relative path is taken from the scene file's folder, where "
             "it must exist"),
       field("scale", K::Number, false, "1", "",
             "multiplies the file's coordinates into metres (0.001 for a file in millimetres)"),
       field("density", K::Number, false, "", "kg/m^3",
             "the density the body's mass, inertia and centre of mass were computed from, with "
             "the solid "
             "the mesh bounds (they are still read from the body's fields)")},
      "",
      {}};
}

// --- beams ---------------------------------------------------------------------------------------

// a flexible beam
ObjectSpec beamObject() {
  return {
      "beam",
      "A straight flexible beam from `from` to `to`, divided into `elements` three-node "
      "geometrically exact elements (shear, torsion, bending, finite rotations; "
      "forces/beam_element.h). It creates its 2 elements + 1 nodes as bodies named "
      "<name>.0 (at `from`) ... <name>.<2 elements> (at `to`), which joints, loads and "
      "outputs use like any body: a node's frame origin is its point on the beam axis and "
      "its axes are the section axes (x along the beam, y and z the section's axes 2 and "
      "3). Mass and rotary inertia are lumped on the nodes: each node carries the beam "
      "segment of length L / (2 elements) centred on it (the end nodes half of one, its "
      "centre of mass a quarter segment inside), with the segment's own rotary inertia.",
      // where the beam lies and into how many elements it is divided
      {field("name", K::String, true, "", "", "unique name; its nodes are <name>.<k>"),
       // its ends and its element count
       field("from", K::Vector3, true, "", "m", "start point (node 0), world frame"),
       field("to", K::Vector3, true, "", "m", "end point (last node), world frame"),
       field("elements", K::Integer, true, "", "", "number of three-node elements, at least 1"),
       // the section's stiffness and the beam's mass and rotary inertia
       field("section", K::Object, true, "", "", "stiffness of the cross-section", "beam-section"),
       field("mass_per_length", K::Number, true, "", "kg/m", "mass per unit length, positive"),
       field("inertia_per_length", K::Vector3, true, "", "kg m",
             "rotary inertia per unit length about the section axes (J11 torsional, J22, J33), "
             "positive"),
       // the direction of the section axes
       field("section_y", K::Vector3, false, "world z x beam axis", "",
             "direction of section axis 2 (its part perpendicular to the beam is used); the "
             "default makes axis 3 the "
             "part of world z perpendicular to the beam (world y for a vertical beam)"),
       // the initial rigid motion, and what the workbench draws
       field("velocity", K::Vector3, false, "[0, 0, 0]", "m/s",
             "initial velocity of the start point; with angular_velocity, a rigid motion of the "
             "whole beam"),
       field("angular_velocity", K::Vector3, false, "[0, 0, 0]", "rad/s",
             "initial angular velocity (world frame)"),
       field("display", K::Object, false, "a tube", "", "how the workbench draws the beam",
             "beam-display")},
      "",
      {}};
}

// a beam's section stiffness
ObjectSpec beamSectionObject() {
  return {"beam-section",
          "Diagonal section stiffness in the section axes, and stiffness-proportional damping: "
          "(F1, F2, F3) = diag(EA, GA2, GA3) (eps + damping deps/dt), (M1, M2, M3) = "
          "diag(GJ, EI2, EI3) (kappa + damping dkappa/dt).",
          // axial and shear stiffnesses
          {field("EA", K::Number, true, "", "N", "axial stiffness"),
           field("GA2", K::Number, true, "", "N", "shear stiffness along axis 2"),
           field("GA3", K::Number, true, "", "N", "shear stiffness along axis 3"),
           // torsional and bending stiffnesses, then the damping
           field("GJ", K::Number, true, "", "N m^2", "torsional stiffness"),
           field("EI2", K::Number, true, "", "N m^2", "bending stiffness about axis 2"),
           field("EI3", K::Number, true, "", "N m^2", "bending stiffness about axis 3"),
           field("damping", K::Number, false, "0", "s", "stiffness-proportional damping factor")},
          "",
          {}};
}

// a beam's display geometry
ObjectSpec beamDisplayObject() {
  return {"beam-display",
          "Display geometry of a beam (no effect on the numerics): a tube of `radius`, or a "
          "box section of `width` (along axis 2) by `height` (along axis 3).",
          // a tube, or a box section
          {field("radius", K::Number, false, "from the rotary inertia", "m", "tube radius"),
           field("width", K::Number, false, "", "m", "box section, along axis 2"),
           field("height", K::Number, false, "", "m", "box section, along axis 3")},
          "",
          {}};
}

// --- joints --------------------------------------------------------------------------------------

// a joint, chosen by its type
ObjectSpec jointObject() {
  return {"joint",
          "A joint, a driver or a raw constraint primitive, chosen by `type`. "
          "Joints are built from the primitives of Kissel et al. 2021 (Table 1).",
          {},
          "type",
          kJointTypes};
}

// a joint type: the fields every joint shares, then its own
ObjectSpec jointType(const std::string& type, const std::string& description,
                     std::vector<FieldSpec> own) {
  // the name, the type and the two bodies
  const FieldSpec common[] = {nameField("joint"), typeField(kJointTypes),
                              bodyField("body_i", "first body"),
                              bodyField("body_j", "second body")};
  // the shared fields first, then the type's own
  std::vector<FieldSpec> fields(std::begin(common), std::end(common));
  fields.insert(fields.end(), own.begin(), own.end());
  return {"joint/" + type, description, std::move(fields), "", {}};
}

// the joints, one object per type
void addJointTypes(std::vector<ObjectSpec>& s) {
  // the common joints, each as the primitives that make it: spherical, revolute, universal,
  // cylindrical, translational, fixed
  s.push_back(jointType("spherical", "Points P_i and P_j coincide: 3 CD equations.",
                        {pointField("point_i", "joint point on body i"),
                         pointField("point_j", "joint point on body j")}));
  s.push_back(
      jointType("revolute",
                "Spherical joint plus axis_j kept parallel to axis_i: 3 CD + 2 DP1 (5 equations).",
                {pointField("point_i", "joint point on body i"),
                 pointField("point_j", "joint point on body j"),
                 vectorField("axis_i", "rotation axis on body i"),
                 vectorField("axis_j", "rotation axis on body j")}));
  s.push_back(jointType(
      "universal", "Spherical joint plus axis_i perpendicular to axis_j (the cross): 3 CD + 1 DP1.",
      {pointField("point_i", "joint point on body i"),
       pointField("point_j", "joint point on body j"),
       vectorField("axis_i", "cross axis on body i"),
       vectorField("axis_j", "cross axis on body j, perpendicular to axis_i")}));
  s.push_back(jointType(
      "cylindrical", "Body j slides along and turns about the axis of body i: 2 DP1 + 2 DP2.",
      {pointField("point_i", "point on the axis, body i"),
       pointField("point_j", "point on the axis, body j"), vectorField("axis_i", "axis on body i"),
       vectorField("axis_j", "axis on body j")}));
  s.push_back(
      jointType("translational",
                "Body j slides along the axis of body i without turning: cylindrical + 1 DP1. The "
                "rotation about the axis is held at its initial value.",
                {pointField("point_i", "point on the axis, body i"),
                 pointField("point_j", "point on the axis, body j"),
                 vectorField("axis_i", "sliding axis on body i"),
                 vectorField("axis_j", "sliding axis on body j")}));
  s.push_back(jointType(
      "fixed",
      "Body j welded to body i (a clamp, a rigid attachment): P_i and P_j coincide (3 CD) and "
      "the relative orientation stays the initial one (3 DP1, each axis of body i kept "
      "perpendicular to the body-j vector that starts along the next axis of body i).",
      {pointField("point_i", "joint point on body i"),
       pointField("point_j", "joint point on body j")}));
  // a distance held between two points, and motion kept in a plane
  s.push_back(jointType(
      "distance",
      "The distance between P_i and P_j equals `distance` (a D equation, f = distance^2).",
      {pointField("point_i", "point on body i"), pointField("point_j", "point on body j"),
       field("distance", K::Expression, true, "", "m",
             "distance, a constant or a function of t")}));
  s.push_back(jointType(
      "planar",
      "Body j moves in the plane of body i (through point_i, normal axis_i): axis_j stays parallel "
      "to axis_i and point_j stays in the plane, 2 DP1 + 1 DP2.",
      {pointField("point_i", "point of the plane, body i"),
       pointField("point_j", "point of body j kept in the plane"),
       vectorField("axis_i", "normal of the plane, body i"),
       vectorField("axis_j", "normal of the plane, body j")}));
  s.push_back(jointType(
      "planar-revolute",
      "Revolute joint between bodies that already move in a common plane (planar joints): the "
      "points coincide within the plane, 2 DP2. A full revolute (5 equations) would repeat what "
      "the planar joints impose; in planar closed loops that makes the constraints redundant.",
      {pointField("point_i", "joint point on body i"),
       pointField("point_j", "joint point on body j"),
       vectorField("axis_i", "rotation axis on body i (normal of the plane)")}));
  // a driver that turns one body against another by a prescribed angle
  s.push_back(jointType(
      "angle-driver",
      "Prescribes the angle of a_j (body j) from u_i towards v_i (body i): "
      "cos(angle) (v_i . a_j) - sin(angle) (u_i . a_j) = 0, two DP1 terms that stay regular "
      "through full turns (a single DP1 driver is singular where cos(angle) = +-1).",
      {vectorField("u_i", "zero-angle direction on body i"),
       vectorField("v_i", "direction on body i at +90 degrees (u_i x v_i is the rotation axis)"),
       vectorField("a_j", "the driven direction on body j"),
       field("angle", K::Expression, true, "", "rad", "prescribed angle, a function of t")}));
}

// the raw constraint primitives (Kissel et al. 2021 eqs 1-4), one object per type
void addPrimitiveTypes(std::vector<ObjectSpec>& s) {
  // dot products of two vectors (DP1) and of a vector with the gap between two points (DP2)
  s.push_back(jointType("dp1", "Raw DP1 (Kissel et al. 2021 eq 1): a_i . a_j - f(t) = 0.",
                        {vectorField("a_i", "vector on body i"),
                         vectorField("a_j", "vector on body j"), driverField("f", "", "f(t)")}));
  s.push_back(jointType(
      "dp2", "Raw DP2 (eq 2): a_i . (P_j - P_i) - f(t) = 0.",
      {vectorField("a_i", "vector on body i"), pointField("point_i", "point P_i on body i"),
       pointField("point_j", "point Q_j on body j"), driverField("f", "m", "f(t)")}));
  // the squared distance of two points (D) and one world coordinate of their gap (CD)
  s.push_back(jointType(
      "d", "Raw D (eq 3): |P_j - P_i|^2 - f(t) = 0.",
      {pointField("point_i", "point P_i on body i"), pointField("point_j", "point Q_j on body j"),
       field("f", K::Expression, true, "", "m^2", "f(t) > 0, the squared distance")}));
  s.push_back(
      jointType("cd", "Raw CD (eq 4): c . (P_j - P_i) - f(t) = 0 for a world axis c.",
                {field("axis", K::Enum, true, "", "", "world coordinate c", "", {"x", "y", "z"}),
                 pointField("point_i", "point P_i on body i"),
                 pointField("point_j", "point Q_j on body j"), driverField("f", "m", "f(t)")}));
}

// --- force elements ------------------------------------------------------------------------------

// a force element, chosen by its type
ObjectSpec forceObject() {
  return {"force", "A force element, chosen by `type`.", {}, "type", kForceTypes};
}

// a force element type: name and type, its own fields, then when it acts
ObjectSpec forceType(const std::string& type, const std::string& description,
                     std::vector<FieldSpec> own) {
  std::vector<FieldSpec> fields{nameField("force element"), typeField(kForceTypes)};
  fields.insert(fields.end(), own.begin(), own.end());
  // what every element shares: when it acts
  fields.push_back(
      field("active_from", K::Number, false, "always", "s", "the element acts from this time on"));
  fields.push_back(
      field("active_until", K::Number, false, "always", "s",
            "the element acts before this time only (e.g. a damper that settles a run-in; "
            "its force stops at once, and a spring's stored energy leaves the balance)"));
  return {"force/" + type, description, std::move(fields), "", {}};
}

// the force elements, one object per type
void addForceTypes(std::vector<ObjectSpec>& s) {
  // spring-damper-actuators: translational between two points, rotational about an axis
  s.push_back(forceType(
      "tsda",
      "Translational spring-damper-actuator between P_i and P_j: tension "
      "k (L - free_length) + c dL/dt - actuator(t).",
      {bodyField("body_i", "first body"), bodyField("body_j", "second body"),
       pointField("point_i", "attachment on body i"), pointField("point_j", "attachment on body j"),
       // its spring, damper and free length, then the actuator
       field("stiffness", K::Number, false, "0", "N/m", "k"),
       field("damping", K::Number, false, "0", "N s/m", "c"),
       field("free_length", K::Number, true, "", "m", "length at zero spring force"),
       driverField("actuator", "N", "actuator force, positive pushes the points apart")}));
  s.push_back(forceType(
      "rsda",
      "Rotational spring-damper about axis_i: torque on body j "
      "-k (theta - zero_angle) - c dtheta/dt + actuator(t), reaction on body i; theta is the "
      "angle of reference_j from reference_i about axis_i, continued through full turns and "
      "starting on the branch nearest zero_angle.",
      {bodyField("body_i", "first body"), bodyField("body_j", "second body"),
       vectorField("axis_i", "rotation axis on body i"),
       vectorField("reference_i", "zero-angle direction on body i, perpendicular to the axis"),
       vectorField("reference_j", "direction on body j whose angle is measured"),
       // its spring, damper and zero angle, then the actuator
       field("stiffness", K::Number, false, "0", "N m/rad", "k"),
       field("damping", K::Number, false, "0", "N m s/rad", "c"),
       field("zero_angle", K::Number, false, "0", "rad", "angle at zero spring torque"),
       driverField("actuator", "N m", "actuator torque on body j")}));
  // loads on one body: a force at a point, a torque
  s.push_back(forceType("force", "A force applied at a point of a body.",
                        {field("body", K::String, true, "", "", "the loaded body"),
                         pointField("point", "point of application"),
                         field("force", K::Expression3, true, "", "N",
                               "force components, constants or functions of t"),
                         field("frame", K::Enum, false, "world", "", "frame of the components", "",
                               {"world", "body"})}));
  s.push_back(forceType("torque", "A torque applied to a body.",
                        {field("body", K::String, true, "", "", "the loaded body"),
                         field("torque", K::Expression3, true, "", "N m",
                               "torque components, constants or functions of t"),
                         field("frame", K::Enum, false, "world", "", "frame of the components", "",
                               {"world", "body"})}));

  // the tire between a wheel body and the road
  s.push_back(forceType(
      "tire",
      "A tire as a vertical spring-damper between the wheel centre W and the road (the "
      "`road` of the scene), acting only in compression: with delta = free_radius - (z_W - "
      "h(x_W)) > 0 it pushes W up (world +z) with max(0, k delta + c ddelta/dt), else nothing. "
      "`contact` says which road height h the tire feels: `point-follower` the surface itself "
      "(infinitely steep at the edges of a half-cylinder bump), `rigid-ring` the envelope of a "
      "ring of radius free_radius rolling over it (a smooth rise that starts before the bump).",
      // the wheel and its centre, the radial spring and damper, the contact with the road
      {field("body", K::String, true, "", "", "the wheel (spindle) body"),
       pointField("point", "wheel centre on that body"),
       field("stiffness", K::Number, true, "", "N/m", "radial stiffness k"),
       field("damping", K::Number, false, "0", "N s/m", "radial damping c"),
       field("free_radius", K::Number, true, "", "m",
             "unloaded radius (distance from the wheel centre to the road at first contact)"),
       field("contact", K::Enum, false, "point-follower", "", "road height the tire feels", "",
             {"point-follower", "rigid-ring"})}));
}

// --- the road ------------------------------------------------------------------------------------

// the road under the tires
ObjectSpec roadObject() {
  return {"road",
          "The road under the tires: a flat base z = height, constant along world y, with "
          "bumps across it.",
          // the flat base, and the bumps on it
          {field("height", K::Number, false, "0", "m", "height of the flat base"),
           field("bumps", K::Array, false, "[]", "", "obstacles lying across the road", "bump")},
          "",
          {}};
}

// an obstacle on the road
ObjectSpec bumpObject() {
  return {"bump",
          "A half-cylinder lying on the road across the driving direction, its axis parallel "
          "to world y.",
          {field("shape", K::Enum, true, "", "", "obstacle shape", "", {"half-cylinder"}),
           field("center_x", K::Number, true, "", "m", "world x of the cylinder axis"),
           field("radius", K::Number, true, "", "m",
                 "radius (the bump is radius high, 2 radius long)")},
          "",
          {}};
}

// --- outputs and settings ------------------------------------------------------------------------

// an output channel, chosen by its type
ObjectSpec outputObject() {
  return {"output",
          "A named quantity recorded at every step as two CSV columns, `<name>` and "
          "`<name>.rate` (its time derivative), after the standard columns. Chosen by `type`.",
          {},
          "type",
          kOutputTypes};
}

// an output type: name and type, then its own fields
ObjectSpec outputType(const std::string& type, const std::string& description,
                      std::vector<FieldSpec> own) {
  // the name and the type first, then the type's own
  std::vector<FieldSpec> fields{field("name", K::String, true, "", "", "column name (unique)"),
                                typeField(kOutputTypes)};
  fields.insert(fields.end(), own.begin(), own.end());
  return {"output/" + type, description, std::move(fields), "", {}};
}

// the output channels, one object per type
void addOutputTypes(std::vector<ObjectSpec>& s) {
  // one body: a world coordinate or displacement of a point, an Euler angle
  s.push_back(outputType(
      "coordinate", "A world coordinate of a body point (m), e.g. the height of a chassis.",
      {field("body", K::String, true, "", "", "the body"),
       field("point", K::PointRef, false, "[0, 0, 0]", "m", "the point, in the body frame"),
       field("axis", K::Enum, true, "", "", "world coordinate", "", {"x", "y", "z"})}));
  s.push_back(outputType(
      "displacement",
      "The displacement (m) of a body point along a world axis from its position in the scene's "
      "pose (before the initial projection), e.g. a beam node's deflection.",
      {field("body", K::String, true, "", "", "the body (a beam node: <beam>.<k>)"),
       field("point", K::PointRef, false, "[0, 0, 0]", "m", "the point, in the body frame"),
       field("axis", K::Enum, true, "", "", "world coordinate", "", {"x", "y", "z"})}));
  s.push_back(outputType(
      "euler-angle",
      "One Tait-Bryan angle (rad) of a body's orientation, R = R_a(1) R_b(2) R_c(3) about the "
      "world axes of `sequence`, continued through full turns. The flexible-beam benchmarks' "
      "rotation sensor is the angle about x of the zxy sequence.",
      {field("body", K::String, true, "", "", "the body (a beam node: <beam>.<k>)"),
       field("sequence", K::Enum, false, "zxy", "", "axes of the three rotations", "",
             {"xyz", "xzy", "yxz", "yzx", "zxy", "zyx"}),
       field("about", K::Enum, true, "", "",
             "the recorded angle: the rotation about this axis of the sequence", "",
             {"x", "y", "z"})}));
  // a flexible beam's section forces
  s.push_back(outputType(
      "beam-section",
      "The section actions of a beam at a position along it, six channels <name>.F1 (axial "
      "force), .F2, .F3 (shear forces), .M1 (torsion), .M2, .M3 (bending moments), N and N m, "
      "in the section axes: linear through the element's two evaluation points (their mean at "
      "an element's middle node, extrapolated at its ends; a position between two elements "
      "belongs to the first).",
      {field("beam", K::String, true, "", "", "the beam"),
       field("position", K::Number, true, "", "m",
             "distance from the beam's start, 0 .. its length")}));
  // two bodies: the distance of two points, the angle between two frames
  s.push_back(outputType(
      "distance", "The distance between two body points (m).",
      {bodyField("body_i", "first body"), bodyField("body_j", "second body"),
       pointField("point_i", "point on body i"), pointField("point_j", "point on body j")}));
  s.push_back(outputType(
      "angle",
      "The angle (rad) of reference_j (body j) from reference_i about axis_i (body i), as for "
      "an RSDA; it starts in (-pi, pi] and continues through full turns.",
      {bodyField("body_i", "reference body"), bodyField("body_j", "measured body"),
       vectorField("axis_i", "rotation axis on body i"),
       vectorField("reference_i", "zero-angle direction on body i, perpendicular to the axis"),
       vectorField("reference_j", "direction on body j whose angle is measured")}));
}

// a scene's default run settings
ObjectSpec settingsObject() {
  return {
      "settings",
      "Defaults for runs of this scene (command-line options override them).",
      // which model and integrator, and the time span with what of it is recorded
      {field("formulation", K::String, false, "rp", "",
             "rp, rA, rE, or joint (joint coordinates of a spanning tree of the joints, the "
             "others closing loops; rigid bodies only; with a state-space integrator (rn4, w2, "
             "adams, bdf) or ida)"),
       field("integrator", K::String, false, "backward-euler", "",
             "integrator name (mbw-cli list)"),
       // the step, and the time span
       field("step", K::Number, false, "0.001", "s", "time step (the first step when variable)"),
       field("t_start", K::Number, false, "0", "s",
             "start time; negative for a run-in before t = 0 (e.g. loads ramped in, transients "
             "damped out)"),
       field("t_end", K::Number, false, "1", "s", "end time"),
       field("record_from", K::Number, false, "t_start", "s",
             "record rows from the first step at or after this time"),
       // the initial state, and how often the steps are recorded
       field("initial_state", K::Enum, false, "scene", "",
             "scene: the scene's poses projected onto the constraints; equilibrium: the static "
             "equilibrium at t_start (mbw-cli static)",
             "", {"scene", "equilibrium"}),
       field("every", K::Integer, false, "1", "", "record every N-th step"),
       // error control of variable steps
       field("rtol", K::Number, false, "", "",
             "relative tolerance; when given (with or without atol), runs choose their steps from "
             "the error estimate"),
       field("atol", K::Number, false, "", "",
             "absolute tolerance of variable steps (default: rtol)"),
       field("max_step", K::Number, false, "no limit", "s",
             "largest variable step (e.g. so that a step cannot jump over a road bump)"),
       // how index-3 integrators set up and solve Newton's equations
       field("linear_solver", K::String, false, "auto", "",
             "index-3 integrators: storage of the Newton matrix, auto (by size), dense or sparse"),
       field("jacobian_update", K::String, false, "auto", "",
             "index-3 integrators: when the Newton matrix is evaluated, auto (kept while Newton "
             "contracts well), iteration or step"),
       field("index3_form", K::Enum, false, "kkt", "",
             "index-3 integrators: the equations Newton solves at a time point, kkt (Lagrange "
             "multipliers) or augmented-lagrangian (a penalty on top of the multipliers, with "
             "velocity and acceleration projections)",
             "", {"kkt", "augmented-lagrangian"}),
       field("penalty", K::Number, false, "1e6", "",
             "penalty factor of the augmented Lagrangian form (dimensionless: the penalty term is "
             "penalty times the mean body mass times Phi_q^T Phi_q)"),
       // where rows are recorded: on a grid, at listed times, or (by default) at the steps
       field("output_step", K::Number, false, "the steps", "s",
             "record the run at t0 + k output_step (interpolated between the steps, on the "
             "constraints) instead of at its steps"),
       field("output_times", K::String, false, "", "",
             "or at the times listed in this file (one per line, # comments; a relative path is "
             "taken from the scene file's folder)"),
       // how far the initial state may move when it is made consistent
       field("max_initial_correction", K::Number, false, "1e-05", "m or rad",
             "largest move the projection of the initial state onto the constraints may make")},
      "",
      {}};
}

// the scene's objects in the order of the reference (docs/scene-format.md)
std::vector<ObjectSpec> buildSchema() {
  // the scene and its parts, then each chosen object followed by its variants
  std::vector<ObjectSpec> s{sceneObject(),       bodyObject(),        orientationObject(),
                            shapeObject(),       meshObject(),        beamObject(),
                            beamSectionObject(), beamDisplayObject(), jointObject()};
  // the joint types and the raw primitives
  addJointTypes(s);
  addPrimitiveTypes(s);
  // the force elements, the road, the outputs and the settings
  s.push_back(forceObject());
  addForceTypes(s);
  s.push_back(roadObject());
  s.push_back(bumpObject());
  s.push_back(outputObject());
  addOutputTypes(s);
  s.push_back(settingsObject());
  return s;
}

}  // namespace

// --- the schema, built once, and its lookups -----------------------------------------------------

const std::vector<ObjectSpec>& sceneSchema() {
  // built on first use
  static const std::vector<ObjectSpec> schema = buildSchema();
  return schema;
}

// in the scene's schema
const ObjectSpec* findObjectSpec(const std::string& name) {
  return findObjectSpec(sceneSchema(), name);
}

const ObjectSpec* findObjectSpec(const std::vector<ObjectSpec>& schema, const std::string& name) {
  // a linear search over the few dozen objects
  for (const ObjectSpec& o : schema)
    if (o.name == name) return &o;
  return nullptr;
}

// a kind's name in the reference's tables (schema_doc.cpp)
const char* toString(FieldKind kind) {
  switch (kind) {
    case K::String:
      return "string";
    case K::Integer:
      return "integer";
    case K::Number:
      return "number";
    case K::Vector3:
      return "[x, y, z]";
    case K::Vector4:
      return "[a, b, c, d]";
    case K::Matrix3:
      return "3x3 matrix (rows)";
    case K::Expression:
      return "expression";
    case K::Expression3:
      return "[expression x3]";
    case K::PointRef:
      return "point name or [x, y, z]";
    case K::VectorRef:
      return "vector name or [x, y, z]";
    case K::Vec3Map:
      return "{name: [x, y, z]}";
    case K::Enum:
      return "one of";
    case K::Object:
      return "object";
    case K::Array:
      return "array";
    case K::Boolean:
      return "true or false";
    case K::NumberList:
      return "[numbers]";
    case K::StringList:
      return "[strings]";
    case K::ValueLists:
      return "{key: [values] or range}";
  }
  return "?";
}

}  // namespace mbw
