#pragma once
// Pieces shared by the parts of `mbw-cli study flexible` (study_flexible.cpp,
// study_flexible_convergence.cpp): the engine's study with the command's options, the table of
// runs.

#include <string>
#include <vector>

#include "cli_common.h"
#include "studies/flexible_benchmark_studies.h"
#include "studies/flexible_study_tables.h"
#include "study.h"

namespace mbw::cli {

// the engine's flexible study (studies/flexible_benchmark_studies.h) with the options' settings:
// every method of the groups at every Delta t / n to tEnd, recording only the bodies the channels
// name
FlexibleStudy flexibleStudy(const Model& model, const FlexibleStudyOptions& options,
                            const std::vector<double>& stepsPerStage, double tEnd,
                            const std::vector<std::string>& channels);

// runs the study (--jobs threads, Ctrl-C), one line per finished run; the records in run order
std::vector<RunRecord> executeFlexible(const Study& study, const FlexibleStudyOptions& options,
                                       StudyRunHooks hooks, bool& interrupted);

int runFlexibleFigures(const FlexibleStudyOptions& options, const Experiment& experiment);
int runFlexibleConvergence(const FlexibleStudyOptions& options);
int runFlexibleIterations(const FlexibleStudyOptions& options);

}  // namespace mbw::cli
