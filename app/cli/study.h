#pragma once
// The studies of seed 000 (mbw-cli study ...): each reproduces tables and figures of the paper
// from runs of the engine.

#include <string>
#include <vector>

#include "cli_common.h"

namespace mbw::cli {

// Tables 1-2: errors against a reference for rtol = atol = 10^k.
struct ToleranceStudyOptions {
  std::string scene;
  std::string integrator = "rn4";
  std::string channel;  // default: the scene's first named output
  std::vector<double> tolerances{1e-2, 1e-3, 1e-4, 1e-5};
  double tEnd = 0.0;                // default: the scene's
  double referenceTolerance = 1e-10;
  double referenceStep = 0.0;       // > 0: a fixed-step reference instead
  bool quick = false;
  std::string output, plot;
};
int runToleranceStudy(const ToleranceStudyOptions& options);

// Tables 3-4 and Figure 5: CPU time of an explicit and an implicit integrator.
struct TimingStudyOptions {
  std::string scene;
  std::string implicitIntegrator = "rn4";
  std::string explicitIntegrator = "adams";
  std::string channel;  // Figure 5's quantity; default: the scene's first named output
  std::vector<double> tolerances{1e-2, 1e-3, 1e-4, 1e-5};
  std::vector<double> spans{1, 2, 3, 4};
  double figureTolerance = 1e-3;
  double figureEnd = 0.0;           // default: the scene's t_end
  double cpuBudget = 0.0;           // per explicit run, s (0: none)
  int explicitEvery = 50;           // record every N-th step of the explicit runs
  bool quick = false;
  std::string output, plot;
};
int runTimingStudy(const TimingStudyOptions& options);

// Seed 002 section 5.2-5.5 on the flexible-beam benchmarks (study_flexible*.cpp).
struct FlexibleStudyOptions {
  std::vector<std::string> parts;  // four-bar, four-bar-fine, buckling, shaft, convergence, iterations
  std::string outputDir = "study-flexible";
  std::vector<double> convergenceSteps{1e-3, 5e-4, 2.5e-4, 1e-4};  // Delta t / n, s (their multiples by n fall on the reference steps)
  double referenceStep = 1e-5;  // Delta t of the convergence study's reference, s
  bool quick = false;           // one method per group
  RunOptions options;
};
int runFlexibleStudy(const FlexibleStudyOptions& options);

}  // namespace mbw::cli
