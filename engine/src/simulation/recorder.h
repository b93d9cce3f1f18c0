#pragma once
// Turns states into output rows: per body the frame origin, Euler parameters, velocities and
// accelerations (world frame), and per step the step size, Newton iterations, the energy terms and
// the constraint violation; then the model's named outputs (value and rate of each).
//
// Energy balance: E = kinetic + potential (gravity, springs);
//   work_in    = work of constant loads (exact, from the configuration) + W, the work of
//                time-varying loads, actuators and drivers (-lambda^T nu);
//   dissipated = D, the energy the dampers took out;
//   balance    = E - E0 - work_in + dissipated   (zero for an exact solution).
// W and D are integrated by the integrator with its own rule (integrators/work_integrals.h) and
// handed to step() and sample(), so that the balance converges with the method's order.
// On request, the Lagrange multipliers: lambda.<joint>.<k> for the k-th equation of a joint (zero
// for an equation left out as redundant, Model::redundant: the kept equations carry the loop's
// reactions), and lambda.<body>.normalization for the formulation's own rows (Euler-parameter
// normalization); and
// the joints' reaction forces and torques in their frames, reaction.<joint>.fx .. tz
// (joint_reactions.h). Runs with requested output times (output_grid.h) record those states
// through sample() and mark the rows in the last channel, on_grid (1 at a requested time, 0 at a
// step).

#include <memory>
#include <vector>

#include "formulation/formulation.h"
#include "integrators/work_integrals.h"
#include "simulation/joint_reactions.h"
#include "simulation/results.h"
#include "solvers/initial_conditions.h"

namespace mbw {

class Recorder {
 public:
  enum class Kind { Dynamics, Kinematics };

  // every: record every N-th step, 0 for none but the last; grid: the run samples requested times;
  // reactions: record the joints' reactions (dynamics only)
  Recorder(Formulation& formulation, Kind kind, int every, bool multipliers = false,
           bool grid = false, bool reactions = false);

  std::vector<Channel> channels() const;
  // rows start at the first state at or after t (the energy balance still counts from the start)
  void setRecordFrom(double t) { recordFrom_ = t; }
  // the bodies whose channels are recorded (all by default; before start())
  void setBodies(std::vector<int> bodies) { bodies_ = std::move(bodies); }
  // the first state of the run (always recorded when due; onGrid: it is one of the requested times)
  void start(const State& state, Results& results, bool onGrid = false);
  // an accepted step of size h with the work integrals at its end; records the row when due (or
  // when last is set)
  void step(const State& state, const WorkIntegrals& work, double h, int newtonIterations,
            bool last, Results& results);
  // a state at a requested output time inside the step being taken (before that step's step()),
  // with the integrals there (Integrator::workAt)
  void sample(const State& state, const WorkIntegrals& work, double h, int newtonIterations,
              Results& results);
  // the run stopped early (failure, cancel): records the last accepted state if it is not yet
  void finish(const State& state, Results& results);

 private:
  struct Energy {
    double kinetic = 0, potential = 0, exactWork = 0;
  };
  Energy evaluate(const State& state);
  bool due(double t) const;  // at or after recordFrom_
  void record(const State& state, double h, int newtonIterations, Results& results,
              const Energy& energy, const WorkIntegrals& work, bool onGrid);

  Formulation& f_;
  Kind kind_;
  int every_;
  bool multipliers_;
  bool grid_;
  long stepCount_ = 0;
  long recordedStep_ = 0;  // step count of the last recorded row
  double recordFrom_ = -1e300;
  long firstRecordedStep_ = -1;  // step count of the first recorded row (-1: none yet)
  double lastH_ = 0.0;
  int lastNewton_ = 0;
  Energy initial_, previous_;
  WorkIntegrals work_;                         // at the last step's end
  std::unique_ptr<JointReactions> reactions_;  // on request (dynamics only)
  std::vector<double> outputs_;                // named outputs of the latest state (2 per output)
  std::vector<int> bodies_;                    // recorded bodies
  std::vector<BodyOutput> bodyOutputs_;        // of the recorded bodies, for the row being recorded
  std::vector<BodyOutput> allBodyOutputs_;     // of every body, for the reactions
  std::vector<double> row_;
};

}  // namespace mbw
