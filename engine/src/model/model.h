#pragma once
// The static description of a mechanism, built once by the scene loader and never changed during a
// run (Kissel et al. 2021 sections 2-3). Body-attached vectors are stored in the body's internal
// frame: origin at the centre of mass, axes parallel to the body frame the scene uses.

#include <string>
#include <utility>
#include <vector>

#include "expr/expression.h"
#include "math/types.h"
#include "model/beam.h"

namespace mbw {

constexpr int kGround = -1;  // body index of the ground (fixed at the origin, identity orientation)

struct Body {
  std::string name;
  double mass = 0.0;                  // kg
  Mat3 inertia_B = Mat3::Identity();  // kg m^2, about the centre of mass, body axes
  Vec3 com_B = Vec3::Zero();          // centre of mass in the scene's body frame, m
  // initial state of the scene's body frame (before projection onto the constraints)
  Vec3 position_W = Vec3::Zero();  // body frame origin, m
  Mat3 R_WB = Mat3::Identity();
  Vec3 velocity_W = Vec3::Zero();  // of the body frame origin, m/s
  Vec3 omega_W = Vec3::Zero();     // rad/s
  // named points and directions of the scene, in the scene's body frame
  std::vector<std::pair<std::string, Vec3>> points;
  std::vector<std::pair<std::string, Vec3>> vectors;
  std::string jsonPath;  // where the scene defines it, for messages
  int beam = -1;         // a node of Model::beams[beam], or -1 for a rigid body
  // optional visual description for the workbench (not used by the numerics)
  std::string shape;  // "", "box", "cylinder", "sphere"
  Vec3 shapeSize =
      Vec3::Zero();  // box: edges; cylinder: (radius, length, 0); sphere: (radius, 0, 0)
  Vec3 shapeAxis_B = Vec3::UnitZ();   // cylinder axis
  Vec3 shapeCenter_B = Vec3::Zero();  // in the scene's body frame
};

// One scalar constraint equation, Kissel et al. 2021 eqs (1)-(4), plus the angle driver.
enum class PrimitiveType { DP1, DP2, D, CD, AngleDriver };

struct Primitive {
  PrimitiveType type = PrimitiveType::DP1;
  int bodyI = kGround;
  int bodyJ = kGround;
  Vec3 a_I = Vec3::Zero();  // DP1, DP2: vector on body i; AngleDriver: u_i (angle measured from it)
  Vec3 b_I = Vec3::Zero();  // AngleDriver: v_i (the direction of positive angle, u_i x v_i = axis)
  Vec3 a_J = Vec3::Zero();  // DP1, AngleDriver: vector on body j
  Vec3 s_I = Vec3::Zero();  // DP2, D, CD: point P on body i
  Vec3 s_J = Vec3::Zero();  // DP2, D, CD: point Q on body j
  Vec3 c_W = Vec3::Zero();  // CD: world axis
  TimeFunction f;           // f(t) of eqs (1)-(4); AngleDriver: the angle theta(t)
  int joint = -1;           // the joint this equation belongs to
};

enum class JointType {
  Spherical,
  Revolute,
  Universal,
  Cylindrical,
  Translational,
  Distance,
  Planar,
  PlanarRevolute,
  AngleDriver,
  Primitive,
  Fixed
};

struct Joint {
  std::string name;
  JointType type = JointType::Primitive;
  int bodyI = kGround;
  int bodyJ = kGround;
  int firstPrimitive = 0;  // equations [firstPrimitive, firstPrimitive + primitiveCount)
  int primitiveCount = 0;
  std::string jsonPath;  // where the scene defines it, for messages
  // the joint's location and axis (body i internal frame), for drawing
  Vec3 point_I = Vec3::Zero();
  Vec3 axis_I = Vec3::Zero();
};

enum class ForceType { TSDA, RSDA, PointForce, Torque, Tire };

// A half-cylinder lying across the road (its axis along world y) at x = centerX.
struct RoadBump {
  double centerX = 0.0;  // m
  double radius = 0.0;   // m
};

// The road surface a tire rolls on: height above z = 0 as a function of world x (constant in y),
// a flat base with bumps on it (forces/road_profile.h evaluates it).
struct RoadProfile {
  double height = 0.0;  // m, of the flat base
  std::vector<RoadBump> bumps;
};

// How a tire sees the road: its centre follows the profile itself (a point contact), or the
// envelope of a rigid ring of the tire's free radius rolling over it.
enum class TireContact { PointFollower, RigidRing };

struct ForceElement {
  std::string name;
  ForceType type = ForceType::TSDA;
  int bodyI = kGround;
  int bodyJ = kGround;
  // TSDA: points on i and j; PointForce: point on body i
  Vec3 s_I = Vec3::Zero();
  Vec3 s_J = Vec3::Zero();
  // RSDA: rotation axis on i and on j, and reference vectors u_i, u_j perpendicular to it; the
  // angle of u_j from u_i about the axis is the spring angle
  Vec3 axis_I = Vec3::Zero();
  Vec3 axis_J = Vec3::Zero();
  Vec3 u_I = Vec3::Zero();
  Vec3 u_J = Vec3::Zero();
  double stiffness = 0.0;  // N/m or N m/rad
  double damping = 0.0;    // N s/m or N m s/rad
  double freeValue = 0.0;  // TSDA free length (m) or RSDA zero-tension angle (rad)
  TimeFunction actuator;   // TSDA actuator force (N, positive pushes apart) or RSDA torque (N m)
  // PointForce / Torque: load components and their frame
  TimeFunction load[3];
  bool loadInBodyFrame = false;
  // Tire: a vertical compression-only spring-damper at the wheel centre s_I of body i, against the
  // road; freeValue is the free radius
  RoadProfile road;
  TireContact contact = TireContact::PointFollower;
  // the element acts for activeFrom <= t < activeUntil (e.g. a damper that settles a run-in)
  double activeFrom = -1e300, activeUntil = 1e300;
  std::string jsonPath;

