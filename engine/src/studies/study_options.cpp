#include "studies/study_options.h"

#include <stdexcept>

#include "studies/method_grid_tables.h"

namespace mbw {

// --- the options several studies share -----------------------------------------------------------

// the integrators compared: a name, or a name with its rho_inf
CommandOption integratorsOption(std::string& integrators) {
  return {"integrators", "comma-separated NAME or NAME:RHO_INF", &integrators, kOptionRequired};
}

// the directory of a study's files (-o)
CommandOption outputDirectoryOption(std::string& directory, const std::string& help,
                                    unsigned kind) {
  return {"output-dir", help, &directory, kind, "o"};
}

// --- how a study command runs its study ---------------------------------------------------------

// the table replaced unless resumed, the references where asked
StudyExecutionOptions StudyRunRequest::execution() const {
  return {table, referenceDirectory, resume, replace && !resume};
}

// "fig4.png" in the chosen format
std::string StudyRunRequest::figureFile(const std::string& pngPath) const {
  const size_t dot = pngPath.rfind(".png");
  return dot == std::string::npos ? pngPath : pngPath.substr(0, dot) + "." + figureFormat;
}

namespace {

// --figure-format: png, svg or pdf
CommandOption figureFormatOption(std::string& format) {
  return {"figure-format",
          "the figures as png, svg or pdf (vector drawings, for papers)",
          &format,
          kOptionShowDefault,
          "",
          "",
          {"png", "svg", "pdf"}};
}

}  // namespace

// the runs at once, then the table and the figures' format where the command offers them
std::vector<CommandOption> studyRunOptions(StudyRunRequest& r, unsigned offered) {
  std::vector<CommandOption> options = {
      {"jobs", "runs at once, each on one thread (default: one per core)", &r.jobs, 0, "j"}};
  if (offered & kOfferTable)
    options.push_back({"table",
                       "write the long-format results table (one row per run) to this "
                       "CSV file",
                       &r.table});
  if (offered & kOfferFigureFormat) options.push_back(figureFormatOption(r.figureFormat));
  return options;
}

// a sweep's runs on this machine or the job's processes, resumed on request
std::vector<CommandOption> sweepRunOptions(StudyRunRequest& r) {
  return {
      {"jobs",
       "runs at once on this machine, each on one thread (default: one per core; under MPI: one "
       "per process)",
       &r.jobs, 0, "j"},
      {"resume",
       "continue the study whose table is in the directory: the runs it holds are not made again",
       &r.resume},
      figureFormatOption(r.figureFormat),
  };
}

// the formulation study's runs one at a time
StudyRunRequest formulationStudyRun() {
  StudyRunRequest r;
  r.jobs = 1;
  return r;
}

std::vector<CommandOption> formulationStudyRunOptions(StudyRunRequest& r) {
  return {
      {"jobs",
       "runs at once (default 1: the study compares CPU times, which runs side by side disturb)",
       &r.jobs, kOptionShowDefault, "j"},
      figureFormatOption(r.figureFormat),
  };
}

// --- the papers' studies ------------------------------------------------------------------------

// one row per option: its name, help, the request's field, how it is given (and its short name)
std::vector<CommandOption> toleranceStudyOptions(ToleranceStudyRequest& r) {
  ToleranceStudySettings& s = r.settings;
  return {
      sceneArgument(s.scene),
      // the integrator, the compared channel, the tolerances and the end time
      {"integrator", "variable-step integrator", &s.integrator, kOptionShowDefault},
      {"channel", "compared channel (default: the scene's first named output)", &s.channel},
      {"tolerances", "the tolerances", &s.tolerances, kOptionShowDefault | kOptionCommaList},
      {"t-end", "end time, s (default: the scene's)", &s.tEnd},
      // the reference: a tight tolerance of the same integrator, or a fixed step
      {"reference-tol", "tolerance of the reference run (same integrator)", &s.referenceTolerance,
       kOptionShowDefault},
      {"reference-step", "a fixed-step reference instead (the paper's choice), s",
       &s.referenceStep},
      // a quick check, the table and the figure
      {"quick", "tolerances 1e-2 and 1e-3 only, reference at 1e-8", &s.quick},
      {"output", "write the table to this CSV file", &r.output, 0, "o"},
      {"plot", "write a figure of the reference trajectory and the errors (PNG; .svg or .pdf)",
       &r.plot},
  };
}

// the timing study: an implicit against an explicit integrator, over tolerances and spans
std::vector<CommandOption> timingStudyOptions(TimingStudyRequest& r) {
  TimingStudySettings& s = r.settings;
  return {
      sceneArgument(s.scene),
      // the two integrators and their tolerances
      {"implicit", "the implicit integrator", &s.implicitIntegrator, kOptionShowDefault},
      {"explicit", "the explicit integrator", &s.explicitIntegrator, kOptionShowDefault},
      {"tolerances", "the tolerances", &s.tolerances, kOptionShowDefault | kOptionCommaList},
      // the spans at which the CPU time is read, and Figure 5's run
      {"spans", "simulated times at which CPU time is read, s", &s.spans,
       kOptionShowDefault | kOptionCommaList},
      {"channel", "Figure 5's quantity (default: the scene's first named output)", &r.channel},
      {"figure-tol", "tolerance of Figure 5's run", &s.figureTolerance, kOptionShowDefault},
      {"figure-t-end", "end of Figure 5's run, s (default: the scene's)", &s.figureEnd},
      // the explicit runs' CPU budget and recording
      {"cpu-budget", "stop an explicit run after this much CPU time, s (0: none)", &s.cpuBudget,
       kOptionShowDefault},
      {"explicit-every", "record every N-th explicit step", &s.explicitEvery, kOptionShowDefault},
      // a quick check, the tables and the figure
      {"quick", "spans 0.3 and 0.6 s (through the front wheels' bump), tolerances 1e-2 and 1e-3",
       &s.quick},
      {"output", "write the tables to this CSV file", &r.output, 0, "o"},
      {"plot", "write Figure 5 (PNG; .svg or .pdf)", &r.plot},
  };
}

// the flexible-benchmark study, by its parts
std::vector<CommandOption> flexibleStudyOptions(FlexibleStudyRequest& r) {
  return {
      // the parts to run, and where their files go
      {"parts", "four-bar, four-bar-fine, buckling, shaft, convergence, iterations (default: all)",
       &r.parts, kOptionPositional},
      outputDirectoryOption(r.outputDir, "directory of the CSV and PNG files"),
      // the convergence study's steps and reference; a quick check
      {"convergence-steps", "Delta t / n of the convergence study, s", &r.convergenceSteps,
       kOptionShowDefault | kOptionCommaList},
      {"reference-step", "Delta t of the convergence study's reference, s", &r.referenceStep,
       kOptionShowDefault},
      {"quick", "one method per group (lms2 (0), lms2 (0.6), mssth3)", &r.quick},
  };
}

// the formulation study: timed runs of each mechanism in each formulation
std::vector<CommandOption> formulationStudyOptions(FormulationStudyRequest& r) {
  return {
      outputDirectoryOption(r.outputDir, "directory for the CSV tables and the figures"),
      // the timed runs' repetitions, or a short check
      {"repeats", "timed runs of every mechanism and formulation (averaged)", &r.repeats,
       kOptionShowDefault},
      {"quick", "a short version: one 0.3 s timed run, three step sizes", &r.quick},
  };
}

// --- the studies of a scene over integrators and steps -------------------------------------------

// the work-precision diagram of a scene's integrators
std::vector<CommandOption> workPrecisionOptions(WorkPrecisionRequest& r) {
  return {
      sceneArgument(r.scene),
      integratorsOption(r.integrators),
      // tolerances for the methods that choose their steps, fixed steps for the others
      {"tolerances", "rtol = atol of the integrators that choose their steps", &r.tolerances,
       kOptionCommaList},
      {"steps", "fixed steps Delta t of the others (of all, without --tolerances), s", &r.steps,
       kOptionCommaList},
      // the formulations overlaid
      {"formulations",
       "comma-separated formulations, each integrator run in each and the curves overlaid "
       "(default: --formulation, else the scene's)",
       &r.formulations},
      // the outputs compared
      {"outputs",
       "comma-separated CSV columns compared (default: the scene's named outputs, else the last "
       "body's x, y, z)",
       &r.outputs},
      // the reference the errors are measured against
      {"reference",
       "the reference: an integrator, or a run's CSV (FILE.csv); default: the engine's "
       "reference-quality run (CVODE BDF at 1e-12)",
       &r.reference},
      {"reference-tol", "rtol = atol of the reference integrator (default 1e-10)",
       &r.referenceTolerance},
      {"reference-step", "a fixed step for the reference integrator instead, s", &r.referenceStep},
      // the repeats, and the error measure
      {"repeat", "runs of each setting; the CPU time is the least", &r.repeat, kOptionShowDefault},
      {"measure", "the error of the diagram: max or rms over the run, or final (at t_end)",
       &r.measure, kOptionShowDefault},
      // the table and the figure
      {"output", "write the long-format table (one row per run) to this CSV file", &r.output, 0,
       "o"},
      {"plot",
       "write the work-precision diagram to this file (PNG; .svg or .pdf: a vector drawing)",
       &r.plot},
  };
}

// the convergence study: every integrator at every step, against a reference
std::vector<CommandOption> convergenceOptions(ConvergenceRequest& r) {
  return {
      sceneArgument(r.scene),
      integratorsOption(r.integrators),
      // the steps, per method or per implicit stage
      {"steps", "time steps Delta t (or Delta t / n with --per-stage)", &r.steps,
       kOptionRequired | kOptionCommaList},
      {"per-stage", "the steps are Delta t / n (n = implicit stages): equal cost", &r.perStage},
      // the outputs compared
      {"outputs",
       "comma-separated CSV columns compared, e.g. fe.x,of.wz,lambda.pin-o.1 (default: the last "
       "body's x, vx, ax)",
       &r.outputs},
      // the reference run: its integrator, and its tolerance or its refinement of the smallest step
      {"reference", "integrator of the reference run", &r.reference.integrator, kOptionShowDefault},
      {"reference-rtol", "variable-step reference with rtol = atol = this (default: fixed step)",
       &r.reference.rtol},
      {"reference-refine", "reference step = smallest step / this", &r.reference.refine,
       kOptionShowDefault},
      // the table and the figure
      {"output", "write the table (and the orders as comment lines) to this CSV file", &r.output, 0,
       "o"},
      {"plot", "write RE and iteration charts to this file (PNG; .svg or .pdf: a vector drawing)",
       &r.plot},
  };
}

// the compare study: every integrator at one step
std::vector<CommandOption> compareOptions(CompareRequest& r) {
  return {
      sceneArgument(r.scene),
      integratorsOption(r.integrators),
      // a step the same for every method, or per implicit stage
      {"step", "Delta t of every method, s", &r.step, 0, "", "step-per-stage"},
      {"step-per-stage", "Delta t / n, s (n = implicit stages): equal cost", &r.step},
      // the channels drawn, the table, the figure and each run's CSV
      {"channels", "comma-separated outputs to plot", &r.channels, kOptionShowDefault},
      {"output", "write the table to this CSV file", &r.output, 0, "o"},
      {"plot", "write the overlaid outputs to this file (PNG; .svg or .pdf: a vector drawing)",
       &r.plot},
      {"runs", "write each run's CSV into this (existing) directory", &r.runsDirectory},
  };
}

// --- a study file --------------------------------------------------------------------------------

// a sweep of a study file into an output directory
std::vector<CommandOption> sweepOptions(SweepRequest& r) {
  return {
      {"study", "the study file (JSON, \"format\": \"mbw-study\")", &r.studyFile,
       kOptionPositional | kOptionRequired},
      outputDirectoryOption(r.directory,
                            "directory for results.csv, the references and the figures",
                            kOptionRequired),
  };
}

// --- the studies the requests make --------------------------------------------------------------

CompareStudy makeCompareStudy(const Model& model, RunSettings base, const CompareRequest& r) {
  // a step, and the multipliers the channels name recorded
  if (!(r.step > 0.0))
    throw std::invalid_argument("give --step (Delta t) or --step-per-stage (Delta t / n)");
  CompareStudy c;
  c.channels = commaListItems(r.channels);
  recordMultipliersFor(c.channels, base);
  // one run per method at the step, refused before it starts when a drawn output is not recorded
  c.methods = parseStudyMethods(r.integrators);
  c.study = makeMethodStepStudy(r.scene, base, c.methods, {r.step}, r.perStage);
  requireRecordedChannels(model, c.study, c.channels);
  c.study.title = "compare on " + model.name;
  return c;
}

ConvergenceStudy makeConvergenceStudy(const Model& model, RunSettings base,
                                      const ConvergenceRequest& r) {
  // the steps and the reference's refinement, the outputs (default: the last body's)
  if (r.steps.empty()) throw std::invalid_argument("give the steps with --steps h1,h2,...");
  if (r.reference.refine < 1) throw std::invalid_argument("--reference-refine must be at least 1");
  ConvergenceStudy c;
  c.outputs = commaListItems(r.outputs);
  if (c.outputs.empty()) c.outputs = defaultConvergenceOutputs(model);
  // every step recorded, with the multipliers the outputs name
  base.every = 1;
  recordMultipliersFor(c.outputs, base);
  // every method at every step, against one reference run
  c.study =
      makeMethodStepStudy(r.scene, base, parseStudyMethods(r.integrators), r.steps, r.perStage);
  addConvergenceReference(c.study, base, r.reference, c.outputs);
  c.study.title = "convergence on " + model.name;
  return c;
}

WorkPrecisionSettings workPrecisionSettings(const WorkPrecisionRequest& r) {
  // the tolerances, steps, outputs and repeats as given; the reference and the methods parsed
  WorkPrecisionSettings s;
  s.tolerances = r.tolerances;
  s.steps = r.steps;
  s.outputs = commaListItems(r.outputs);
  s.repeat = r.repeat;
  s.reference = referenceChoice(r.reference, r.referenceTolerance, r.referenceStep);
  s.methods = parseStudyMethods(r.integrators);
  s.formulations = commaListItems(r.formulations);
  return s;
}

FormulationStudySettings formulationStudySettings(const FormulationStudyRequest& r) {
  // the quick version's settings, or the defaults with the repeats given
  FormulationStudySettings s =
      r.quick ? FormulationStudySettings::quick() : FormulationStudySettings{};
  if (!r.quick) s.repeats = r.repeats;
  if (s.repeats < 1) throw std::invalid_argument("--repeats must be at least 1");
  return s;
}

}  // namespace mbw
