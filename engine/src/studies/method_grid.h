#pragma once
// The studies of Zhang et al. 2022 section 5: several integrators (each with its rho_inf) on one
// scene at fixed steps, compared at equal Delta t or at equal Delta t / n (n = implicit stages per
// step: equal cost). `mbw-cli compare` is one step and no reference; `mbw-cli convergence` several
// steps against a reference run, read through RE (Zhang et al. 2022 eq 26) and the observed orders.

#include <optional>
#include <string>
#include <vector>

#include "analysis/integrator_study.h"
#include "model/model.h"
#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw {

// Every method at every step, in that order (methods outer). base: the scene's settings with the
// user's; a method's rho_inf and base's rho_inf and alpha reach only the methods that have them.
// Throws ConfigurationError for a method that cannot run so.
Study makeMethodStepStudy(const std::string& scene, const RunSettings& base,
                          const std::vector<StudyMethod>& methods, const std::vector<double>& steps,
                          bool perStage);

// Throws ConfigurationError ("no output column 'x' (see a run's CSV header)") for a channel that
// the study's first run does not record on the scene `model` (compare plots them).
void requireRecordedChannels(const Model& model, const Study& study,
                             const std::vector<std::string>& channels);

// The file of a method's run: "lms2.csv", "bathe-0.6.csv" (with the rho_inf it was given).
std::string methodRunFileName(const StudyMethod& method);

struct ConvergenceReference {
  std::string integrator = "esdirk4-6l2sa2";
  std::optional<double> rtol;  // variable steps with rtol = atol = this; else a fixed step
  int refine = 10;             // the reference step is the smallest run step / refine
};

// Adds the reference of a convergence study (base's settings with the reference's integrator and
// step) and the compared outputs (every run is compared).
// A fixed-step reference records every refine-th step, so its rows fall on every run's steps.
void addConvergenceReference(Study& study, const RunSettings& base,
                             const ConvergenceReference& reference,
                             const std::vector<std::string>& outputs);

// The least-squares slope of log RE against log Delta t of each method (runs grouped by method
// label, in study order) for one output.
struct MethodOrder {
  std::string method;
  double order = 0.0;
  double iterationsPerTimePoint = 0.0;  // mean over the method's runs
};
std::vector<MethodOrder> observedOrders(const Study& study, const std::vector<RunRecord>& records,
                                        size_t output);
// The orders of every compared output (study.outputs), in their order.
std::vector<std::vector<MethodOrder>> observedOrdersByOutput(const Study& study,
                                                             const std::vector<RunRecord>& records);

}  // namespace mbw
