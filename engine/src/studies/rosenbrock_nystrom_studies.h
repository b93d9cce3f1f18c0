#pragma once
// The studies of Sandu et al. 2001 section 5 as studies of the engine:
//  - tolerance (Tables 1-2): does the step-size control meet the tolerance? A variable-step
//    integrator at rtol = atol = 10^k against a reference run of the same integrator at a very
//    tight tolerance (or a fixed step); errors of a channel and of its rate;
//  - explicit versus implicit (Tables 3-4, Figure 5): the CPU time of an explicit code and of the
//    implicit Rosenbrock-Nystrom method at each tolerance, read as each run passes 1..4 s, and the
//    implicit step size over one run.

#include <string>
#include <vector>

#include "model/model.h"
#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw {

struct ToleranceStudySettings {
  std::string scene;
  std::string integrator = "rn4";
  std::string channel;  // compared with its rate
  std::vector<double> tolerances{1e-2, 1e-3, 1e-4, 1e-5};
  double tEnd = 0.0;  // default: the scene's
  double referenceTolerance = 1e-10;
  double referenceStep = 0.0;  // > 0: a fixed-step reference instead
  bool quick = false;          // tolerances 1e-2 and 1e-3, reference at 1e-8 at most
};

// The channel a study follows: `requested`, else the scene's first named output; throws
// std::invalid_argument naming `scene` (as the user gave it) when the scene has none.
std::string studyChannel(const Model& model, const std::string& scene,
                         const std::string& requested);

// outputs: channel, channel.rate
Study makeToleranceStudy(const Model& model, const ToleranceStudySettings& settings);

// 100 Delta / |E*(t*)|: the largest error relative to the reference's value where it occurs
double relativeErrorPercent(const ErrorMeasures& error, const Results& reference,
                            const std::string& channel);

struct TimingStudySettings {
  std::string scene;
  std::string implicitIntegrator = "rn4";
  std::string explicitIntegrator = "adams";
  std::vector<double> tolerances{1e-2, 1e-3, 1e-4, 1e-5};
  std::vector<double> spans{1, 2, 3, 4};  // sorted
  double figureTolerance = 1e-3;
  double figureEnd = 0.0;  // default: the scene's t_end
  double cpuBudget = 0.0;  // per explicit run, s (0: none)
  int explicitEvery = 50;  // record every N-th step of the explicit runs
  bool quick = false;      // spans 0.3 and 0.6 s, tolerances 1e-2 and 1e-3
};

// The study (checkpoints: the spans) and its runs by what they are, as indices into Study::runs.
struct TimingStudy {
  Study study;
  std::vector<int> implicitRuns, explicitRuns;  // each integrator at each tolerance, in their order
  int figureRun = -1;                           // Figure 5's run
};
// Throws std::invalid_argument without spans or tolerances, or with a span that is not positive
// (the spans given, before --quick replaces them).
TimingStudy makeTimingStudy(const Model& model, TimingStudySettings settings);

}  // namespace mbw
