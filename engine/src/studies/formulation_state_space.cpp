// The formulation study's state-space comparison: joint coordinates against rp on every built-in
// scene (see formulation_state_space.h).

#include "studies/formulation_state_space.h"

#include <algorithm>
#include <limits>

#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "simulation/run_options.h"
#include "studies/work_precision.h"

namespace mbw {
namespace {

constexpr double kNotMeasured = std::numeric_limits<double>::quiet_NaN();

// the channels of a body's centre
std::vector<std::string> centreChannels(const std::string& body) {
  return {body + ".x", body + ".y", body + ".z"};
}

// the place of a channel among the study's outputs (outputs.size() when absent)
size_t channelIndex(const Study& study, const std::string& channel) {
  return static_cast<size_t>(std::find(study.outputs.begin(), study.outputs.end(), channel) -
                             study.outputs.begin());
}

// a run of the comparison: the integrator at the scene's fixed step from t = 0
RunSettings comparisonRun(const StateSpaceComparisonSettings& s, const StateSpaceRow& row,
                          const std::string& formulation) {
  RunSettings run;
  run.formulation = formulation;
  run.integrator = s.integrator;
  run.tStart = 0.0;
  run.tEnd = row.tEnd;
  run.integratorSettings.step = row.step;
  run.integratorSettings.variableStep = false;
  run.confirmed = true;  // the study chose its size
  return run;
}

}  // namespace

// --- a cell: the timed runs' cost ----------------------------------------------------------------

bool StateSpaceCell::completed() const {
  return !runs.empty() &&
         std::all_of(runs.begin(), runs.end(), [](const RunCost& r) { return r.completed; });
}

std::string StateSpaceCell::message() const {
  for (const RunCost& r : runs)
    if (!r.completed) return r.message;
  return {};
}

double StateSpaceCell::meanMicroseconds() const {
  if (!completed()) return kNotMeasured;
  double sum = 0.0;
  for (const RunCost& r : runs) sum += r.microsecondsPerStep();
  return sum / runs.size();
}

double StateSpaceCell::bestMicroseconds() const {
  if (!completed()) return kNotMeasured;
  double best = std::numeric_limits<double>::infinity();
  for (const RunCost& r : runs) best = std::min(best, r.microsecondsPerStep());
  return best;
}

double StateSpaceCell::spread() const {
  if (!completed()) return kNotMeasured;
  double hi = 0.0;
  for (const RunCost& r : runs) hi = std::max(hi, r.microsecondsPerStep());
  return (hi - bestMicroseconds()) / meanMicroseconds();
}

bool StateSpaceRow::runs() const {
  return std::all_of(cells.begin(), cells.end(),
                     [](const StateSpaceCell& c) { return c.refusal.empty(); });
}

// --- the plan: scenes, steps, windows and refusals -----------------------------------------------

std::vector<StateSpaceRow> stateSpacePlan(const StateSpaceComparisonSettings& settings) {
  // the scenes asked for, or every built-in one
  std::vector<std::string> scenes = settings.scenes;
  if (scenes.empty())
    for (const BuiltinScene& b : builtinScenes()) scenes.push_back(b.name);
  std::vector<StateSpaceRow> rows;
  for (const std::string& scene : scenes) {
    // the scene's own step, its end time capped (by the span, then by the count of steps), its
    // last body
    const Model model = loadScene(scene);
    StateSpaceRow row;
    row.scene = scene;
    row.step = model.defaults.step;
    row.tEnd = std::min({settings.tEnd, model.defaults.tEnd, settings.maxSteps * row.step});
    row.body = model.bodies.empty() ? "" : model.bodies.back().name;
    // each formulation's refusal: the model's, else the integrator's
    const IntegratorInfo* info = findIntegrator(settings.integrator);
    for (const std::string& f : settings.formulations) {
      StateSpaceCell cell;
      cell.refusal = runFormulationRefusal(f, model);
      if (cell.refusal.empty() && info)
        cell.refusal =
            unsupportedReason(*info, f, comparisonRun(settings, row, f).integratorSettings);
      row.cells.push_back(cell);
    }
    rows.push_back(row);
  }
  return rows;
}

// --- the runs ------------------------------------------------------------------------------------

void addStateSpaceRuns(const StateSpaceComparisonSettings& settings, int repeats, Study& study) {
  const std::vector<StateSpaceRow> rows = stateSpacePlan(settings);
  // a variant per row, in order
  const int first = static_cast<int>(study.variants.size());
  for (const StateSpaceRow& row : rows) study.variants.push_back({row.scene, {}});
  // timed runs, each round every measured scene in every formulation, interleaved
  for (int repeat = 0; repeat < repeats; ++repeat)
    for (size_t k = 0; k < rows.size(); ++k) {
      if (!rows[k].runs()) continue;
      for (const std::string& f : settings.formulations) {
        RunSpec spec;
        spec.variant = first + static_cast<int>(k);
        spec.timing = RunTiming::SteppingLoop;
        spec.settings = comparisonRun(settings, rows[k], f);
        study.runs.push_back(spec);
      }
    }
  // the accuracy runs: the end state against the scene's reference-quality run
  for (size_t k = 0; k < rows.size(); ++k) {
    if (!rows[k].runs()) continue;
    const int variant = first + static_cast<int>(k);
    // the reference, every step recorded so that its end is read exactly
    ReferenceSpec reference = referenceQualityRun(comparisonRun(settings, rows[k], "rp"));
    reference.run.variant = variant;
    reference.run.settings.every = 1;
    reference.description = rows[k].scene + ": " + reference.description;
    study.references.push_back(reference);
    // the body's centre, once per body name
    for (const std::string& channel : centreChannels(rows[k].body))
      if (channelIndex(study, channel) == study.outputs.size()) study.outputs.push_back(channel);
    // each formulation at the same step, its first and last rows recorded
    for (const std::string& f : settings.formulations) {
      RunSpec spec;
      spec.variant = variant;
      spec.settings = comparisonRun(settings, rows[k], f);
      spec.settings.every = std::numeric_limits<int>::max();
      spec.reference = static_cast<int>(study.references.size()) - 1;
      study.runs.push_back(spec);
    }
  }
}

// --- the records into the rows -------------------------------------------------------------------

void fileStateSpaceRecord(const StateSpaceComparisonSettings& settings, const Study& study,
                          size_t firstVariant, const RunRecord& r,
                          std::vector<StateSpaceRow>& rows) {
  // the run's row, and its formulation's cell
  const RunSpec& spec = study.runs.at(r.run);
  StateSpaceRow& row = rows.at(static_cast<size_t>(spec.variant) - firstVariant);
  const auto& fs = settings.formulations;
  const size_t f =
      static_cast<size_t>(std::find(fs.begin(), fs.end(), spec.settings.formulation) - fs.begin());
  StateSpaceCell& cell = row.cells.at(f);
  // a timed run adds to the cell's costs
  const bool completed = r.status == RunStatus::Completed;
  if (spec.timing == RunTiming::SteppingLoop) {
    cell.runs.push_back(
        {completed, r.message, r.stats.cpuSeconds, r.stats.steps, r.stats.newtonIterations});
    return;
  }
  // the accuracy run: the largest end error of the body's centre coordinates
  cell.accuracyMade = true;
  cell.accuracyCompleted = completed;
  cell.accuracyMessage = r.message;
  cell.accuracySteps = r.stats.steps;
  if (!completed) return;
  double worst = 0.0;
  for (const std::string& channel : centreChannels(row.body)) {
    const size_t k = channelIndex(study, channel);
    const double e = k < r.errors.size() ? r.errors[k].final : kNotMeasured;
    if (!(e >= 0.0)) return;  // not measured: no error
    worst = std::max(worst, e);
  }
  cell.error = worst;
}

// --- the refusal in a word -----------------------------------------------------------------------

std::string jointRefusalWord(const std::string& refusal) {
  // the reasons the tree gives (joint/kinematic_tree.cpp, joint/tree_ode.cpp), in their words
  if (refusal.find("closes a loop") != std::string::npos) return "loop";
  if (refusal.find("beam node") != std::string::npos) return "beam";
  if (refusal.find("singular rotational inertia") != std::string::npos) return "inertia";
  return "refused";
}

}  // namespace mbw
