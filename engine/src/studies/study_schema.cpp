#include "studies/study_schema.h"

#include <sstream>

#include "analysis/iftomm_references.h"

namespace mbw {
namespace {

// the study file's schema: one source of truth for the reader, the validator and the docs
using K = FieldKind;

// one field of an object: name, kind, whether required, default, unit, description, and the
// object type or the choices it takes
FieldSpec field(std::string name, K kind, bool required, std::string dflt, std::string unit,
                std::string description, std::string type = "",
                std::vector<std::string> choices = {}) {
  return {std::move(name), kind,
          required,        std::move(dflt),
          std::move(unit), std::move(description),
          std::move(type), std::move(choices)};
}

// the top object: what to run (scenes, formulations, integrators) and what to measure
ObjectSpec studyObject() {
  return {
      "study",
      "A grid of runs: every scene variant, in every formulation, with every integrator at each of "
      "its settings; each run measured (counts, CPU time, energy balance and constraint violation "
      "extremes) and, when outputs are named, compared with a reference run. Paths are relative to "
      "the study file.",
      // what the file is, and what the study asks
      {field("format", K::Enum, true, "", "", "file type marker", "", {"mbw-study"}),
       field("version", K::Integer, true, "", "",
             "format version; this build reads version " + std::to_string(kStudyFormatVersion)),
       field("name", K::String, true, "", "", "short name of the study"),
       field("description", K::String, false, "", "", "what the study asks"),
       // what runs: the scenes, in which formulations, with which integrators, to which end time
       field("scenes", K::Array, true, "", "", "the scenes and their variations", "study-scene"),
       field("formulations", K::StringList, false, "each scene's", "",
             "rp, rA, rE, joint; each integrator runs in those of them it supports"),
       field("integrators", K::Array, true, "", "", "the integrators and their settings grids",
             "study-integrator"),
       field("t_end", K::Number, false, "each scene's", "s", "end time of every run"),
       // what is compared, against what, and how the error is measured
       field("outputs", K::StringList, false, "none", "",
             "CSV columns of a run compared with the reference (e.g. body_2.y, of.wz, "
             "lambda.joint.1); without outputs nothing is compared"),
       field("reference", K::Object, false, "the engine's reference-quality run", "",
             "what the outputs are compared with, one run per scene variant", "study-reference"),
       field(
           "measure", K::Enum, false, "max", "",
           "the error of the work-precision diagram: the largest or RMS over the run, or at t_end",
           "", {"max", "rms", "final"}),
       field("thresholds", K::NumberList, false, "none", "",
             "errors to reach: for each, the cheapest run of every integrator whose error (the "
             "measure, the largest over the outputs) is at most it (mbw-cli sweep writes the "
             "table, thresholds.md)"),
       // how often each run is made, and what is kept of it
       field("repeat", K::Integer, false, "1", "",
             "runs of each setting; the CPU time is the least"),
       field("run_files", K::Boolean, false, "false", "",
             "also write each run's CSV (runs/RUN.csv)")},
      "",
      {}};
}

// a scene and the grid of values its fields take
ObjectSpec studySceneObject() {
  return {
      "study-scene",
      "A scene and the values its fields take: every combination of the variations is a model.",
      // the scene, with an end time of its own if it needs one
      {field("scene", K::String, true, "", "", "a built-in scene name or a scene file"),
       field("t_end", K::Number, false, "the study's", "s", "end time of this scene's runs"),
       // the fields varied, and their values
       field("variations", K::ValueLists, false, "{}", "",
             "JSON pointers into the scene (RFC 6901, e.g. \"/bodies/1/mass\") with their values: "
             "a list, or a range; combined in the order of the pointers, the last varying fastest",
             "study-range")},
      "",
      {}};
}

// a range of numbers, linear or logarithmic
ObjectSpec studyRangeObject() {
  return {"study-range",
          "Numbers from `from` to `to`, both included.",
          // its ends, the count of values and their spacing
          {field("from", K::Number, true, "", "", "first value"),
           field("to", K::Number, true, "", "", "last value"),
           field("count", K::Integer, true, "", "", "how many values, at least 2"),
           field("spacing", K::Enum, false, "linear", "",
                 "equal differences, or equal ratios (positive values)", "", {"linear", "log"})},
          "",
          {}};
}

// an integrator and the grid of its settings, with the newton and linear-solver knobs
ObjectSpec studyIntegratorObject() {
  return {
      "study-integrator",
      "An integrator and its settings grid: a run for each rho_inf and each tolerance, step or "
      "step per stage given (at least one of them).",
      // the integrator and its grid: damping values, tolerances, steps
      {field("name", K::String, true, "", "", "integrator name (mbw-cli list)"),
       field("rho_inf", K::NumberList, false, "the integrator's", "", "spectral radii at infinity"),
       field("tolerances", K::NumberList, false, "", "", "rtol = atol of variable-step runs"),
       field("steps", K::NumberList, false, "", "s", "fixed steps Delta t"),
       field("steps_per_stage", K::NumberList, false, "", "s",
             "fixed steps Delta t / n (n = implicit stages): equal cost across methods"),
       // the variable step's bound and the newton iteration's tolerance
       field("max_step", K::Number, false, "the scene's", "s", "largest variable step"),
       field("newton_tolerance", K::Number, false, "1e-11", "",
             "Newton tolerance on positions (Theta h^2) at fixed steps of 1e-3 s and above"),
       field("newton_tolerance_rule", K::Enum, false, "step", "",
             "index-3 integrators at fixed steps: step (the tolerance falls as (h / 1e-3 s)^4 "
             "below 1e-3 s) or fixed (the same at every step)",
             "", {"step", "fixed"}),
       // the linear algebra of the index-3 integrators
       field("linear_solver", K::Enum, false, "auto", "",
             "index-3 integrators: storage of the Newton matrix", "", {"auto", "dense", "sparse"}),
       field("jacobian_update", K::Enum, false, "auto", "",
             "index-3 integrators: when the Newton matrix is evaluated", "",
             {"auto", "iteration", "step"}),
       field("jacobian", K::Enum, false, "exact", "",
             "state-space integrators that offer it: forward differences", "", {"exact", "fd"}),
       // the error control, and the index-3 form with its penalty
       field("error_control", K::Enum, false, "auto", "",
             "what the tolerances bound: the local errors summed over the run (per-unit-step), "
             "each step's (per-step), or the integrator's default (auto)",
             "", {"auto", "per-unit-step", "per-step"}),
       field("index3_form", K::Enum, false, "kkt", "",
             "index-3 integrators: the equations Newton solves (kkt, or the augmented Lagrangian "
             "form with projections)",
             "", {"kkt", "augmented-lagrangian"}),
       field("penalty", K::Number, false, "1e6", "",
             "penalty factor of the augmented Lagrangian form (dimensionless: times the mean body "
             "mass)")},
      "",
      {}};
}

// what a run's outputs are compared with: a reference run, a csv file or a closed form
ObjectSpec studyReferenceObject() {
  return {"study-reference",
          "A run of the engine (an integrator at a tolerance or a fixed step), a run's CSV file, "
          "or the closed-form solution of a benchmark problem.",
          // a closed form, where the scene's benchmark has one
          {field("closed_form", K::Enum, false, "", "",
                 "the scene's benchmark problem in closed form, at the runs' output times (the "
                 "scene needs an output_step): iftomm-a01, the pendulum; iftomm-a02, the "
                 "N-four-bar's parallelogram motion (see docs/iftomm.md)",
                 "", closedFormReferenceNames()),
           // or a run of the engine, or a run read from a file
           field("integrator", K::String, false, "bdf", "", "integrator of the reference run"),
           field("tolerance", K::Number, false, "1e-10", "", "its rtol = atol"),
           field("step", K::Number, false, "", "s", "a fixed step instead"),
           field("file", K::String, false, "", "",
                 "a run written by mbw-cli run -o (one scene variant only)")},
          "",
          {}};
}

// the schema: the top object, then the objects it holds
std::vector<ObjectSpec> buildSchema() {
  return {studyObject(), studySceneObject(), studyRangeObject(), studyIntegratorObject(),
          studyReferenceObject()};
}

}  // namespace

const std::vector<ObjectSpec>& studySchema() {
  // built once, on first use
  static const std::vector<ObjectSpec> schema = buildSchema();
  return schema;
}

std::string studyFormatMarkdown() {
  // the page's header and introduction, then one section per object of the schema
  std::ostringstream md;
  md << "# Study file format (version " << kStudyFormatVersion << ")\n\n"
     << docsNavigationLine() << "\n\n"
     << "<!-- Generated by `mbw-cli schema --study` from engine/src/studies/study_schema.cpp; do "
        "not edit. -->\n\n"
     << "A study file is a JSON file describing a grid of runs; `mbw-cli sweep STUDY.json -o DIR` "
        "runs it (see [Studies](studies.md#sweeps-from-a-study-file)). Every problem found when "
        "loading is reported with its JSON path (for example `/integrators/2/steps/0`), several at "
        "once.\n\n"
     << "The runs are every combination of: scene, values of its variations, formulation, "
        "integrator, rho_inf, and each tolerance, step or step per stage of the integrator, in "
        "that order (the last varies fastest). Each scene variant has its own reference run.\n";
  md << schemaSectionsMarkdown(studySchema());
  return md.str();
}

}  // namespace mbw
