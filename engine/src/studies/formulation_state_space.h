#pragma once
// The formulation study's state-space comparison (issue 34): joint coordinates against rp on every
// built-in scene, both advanced by the same state-space integrator (rn4 unless chosen otherwise) at
// the same fixed step, the scene's own `settings.step`, from t = 0:
//   - cost: CPU time per step of the stepping loop alone (stepping_cost.h), repeated and
//     interleaved across the formulations as the index-3 tables' runs are;
//   - accuracy at equal step: the largest error at t_end of the last body's centre (x, y, z)
//     against the engine's reference-quality run (work_precision.h: CVODE BDF on the rp
//     state-space ODE at rtol = atol = 1e-12), which both formulations record (a joint run records
//     the rp coordinates of its motion, simulation.h).
// rA and rE have no state-space ODE (the coordinate partition of Sandu et al. 2001 is written for
// Euler parameters): the state-space integrators refuse them, and their costs beside rp are the
// index-3 tables'. A scene the joint coordinates cannot hold (runFormulationRefusal, run_options.h)
// is not run: its row says why in a word (jointRefusalWord) and the table's notes say it in full.

#include <string>
#include <vector>

#include "analysis/stepping_cost.h"
#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw {

struct StateSpaceComparisonSettings {
  std::vector<std::string> scenes;                          // empty: every built-in scene
  std::vector<std::string> formulations = {"rp", "joint"};  // the first is the baseline
  std::string integrator = "rn4";
  double tEnd = 1.0;   // s, or the scene's own end time when it is sooner
  int maxSteps = 200;  // or this many steps when they end sooner (the 40-window four-bar: 0.2 s)
};

// One formulation on one scene: why it cannot run there, or its timed runs and its error.
struct StateSpaceCell {
  std::string refusal;  // why the formulation cannot run the scene; empty when it can
  std::vector<RunCost> runs;
  bool accuracyMade = false, accuracyCompleted = false;
  std::string accuracyMessage;      // why the accuracy run stopped, when it did not complete
  double error = RunRecord::kNone;  // m: largest |x - X| of the body's x, y, z at t_end
  long accuracySteps = 0;

  bool completed() const;           // every timed run completed
  std::string message() const;      // the first failure of the timed runs
  double meanMicroseconds() const;  // per step, mean over the timed runs (NaN: none)
  double bestMicroseconds() const;  // per step, the fastest timed run
  double spread() const;            // (max - min) / mean of the per-step times
};

// One built-in scene: its step, window, tracked body, and a cell per formulation.
struct StateSpaceRow {
  std::string scene;
  double step = 0.0, tEnd = 0.0;      // s
  std::string body;                   // the last body, whose centre is compared
  std::vector<StateSpaceCell> cells;  // one per StateSpaceComparisonSettings::formulations
  bool runs() const;                  // every formulation can run the scene: the row is measured
};

// The rows before any run: each scene loaded, its step, window and body, and each formulation's
// refusal. Throws what loading a built-in scene throws (an unknown name: std::runtime_error).
std::vector<StateSpaceRow> stateSpacePlan(const StateSpaceComparisonSettings& settings);

// Adds the comparison's scenes as variants (from firstVariant on, one per planned row), its timed
// runs (repeats rounds, each scene's formulations in turn) and one accuracy run per scene and
// formulation against a reference per scene, with the body's channels as outputs.
void addStateSpaceRuns(const StateSpaceComparisonSettings& settings, int repeats, Study& study);

// Files a record of one of those runs (its variant at or past firstVariant) into the rows.
void fileStateSpaceRecord(const StateSpaceComparisonSettings& settings, const Study& study,
                          size_t firstVariant, const RunRecord& record,
                          std::vector<StateSpaceRow>& rows);

// The reason a scene cannot be held in joint coordinates, in a word: "loop", "beam", "inertia" (a
// free or spherical body's singular rotational inertia); "refused" when the reason is none of
// these.
std::string jointRefusalWord(const std::string& refusal);

}  // namespace mbw
