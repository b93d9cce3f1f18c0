// Models and scene texts made up for the tests (test_models.h): random bodies with one constraint
// primitive or one force element between them for the derivative checks, a scene's JSON from its
// parts, the harmonic oscillator, and names for parameterized cases.

#include "test_models.h"

#include <Eigen/Geometry>
#include <cctype>

#include "integrators/registry.h"
#include "scene/scene_reader.h"

namespace mbw::test {

// a vector with entries uniform in [-scale, scale]
Vec3 randomVector(std::mt19937& rng, double scale) {
  // one draw per statement: the order of a function's arguments is unspecified (gcc and clang
  // differ), and the tests must see the same states whatever the compiler
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Vec3 v;
  for (int k = 0; k < 3; ++k) v[k] = u(rng);
  return scale * v;
}

// a rotation drawn uniformly
Mat3 randomRotation(std::mt19937& rng) {
  // four normal draws make a quaternion uniform on the sphere once normalized
  std::normal_distribution<double> n(0.0, 1.0);
  double c[4];
  for (double& x : c) x = n(rng);
  Eigen::Quaterniond q(c[0], c[1], c[2], c[3]);
  return q.normalized().toRotationMatrix();
}

namespace {

// a body with a random mass, inertia, centre of mass, pose and motion: no special case by accident
Body randomBody(const std::string& name, std::mt19937& rng) {
  Body b;
  // a mass in [1, 3] kg and an inertia of fixed principal moments turned at random
  b.name = name;
  b.mass = 1.0 + std::uniform_real_distribution<double>(0.0, 2.0)(rng);
  const Mat3 R = randomRotation(rng);
  b.inertia_B = R * Vec3(0.5, 0.8, 1.3).asDiagonal() * R.transpose();
  // the centre of mass off the frame's origin, then a random pose and motion
  b.com_B = randomVector(rng, 0.2);
  b.position_W = randomVector(rng, 2.0);
  b.R_WB = randomRotation(rng);
  b.velocity_W = randomVector(rng, 1.5);
  b.omega_W = randomVector(rng, 2.0);
  return b;
}

}  // namespace

// one constraint primitive between two random bodies, repeatable by its seed, for derivative checks
Model randomPrimitiveModel(PrimitiveType type, bool groundI, unsigned seed) {
  std::mt19937 rng(seed);
  Model m;
  // two random bodies under gravity
  m.name = "random-primitive";
  m.gravity_W = Vec3(0.0, 0.0, -9.81);
  m.bodies.push_back(randomBody("a", rng));
  m.bodies.push_back(randomBody("b", rng));
  // the primitive between them (or the ground and b): random unit vectors and points, a driver
  // f(t) with a nonzero rate and second derivative
  Primitive p;
  p.type = type;
  p.bodyI = groundI ? kGround : 0;
  p.bodyJ = 1;
  p.a_I = randomVector(rng).normalized();
  p.b_I = p.a_I.unitOrthogonal();
  p.a_J = randomVector(rng).normalized();
  p.s_I = randomVector(rng, 0.7);
  p.s_J = randomVector(rng, 0.7);
  p.c_W = Vec3::Unit(static_cast<int>(seed % 3));
  p.f = TimeFunction::parse(type == PrimitiveType::AngleDriver ? "0.4 + 1.3*t + 0.2*sin(3*t)"
                                                               : "0.3*sin(2*t) + 0.1*t^2");
  p.joint = 0;
  m.primitives.push_back(p);
  // the joint that owns it
  Joint j;
  j.name = "j";
  j.bodyI = p.bodyI;
  j.bodyJ = 1;
  j.primitiveCount = 1;
  m.joints.push_back(j);
  return m;
}

// one force element between two random bodies (a tire: body a on the road), repeatable by its seed
Model randomForceModel(ForceType type, bool bodyFrame, unsigned seed) {
  std::mt19937 rng(seed);
  Model m;
  // two random bodies under a slanted gravity
  m.name = "random-force";
  m.gravity_W = Vec3(0.3, -0.2, -9.81);
  m.bodies.push_back(randomBody("a", rng));
  m.bodies.push_back(randomBody("b", rng));
  // the element between them: random attachment points and axes, stiffness and damping
  ForceElement e;
  e.name = "e";
  e.type = type;
  e.bodyI = 0;
  e.bodyJ = 1;
  e.s_I = randomVector(rng, 0.5);
  e.s_J = randomVector(rng, 0.5);
  e.axis_I = randomVector(rng).normalized();
  e.u_I = e.axis_I.unitOrthogonal();
  e.u_J = randomVector(rng).normalized();
  e.stiffness = 120.0;
  e.damping = 7.0;
  e.freeValue = type == ForceType::RSDA ? 0.3 : 0.8;
  // even seeds: constant loads (their work is exact, from the configuration)
  const bool constant = seed % 2 == 0;
  e.actuator = constant ? TimeFunction::constant(1.7) : TimeFunction::parse("2*sin(3*t) + 1");
  e.load[0] = constant ? TimeFunction::constant(1.5) : TimeFunction::parse("1.5 + cos(t)");
  e.load[1] = TimeFunction::constant(-2.0);
  e.load[2] = constant ? TimeFunction::constant(0.4) : TimeFunction::parse("0.5*t");
  e.loadInBodyFrame = bodyFrame;
  if (type == ForceType::Tire) {
    // the wheel centre of body a on the rising side of a bump, compressed; bodyFrame selects the
    // rigid-ring envelope, else the point follower
    e.bodyJ = kGround;
    e.stiffness = 3000.0;
    e.contact = bodyFrame ? TireContact::RigidRing : TireContact::PointFollower;
    const Body& a = m.bodies[0];
    const Vec3 w = a.position_W + a.R_WB * (a.com_B + e.s_I);
    e.road.height = w.z() - 0.5;
    e.road.bumps.push_back({w.x() + 0.2, 0.3});
    e.freeValue = 0.35;
  }
  m.forces.push_back(e);
  return m;
}

// a version-1 scene named "test" of the given arrays, with further top-level fields appended
std::string sceneJson(const std::string& bodies, const std::string& joints,
                      const std::string& forces, const std::string& extra) {
  return R"({"format": "mbw-scene", "version": 1, "name": "test", "bodies": )" + bodies +
         R"(, "joints": )" + joints + R"(, "forces": )" + forces + extra + "}";
}

// x'' + (2 pi)^2 x = 0: a 1 kg mass on a spring of (2 pi)^2 N/m, a period of 1 s, from x = 1 m
Model springOscillator(double v0) {
  // the body, its slide along x and the spring; no gravity
  const std::string body = R"([{"name": "mass", "mass": 1, "inertia": [0.1, 0.1, 0.1], )"
                           R"("position": [1, 0, 0], "velocity": [)" +
                           std::to_string(v0) + ", 0, 0]}]";
  return parseScene(
      sceneJson(body,
                R"([{"name": "slide", "type": "translational", "body_i": "ground", "body_j": "mass",
                     "point_i": [0, 0, 0], "point_j": [0, 0, 0], "axis_i": [1, 0, 0],
                     "axis_j": [1, 0, 0]}])",
                R"([{"name": "spring", "type": "tsda", "body_i": "ground", "body_j": "mass",
                     "point_i": [-10, 0, 0], "point_j": [0, 0, 0], "stiffness": 39.47841760435743,
                     "free_length": 10}])",
                R"(, "gravity": [0, 0, 0])"),
      "oscillator");
}

// the integrators with a linear model (all but the state-space ones), in the registry's order
std::vector<std::string> index3IntegratorNames() {
  std::vector<std::string> names;
  for (const IntegratorInfo& i : integratorRegistry())
    if (i.linearModel) names.push_back(i.name);
  return names;
}

// a name gtest accepts for a parameterized case: every character not a letter or digit as '_'
std::string parameterName(const std::string& name) {
  std::string n = name;
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
}

}  // namespace mbw::test
