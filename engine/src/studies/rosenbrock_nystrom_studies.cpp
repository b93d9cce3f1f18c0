#include "studies/rosenbrock_nystrom_studies.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "analysis/reference_error.h"
#include "integrators/registry.h"
#include "math/number_text.h"

namespace mbw {
namespace {

// the scene's formulation, step and largest step with a variable step at rtol = atol = tolerance,
// each step's local error held to it (the paper's control, eqs 13-16) where the integrator offers
// it
RunSettings variableStepSettings(const Model& model, const std::string& integrator, double tEnd,
                                 double tolerance) {
  // the scene's defaults, at a variable step
  RunSettings s;
  s.formulation = model.defaults.formulation;
  s.integrator = integrator;
  s.tEnd = tEnd;
  s.integratorSettings.step = model.defaults.step;
  s.integratorSettings.maxStep = model.defaults.maxStep;
  s.integratorSettings.variableStep = true;
  s.integratorSettings.rtol = s.integratorSettings.atol = tolerance;
  // per-step control where the integrator offers it, else its default
  const IntegratorInfo* info = findIntegrator(integrator);
  const std::vector<std::string> offered =
      info ? info->capabilities.errorControls : std::vector<std::string>{};
  if (std::find(offered.begin(), offered.end(), "per-step") != offered.end())
    s.integratorSettings.errorControl = "per-step";
  return s;
}

}  // namespace

// --- the tolerance study -------------------------------------------------------------------------

// the channel asked for, else the scene's first named output
std::string studyChannel(const Model& model, const std::string& scene,
                         const std::string& requested) {
  // a channel asked for as it is; without one, the scene must name an output
  if (!requested.empty()) return requested;
  if (model.outputs.empty())
    throw std::invalid_argument(scene + " has no named outputs: choose a channel with --channel");
  return model.outputs.front().name;
}

Study makeToleranceStudy(const Model& model, const ToleranceStudySettings& o) {
  // the errors of a channel and of its rate, over the scene's window or the one asked for
  Study study;
  // one scene, the channel and its rate compared
  study.title = "tolerance study of " + o.integrator + " on " + model.name;
  study.variants = {{o.scene, {}}};
  study.outputs = {o.channel, o.channel + ".rate"};
  const double tEnd = o.tEnd > 0.0 ? o.tEnd : model.defaults.tEnd;
  // the reference: the same integrator at a very tight tolerance (or a fixed step)
  // a quick check settles for a looser reference
  const double refTolerance = o.quick ? std::max(o.referenceTolerance, 1e-8) : o.referenceTolerance;
  RunSpec reference;
  reference.settings = variableStepSettings(model, o.integrator, tEnd, refTolerance);
  // a fixed-step reference when asked, named by its step
  if (o.referenceStep > 0.0) {
    reference.settings.integratorSettings.variableStep = false;
    reference.settings.integratorSettings.step = o.referenceStep;
    char text[64];
    std::snprintf(text, sizeof text, "%.3g", o.referenceStep);
    study.references = {{"reference, fixed step " + std::string(text), "", reference}};
  } else {
    study.references = {
        {"reference, rtol = atol = " + formatTolerance(refTolerance), "", reference}};
  }
  // each tolerance (two when quick) against the one reference
  for (double tol : o.quick ? std::vector<double>{1e-2, 1e-3} : o.tolerances) {
    RunSpec spec;
    spec.settings = variableStepSettings(model, o.integrator, tEnd, tol);
    spec.reference = 0;
    study.runs.push_back(spec);
  }
  return study;
}

double relativeErrorPercent(const ErrorMeasures& error, const Results& reference,
                            const std::string& channel) {
  // the largest error relative to the reference's size at the time of that error
  const int c = reference.column(channel);
  if (c < 0 || std::isnan(error.max)) return ErrorMeasures::kNone;
  // the reference interpolated at the time of the largest error
  const double value = std::abs(
      interpolateCubic4(reference.columnValues(0), reference.columnValues(c), error.timeOfMax));
  // a reference at zero there gives an infinite relative error
  return value > 0.0 ? 100.0 * error.max / value : INFINITY;
}

// --- the timing study ----------------------------------------------------------------------------

TimingStudy makeTimingStudy(const Model& model, TimingStudySettings o) {
  // refused without spans or tolerances, or with a span that is not positive
  if (o.spans.empty() || o.tolerances.empty() ||
      !(*std::min_element(o.spans.begin(), o.spans.end()) > 0.0))
    throw std::invalid_argument("give positive spans and at least one tolerance");
  // quick: two short spans, two tolerances
  if (o.quick) {
    o.spans = {0.3, 0.6};
    o.tolerances = {1e-2, 1e-3};
  }
  // the spans in increasing order: the checkpoints of every run, the last its end
  std::sort(o.spans.begin(), o.spans.end());
  TimingStudy timing;
  Study& study = timing.study;
  // one scene, with a CPU-time checkpoint at each span
  study.title = "explicit versus implicit on " + model.name;
  study.variants = {{o.scene, {}}};
  study.checkpoints = o.spans;
  // each integrator at each tolerance, to the longest span
  for (const bool isExplicit : {false, true})
    for (double tol : o.tolerances) {
      RunSpec spec;
      spec.settings = variableStepSettings(
          model, isExplicit ? o.explicitIntegrator : o.implicitIntegrator, o.spans.back(), tol);
      // the explicit runs record sparsely and stop at their cpu budget (they may take very long)
      if (isExplicit) {
        spec.settings.every = o.explicitEvery;
        spec.cpuBudget = o.cpuBudget;
      }
      // the run's index kept by series, so that the tables find the runs of each integrator
      (isExplicit ? timing.explicitRuns : timing.implicitRuns)
          .push_back(static_cast<int>(study.runs.size()));
      study.runs.push_back(spec);
    }
  // Figure 5: the implicit step size over one run
  RunSpec figure;
  // to the given end, else the scene's; a quick check to its last span
  const double figureEnd =
      o.quick ? o.spans.back() : (o.figureEnd > 0.0 ? o.figureEnd : model.defaults.tEnd);
  figure.settings = variableStepSettings(model, o.implicitIntegrator, figureEnd, o.figureTolerance);
  timing.figureRun = static_cast<int>(study.runs.size());
  study.runs.push_back(figure);
  return timing;
}

}  // namespace mbw
