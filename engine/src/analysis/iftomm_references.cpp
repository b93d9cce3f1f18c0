#include "analysis/iftomm_references.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "analysis/pendulum_closed_form.h"

namespace mbw {
namespace {

// --- the pendulum each benchmark reduces to ------------------------------------------------------

// A body whose motion is a pendulum's: its angle theta from hanging down (from `down` towards
// `across`, about normal = down x across) sets where it is. A swinging body keeps its
// orientation (the ball of A01); a turning body turns with theta about its pivot (the crank).
struct Swing {
  int body = -1;
  Vec3 pivot_W = Vec3::Zero(), down = Vec3::Zero(), across = Vec3::Zero(), normal = Vec3::Zero();
  bool turns = false;
  double w0 = 0.0, angle0 = 0.0, rate0 = 0.0;
};

int bodyIndex(const Model& model, const std::string& name) {
  // -1 when the model has no such body
  for (int b = 0; b < model.bodyCount(); ++b)
    if (model.bodies[b].name == name) return b;
  return -1;
}

// the ground point of the first joint between the ground and body b, or false
bool groundPivot(const Model& model, int b, JointType type, Vec3& pivot_W) {
  for (const Joint& j : model.joints) {
    if (j.type != type) continue;
    // a joint's first equation names its two bodies and their points; the ground's point is the
    // pivot
    const Primitive& p = model.primitives[j.firstPrimitive];
    if (p.bodyI == kGround && p.bodyJ == b)
      pivot_W = p.s_I;
    else if (p.bodyJ == kGround && p.bodyI == b)
      pivot_W = p.s_J;
    else
      continue;
    return true;
  }
  return false;
}

// down along gravity; across: the part of the body's offset from the pivot perpendicular to it
// (or, for a body straight above or below its pivot, the direction of its velocity); theta0 and
// its rate from the body's initial position and velocity
void setPlane(const Model& model, const Vec3& offset, const Vec3& velocity, Swing& s) {
  // a pendulum needs gravity to fall along
  if (model.gravity_W.norm() == 0.0) throw std::invalid_argument("the model has no gravity");
  // the plane: down, across it towards the body, and their normal
  s.down = model.gravity_W.normalized();
  Vec3 across = offset - offset.dot(s.down) * s.down;
  // straight above or below the pivot: across along the velocity, else any direction
  if (across.norm() < 1e-12 * offset.norm()) across = velocity - velocity.dot(s.down) * s.down;
  if (across.norm() == 0.0) across = s.down.unitOrthogonal();
  s.across = across.normalized();
  s.normal = s.down.cross(s.across);
  // the angle from down towards across, and its rate omega = (r x v) . n / |r|^2
  s.angle0 = std::atan2(offset.dot(s.across), offset.dot(s.down));
  s.rate0 = offset.cross(velocity).dot(s.normal) / offset.squaredNorm();
}

// A01: the body on a distance joint to the ground
Swing pendulumSwing(const Model& model) {
  Swing s;
  // the pendulum's body and its pivot: the first body on a distance joint to the ground
  for (int b = 0; b < model.bodyCount() && s.body < 0; ++b)
    if (groundPivot(model, b, JointType::Distance, s.pivot_W)) s.body = b;
  if (s.body < 0)
    throw std::invalid_argument(
        "iftomm-a01: no body has a distance joint to the ground (the massless link)");
  // the ball's centre of mass sets the plane and the length; w0 = sqrt(g / l)
  const Body& ball = model.bodies[s.body];
  const Vec3 centre = ball.position_W + ball.R_WB * ball.com_B;
  const Vec3 offset = centre - s.pivot_W;
  setPlane(model, offset, ball.velocity_W + ball.omega_W.cross(ball.R_WB * ball.com_B), s);
  s.w0 = std::sqrt(model.gravity_W.norm() / offset.norm());
  return s;
}

// A02: crank_0 ... crank_N turning alike, coupler_1 ... coupler_N translating
Swing parallelogramSwing(const Model& model) {
  Swing s;
  // the first crank and its ground pivot
  s.body = bodyIndex(model, "crank_0");
  if (s.body < 0)
    throw std::invalid_argument(
        "iftomm-a02: no body crank_0 (the scene of mbw-cli generate n-four-bar)");
  if (!groundPivot(model, s.body, JointType::Revolute, s.pivot_W))
    throw std::invalid_argument("iftomm-a02: crank_0 has no revolute joint to the ground");
  s.turns = true;
  // the plane from crank_0's centre of mass and its velocity
  const Body& crank = model.bodies[s.body];
  const Vec3 centre = crank.position_W + crank.R_WB * crank.com_B;
  setPlane(model, centre - s.pivot_W,
           crank.velocity_W + crank.omega_W.cross(crank.R_WB * crank.com_B), s);
  // the bar length: twice the distance from the pivot to the centre of mass of crank_0
  const double L = 2.0 * (centre - s.pivot_W).norm(), g = model.gravity_W.norm();
  // the mechanism as one pendulum: inertia and gravity moment about the pivots, summed over the
  // cranks (about their centres, then moved to the pivot) and the couplers (masses at the crank
  // tips)
  double inertia = 0.0, moment = 0.0;
  for (int k = 0;; ++k) {
    // crank_0, crank_1, ... until a name is missing
    const int c = bodyIndex(model, "crank_" + std::to_string(k));
    if (c < 0) break;
    // crank k: its own inertia about the normal, moved to the pivot, and its weight at mid-length
    const Body& b = model.bodies[c];
    inertia +=
        s.normal.dot(b.R_WB * b.inertia_B * b.R_WB.transpose() * s.normal) + b.mass * L * L / 4.0;
    moment += b.mass * L / 2.0;
    // crank_0 has no coupler of its own
    if (k == 0) continue;
    // coupler k translates with the crank tips: its whole mass at distance L
    const int j = bodyIndex(model, "coupler_" + std::to_string(k));
    if (j < 0)
      throw std::invalid_argument("iftomm-a02: crank_" + std::to_string(k) + " has no coupler_" +
                                  std::to_string(k));
    inertia += model.bodies[j].mass * L * L;
    moment += model.bodies[j].mass * L;
  }
  // w0 = sqrt(g moment / inertia)
  s.w0 = std::sqrt(g * moment / inertia);
  return s;
}

}  // namespace

// --- the references ------------------------------------------------------------------------------

const std::vector<std::string>& closedFormReferenceNames() {
  static const std::vector<std::string> names = {"iftomm-a01", "iftomm-a02"};
  return names;
}

std::string closedFormReferenceDescription(const std::string& name) {
  if (name == "iftomm-a01")
    return "IFToMM A01: the pendulum in closed form (Jacobi elliptic functions)";
  if (name == "iftomm-a02")
    return "IFToMM A02: the parallelogram's 1-DOF motion in closed form (Jacobi elliptic "
           "functions)";
  return "";
}

Results closedFormReference(const std::string& name, const Model& model,
                            const std::vector<double>& times) {
  // the named reference's swing, and its pendulum in closed form
  if (closedFormReferenceDescription(name).empty())
    throw std::invalid_argument("no closed-form reference named '" + name +
                                "' (there are iftomm-a01, iftomm-a02)");
  const Swing s = name == "iftomm-a01" ? pendulumSwing(model) : parallelogramSwing(model);
  const PendulumClosedForm pendulum(s.w0, s.angle0, s.rate0);
  const Body& body = model.bodies[s.body];

  // the model's coordinate outputs on the moving body, each a value and a rate
  std::vector<const OutputChannel*> outputs;
  std::vector<Channel> channels = {{"t", "s"}};
  for (const OutputChannel& o : model.outputs)
    if (o.type == OutputType::Coordinate && o.bodyI == s.body) {
      outputs.push_back(&o);
      channels.push_back({o.name, "m"});
      channels.push_back({o.name + ".rate", "m/s"});
    }
  // a closed form with nothing to compare is refused
  if (outputs.empty())
    throw std::invalid_argument(name + ": the model has no coordinate output on '" + body.name +
                                "'");

  // one row per requested time: the point of each output at the pendulum's angle, and its velocity
  Results r;
  r.setChannels(channels);
  // the reference named in the results' metadata
  r.metadata.push_back({"reference", closedFormReferenceDescription(name)});
  // the body's centre of mass at the start: what the swing carries round the pivot
  std::vector<double> row(channels.size());
  const Vec3 origin0 = body.position_W + body.R_WB * body.com_B;
  for (double t : times) {
    const PendulumClosedForm::Motion m = pendulum.at(t - model.defaults.tStart);
    // the turn since the start, about the plane's normal
    const Eigen::AngleAxisd turn(m.angle - s.angle0, s.normal);
    row[0] = t;
    for (size_t k = 0; k < outputs.size(); ++k) {
      // a turning body carries the point round its pivot; a swinging one carries it along
      const Vec3 point0 = outputs[k]->initial_W;
      const Vec3 centre = s.pivot_W + turn * (origin0 - s.pivot_W);
      const Vec3 p =
          s.turns ? Vec3(s.pivot_W + turn * (point0 - s.pivot_W)) : Vec3(centre + point0 - origin0);
      // the velocity: the rate about the normal times the arm from the pivot
      const Vec3 v = m.rate * s.normal.cross((s.turns ? p : centre) - s.pivot_W);
      // the outputs along their axes
      row[1 + 2 * k] = outputs[k]->c_W.dot(p);
      row[2 + 2 * k] = outputs[k]->c_W.dot(v);
    }
    r.appendRow(row);
  }
  r.status = RunStatus::Completed;
  return r;
}

// --- the output grid -----------------------------------------------------------------------------

std::vector<double> outputGridTimes(double t0, double tEnd, double step) {
  // t0, t0 + step, ... up to tEnd, and tEnd itself unless the last step reached it within rounding
  const double tiny = 1e-12 * std::max(1.0, std::abs(tEnd));
  std::vector<double> times = {t0};
  for (long k = 1;; ++k) {
    const double t = t0 + double(k) * step;
    if (t > tEnd + tiny) break;
    times.push_back(std::min(t, tEnd));
  }
  if (times.back() < tEnd - tiny) times.push_back(tEnd);
  return times;
}

}  // namespace mbw
