#include "formulation_study.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "scene/scene_reader.h"

namespace mbw::cli {
namespace {

const std::vector<std::string> kKinematicMechanisms = {"single-pendulum", "four-link", "slider-crank"};
const std::vector<std::string> kDynamicMechanisms = {"single-pendulum", "double-pendulum", "four-link",
                                                     "slider-crank"};

// the coordinates of seed 001 Figs. 5-7
struct OrderCase {
  const char* mechanism;
  TrackedCoordinate coordinate;
};
const std::vector<OrderCase> kOrderCases = {{"single-pendulum", {"first-pendulum", 2}},
                                            {"slider-crank", {"slider", 0}},
                                            {"four-link", {"link-3", 2}}};

CostSeries& series(std::vector<CostSeries>& table, const std::string& mechanism,
                   const std::string& formulation) {
  for (CostSeries& s : table)
    if (s.mechanism == mechanism && s.formulation == formulation) return s;
  table.push_back({mechanism, formulation, {}});
  return table.back();
}

}  // namespace

FormulationStudySettings FormulationStudySettings::quick() {
  FormulationStudySettings s;
  s.repeats = 1;
  s.timingTEnd = 0.3;
  s.orderSteps = {1e-2, 5e-3, 2e-3};
  return s;
}

bool CostSeries::completed() const {
  return !runs.empty() && std::all_of(runs.begin(), runs.end(), [](const RunCost& r) { return r.completed; });
}

std::string CostSeries::message() const {
  for (const RunCost& r : runs)
    if (!r.completed) return r.message;
  return {};
}

double CostSeries::meanMicroseconds() const {
  if (!completed()) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0.0;
  for (const RunCost& r : runs) sum += r.microsecondsPerStep();
  return sum / runs.size();
}

double CostSeries::bestMicroseconds() const {
  if (!completed()) return std::numeric_limits<double>::quiet_NaN();
  double best = std::numeric_limits<double>::infinity();
  for (const RunCost& r : runs) best = std::min(best, r.microsecondsPerStep());
  return best;
}

double CostSeries::spread() const {
  if (!completed()) return std::numeric_limits<double>::quiet_NaN();
  double hi = 0.0;
  for (const RunCost& r : runs) hi = std::max(hi, r.microsecondsPerStep());
  return (hi - bestMicroseconds()) / meanMicroseconds();
}

double CostSeries::iterationsPerStep() const {
  long steps = 0, iterations = 0;
  for (const RunCost& r : runs) {
    steps += r.steps;
    iterations += r.newtonIterations;
  }
  return steps ? double(iterations) / steps : std::numeric_limits<double>::quiet_NaN();
}

const CostSeries* FormulationStudy::cost(const std::vector<CostSeries>& table,
                                         const std::string& mechanism,
                                         const std::string& formulation) const {
  for (const CostSeries& s : table)
    if (s.mechanism == mechanism && s.formulation == formulation) return &s;
  return nullptr;
}

FormulationStudy runFormulationStudy(const FormulationStudySettings& settings,
                                     const std::function<bool(const std::string&)>& progress) {
  FormulationStudy study;
  study.settings = settings;
  study.formulations = formulationNames();

  KinematicsSettings kinematics;
  kinematics.step = settings.step;
  kinematics.tEnd = settings.timingTEnd;
  kinematics.tolerance = settings.kinematicsTolerance;
  IntegratorSettings dynamics;
  dynamics.step = settings.step;
  dynamics.newtonTolerance = settings.positionTolerance;

  // timed runs, interleaved so that a change in the machine's load touches every formulation alike
  for (int run = 1; run <= settings.repeats; ++run) {
    if (!progress("timing run " + std::to_string(run) + " of " + std::to_string(settings.repeats))) {
      study.interrupted = true;
      return study;
    }
    for (const std::string& m : kKinematicMechanisms) {
      const Model model = loadScene(m);
      for (const std::string& f : study.formulations)
        series(study.kinematics, m, f).runs.push_back(timeKinematics(model, f, kinematics));
    }
    for (const std::string& m : kDynamicMechanisms) {
      const Model model = loadScene(m);
      for (const std::string& f : study.formulations)
        series(study.dynamics, m, f).runs.push_back(timeDynamics(model, f, dynamics, settings.timingTEnd));
    }
  }

  // order analysis
  for (const OrderCase& c : kOrderCases) {
    const Model model = loadScene(c.mechanism);
    for (const std::string& f : study.formulations) {
      if (!progress(std::string("order analysis: ") + c.mechanism + ", " + f)) {
        study.interrupted = true;
        return study;
      }
      study.orders.push_back({c.mechanism, f, c.coordinate,
                              orderAnalysis(model, f, c.coordinate, settings.orderSteps,
                                            settings.orderTEnd, settings.positionTolerance)});
    }
  }
  return study;
}

}  // namespace mbw::cli
