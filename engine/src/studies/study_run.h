#pragma once
// Making one run of a study on the calling thread: the run (repeated as its specification asks,
// its CPU time the least of the repetitions), the CPU time as it passes the study's checkpoints,
// its CPU budget and the user's stop; then its record (run_record.h). Runs of one study may go
// on several threads at once: everything here reads the study, its models and its references
// only.

#include <functional>
#include <vector>

#include "model/model.h"
#include "simulation/results.h"
#include "studies/run_record.h"
#include "studies/study.h"

namespace mbw {

struct StudyRunHooks {
  std::function<bool()> stopRequested;                     // polled while runs go on
  std::function<void(int run, const Results&)> onResults;  // each run's results, on its thread
};

// A run that cannot be configured is a failed record saying why (the study builders refuse such
// runs before anything runs).
RunRecord makeStudyRun(const Study& study, const std::vector<Model>& models,
                       const std::vector<Results>& references, int index,
                       const StudyRunHooks& hooks);

// The reference run of Study::references[index] (not a file), kept to the time and the study's
// outputs. Its status says whether it completed.
Results makeReferenceRun(const Study& study, const std::vector<Model>& models, int index,
                         const StudyRunHooks& hooks);

// Results restricted to the time column and the given channels (those it has).
Results keepChannels(const Results& results, const std::vector<std::string>& channels);

}  // namespace mbw
