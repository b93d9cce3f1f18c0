#include "studies/formulation_study.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "formulation/formulation.h"

namespace mbw {
namespace {

// --- the mechanisms and the coordinates tracked --------------------------------------------------

// the four mechanisms of the paper; the double pendulum runs in dynamics only
const std::vector<std::string> kMechanisms = {"single-pendulum", "double-pendulum", "four-link",
                                              "slider-crank"};
const std::vector<std::string> kKinematicMechanisms = {"single-pendulum", "four-link",
                                                       "slider-crank"};
const std::vector<std::string> kDynamicMechanisms = kMechanisms;

// the coordinates of Kissel et al. 2021 Figs. 5-7
struct OrderCase {
  const char* mechanism;
  TrackedCoordinate coordinate;
};
// each case: a mechanism and its tracked coordinate, a body and an axis (0 = x, 2 = z)
const std::vector<OrderCase> kOrderCases = {{"single-pendulum", {"first-pendulum", 2}},
                                            {"slider-crank", {"slider", 0}},
                                            {"four-link", {"link-3", 2}}};

// the position, velocity and acceleration channels of a tracked coordinate
std::vector<std::string> channelsOf(const TrackedCoordinate& c) {
  const char axis = "xyz"[c.axis];
  return {c.label(), c.body + ".v" + axis, c.body + ".a" + axis};
}

// each mechanism is the study's scene variant of the same index
int variantOf(const std::string& mechanism) {
  return static_cast<int>(std::find(kMechanisms.begin(), kMechanisms.end(), mechanism) -
                          kMechanisms.begin());
}

// the series of one mechanism in one formulation, made on first use
CostSeries& series(std::vector<CostSeries>& table, const std::string& mechanism,
                   const std::string& formulation) {
  for (CostSeries& s : table)
    if (s.mechanism == mechanism && s.formulation == formulation) return s;
  table.push_back({mechanism, formulation, {}});
  return table.back();
}

// the place of a channel among the study's outputs
size_t outputIndex(const Study& study, const std::string& channel) {
  return static_cast<size_t>(std::find(study.outputs.begin(), study.outputs.end(), channel) -
                             study.outputs.begin());
}

}  // namespace

// one repetition, a short run and three steps: a check that the study runs, not its numbers
FormulationStudySettings FormulationStudySettings::quick() {
  FormulationStudySettings s;
  s.repeats = 1;
  s.timingTEnd = 0.3;
  s.orderSteps = {1e-2, 5e-3, 2e-3};
  s.stateSpace.tEnd = 0.1;
  return s;
}

// --- the cost of a mechanism in a formulation, over the repetitions ------------------------------

bool CostSeries::completed() const {
  // a series counts only if every repetition completed
  return !runs.empty() &&
         std::all_of(runs.begin(), runs.end(), [](const RunCost& r) { return r.completed; });
}

std::string CostSeries::message() const {
  // the first failed repetition's message, or none
  for (const RunCost& r : runs)
    if (!r.completed) return r.message;
  return {};
}

double CostSeries::meanMicroseconds() const {
  // the cpu time per step, averaged over the repetitions
  if (!completed()) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0.0;
  for (const RunCost& r : runs) sum += r.microsecondsPerStep();
  return sum / runs.size();
}

double CostSeries::bestMicroseconds() const {
  // the least cpu time per step: the one least disturbed by the machine's load
  if (!completed()) return std::numeric_limits<double>::quiet_NaN();
  double best = std::numeric_limits<double>::infinity();
  for (const RunCost& r : runs) best = std::min(best, r.microsecondsPerStep());
  return best;
}

double CostSeries::spread() const {
  // the spread: (largest - least) / mean, a measure of the timing's noise
  if (!completed()) return std::numeric_limits<double>::quiet_NaN();
  double hi = 0.0;
  for (const RunCost& r : runs) hi = std::max(hi, r.microsecondsPerStep());
  return (hi - bestMicroseconds()) / meanMicroseconds();
}

double CostSeries::iterationsPerStep() const {
  // newton iterations per step, over all repetitions
  long steps = 0, iterations = 0;
  for (const RunCost& r : runs) {
    steps += r.steps;
    iterations += r.newtonIterations;
  }
  return steps ? double(iterations) / steps : std::numeric_limits<double>::quiet_NaN();
}

// the cost series of one mechanism in one formulation, null when the study did not run it
const CostSeries* FormulationStudy::cost(const std::vector<CostSeries>& table,
                                         const std::string& mechanism,
                                         const std::string& formulation) const {
  for (const CostSeries& s : table)
    if (s.mechanism == mechanism && s.formulation == formulation) return &s;
  return nullptr;
}

// --- the study: timed runs, then the order analysis ----------------------------------------------

// the timed runs of every mechanism and formulation, then the order runs against the truth
Study makeFormulationStudy(const FormulationStudySettings& settings) {
  Study study;
  study.title = "Kissel et al. 2021: rA, rp and rE; joint coordinates against rp in state space";
  // one scene variant per mechanism, in the order of kMechanisms
  for (const std::string& m : kMechanisms) study.variants.push_back({m, {}});

  // timed runs, interleaved so that a change in the machine's load touches every formulation alike
  for (int repeat = 0; repeat < settings.repeats; ++repeat) {
    // the kinematic analysis of each driven mechanism in each formulation
    for (const std::string& m : kKinematicMechanisms)
      for (const std::string& f : formulationNames()) {
        RunSpec spec;
        spec.variant = variantOf(m);
        spec.analysis = RunAnalysis::Kinematics;
        spec.timing = RunTiming::SteppingLoop;
        spec.settings.formulation = f;
        spec.kinematics = {settings.step, settings.timingTEnd, settings.kinematicsTolerance};
        study.runs.push_back(spec);
      }
    // the dynamics of each mechanism in each formulation, at the paper's step and newton tolerance
    for (const std::string& m : kDynamicMechanisms)
      for (const std::string& f : formulationNames()) {
        RunSpec spec;
        spec.variant = variantOf(m);
        spec.timing = RunTiming::SteppingLoop;
        spec.settings.formulation = f;
        spec.settings.tEnd = settings.timingTEnd;
        spec.settings.integratorSettings.step = settings.step;
        spec.settings.integratorSettings.newtonTolerance = settings.positionTolerance;
        spec.settings.integratorSettings.newtonToleranceRule =
            "fixed";  // the paper's, at every step
        study.runs.push_back(spec);
      }
  }

  // order analysis: backward Euler against the kinematic ground truth, the first and last rows
  for (const OrderCase& c : kOrderCases) {
    // the reference: a kinematic analysis in rp at a tolerance of 1e-12
    RunSpec truth;
    truth.variant = variantOf(c.mechanism);
    truth.analysis = RunAnalysis::Kinematics;
    truth.settings.formulation = "rp";
    truth.settings.every = std::numeric_limits<int>::max();
    truth.kinematics = {1e-3, settings.orderTEnd, 1e-12};
    study.references.push_back(
        {std::string(c.mechanism) + ": kinematic analysis in rp, tolerance 1e-12", "", truth});
    // its position, velocity and acceleration channels are outputs of the study
    for (const std::string& channel : channelsOf(c.coordinate)) study.outputs.push_back(channel);
    // each formulation at each step, compared with that reference at the end time
    for (const std::string& f : formulationNames())
      for (double h : settings.orderSteps) {
        // recorded at the first and last rows only, to the timed runs' newton tolerance
        RunSpec spec;
        spec.variant = truth.variant;
        spec.settings.formulation = f;
        spec.settings.tEnd = settings.orderTEnd;
        spec.settings.every = std::numeric_limits<int>::max();
        spec.settings.integratorSettings.step = h;
        spec.settings.integratorSettings.newtonTolerance = settings.positionTolerance;
        spec.settings.integratorSettings.newtonToleranceRule =
            "fixed";  // the paper's, at every step
        spec.reference = static_cast<int>(study.references.size()) - 1;
        study.runs.push_back(spec);
      }
  }

  // the state-space comparison, its scenes as the variants after the mechanisms
  addStateSpaceRuns(settings.stateSpace, settings.repeats, study);
  return study;
}

// --- the results: cost tables and order series ---------------------------------------------------

// the records sorted into the cost series and the order series
FormulationStudy formulationStudyResults(const FormulationStudySettings& settings,
                                         const Study& study,
                                         const std::vector<RunRecord>& records) {
  FormulationStudy out;
  out.settings = settings;
  out.formulations = formulationNames();
  out.stateSpace = stateSpacePlan(settings.stateSpace);
  for (const RunRecord& r : records) {
    // a run of the state-space comparison goes to its scene's row
    const RunSpec& spec = study.runs.at(r.run);
    if (static_cast<size_t>(spec.variant) >= kMechanisms.size()) {
      fileStateSpaceRecord(settings.stateSpace, study, kMechanisms.size(), r, out.stateSpace);
      continue;
    }
    // the run's mechanism and formulation
    const std::string& mechanism = kMechanisms.at(spec.variant);
    const std::string& f = spec.settings.formulation;
    // a timed run adds to its mechanism's series, kinematic or dynamic
    if (spec.timing == RunTiming::SteppingLoop) {
      RunCost cost{r.status == RunStatus::Completed, r.message, r.stats.cpuSeconds, r.stats.steps,
                   r.stats.newtonIterations};
      series(spec.analysis == RunAnalysis::Kinematics ? out.kinematics : out.dynamics, mechanism, f)
          .runs.push_back(cost);
      continue;
    }
    // an order run adds a point to its mechanism's series in its formulation
    // the references were made one per order case, in order: the index is the case's
    const OrderCase& c = kOrderCases.at(static_cast<size_t>(spec.reference));
    // the order series of this mechanism and formulation, made on first use
    auto it = std::find_if(out.orders.begin(), out.orders.end(), [&](const OrderSeries& o) {
      return o.mechanism == mechanism && o.formulation == f;
    });
    if (it == out.orders.end())
      it = out.orders.insert(out.orders.end(), {mechanism, f, c.coordinate, {}});
    // the point: step, the newton tolerance's theta (tolerance / h^2), and the errors at the end
    OrderPoint p;
    p.h = spec.settings.integratorSettings.step;
    p.theta = settings.positionTolerance / (p.h * p.h);
    p.completed = r.status == RunStatus::Completed;
    p.message = r.message;
    if (p.completed) {
      // the errors at the end time, of position, velocity and acceleration
      const std::vector<std::string> channels = channelsOf(c.coordinate);
      p.positionError = r.errors[outputIndex(study, channels[0])].final;
      p.velocityError = r.errors[outputIndex(study, channels[1])].final;
      p.accelerationError = r.errors[outputIndex(study, channels[2])].final;
      p.iterationsPerStep = double(r.stats.newtonIterations) / std::max(1L, r.stats.steps);
    }
    it->points.push_back(p);
  }
  return out;
}

}  // namespace mbw
