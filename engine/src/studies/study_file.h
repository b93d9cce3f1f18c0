#pragma once
// Reading a study file (study_schema.h) in the three phases of scenes: parse the JSON, validate it
// against the schema, then build the study and check it (integrators and their settings, scenes
// and their variations, outputs, reference). Every problem is reported with its JSON path in one
// SceneError naming the file.

#include <optional>
#include <string>
#include <vector>

#include "scene/scene_error.h"
#include "studies/study.h"
#include "studies/study_execution.h"
#include "studies/threshold_table.h"
#include "studies/work_precision.h"

namespace mbw {

struct StudyFile {
  std::string name, description;
  Study study;
  ErrorMeasure measure = ErrorMeasure::Max;  // of the work-precision diagram and the thresholds
  std::vector<double> thresholds;            // errors to reach (threshold_table.h)
  bool runFiles = false;                     // write each run's CSV
};

StudyFile parseStudyFile(const std::string& text, const std::string& path);
StudyFile readStudyFile(const std::string& path);

// Where the sweep of a study file keeps what it makes in a directory (`mbw-cli sweep STUDY -o DIR`,
// `mbw.sweep(STUDY, output_dir=DIR)`): the long-format results table, appended to as runs finish
// and never replaced (continued when resuming), the reference runs beside it, each run's CSV under
// runs/ when the file asks for them, the work-precision diagram and the thresholds table.
struct SweepDirectory {
  std::string path;

  std::string table() const;           // DIR/results.csv
  std::string runFile(int run) const;  // DIR/runs/run-N.csv
  std::string figure() const;          // DIR/work-precision.png
  std::string thresholds() const;      // DIR/thresholds.md
  // Creates the directory, and runs/ when the file keeps its runs' CSVs; throws FileClaimError
  // (simulation/file_claims.h) when it cannot.
  void create(const StudyFile& file) const;
  // The execution's options (study_execution.h): the table here, never replaced, the references
  // beside it; resume continues both.
  StudyExecutionOptions executionOptions(bool resume) const;
  // The thresholds table of the file's study (threshold_table.h: its measure and thresholds) from
  // the records of its runs, written to thresholds() as Markdown and returned for a front end to
  // show; for a file with thresholds. Throws StudyError when the file cannot be written.
  ThresholdReport writeThresholds(const StudyFile& file,
                                  const std::vector<std::optional<RunRecord>>& records) const;
};

}  // namespace mbw
