#include "studies/work_precision.h"

#include <algorithm>
#include <iomanip>
#include <numeric>
#include <sstream>

#include "analysis/iftomm_references.h"
#include "integrators/registry.h"
#include "math/number_text.h"
#include "simulation/run_options.h"
#include "simulation/run_settings.h"

namespace mbw {
namespace {

std::vector<std::string> defaultOutputs(const Model& model) {
  // the scene's named outputs, else the last body's position
  std::vector<std::string> out;
  for (const OutputChannel& o : model.outputs) out.push_back(o.name);
  if (!out.empty()) return out;
  const std::string b = model.bodies.back().name;
  return {b + ".x", b + ".y", b + ".z"};
}

}  // namespace

// --- the reference of a study --------------------------------------------------------------------

// a file by its extension, else an integrator
ReferenceChoice referenceChoice(const std::string& fileOrIntegrator, double tolerance,
                                double step) {
  ReferenceChoice choice;
  const std::string& text = fileOrIntegrator;
  // a name ending in .csv is a file
  if (text.size() > 4 && text.compare(text.size() - 4, 4, ".csv") == 0)
    choice.file = text;
  else
    choice.integrator = text;
  // the tolerance and the step of the reference integrator
  choice.tolerance = tolerance;
  choice.step = step;
  return choice;
}

ReferenceSpec referenceRun(const RunSettings& base, const ReferenceChoice& choice) {
  // a closed form at the runs' own output times ...
  if (!choice.closedForm.empty()) {
    // of the run's settings only the time window serves
    RunSpec window;
    window.settings = base;
    return {closedFormReferenceDescription(choice.closedForm) + ", at the runs' output times", "",
            window, choice.closedForm};
  }
  // ... or a run read from a file, or the engine's reference-quality run ...
  if (!choice.file.empty()) return {"the run in " + choice.file, choice.file, {}};
  if (choice.integrator.empty() && choice.tolerance <= 0.0 && choice.step <= 0.0)
    return referenceQualityRun(base);
  // ... or the integrator asked for (bdf when only its tolerance or step is), at its default
  // damping, at a fixed step or a tolerance
  RunSpec ref;
  ref.settings = base;
  ref.settings.integrator = choice.integrator.empty() ? "bdf" : choice.integrator;
  IntegratorSettings& s = ref.settings.integratorSettings;
  s.rhoInf = -1.0;
  s.alpha.reset();
  std::string description = ref.settings.integrator;
  // a fixed step when one is given, else a tolerance, 1e-10 unless given
  if (choice.step > 0.0) {
    s.variableStep = false;
    s.step = choice.step;
    description += ", fixed step " + formatNumber(choice.step) + " s";
  } else {
    s.variableStep = true;
    s.rtol = s.atol = choice.tolerance > 0.0 ? choice.tolerance : 1e-10;
    description += ", rtol = atol = " + formatNumber(s.rtol);
  }
  return {description, "", ref};
}

// --- error measures, and the engine's reference-quality run --------------------------------------

// an error measure by the name a study file gives it; an unknown one is the study's error
ErrorMeasure parseErrorMeasure(const std::string& name) {
  for (ErrorMeasure m : {ErrorMeasure::Max, ErrorMeasure::Rms, ErrorMeasure::Final})
    if (name == toString(m)) return m;
  throw ConfigurationError("unknown error measure '" + name + "' (max, rms or final)");
}

// an error measure's name, as study files and tables write it
const char* toString(ErrorMeasure m) {
  switch (m) {
    case ErrorMeasure::Max:
      return "max";
    case ErrorMeasure::Rms:
      return "rms";
    case ErrorMeasure::Final:
      return "final";
  }
  return "?";
}

// the chosen measure among a run's error measures
double measureOf(const ErrorMeasures& e, ErrorMeasure m) {
  return m == ErrorMeasure::Max ? e.max : m == ErrorMeasure::Rms ? e.rms : e.final;
}

ReferenceSpec referenceQualityRun(const RunSettings& base) {
  // bdf at tight tolerances, with the constraints held tighter still
  RunSpec ref;
  ref.settings = base;
  ref.settings.integrator = "bdf";
  IntegratorSettings& s = ref.settings.integratorSettings;
  // the base's damping and linear-algebra choices do not carry over
  s.rhoInf = -1.0;
  s.alpha.reset();
  s.variableStep = true;
  s.rtol = s.atol = 1e-12;
  s.constraintTolerance = 1e-13;
  s.linearSolver = s.jacobianUpdate = "auto";
  return {
      "bdf (CVODE, state-space ODE), rtol = atol = 1e-12, constraints to 1e-13: the engine's "
      "reference-quality run",
      "", ref};
}

// --- the work-precision study: each method at each tolerance or step -----------------------------

Study makeWorkPrecisionStudy(const std::string& scene, const Model& model, const RunSettings& base,
                             const WorkPrecisionSettings& o) {
  // a study needs tolerances or steps, and at least one repetition
  if (o.tolerances.empty() && o.steps.empty())
    throw ConfigurationError("give tolerances or steps (or both)");
  if (o.repeat < 1) throw ConfigurationError("the repetitions must be at least 1");
  // one scene, its outputs compared (default: the scene's named ones)
  Study study;
  study.title = "work-precision on " + model.name;
  study.variants = {{scene, {}}};
  study.outputs = o.outputs.empty() ? defaultOutputs(model) : o.outputs;
  // every step recorded, the multipliers too when an output names them; the reference likewise
  RunSettings runBase = base;
  runBase.every = 1;
  recordMultipliersFor(study.outputs, runBase);
  study.references = {referenceRun(runBase, o.reference)};
  study.references[0].run.settings.every = 1;

  // the formulations overlaid, each one that cannot hold the scene refused by name
  const std::vector<std::string> formulations =
      o.formulations.empty() ? std::vector<std::string>{base.formulation} : o.formulations;
  for (const std::string& f : formulations) {
    const std::vector<std::string> known = runFormulationNames();
    if (std::find(known.begin(), known.end(), f) == known.end())
      throw ConfigurationError("unknown formulation '" + f + "'");
    const std::string refusal = runFormulationRefusal(f, model);
    if (!refusal.empty())
      throw ConfigurationError("the " + f + " formulation cannot run '" + model.name +
                               "': " + refusal);
  }
  for (const std::string& formulation : formulations)
    for (const StudyMethod& m : o.methods) {
      // variable-step methods run by tolerance when tolerances are given, the others by step
      const IntegratorInfo* info = findIntegrator(m.integrator);
      if (!info) throw ConfigurationError("unknown integrator '" + m.integrator + "'");
      const bool byTolerance = info->capabilities.variableStep && !o.tolerances.empty();
      // a method that can run neither way says what to give
      if (!byTolerance && (o.steps.empty() || !info->capabilities.fixedStep))
        throw ConfigurationError(m.integrator +
                                 (info->capabilities.fixedStep
                                      ? " runs with fixed steps only: give steps too"
                                      : " chooses its own steps: give tolerances too"));
      for (double value : byTolerance ? o.tolerances : o.steps) {
        // one run per tolerance or step, refused at once if the method cannot run it so
        RunSpec spec;
        spec.settings = studyRunSettings(
            runBase, m, byTolerance ? runBase.integratorSettings.step : value, false);
        spec.settings.formulation = formulation;
        // by tolerance: a variable step at rtol = atol = the value
        if (byTolerance) {
          spec.settings.integratorSettings.variableStep = true;
          spec.settings.integratorSettings.rtol = spec.settings.integratorSettings.atol = value;
        }
        // the method must support this formulation and these settings
        const std::string why =
            unsupportedReason(*info, spec.settings.formulation, spec.settings.integratorSettings);
        if (!why.empty()) throw ConfigurationError(why);
        // each run repeated as asked, and compared with the one reference
        spec.repeat = o.repeat;
        spec.reference = 0;
        study.runs.push_back(spec);
      }
    }
  return study;
}

// --- curves and tables ---------------------------------------------------------------------------

// the method, with its formulation when the study's runs are in several
std::string workPrecisionMethod(const Study& study, const RunSpec& spec) {
  const bool several = std::any_of(study.runs.begin(), study.runs.end(), [&](const RunSpec& r) {
    return r.settings.formulation != study.runs.front().settings.formulation;
  });
  return methodLabel(spec.settings) + (several ? ", " + spec.settings.formulation : "");
}

// the points of the work-precision diagram, a curve per method
std::vector<WorkPrecisionCurve> workPrecisionCurves(const Study& study,
                                                    const std::vector<RunRecord>& records,
                                                    size_t output, ErrorMeasure measure) {
  std::vector<WorkPrecisionCurve> curves;
  // one curve per method (and scene variant, when there are several): error against cpu time
  for (const RunRecord& r : records) {
    const RunSpec& spec = study.runs.at(r.run);
    // the label: the method (with its formulation), and the variant when there are several
    std::string label = workPrecisionMethod(study, spec);
    if (study.variants.size() > 1) label += ", " + variantLabel(study.variants.at(spec.variant));
    // its curve, made on first use: a method whose runs all failed keeps an empty one
    auto it = std::find_if(curves.begin(), curves.end(),
                           [&](const WorkPrecisionCurve& c) { return c.method == label; });
    if (it == curves.end()) it = curves.insert(curves.end(), WorkPrecisionCurve{label, {}, {}, {}});
    // only completed runs with a measured error make a point
    const double e =
        output < r.errors.size() ? measureOf(r.errors[output], measure) : ErrorMeasures::kNone;
    if (r.status != RunStatus::Completed || !(e >= 0.0)) continue;
    it->error.push_back(e);
    it->cpu.push_back(r.stats.cpuSeconds);
    it->runs.push_back(r.run);
  }
  // each curve by falling error
  for (WorkPrecisionCurve& c : curves) {
    std::vector<size_t> order(c.error.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return c.error[a] > c.error[b]; });
    // the points in that order, each with its run
    WorkPrecisionCurve sorted{c.method, {}, {}, {}};
    for (size_t k : order) {
      sorted.error.push_back(c.error[k]);
      sorted.cpu.push_back(c.cpu[k]);
      sorted.runs.push_back(c.runs[k]);
    }
    c = std::move(sorted);
  }
  return curves;
}

