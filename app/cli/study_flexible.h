#pragma once
// Pieces shared by the parts of `mbw-cli study flexible` (study_flexible.cpp,
// study_flexible_convergence.cpp): the method groups, the study of every method at some steps
// (the engine's, studies/method_grid.h), the time histories kept of its runs, the table of runs.

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "cli_common.h"
#include "studies/method_grid.h"
#include "studies/seed002_experiments.h"
#include "study.h"
#include "study_table.h"

namespace mbw::cli {

// seed 002's three groups; quick: the first method of each
std::vector<MethodGroup> flexibleStudyGroups(bool quick);

// every method of the groups (outer) at every Delta t / n (inner) to tEnd, with full Newton unless
// the options say otherwise, recording only the bodies the channels name
Study flexibleStudy(const Model& model, const FlexibleStudyOptions& options, const std::vector<MethodGroup>& groups,
                    const std::vector<double>& stepsPerStage, double tEnd, const std::vector<std::string>& channels);

// the time histories of chosen channels of every run (filled on the runs' threads)
class HistoryKeeper {
 public:
  explicit HistoryKeeper(std::vector<std::string> channels) : channels_(std::move(channels)) {}
  StudyRunHooks hooks();
  const Results* history(int run) const;

 private:
  std::vector<std::string> channels_;
  std::mutex mutex_;
  std::map<int, Results> histories_;
};

// runs the study (--jobs threads, Ctrl-C), one line per finished run; the records in run order
std::vector<RunRecord> executeFlexible(const Study& study, const FlexibleStudyOptions& options, StudyRunHooks hooks,
                                        bool& interrupted);

// a table with a row per run: method, group, Delta t, status, steps, iterations, CPU, message
StudyTable runTable(const std::string& title);
void addRunRow(StudyTable& table, const std::string& group, const Study& study, const RunRecord& record);

int runFlexibleFigures(const FlexibleStudyOptions& options, const Experiment& experiment);
int runFlexibleConvergence(const FlexibleStudyOptions& options);
int runFlexibleIterations(const FlexibleStudyOptions& options);

}  // namespace mbw::cli
