#pragma once
// The studies of Sandu et al. 2001 (mbw-cli study tolerance|explicit-vs-implicit): the engine's
// studies (studies/rosenbrock_nystrom_studies.h), printed as the paper's tables and figures.

#include <string>

#include "study_console.h"
#include "studies/rosenbrock_nystrom_studies.h"
#include "studies/study_options.h"

#include "cli_common.h"

namespace mbw::cli {

// Tables 1-2: errors against a reference for rtol = atol = 10^k (the engine's request and its
// options, studies/study_options.h).
struct ToleranceStudyCommand : ToleranceStudyRequest {
  StudyRunRequest study;
};
int runToleranceStudy(const ToleranceStudyCommand& command);

// Tables 3-4 and Figure 5: CPU time of an explicit and an implicit integrator.
struct TimingStudyCommand : TimingStudyRequest {
  StudyRunRequest study;
};
int runTimingStudy(const TimingStudyCommand& command);

// Zhang et al. 2022 section 5.2-5.5 on the flexible-beam benchmarks (study_flexible.cpp).
struct FlexibleStudyOptions : FlexibleStudyRequest {
  RunOptions options;
  StudyRunRequest study;  // --jobs
};
int runFlexibleStudy(const FlexibleStudyOptions& options);

}  // namespace mbw::cli
