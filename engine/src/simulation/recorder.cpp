#include "simulation/recorder.h"

#include <cmath>

namespace mbw {

// --- the channels --------------------------------------------------------------------------------

Recorder::Recorder(Formulation& formulation, Kind kind, int every, bool multipliers, bool grid,
                   bool reactions)
    : f_(formulation),
      kind_(kind),
      every_(std::max(0, every)),
      multipliers_(multipliers),
      grid_(grid) {
  // every body is recorded; joint reactions only for dynamics
  for (int b = 0; b < formulation.model().bodyCount(); ++b) bodies_.push_back(b);
  if (reactions && kind == Kind::Dynamics)
    reactions_ = std::make_unique<JointReactions>(formulation);
}

std::vector<Channel> Recorder::channels() const {
  // time, then per body its position, Euler parameters, velocity and angular velocity
  std::vector<Channel> c{{"t", "s"}};
  for (int body : bodies_) {
    const std::string n = f_.model().bodies[body].name + ".";
    for (const char* s : {"x", "y", "z"}) c.push_back({n + s, "m"});
    for (const char* s : {"e0", "e1", "e2", "e3"}) c.push_back({n + s, ""});
    for (const char* s : {"vx", "vy", "vz"}) c.push_back({n + s, "m/s"});
    for (const char* s : {"wx", "wy", "wz"}) c.push_back({n + s, "rad/s"});
  }
  // dynamics: the step, Newton's iterations and the energy balance; kinematics: the iterations
  if (kind_ == Kind::Dynamics) {
    c.push_back({"h", "s"});
    c.push_back({"newton_iterations", ""});
    // the energies of the balance, in joules
    for (const char* s : {"energy.kinetic", "energy.potential", "energy.work_in",
                          "energy.dissipated", "energy.balance"})
      c.push_back({s, "J"});
  } else {
    c.push_back({"newton_iterations", ""});
  }
  // the constraint violations, then per body its accelerations
  c.push_back({"violation.position", ""});
  c.push_back({"violation.velocity", ""});
  for (int body : bodies_) {
    const std::string n = f_.model().bodies[body].name + ".";
    for (const char* s : {"ax", "ay", "az"}) c.push_back({n + s, "m/s^2"});
    for (const char* s : {"dwx", "dwy", "dwz"}) c.push_back({n + s, "rad/s^2"});
  }
  // the model's outputs, each with its rate; a beam section's forces and moments instead
  for (const OutputChannel& o : f_.model().outputs) {
    if (o.type == OutputType::BeamSection) {
      for (const char* s : {"F1", "F2", "F3"}) c.push_back({o.name + "." + s, "N"});
      for (const char* s : {"M1", "M2", "M3"}) c.push_back({o.name + "." + s, "N m"});
      continue;
    }
    c.push_back({o.name, o.unit});
    c.push_back({o.name + ".rate", o.unit + "/s"});
  }
  // the multipliers, one per equation of each joint, then the formulation's own rows
  if (multipliers_) {
    const Model& m = f_.model();
    // one multiplier per primitive equation of each joint
    for (const Joint& j : m.joints)
      for (int k = 1; k <= j.primitiveCount; ++k)
        c.push_back({"lambda." + j.name + "." + std::to_string(k), ""});
    // the formulation's own rows: a normalization per body
    for (int r = f_.primitiveRows(); r < f_.constraintSize(); ++r)
      c.push_back({"lambda." + m.bodies[r - f_.primitiveRows()].name + ".normalization", ""});
  }
  // the joints' reaction wrenches, and whether the row lies on the output grid
  if (reactions_)
    for (Channel& r : reactions_->channels()) c.push_back(std::move(r));
  if (grid_) c.push_back({"on_grid", ""});
  return c;
}

// --- the rows ------------------------------------------------------------------------------------

Recorder::Energy Recorder::evaluate(const State& s) {
  // the formulation at the state: positions, velocities, outputs, and for dynamics the energies
  f_.computePositions(s.t, s.q);
  f_.computeVelocities(s.v);
  f_.outputValues(outputs_);
  Energy e;
  // a kinematic analysis records no energies
  if (kind_ == Kind::Kinematics) return e;
  const EnergyTerms t = f_.energy(s.lambda);
  e.kinetic = t.kinetic;
  e.potential = t.potential;
  e.exactWork = t.exactWork;
  return e;
}

void Recorder::start(const State& state, Results& results, bool onGrid) {
  // the channels on the first start; the counters and the work from zero; the initial state's
  // energies as the balance's reference
  if (results.channels().empty()) results.setChannels(channels());
  stepCount_ = recordedStep_ = 0;
  firstRecordedStep_ = -1;
  work_ = WorkIntegrals{};
  initial_ = previous_ = evaluate(state);
  // the initial state, when it lies within the recorded interval
  if (due(state.t)) {
    firstRecordedStep_ = 0;
    record(state, 0.0, 0, results, previous_, work_, onGrid);
  }
}

// due from the record start on, less a round-off of the time
bool Recorder::due(double t) const { return t >= recordFrom_ - 1e-12 * std::max(1.0, std::abs(t)); }

void Recorder::step(const State& state, const WorkIntegrals& work, double h, int newtonIterations,
                    bool last, Results& results) {
  // the state's energies and the step's figures, kept for finish()
  ++stepCount_;
  previous_ = evaluate(state);
  work_ = work;
  lastH_ = h;
  lastNewton_ = newtonIterations;
  // the first step within the recorded interval starts the count of every_
  if (firstRecordedStep_ < 0) {
    if (!due(state.t) && !last) return;
    firstRecordedStep_ = stepCount_;
  }
  // every every_-th step from there, and the last
  if (last || (every_ > 0 && (stepCount_ - firstRecordedStep_) % every_ == 0))
    record(state, h, newtonIterations, results, previous_, work_, false);
}

void Recorder::sample(const State& state, const WorkIntegrals& work, double h, int newtonIterations,
                      Results& results) {
  // an output-grid state, interpolated, recorded when due
  if (!due(state.t)) return;
  record(state, h, newtonIterations, results, evaluate(state), work, true);
}

void Recorder::finish(const State& state, Results& results) {
  // the last state, unless its step was recorded already
  if (stepCount_ == recordedStep_) return;
  // the formulation at the last state; its energies are those step() kept
  evaluate(state);
  record(state, lastH_, lastNewton_, results, previous_, work_, false);
}

void Recorder::record(const State& s, double h, int newtonIterations, Results& results,
                      const Energy& e, const WorkIntegrals& work, bool onGrid) {
  // positions and velocities are current in the formulation (evaluate() ran for this state)
  if (!onGrid) recordedStep_ = stepCount_;
  row_.clear();
  // time, then the bodies' positions, orientations and velocities
  row_.push_back(s.t);
  bodyOutputs_.resize(bodies_.size());
  for (size_t k = 0; k < bodies_.size(); ++k) {
    bodyOutputs_[k] = f_.bodyOutput(bodies_[k], s.vdot);
    const BodyOutput& o = bodyOutputs_[k];
    row_.insert(row_.end(), o.position_W.data(), o.position_W.data() + 3);
    row_.insert(row_.end(), o.eulerParameters.data(), o.eulerParameters.data() + 4);
    row_.insert(row_.end(), o.velocity_W.data(), o.velocity_W.data() + 3);
    row_.insert(row_.end(), o.omega_W.data(), o.omega_W.data() + 3);
  }
  if (kind_ == Kind::Dynamics) {
    // the work put in: the constant loads' work since the start (a function of the configuration)
    // plus the integrated work; the balance: the change of energy less the work put in, plus the
    // energy dissipated
    const double workIn = (e.exactWork - initial_.exactWork) + work.work;
    const double balance = (e.kinetic + e.potential) - (initial_.kinetic + initial_.potential) -
                           workIn + work.dissipated;
    // the step, the iterations, then the energies, the work and the balance
    row_.push_back(h);
    row_.push_back(newtonIterations);
    row_.insert(row_.end(), {e.kinetic, e.potential, workIn, work.dissipated, balance});
  } else {
    row_.push_back(newtonIterations);
  }
  // the violations at the state's positions and velocities
  row_.push_back(f_.positionViolation());
  row_.push_back(f_.velocityViolation(s.v));
  // the accelerations, then the outputs
  for (const BodyOutput& o : bodyOutputs_) {
    row_.insert(row_.end(), o.acceleration_W.data(), o.acceleration_W.data() + 3);
    row_.insert(row_.end(), o.omegaDot_W.data(), o.omegaDot_W.data() + 3);
  }
  row_.insert(row_.end(), outputs_.begin(), outputs_.end());
  if (multipliers_) {
    // every equation of the model in order, those left out as redundant with zero (the kept set
    // carries the reactions), then the formulation's own rows
    const size_t first = row_.size();
    row_.resize(first + f_.model().primitiveCount(), 0.0);
    for (int r = 0; r < f_.primitiveRows(); ++r) row_[first + f_.rowPrimitives()[r]] = s.lambda[r];
    row_.insert(row_.end(), s.lambda.data() + f_.primitiveRows(),
                s.lambda.data() + s.lambda.size());
  }
  // the joints' reaction wrenches, then the grid flag and the row itself
  if (reactions_) {
    // the reactions need every body's outputs, recorded or not
    allBodyOutputs_.resize(f_.model().bodyCount());
    for (size_t b = 0; b < allBodyOutputs_.size(); ++b)
      allBodyOutputs_[b] = f_.bodyOutput(int(b), s.vdot);
    reactions_->compute(s.q, s.lambda, allBodyOutputs_, row_);
  }
  if (grid_) row_.push_back(onGrid ? 1.0 : 0.0);
  results.appendRow(row_);
}

}  // namespace mbw
