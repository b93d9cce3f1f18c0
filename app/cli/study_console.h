#pragma once
// Running a study from the command line: on a pool of threads (--jobs, all cores by default) or
// the executor given, Ctrl-C stops it after the runs under way (what finished is kept and
// printed), one line per finished run, and on a terminal a progress line with the time left.
// The engine's errors (scene, study file, table, reference) end the command as bad input (main:
// exit status 2). What a command is told about running its study (--jobs, --table, --resume,
// --figure-format) is the engine's StudyRunRequest and its options (studies/study_options.h).

#include <functional>
#include <memory>
#include <string>

#include "run_progress.h"
#include "studies/executor.h"
#include "studies/study_execution.h"
#include "studies/study_options.h"

namespace mbw::cli {

// The exit status of a study: 130 when Ctrl-C stopped it, 3 when a run failed, else 0.
int studyExitStatus(const StudyOutcome& outcome);

// describe(record): the line printed when a run finishes
StudyOutcome runStudyFromCli(const Study& study, const StudyRunRequest& options,
                             const std::function<std::string(const RunRecord&)>& describe,
                             StudyRunHooks hooks = {}, Executor* executor = nullptr);

}  // namespace mbw::cli
