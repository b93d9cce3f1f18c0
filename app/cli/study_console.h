#pragma once
// Running a study from the command line: on a pool of threads (--jobs, all cores by default) or
// the executor given, Ctrl-C stops it after the runs under way (what finished is kept and
// printed), one line per finished run, and on a terminal a progress line with the time left.
// The engine's errors (scene, study file, table, reference) end the command as bad input (main:
// exit status 2).

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>

#include "run_progress.h"
#include "studies/executor.h"
#include "studies/study_execution.h"

namespace mbw::cli {

struct StudyCliOptions {
  int jobs = 0;       // runs at once; 0: one per core
  std::string table;  // the long-format results table ("" for none)
  bool resume = false;
  bool replace = true;  // replace the table (sweeps refuse to, unless resuming)
  std::string referenceDirectory;
  std::string figureFormat = "png";  // the figures a command names itself: png, svg or pdf

  // --jobs, and --table where the command offers it
  void addTo(CLI::App& command, bool withTable = true);
  // --figure-format, for the commands that name their figure files themselves
  void addFigureFormatTo(CLI::App& command);
  // a figure's file: the name given with the chosen format's extension ("dir/fig4.png" ->
  // "dir/fig4.svg")
  std::string figureFile(const std::string& pngPath) const;
};

// The exit status of a study: 130 when Ctrl-C stopped it, 3 when a run failed, else 0.
int studyExitStatus(const StudyOutcome& outcome);

// describe(record): the line printed when a run finishes
StudyOutcome runStudyFromCli(const Study& study, const StudyCliOptions& options,
                             const std::function<std::string(const RunRecord&)>& describe,
                             StudyRunHooks hooks = {}, Executor* executor = nullptr);

}  // namespace mbw::cli
