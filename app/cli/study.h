#pragma once
// The studies of Sandu et al. 2001 (mbw-cli study tolerance|explicit-vs-implicit): the engine's
// studies (studies/rosenbrock_nystrom_studies.h), printed as the paper's tables and figures.

#include <string>

#include "study_console.h"
#include "studies/rosenbrock_nystrom_studies.h"

#include "cli_common.h"

namespace mbw::cli {

// Tables 1-2: errors against a reference for rtol = atol = 10^k.
struct ToleranceStudyCommand {
  ToleranceStudySettings settings;  // channel "": the scene's first named output
  std::string output, plot;
  StudyCliOptions study;
};
int runToleranceStudy(const ToleranceStudyCommand& command);

// Tables 3-4 and Figure 5: CPU time of an explicit and an implicit integrator.
struct TimingStudyCommand {
  TimingStudySettings settings;
  std::string channel;  // Figure 5's quantity; default: the scene's first named output
  std::string output, plot;
  StudyCliOptions study;
};
int runTimingStudy(const TimingStudyCommand& command);

// Zhang et al. 2022 section 5.2-5.5 on the flexible-beam benchmarks (study_flexible*.cpp).
struct FlexibleStudyOptions {
  std::vector<std::string> parts;  // of flexibleStudyParts(), all of them when empty
  std::string outputDir = "study-flexible";
  // Delta t / n, s (their multiples by n fall on the reference steps)
  std::vector<double> convergenceSteps{1e-3, 5e-4, 2.5e-4, 1e-4};
  double referenceStep = 1e-5;  // Delta t of the convergence study's reference, s
  bool quick = false;           // one method per group
  RunOptions options;
  StudyCliOptions study;  // --jobs
};
int runFlexibleStudy(const FlexibleStudyOptions& options);

}  // namespace mbw::cli
