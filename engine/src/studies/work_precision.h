#pragma once
// Work-precision (the diagram of SciMLBenchmarks and of the IFToMM benchmark site): each
// integrator at each setting — a tolerance rtol = atol for those that choose their steps, a fixed
// step for the others — its errors against a reference run over the run (max, RMS) and at t_end,
// and the CPU time of the run (the least of N repetitions; the stepping loop with the per-step
// bookkeeping of the outputs, the same for every integrator). One curve per integrator: CPU time
// against error.

#include <string>
#include <vector>

#include "analysis/integrator_study.h"
#include "model/model.h"
#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw {

enum class ErrorMeasure { Max, Rms, Final };
// "max", "rms", "final"; throws ConfigurationError for another name
ErrorMeasure parseErrorMeasure(const std::string& name);
const char* toString(ErrorMeasure measure);
double measureOf(const ErrorMeasures& errors, ErrorMeasure measure);

// What the errors are measured against.
struct ReferenceChoice {
  std::string
      closedForm;    // a closed form of the scene's problem (analysis/iftomm_references.h), or
  std::string file;  // a run's CSV (mbw-cli run -o), or a run of
  std::string integrator;  // this integrator ("": bdf, or with neither tolerance nor step the
                           // engine's reference-quality run) at
  double tolerance = 0.0;  // rtol = atol = this (> 0), or at
  double step = 0.0;       // this fixed step (> 0)
};

// The reference named in one word, as `mbw-cli study work-precision --reference` takes it: a run's
// CSV when it ends in ".csv", else an integrator ("" for the default), at the tolerance or step.
ReferenceChoice referenceChoice(const std::string& fileOrIntegrator, double tolerance, double step);

// The reference run (or file) chosen, from the runs' settings.
ReferenceSpec referenceRun(const RunSettings& base, const ReferenceChoice& choice);

struct WorkPrecisionSettings {
  std::vector<StudyMethod> methods;
  std::vector<double> tolerances;  // for the integrators that choose their steps
  std::vector<double> steps;       // Delta t, for the others (and all, when no tolerances)
  std::vector<std::string>
      outputs;  // default: the scene's named outputs, else the last body's x, y, z
  int repeat = 1;
  ReferenceChoice reference;
  // each method in each of these formulations (runFormulationNames(), simulation.h), their
  // curves overlaid; empty: the base's formulation alone
  std::vector<std::string> formulations;
};

// base: the scene's settings with the user's (formulation, t_end, Newton options, rho_inf).
// Throws ConfigurationError for a method that can run neither at the tolerances nor at the steps,
// for a formulation it does not take, and for a formulation that cannot hold the scene (naming
// the joint, runFormulationRefusal in run_options.h).
Study makeWorkPrecisionStudy(const std::string& scene, const Model& model, const RunSettings& base,
                             const WorkPrecisionSettings& settings);

// The engine's reference-quality run: CVODE's variable-order BDF on the state-space ODE at
// rtol = atol = 1e-12 with the constraints held to 1e-13. Measured: it agrees with rn4 at 1e-12
// to 3e-11 rad on the stiff double pendulum, and with the IVP test set's reference of Andrews'
// squeezer to 1e-9 relative (omega at 0.03 s), at a fraction of their cost.
ReferenceSpec referenceQualityRun(const RunSettings& base);

struct WorkPrecisionCurve {
  std::string method;
  std::vector<double> error, cpu;  // completed runs, by falling error
  std::vector<int> runs;
};
// "rn4", or "rn4, joint" when the study's runs are in several formulations: a run's method as
// the curves, tables and run lines of a work-precision study name it.
std::string workPrecisionMethod(const Study& study, const RunSpec& spec);

// One curve per method (workPrecisionMethod; and scene variant, when the study has several), in
// study order.
std::vector<WorkPrecisionCurve> workPrecisionCurves(const Study& study,
                                                    const std::vector<RunRecord>& records,
                                                    size_t output, ErrorMeasure measure);
// Whether some method has two completed runs or more to draw a line through (a diagram worth
// drawing).
bool hasWorkPrecisionLine(const Study& study, const std::vector<RunRecord>& records);

// "rtol 1e-06" or "h 0.001": what a run of a work-precision study was set to
std::string workPrecisionSetting(const RunSpec& spec);

// The study's runs as a text table: a row per record with its method, setting
// (workPrecisionSetting), status, steps, rejected steps, Newton iterations, factorizations, CPU
// time and, per output, the chosen error measure (each error column as wide as its heading).
std::string workPrecisionTableText(const Study& study, const std::vector<RunRecord>& records,
                                   ErrorMeasure measure);
// The reference as figures name it: its file, or its integrator with its tolerance ("bdf at 1e-10")
// or step ("lms3, h 1e-05").
std::string workPrecisionReferenceName(const Study& study);

}  // namespace mbw