  bool activeAt(double t) const { return t >= activeFrom && t < activeUntil; }
};

// A named quantity of the motion recorded after the standard channels. The scalar ones are
// recorded with their time derivative as the channels "<name>" and "<name>.rate":
//   Coordinate    c . P for a body point P and a world axis c
//   Displacement  c . (P - P0), P0 the point in the scene's pose
//   Distance      |P_j - P_i|
//   Angle         the angle of u_j from u_i about axis_i (as for an RSDA), continued through turns
//   EulerAngle    one angle of the body's orientation as Tait-Bryan angles R = R_a(1) R_b(2) R_c(3)
//                 about the world axes sequence (a, b, c), continued through turns
// and a beam section as the six channels "<name>.F1" ... "<name>.M3" (no rates): the section
// actions of forces/beam_element.h (axial force, shear forces, torsion, bending moments; section
// axes) at a position along a beam.
enum class OutputType { Coordinate, Displacement, Distance, Angle, EulerAngle, BeamSection };

struct OutputChannel {
  std::string name;
  OutputType type = OutputType::Coordinate;
  int bodyI = kGround;
  int bodyJ = kGround;
  Vec3 s_I = Vec3::Zero();     // Coordinate: the point (body i); Distance: P_i
  Vec3 s_J = Vec3::Zero();     // Distance: P_j
  Vec3 c_W = Vec3::UnitZ();    // Coordinate: world axis
  Vec3 axis_I = Vec3::Zero();  // Angle: axis and reference directions
  Vec3 u_I = Vec3::Zero();
  Vec3 u_J = Vec3::Zero();
  Vec3 initial_W = Vec3::Zero();  // Displacement: the point in the scene's pose
  int sequence[3] = {2, 0, 1};    // EulerAngle: the axes (0 = x, 1 = y, 2 = z) ...
  int angle = 1;                  // ... and which of the three angles is recorded (0, 1, 2)
  int element = 0;                // BeamSection: index in Model::beamElements ...
  double xi = 0.0;                // ... and the section's coordinate in it, -1 .. 1
  std::string unit;               // of the value ("m" or "rad"); the rate is per second
  std::string jsonPath;