// a curve of two points or more, by the final error of the first output
bool hasWorkPrecisionLine(const Study& study, const std::vector<RunRecord>& records) {
  for (const WorkPrecisionCurve& c : workPrecisionCurves(study, records, 0, ErrorMeasure::Final))
    if (c.error.size() > 1) return true;
  return false;
}

std::string workPrecisionSetting(const RunSpec& spec) {
  // a run's setting: its tolerance, or its step
  const IntegratorSettings& s = spec.settings.integratorSettings;
  return s.variableStep ? "rtol " + formatNumber(s.rtol) : "h " + formatNumber(s.step);
}

// the runs as a text table: their counts, CPU time and errors
std::string workPrecisionTableText(const Study& study, const std::vector<RunRecord>& records,
                                   ErrorMeasure measure) {
  std::ostringstream out;
  // the header: the run's columns, then an error column per output
  out << "\n"
      << std::left << std::setw(22) << "method" << std::setw(12) << "setting" << std::setw(11)
      << "status" << std::setw(8) << "steps" << std::setw(9) << "rejected" << std::setw(9)
      << "Newton" << std::setw(8) << "factor." << std::setw(11) << "CPU s";
  // an error column as wide as its heading, so that long channel names never run together
  std::vector<int> widths;
  for (const std::string& o : study.outputs) {
    const std::string heading = std::string(toString(measure)) + " " + o;
    widths.push_back(std::max<int>(16, static_cast<int>(heading.size()) + 2));
    out << std::setw(widths.back()) << heading;
  }
  out << "\n";
  // a row per record
  for (const RunRecord& r : records) {
    const RunSpec& spec = study.runs[r.run];
    out << std::setw(22) << workPrecisionMethod(study, spec) << std::setw(12)
        << workPrecisionSetting(spec) << std::setw(11) << toString(r.status) << std::setw(8)
        << r.stats.steps << std::setw(9) << r.stats.rejectedSteps << std::setw(9)
        << r.stats.newtonIterations << std::setw(8) << r.stats.factorizations << std::setw(11)
        << formatNumber(r.stats.cpuSeconds);
    // the run's error per output, in the measure chosen
    for (size_t o = 0; o < r.errors.size(); ++o)
      out << std::setw(widths[o]) << formatNumber(measureOf(r.errors[o], measure));
    out << "\n";
  }
  return out.str();
}

std::string workPrecisionReferenceName(const Study& study) {
  // the reference's short name: its file, or its method and setting
  const ReferenceSpec& ref = study.references.at(0);
  if (!ref.file.empty()) return ref.file;
  const IntegratorSettings& s = ref.run.settings.integratorSettings;
  return ref.run.settings.integrator +
         (s.variableStep ? " at " + formatNumber(s.rtol) : ", h " + formatNumber(s.step));
}

}  // namespace mbw
