#pragma once
// Output on requested times (`--output-step`, `--output-times`): a stage between the integrator and
// the recorder. After each accepted step it takes the requested times that fall in the step,
// evaluates the integrator's continuous extension there (Integrator::interpolate: CVODE's and
// IDA's own interpolants, cubic Hermite for the others) and puts each state back onto the
// position and velocity constraints, with the accelerations and multipliers of the equations of
// motion (state_projection.h). A state the integrator gives on the constraints already (the
// state-space integrators solve their dependent coordinates at the requested time) is kept as
// it is. How far the states were off the constraints before the projection is kept in the
// report. Runs of any integrator on the same request share their
// output times, so that they can be compared row by row.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "integrators/integrator.h"
#include "simulation/state_projection.h"

namespace mbw {

struct OutputRequest {
  double step = 0.0;          // > 0: rows at t0 + k step, k = 1, 2, ...
  std::vector<double> times;  // or rows at these times (ascending, within the run)
  bool recordSteps = false;   // with a grid: rows at the integrator's steps as well
  // where the times were read, for messages: the file and the line of each time (empty when the
  // times were given directly)
  std::string timesFile;
  std::vector<int> timesLines;
  bool active() const { return step > 0.0 || !times.empty(); }
};

// What is wrong with a request for a run over [t0, tEnd] ("" when nothing is); a bad time read
// from a file is named with the file and its line
std::string outputRequestProblem(const OutputRequest& request, double t0, double tEnd);

// The times listed in a text file (numbers separated by line breaks, blanks or commas; '#' starts
// a comment) into a request: its times, the file and the line of each time. Throws
// std::runtime_error naming the file and the line of the first problem.
void readOutputTimes(const std::string& path, OutputRequest& request);

// The output settings of a scene (settings.output_step, or settings.output_times read from its
// file, a relative path taken from the scene file's folder). Throws as readOutputTimes.
OutputRequest sceneOutputRequest(const Model& model);
// The path of a scene's output-times file ("" when it gives none): a relative one taken from the
// scene file's folder.
std::string sceneOutputTimesPath(const Model& model);

struct OutputGridReport {
  long points = 0;                 // states at requested times
  long onConstraints = 0;          // ... of which the integrator gave on the constraints (kept)
  long projectionFailures = 0;     // states recorded unprojected (reason below)
  double positionViolation = 0.0;  // largest |Phi|_inf before the projection
  double velocityViolation = 0.0;  // largest |Phi_q v - nu|_inf before the projection
  std::string lastFailure;
};

class OutputGrid {
 public:
  // tolerance: |Phi|_inf of the projected positions
  OutputGrid(Formulation& formulation, const OutputRequest& request, double t0, double tEnd,
             double tolerance);

  // The requested times in (integrator.stepStart(), integrator.state().t], as states on the
  // constraints, passed in order to deliver(const State&), which returns whether to go on (false:
  // the run stops, e.g. on a user's request between two of a step's million output times).
  // Returns false when deliver stopped it. A requested time within round-off of the step's end
  // takes the integrator's state itself, projected too unless the integrator's states lie on the
  // constraints (an index-3 solution's velocities are off Phi_q v = nu). The callback is not
  // called emit: Qt defines emit as an empty macro, which turns such a call into a discarded
  // expression in a translation unit with Qt.
  template <class Deliver>
  bool sample(Integrator& integrator, Deliver&& deliver) {
    const double tEndOfStep = integrator.state().t;
    while (next_ < count_ && time(next_) <= tEndOfStep + tiny_) {
      const double t = time(next_++);
      bool onConstraints = false;
      if (t >= tEndOfStep - tiny_) {
        state_ = integrator.state();
        state_.t = t;
        onConstraints = integrator.statesOnConstraints();
      } else {
        onConstraints = integrator.interpolate(t, state_);
      }
      project(onConstraints);
      if (!deliver(static_cast<const State&>(state_))) return false;
    }
    return true;
  }

  // whether the last sample was at the end of the last step (its row need not be recorded again)
  bool sampledAt(double t) const { return next_ > 0 && std::abs(time(next_ - 1) - t) <= tiny_; }
  const OutputGridReport& report() const { return report_; }

 private:
  // projects state_, or only measures how far it is off the constraints when it lies on them
  void project(bool onConstraints);
  // the k-th requested time after t0 (k < count_): generated for an output step, so that a grid
  // of 1e9 times costs no memory (5e7 times precomputed held 400 MB)
  double time(size_t k) const {
    return step_ > 0.0 ? std::min(t0_ + double(k + 1) * step_, tEnd_) : times_[k];
  }

  double tiny_;
  double t0_, tEnd_, step_;
  std::vector<double> times_;  // the times listed (no output step)
  size_t count_ = 0;
  size_t next_ = 0;
  StateProjection projection_;
  State state_;
  OutputGridReport report_;
};

}  // namespace mbw
