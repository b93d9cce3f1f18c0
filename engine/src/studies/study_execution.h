#pragma once
// Running a study: its models (the scene variants, loaded on the calling thread: scene parsing is
// not thread-safe), its reference runs (or reference files), then its runs through an executor;
// each finished run becomes a record, appended to the results table as it comes in. A table
// left by an interrupted study (Ctrl-C, a killed job, a lost node) is resumed: the runs it holds
// are not made again. When the study ends the table is rewritten in run order, so that executors
// give the same file.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "simulation/results.h"
#include "studies/executor.h"
#include "studies/run_record.h"
#include "studies/study.h"
#include "studies/study_run.h"

namespace mbw {

// Thrown for a study that cannot run: an output no scene has, a reference that failed, a table
// that belongs to another study.
class StudyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct StudyExecutionOptions {
  std::string tableFile;           // the long-format results table ("" for none)
  std::string referenceDirectory;  // computed references are kept here as CSV ("" for none)
  bool resume = false;             // continue the table (and reuse the kept references)
  bool replace = false;            // a table there is replaced (else refused, unless resuming)
};

// Called on the calling thread of the gathering process.
struct StudyProgress {
  std::function<void(const std::string&)> onNote;  // a reference started, was read, finished
  // a run finished; finished and total count the runs of this execution (not those resumed)
  std::function<void(const RunRecord&, int finished, int total)> onRecord;
  std::function<void()> onTick;  // about ten times a second while runs (references too) go on
};

struct StudyOutcome {
  std::vector<Model> models;                      // one per variant
  std::vector<Results> references;                // kept to time and the study's outputs
  std::vector<std::optional<RunRecord>> records;  // one per run; empty for runs not made
  int resumed = 0;                                // records read back from the table
  bool interrupted = false;                       // stopped before every run was made
  int failed() const;                             // records that did not complete
  std::vector<RunRecord> madeRecords() const;     // the records of the runs made, in run order
};

// Throws SceneError (a scene variant), StudyError, TableError, CsvError.
StudyOutcome executeStudy(const Study& study, Executor& executor,
                          const StudyExecutionOptions& options, const StudyRunHooks& hooks,
                          const StudyProgress& progress = {});
// The same with the models of the variants loaded by the caller (one per variant, in order), e.g.
// on a thread where scenes may be parsed while the study runs on another (the workbench).
StudyOutcome executeStudy(const Study& study, std::vector<Model> models, Executor& executor,
                          const StudyExecutionOptions& options, const StudyRunHooks& hooks,
                          const StudyProgress& progress = {});

// The channels runs of this scene variant record with these settings (their CSV header).
std::vector<Channel> runChannels(const Model& model, const RunSpec& spec);

}  // namespace mbw
