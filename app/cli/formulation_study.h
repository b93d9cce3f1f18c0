#pragma once
// `mbw-cli study formulations`: seed 001 section 4 reproduced on its four mechanisms with rA, rp and
// rE — CPU time per step and speedups relative to rp for kinematics (Table 8) and dynamics
// (Table 10), Newton iterations per step (Table 9, and for dynamics), the iterations of the four-link
// dynamics against the step (Fig. 4) and the order analysis (Figs. 5-7, with fitted orders).

#include <functional>
#include <string>
#include <vector>

#include "analysis/formulation_study.h"
#include "chart.h"
#include "study_table.h"

namespace mbw::cli {

struct FormulationStudySettings {
  int repeats = 10;                 // timed runs of every (mechanism, formulation), interleaved
  double timingTEnd = 3.0;          // s, each timed run
  double step = 1e-3;               // s, timed runs
  double kinematicsTolerance = 1e-10;   // on the correction norm (Table 8)
  double positionTolerance = 1e-11;     // Theta h^2 (eq 46)
  std::vector<double> orderSteps = {1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4};
  double orderTEnd = 3.0;           // s, where errors are measured

  // a short version: one timed run of 0.3 s, three step sizes
  static FormulationStudySettings quick();
};

// The measured costs of one mechanism in one formulation over the repeated runs.
struct CostSeries {
  std::string mechanism, formulation;
  std::vector<RunCost> runs;
  bool completed() const;
  std::string message() const;           // the first failure
  double meanMicroseconds() const;        // per step, mean over the runs
  double bestMicroseconds() const;        // per step, the fastest run (the least disturbed)
  double spread() const;                  // (max - min) / mean of the per-step times
  double iterationsPerStep() const;
};

struct OrderSeries {
  std::string mechanism, formulation;
  TrackedCoordinate coordinate;
  std::vector<OrderPoint> points;
};

struct FormulationStudy {
  FormulationStudySettings settings;
  bool interrupted = false;  // stopped early: the tables hold what was measured
  std::vector<std::string> formulations;  // rp first: the baseline
  std::vector<CostSeries> kinematics, dynamics;
  std::vector<OrderSeries> orders;

  const CostSeries* cost(const std::vector<CostSeries>& table, const std::string& mechanism,
                         const std::string& formulation) const;
};

// Runs everything; progress(message) is called before each group of runs and returns whether to
// go on (false stops the study: Ctrl-C).
FormulationStudy runFormulationStudy(const FormulationStudySettings& settings,
                                     const std::function<bool(const std::string&)>& progress);

// The tables (seed 001 Tables 8, 9, 10, dynamics iterations, orders, order-analysis errors) and the
// figures (Figs. 4-7), with the file names they are saved under.
std::vector<std::pair<std::string, StudyTable>> studyTables(const FormulationStudy& study);
std::vector<std::pair<std::string, plot::Figure>> studyFigures(const FormulationStudy& study);

}  // namespace mbw::cli
