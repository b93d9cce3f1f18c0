#pragma once
// A study: a list of run specifications (a scene or a variation of its fields, an analysis, a
// formulation, an integrator and its settings) and the measures taken of each run (errors of
// chosen outputs against a reference run, counts, energy balance, constraint violation, CPU time).
// Every comparison of the workbench is a study: the commands build one (convergence, compare,
// the papers' studies, work-precision, a study file), an executor runs it (study_execution.h), and
// the analyses read its records (study_analysis.h).

#include <string>
#include <utility>
#include <vector>

#include "simulation/simulation.h"

namespace mbw {

// One model of a study: a scene, with some of its fields given other values.
struct SceneVariant {
  std::string scene;  // built-in name or scene file
  // JSON pointer (RFC 6901, e.g. "/bodies/1/mass") -> the field's value as JSON text
  std::vector<std::pair<std::string, std::string>> fields;
};

enum class RunAnalysis { Dynamics, Kinematics };
// WholeRun: the CPU time of the run (recording included); SteppingLoop: of its stepping loop
// alone, nothing recorded (Kissel et al. 2021 Tables 8-10)
enum class RunTiming { WholeRun, SteppingLoop };

struct RunSpec {
  int variant = 0;  // index into Study::variants
  RunAnalysis analysis = RunAnalysis::Dynamics;
  RunSettings settings;           // dynamics; a kinematic analysis reads formulation and every
  KinematicsSettings kinematics;  // kinematic analysis: step, t_end, tolerance
  RunTiming timing = RunTiming::WholeRun;
  int repeat = 1;          // the run is made this many times; its CPU time is the least
  double cpuBudget = 0.0;  // CPU s after which the run is stopped (kept, marked cancelled); 0: none
  int reference = -1;      // index into Study::references, < 0: no errors measured
};

// The run errors are measured against: a run of the study's engine, a results CSV, or a closed
// form of the scene's problem.
struct ReferenceSpec {
  std::string description;  // said in every output, e.g. "esdirk4-6l2sa2, fixed step 1e-4 s"
  std::string file;         // a CSV written by a run (mbw-cli run -o), or when empty:
  RunSpec run;  // the run (its variant, time window and output step serve a closed form)
  // when not empty, the closed-form solution of that name (analysis/iftomm_references.h) at the
  // run's output times instead of the run
  std::string closedForm = "";
};

struct Study {
  std::string title;
  std::vector<SceneVariant> variants;
  std::vector<std::string> variedFields;  // the JSON pointers the variants set (table columns)
  std::vector<ReferenceSpec> references;
  std::vector<RunSpec> runs;
  std::vector<std::string> outputs;  // channels compared with the reference (CSV column names)
  std::vector<double> checkpoints;   // simulated times at which each run's CPU time is read
};

// "lms3 (0.6)", "rn4": the integrator with its effective rho_inf where it has one
std::string methodLabel(const RunSettings& settings);
// time points solved per step (n of the paper's Delta t / n); 1 for a kinematic analysis
int implicitStages(const RunSpec& spec);
// the end time of a run
double endTime(const RunSpec& spec);
// "double-pendulum" or "double-pendulum /bodies/1/mass = 2"
std::string variantLabel(const SceneVariant& variant);

}  // namespace mbw
