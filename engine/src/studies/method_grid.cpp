#include "studies/method_grid.h"

#include <algorithm>
#include <sstream>

#include "math/number_text.h"
#include "studies/run_record.h"
#include "studies/study_execution.h"

namespace mbw {

// --- the grid of methods and steps ---------------------------------------------------------------

Study makeMethodStepStudy(const std::string& scene, const RunSettings& base,
                          const std::vector<StudyMethod>& methods, const std::vector<double>& steps,
                          bool perStage) {
  // one scene, every method at every step size, methods outermost
  Study study;
  // the one variant: the scene as it is
  study.variants = {{scene, {}}};
  for (const StudyMethod& m : methods)
    for (double h : steps) {
      RunSpec spec;
      spec.settings = studyRunSettings(base, m, h, perStage);
      study.runs.push_back(spec);
    }
  return study;
}

// the channels of the first run's CSV header
void requireRecordedChannels(const Model& model, const Study& study,
                             const std::vector<std::string>& channels) {
  const std::vector<Channel> recorded = runChannels(model, study.runs.at(0));
  // each channel asked for must be among them, before any run starts
  for (const std::string& ch : channels)
    if (std::none_of(recorded.begin(), recorded.end(),
                     [&](const Channel& c) { return c.name == ch; }))
      throw ConfigurationError("no output column '" + ch + "' (see a run's CSV header)");
}

// the integrator, and the rho_inf given with it
std::string methodRunFileName(const StudyMethod& method) {
  return method.integrator + (method.rhoInf >= 0.0 ? "-" + formatNumber(method.rhoInf) : "") +
         ".csv";
}

// --- the convergence reference and the observed orders -------------------------------------------

void addConvergenceReference(Study& study, const RunSettings& base,
                             const ConvergenceReference& reference,
                             const std::vector<std::string>& outputs) {
  // the reference refines the smallest step of the study
  double smallest = 1e300;
  for (const RunSpec& r : study.runs)
    smallest = std::min(smallest, r.settings.integratorSettings.step);
  // the reference method at its default damping, its step a fraction of the study's smallest
  RunSpec ref;
  ref.settings = base;
  ref.settings.integrator = reference.integrator;
  IntegratorSettings& s = ref.settings.integratorSettings;
  s.rhoInf = -1.0;
  s.step = smallest / reference.refine;
  // a variable-step reference at a tight tolerance ...
  std::ostringstream description;
  description << reference.integrator;
  if (reference.rtol) {
    s.variableStep = true;
    s.rtol = s.atol = *reference.rtol;
    description << ", variable steps, rtol = atol = " << *reference.rtol;
  } else {
    // ... or a fixed-step one, recording only at the study's time points
    s.variableStep = false;
    ref.settings.every = reference.refine;
    description << ", fixed step " << s.step << " s (smallest step / " << reference.refine << ")";
  }
  // every run of the study is measured against this one reference
  study.references = {{description.str(), "", ref}};
  study.outputs = outputs;
  for (RunSpec& r : study.runs) r.reference = 0;
}

std::vector<MethodOrder> observedOrders(const Study& study, const std::vector<RunRecord>& records,
                                        size_t output) {
  // group the records by method label, in the order the methods first appear
  std::vector<MethodOrder> orders;
  std::vector<std::vector<const RunRecord*>> runs;
  for (const RunRecord& r : records) {
    const std::string label = methodLabel(study.runs.at(r.run).settings);
    auto it = std::find_if(orders.begin(), orders.end(),
                           [&](const MethodOrder& o) { return o.method == label; });
    // a new method: its entry and its list of runs, side by side
    if (it == orders.end()) {
      orders.push_back({label});
      runs.emplace_back();
      it = orders.end() - 1;
    }
    runs[it - orders.begin()].push_back(&r);
  }
  // per method: the observed order from error against step, and the mean newton iterations
  for (size_t m = 0; m < orders.size(); ++m) {
    std::vector<double> h, e;
    double iterations = 0.0;
    // each run's step and RE of this output; a run without one is skipped by the fit
    for (const RunRecord* r : runs[m]) {
      h.push_back(study.runs.at(r->run).settings.integratorSettings.step);
      e.push_back(output < r->errors.size() ? r->errors[output].relative : RunRecord::kNone);
      iterations += iterationsPerTimePoint(r->stats);
    }
    orders[m].order = observedOrder(h, e);
    orders[m].iterationsPerTimePoint = iterations / runs[m].size();
  }
  return orders;
}

// one list of orders per compared output
std::vector<std::vector<MethodOrder>> observedOrdersByOutput(
    const Study& study, const std::vector<RunRecord>& records) {
  std::vector<std::vector<MethodOrder>> orders;
  for (size_t k = 0; k < study.outputs.size(); ++k)
    orders.push_back(observedOrders(study, records, k));
  return orders;
}

}  // namespace mbw