  // the number of values it records (OutputChannel order in Formulation::outputValues)
  int valueCount() const { return type == OutputType::BeamSection ? 6 : 2; }
};

struct RunDefaults {
  std::string formulation = "rp";
  std::string integrator = "backward-euler";
  double step = 1e-3;
  double tStart = 0.0;  // the run starts here (may be negative: a run-in before t = 0)
  double tEnd = 1.0;
  double recordFrom = -1e300;         // rows are recorded from this time on
  bool startFromEquilibrium = false;  // initial positions from the static equilibrium at tStart
  int every = 1;
  double rtol = 0.0;  // > 0: variable steps with these tolerances by default
  double atol = 0.0;
  double maxStep = 0.0;                 // largest variable step, 0 = no limit
  std::string linearSolver = "auto";    // index-3 Newton matrix: "auto", "dense" or "sparse"
  std::string jacobianUpdate = "auto";  // "auto", "iteration" or "step"
  std::string index3Form = "kkt";       // "kkt" or "augmented-lagrangian"
  double penalty = 1e6;                 // of the augmented Lagrangian form
  double outputStep = 0.0;         // > 0: output rows every outputStep s (simulation/output_grid.h)
  std::string outputTimes;         // or at the times listed in this file (path as in the scene)
  std::vector<std::string> given;  // the settings the scene gives, by name (for messages)
};

// Something a scene gives that it accepts but no real body has, at its JSON path.
struct ModelWarning {
  std::string path, message;
};

// An equation of a joint left out of the independent set the formulations use: it repeats what the
// kept equations of other joints impose (a loop of plain revolute joints, Bricard's mechanism).
// Found at assembly by a rank-revealing factorization of Phi_q (solvers/constraint_rank.h).
struct RedundantEquation {
  int primitive = 0;         // index in Model::primitives
  std::vector<int> repeats;  // the joints whose kept equations it is a combination of
};

// Something the loader noticed that is not an error (a redundant equation left out), with the
// JSON path of the element it concerns.
struct ModelNote {
  std::string path;
  std::string message;
};

struct Model {
  std::string name;
  std::string description;
  std::string sourcePath;  // file the model came from ("" for built-in text)
  Vec3 gravity_W = Vec3(0.0, 0.0, -9.81);
  TimeFunction gravityFactor =
      TimeFunction::constant(1.0);  // gravity is gravityFactor(t) gravity_W
  std::vector<Body> bodies;         // ground excluded
  std::vector<Primitive> primitives;
  std::vector<Joint> joints;
  std::vector<ForceElement> forces;
  std::vector<OutputChannel> outputs;
  std::vector<Beam> beams;
  std::vector<BeamElement> beamElements;
  RunDefaults defaults;
  double maxInitialCorrection = 1e-5;  // m or rad: largest move the initial projection may make
  // equations left out of every formulation's constraint rows (ascending primitive order); their
  // multipliers are zero: the reactions are those of the kept equations
  std::vector<RedundantEquation> redundant;
  std::vector<ModelNote> notes;        // what the loader noticed (redundant equations), in order
  std::vector<ModelWarning> warnings;  // found by the scene reader (scene/mass_properties.h)

  int bodyCount() const { return static_cast<int>(bodies.size()); }
  int primitiveCount() const { return static_cast<int>(primitives.size()); }
  // the primitives that are constraint rows of the formulations: all but the redundant ones
  std::vector<int> keptPrimitives() const;
  // the redundant equations in one line, e.g. "3 left out: joint 'D' (3 of 5)", the first four
  // joints named and the others counted ("... and 36 more joints"); "" for none
  std::string redundancySummary() const;
  int bodyIndex(const std::string& name) const;  // kGround for "ground", -2 if unknown
  std::string bodyName(int index) const;
};

}  // namespace mbw
