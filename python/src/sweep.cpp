// mbw.sweep(study, workers=...): a study file, or its document as a dict, run by the engine's
// study executor (studies/study_execution.h) on a pool of threads, as `mbw-cli sweep` runs it;
// its results table (studies/results_table.h) returned as an mbw.Table, and written as
// results.csv with the reference runs beside it (and thresholds.md for a study with thresholds)
// when an output directory is given.

#include <atomic>
#include <optional>

#include "bindings.h"
#include "errors.h"
#include "results.h"
#include "scene.h"
#include "simulation/file_claims.h"
#include "studies/executor.h"
#include "studies/results_table.h"
#include "studies/scene_variant_loader.h"
#include "studies/study_execution.h"
#include "studies/study_file.h"

namespace mbw::python {
namespace {

// A column of text cells as a float array when every cell is a number ("" is NaN), else as an
// object array of str.
py::object tableColumn(const std::vector<std::vector<std::string>>& rows, size_t column) {
  // numberCell throws on the first cell that is not a number: the column is text then
  std::vector<double> numbers;
  try {
    for (const auto& row : rows) numbers.push_back(numberCell(row[column]));
    return numpyArray(std::move(numbers));
  } catch (const TableError&) {
    // a text column: the cells as they are, in an object array
    py::list cells;
    for (const auto& row : rows) cells.append(row[column]);
    return py::module_::import("numpy").attr("array")(cells, py::arg("dtype") = "object");
  }
}

// A study file's path, or its document as Python values (read by the engine's study reader, as a
// file: errors name source and the JSON path; relative paths in it are the working directory's).
StudyFile studyArgument(py::handle study, const std::string& source) {
  if (py::isinstance<py::dict>(study)) return parseStudyFile(toJson(study).dump(), source);
  return readStudyFile(pathText(study));
}

// reads the study, runs it on the pool with the GIL released, and builds its table; an exception
// of Python's (Ctrl-C, the callback's) raised after the study stopped, with the table attached
py::object sweep(py::handle studyArgumentValue, int workers, const py::object& outputDirectory,
                 bool resume, const py::object& progress, const std::string& source) {
  // the study, from a dict or a file
  const StudyFile file = studyArgument(studyArgumentValue, source);
  const Study& study = file.study;
  StudyExecutionOptions options;
  // an output directory, made before any run (mbw.InputError when it cannot be): results.csv and
  // the reference runs go there, and resume reads them back
  std::optional<SweepDirectory> directory;
  if (!outputDirectory.is_none()) {
    directory = SweepDirectory{pathText(outputDirectory)};
    createOutputDirectory(directory->path);
    options = directory->executionOptions(resume);
  }
  // the scene variants, parsed with the GIL held (scene parsing is not thread-safe)
  std::vector<Model> models;
  for (const SceneVariant& v : study.variants) models.push_back(loadSceneVariant(v));

  // Ctrl-C (looked for on each tick of the study) and the progress callback stop the study and
  // the runs under way
  std::atomic<bool> stop{false};
  std::optional<py::error_already_set> error;
  StudyRunHooks hooks;
  hooks.stopRequested = [&stop] { return stop.load(); };
  StudyProgress watch;
  // on each tick: Python's pending signals (Ctrl-C raises KeyboardInterrupt here)
  watch.onTick = [&] {
    py::gil_scoped_acquire gil;
    if (!error && PyErr_CheckSignals() != 0) {
      error.emplace();
      stop = true;
    }
  };
  // on each finished run: progress(finished, total), whose False or exception stops the study
  watch.onRecord = [&](const RunRecord&, int finished, int total) {
    if (progress.is_none()) return;
    py::gil_scoped_acquire gil;
    try {
      if (progress(finished, total).ptr() == Py_False) stop = true;
    } catch (py::error_already_set& e) {
      if (!error) error.emplace(std::move(e));
      stop = true;
    }
  };

  // the study, without the GIL: the callbacks above take it back for a moment; an engine exception
  // is kept and thrown again once the GIL is held
  ThreadPoolExecutor executor(workers);
  StudyOutcome outcome;
  std::exception_ptr failure;
  {
    py::gil_scoped_release release;
    try {
      outcome = executeStudy(study, std::move(models), executor, options, hooks, watch);
    } catch (...) {
      failure = std::current_exception();
    }
  }
  // an engine exception, thrown again with the GIL held (errors.cpp translates it)
  if (failure) std::rethrow_exception(failure);
  // the thresholds table beside results.csv, as mbw-cli sweep writes it, for a study with
  // thresholds
  if (directory && !file.thresholds.empty()) directory->writeThresholds(file, outcome.records);

  // the table as mbw-cli sweep writes it, one row per run made
  Table table;
  table.names = resultsTableHeader(study);
  table.units.assign(table.names.size(), "");
  std::vector<std::vector<std::string>> rows;
  for (const std::optional<RunRecord>& r : outcome.records)
    if (r) rows.push_back(resultsTableRow(study, *r));
  for (size_t c = 0; c < table.names.size(); ++c) table.arrays.push_back(tableColumn(rows, c));
  // what the sweep did, and the file it wrote ("" when none)
  table.interrupted = outcome.interrupted;
  table.resumed = outcome.resumed;
  table.failed = outcome.failed();
  table.path = options.tableFile;
  py::object result = py::cast(std::move(table));
  // Ctrl-C or the callback's exception goes on, holding the table of the runs made
  if (error) {
    attachResult(*error, result);
    throw *error;
  }
  return result;
}

}  // namespace

// mbw.sweep: the study and keyword-only options, as `mbw-cli sweep` has them
void bindSweep(py::module_& m) {
  m.def("sweep", &sweep, py::arg("study"), py::kw_only(), py::arg("workers") = 0,
        py::arg("output_dir") = py::none(), py::arg("resume") = false,
        py::arg("progress") = py::none(), py::arg("source") = "<dict>",
        R"(Runs a study file (docs/study-format.md) as `mbw-cli sweep` does and returns its results
table as an mbw.Table (one row per run; to_pandas() for a DataFrame, to_dict() for arrays).

study: a study file's path, or its document as a dict (the JSON of a study file); errors name
the file, or source for a dict, and the JSON path (mbw.InputError).
workers: runs at once, each on one thread (0: one per core).
output_dir: also write results.csv and the reference runs there, and thresholds.md for a study
with thresholds; resume=True continues a table left there, as `mbw-cli sweep --resume`.
progress(finished, total): called as runs finish; returning False stops the study: no run
starts any more, those under way (references included) stop and are left out of the table.
Ctrl-C stops it the same way and raises KeyboardInterrupt, its .result holding the table.)");
}

}  // namespace mbw::python
