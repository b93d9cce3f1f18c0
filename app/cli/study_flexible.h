#pragma once
// Pieces shared by the parts of `mbw-cli study flexible` (study_flexible.cpp,
// study_flexible_convergence.cpp): the method groups, one run of a method at a Delta t / n, and
// the table of runs.

#include <string>
#include <vector>

#include "analysis/seed002_experiments.h"
#include "cli_common.h"
#include "run_progress.h"
#include "study.h"
#include "study_table.h"

namespace mbw::cli {

// seed 002's three groups; quick: the first method of each
std::vector<MethodGroup> flexibleStudyGroups(bool quick);

struct FlexibleRun {
  StudyMethod method;
  int stages = 1;
  double step = 0.0;  // Delta t
  Results results;
  bool interrupted = false;  // Ctrl-C: the study stops
};

// one fixed-step run at Delta t = n stepPerStage to tEnd (a line on stderr per run), recording
// only the bodies the channels name (the rest of the model's columns would be large)
FlexibleRun runFlexible(const Model& model, const RunOptions& options, const StudyMethod& method,
                        double stepPerStage, double tEnd, const std::vector<std::string>& channels);

// a table with a row per run: method, group, Delta t, status, steps, iterations, CPU, message
StudyTable runTable(const std::string& title);
void addRunRow(StudyTable& table, const std::string& group, const FlexibleRun& run);

int runFlexibleFigures(const FlexibleStudyOptions& options, const Experiment& experiment);
int runFlexibleConvergence(const FlexibleStudyOptions& options);
int runFlexibleIterations(const FlexibleStudyOptions& options);

}  // namespace mbw::cli
