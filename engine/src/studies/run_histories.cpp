#include "studies/run_histories.h"

#include <algorithm>
#include <utility>

namespace mbw {

// the channels kept of each run, and the runs kept (all when none are named)
RunHistories::RunHistories(std::vector<std::string> channels, std::optional<std::vector<int>> runs)
    : channels_(std::move(channels)), runs_(std::move(runs)) {}

void RunHistories::keep(int run, const Results& results) {
  // the runs asked for only, reduced to the channels before the lock
  if (runs_ && std::find(runs_->begin(), runs_->end(), run) == runs_->end()) return;
  Results kept = keepChannels(results, channels_);
  // the map is shared by the threads that run the study
  std::lock_guard<std::mutex> lock(mutex_);
  histories_[run] = std::move(kept);
}

StudyRunHooks RunHistories::hooks() {
  // each run's results go to keep, from whichever thread ran it
  StudyRunHooks h;
  h.onResults = [this](int run, const Results& results) { keep(run, results); };
  return h;
}

const Results* RunHistories::history(int run) const {
  // read once the study has run: no lock
  const auto it = histories_.find(run);
  return it == histories_.end() ? nullptr : &it->second;
}

}  // namespace mbw
