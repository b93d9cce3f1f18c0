#pragma once
// The time histories of a study's runs, kept as the runs finish for the figures and tables drawn
// after the study: each run's results reduced to the channels asked for (keepChannels), found
// again by the run's index in Study::runs. Runs finish on several threads at once
// (study_execution.h); keeping is safe from any of them, reading once the study is done.
//
// One keeper for every front end and study (compare, the tolerance and timing studies, the
// flexible benchmarks): hooks() gives the StudyRunHooks that fill it.

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "simulation/results.h"
#include "studies/study_run.h"

namespace mbw {

class RunHistories {
 public:
  // keeps the channels of every run, or of the runs listed only
  explicit RunHistories(std::vector<std::string> channels,
                        std::optional<std::vector<int>> runs = std::nullopt);

  // keeps a run's history (its channels only), from any thread
  void keep(int run, const Results& results);
  // hooks whose onResults keeps each run's history; the keeper must outlive the study's execution
  StudyRunHooks hooks();
  // the history kept of a run, nullptr when there is none (not made, not kept)
  const Results* history(int run) const;

 private:
  std::vector<std::string> channels_;
  std::optional<std::vector<int>> runs_;
  std::mutex mutex_;
  std::map<int, Results> histories_;
};

}  // namespace mbw
