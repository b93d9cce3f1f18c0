#include "solvers/initial_state_changes.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "math/rotation.h"
#include "solvers/clean_numbers.h"
#include "solvers/initial_conditions.h"

namespace mbw {
namespace {

std::vector<BodyOutput> bodyStates(Formulation& f, const VectorXd& q, const VectorXd& v) {
  // each body's pose and velocities at q, v (accelerations left at zero)
  const VectorXd zero = VectorXd::Zero(f.velocitySize());
  f.computePositions(0.0, q);
  f.computeVelocities(v);
  std::vector<BodyOutput> out;
  for (int b = 0; b < f.model().bodyCount(); ++b) out.push_back(f.bodyOutput(b, zero));
  return out;
}

}  // namespace

InitialStateChanges computeInitialStateChanges(const Model& model, const std::string& formulation) {
  // no limit on the correction: the changes are to be shown, not refused
  Model unlimited = model;
  unlimited.maxInitialCorrection = std::numeric_limits<double>::infinity();
  const std::unique_ptr<Formulation> f = makeFormulation(formulation, unlimited);

  // the scene's state, then its projection
  VectorXd q, v;
  f->initialState(q, v);
  const std::vector<BodyOutput> before = bodyStates(*f, q, v);
  const ProjectionReport report = projectOntoConstraints(*f, 0.0, q, v);
  const std::vector<BodyOutput> after = bodyStates(*f, q, v);

  // the scales round-off is measured against: the model's size (at least 1 m) and speeds
  double length = 1.0, speed = 1.0;
  for (const Body& b : model.bodies) length = std::max(length, b.position_W.norm());
  for (const Body& b : model.bodies)
    speed = std::max({speed, b.velocity_W.norm(), b.omega_W.norm() * length});

  InitialStateChanges changes;
  changes.iterations = report.iterations;
  // one entry per body: its state before and after, and the differences
  for (int b = 0; b < model.bodyCount(); ++b) {
    BodyStateChange c;
    c.body = model.bodies[b].name;
    c.before = before[b];
    // what the projection left within round-off of 0 or of the scene's value, written as that
    const Body& given = model.bodies[b];
    c.after = after[b];
    c.after.position_W =
        cleanVector(after[b].position_W, given.position_W, kCleanTolerance * length);
    c.after.eulerParameters = cleanEulerParameters(
        after[b].eulerParameters, eulerParametersFromRotation(given.R_WB), kCleanTolerance);
    c.after.velocity_W =
        cleanVector(after[b].velocity_W, given.velocity_W, kCleanTolerance * speed);
    c.after.omega_W =
        cleanVector(after[b].omega_W, given.omega_W, kCleanTolerance * speed / length);
    // how far each body moved and turned, and how much its velocities changed
    c.distance = (c.after.position_W - c.before.position_W).norm();
    // the angle turned, from the Euler parameters' product (the cosine of half of it)
    const double cosHalf =
        std::min(1.0, std::abs(c.before.eulerParameters.dot(c.after.eulerParameters)));
    c.angle = 2.0 * std::acos(cosHalf);
    c.speedChange = (c.after.velocity_W - c.before.velocity_W).norm();
    c.spinChange = (c.after.omega_W - c.before.omega_W).norm();
    changes.bodies.push_back(std::move(c));
  }
  return changes;
}

}  // namespace mbw
