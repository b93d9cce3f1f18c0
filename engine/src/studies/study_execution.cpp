#include "studies/study_execution.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analysis/iftomm_references.h"
#include "math/number_text.h"
#include "simulation/csv.h"
#include "simulation/recorder.h"
#include "studies/results_table.h"
#include "studies/scene_variant_loader.h"

namespace mbw {
namespace {

// --- kept references, runs as text, the outputs' check -------------------------------------------

const char* kInterrupted = "interrupted";

// where reference k is kept between executions of the study
std::string referenceFile(const StudyExecutionOptions& o, size_t k) {
  return o.referenceDirectory + "/reference-" + std::to_string(k) + ".csv";
}

// A computed reference, written whole or not at all: to a file beside it, then renamed over it
// (a kill while writing leaves the old file or none, never a torn one).
void keepReference(const Results& r, const std::string& path) {
  // written beside it, then renamed over it: a reader never finds half a file
  const std::string part = path + ".part";
  writeCsv(r, part);
  std::filesystem::rename(part, path);
}

// A kept reference read back for a resumed study, or why it cannot be used: unreadable, cut short
// (no statistics line, the last a writer writes: a file torn by a kill, or by a copy, reads as
// fewer rows), not completed, or the reference of another description. "" when r is usable.
std::string readKeptReference(const std::string& path, const std::string& description, Results& r) {
  // a file the csv reader refuses
  try {
    r = readCsv(path);
  } catch (const CsvError& e) {
    return e.what();
  }
  std::ifstream in(path, std::ios::binary);
  // the statistics line is the last a writer writes: without it, the file was cut
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  if (last.rfind("# statistics: ", 0) != 0)
    return "it is cut short (its last line is not the statistics)";
  // a run that failed, or the reference of other settings
  if (r.status != RunStatus::Completed) return "its run did not complete";
  if (r.metadataValue("reference") != description) return "it is the reference of another study";
  return "";
}

// a run as CSV text, its CPU time with it (the CSV's statistics have no timings)
std::string csvText(Results r) {
  r.metadata.push_back({"cpu_seconds", numberText(r.stats.cpuSeconds)});
  std::ostringstream os;
  writeCsv(r, os);
  return os.str();
}

Results fromCsvText(const std::string& text, const std::string& source) {
  // the inverse of csvText
  std::istringstream in(text);
  Results r = readCsv(in, source);
  r.stats.cpuSeconds = numberCell(r.metadataValue("cpu_seconds"));
  return r;
}

// every output must be recorded by the runs of some scene variant; returns each output's unit
std::vector<std::string> checkOutputs(const Study& study, const std::vector<Model>& models) {
  // the channels of each kind of run (variant, formulation, multipliers, analysis), looked up once
  std::map<std::string, std::string> units;
  std::map<std::string, bool> seen;
  for (const RunSpec& spec : study.runs) {
    const std::string key = std::to_string(spec.variant) + spec.settings.formulation +
                            (spec.settings.recordMultipliers ? "+" : "-") +
                            (spec.analysis == RunAnalysis::Kinematics ? "k" : "d");
    // a kind of run already looked at adds nothing
    if (seen[key]) continue;
    seen[key] = true;
    // each channel's unit, as the first run that records it says
    for (const Channel& c : runChannels(models.at(spec.variant), spec))
      units.emplace(c.name, c.unit);
  }
  std::vector<std::string> out;
  // each output must be among them
  for (const std::string& o : study.outputs) {
    const auto it = units.find(o);
    if (it == units.end())
      throw StudyError(
          "no run of the study records '" + o +
          "' (outputs are CSV columns of a run, e.g. body.x, body.wz, lambda.joint.1)");
    out.push_back(it->second);
  }
  return out;
}

// --- references ----------------------------------------------------------------------------------

// what the executor polls while runs (references or the study's) go on: the progress's tick, then
// the user's stop
std::function<bool()> pollingStop(const StudyRunHooks& hooks, const StudyProgress& progress) {
  return [&hooks, &progress] {
    if (progress.onTick) progress.onTick();
    return hooks.stopRequested && hooks.stopRequested();
  };
}

// the references: read from their files (or kept from an earlier execution) or computed; every
// process gets them. Returns "" or why the study cannot go on.
std::string obtainReferences(const Study& study, Executor& executor,
                             const StudyExecutionOptions& options, const StudyRunHooks& hooks,
                             const StudyProgress& progress, StudyOutcome& out) {
  const size_t n = study.references.size();
  // a slot per reference of the study, and the verdict on them
  out.references.resize(n);
  std::string verdict;
  if (executor.gathers()) {
    // process 0 decides, reference by reference, where each comes from
    std::vector<int> compute;
    for (size_t k = 0; k < n; ++k) {
      const ReferenceSpec& ref = study.references[k];
      // where a kept reference lies, when the study keeps them
      const std::string kept = options.referenceDirectory.empty() ? "" : referenceFile(options, k);
      if (!ref.closedForm.empty()) {
        // a closed form, computed at the runs' output times
        const RunSettings& w = ref.run.settings;
        out.references[k] =
            keepChannels(closedFormReference(ref.closedForm, out.models.at(ref.run.variant),
                                             outputGridTimes(w.tStart, w.tEnd, w.output.step)),
                         study.outputs);
      } else if (!ref.file.empty()) {
        // a run given as a file
        out.references[k] = keepChannels(readCsv(ref.file), study.outputs);
      } else if (options.resume && !kept.empty() && std::filesystem::exists(kept)) {
        // a kept reference that cannot be used is computed again (its runs' errors would be wrong)
        const std::string why = readKeptReference(kept, ref.description, out.references[k]);
        // a usable one is read back as it was kept
        if (why.empty()) {
          if (progress.onNote)
            progress.onNote("reference " + std::to_string(k) + " read from " + kept);
          continue;
        }
        // else it joins the references to compute, with the reason said
        compute.push_back(static_cast<int>(k));
        if (progress.onNote)
          progress.onNote("reference " + std::to_string(k) + " in " + kept + " cannot be used (" +
                          why + "): computed again: " + ref.description);
        continue;
      } else {
        // a reference with nothing kept: computed
        compute.push_back(static_cast<int>(k));
        if (progress.onNote)
          progress.onNote("reference " + std::to_string(k) + ": " + ref.description);
        continue;
      }
      // a closed form or a file is ready at once
      if (progress.onNote)
        progress.onNote("reference " + std::to_string(k) + ": " + ref.description);
    }
    // the references to compute go to the executor as runs; each completed one is kept on disk
    auto work = [&](int k) { return csvText(makeReferenceRun(study, out.models, k, hooks)); };
    auto done = [&](int k, const std::string& text) {
      // the run back from its text, marked with the reference it is
      Results r = fromCsvText(text, "reference " + std::to_string(k));
      r.metadata.push_back({"reference", study.references[k].description});
      // a completed one kept on disk for a later resume, and each reported
      if (!options.referenceDirectory.empty() && r.status == RunStatus::Completed)
        keepReference(r, referenceFile(options, k));
      if (progress.onNote)
        progress.onNote("reference " + std::to_string(k) + " " + toString(r.status) + ": " +
                        std::to_string(r.stats.steps) + " steps, " +
                        formatNumber(r.stats.cpuSeconds) + " s CPU");
      out.references[static_cast<size_t>(k)] = std::move(r);
    };
    executor.run(compute, work, done, pollingStop(hooks, progress));
    // a reference stopped by the user interrupts the study; a failed one ends it
    for (size_t k = 0; k < n && verdict.empty(); ++k) {
      const Results& r = out.references[k];
      if (r.status == RunStatus::Cancelled || r.status == RunStatus::Running)
        verdict = kInterrupted;
      else if (r.status != RunStatus::Completed)
        verdict =
            "the reference run (" + study.references[k].description + ") failed: " + r.message;
    }
  } else {
    // the other processes serve the reference runs that process 0 hands out
    executor.run(
        {}, [&](int k) { return csvText(makeReferenceRun(study, out.models, k, hooks)); },
        [](int, const std::string&) {}, pollingStop(hooks, progress));
  }
  // every process learns the verdict, then receives each reference as csv text
  verdict = executor.share(verdict);
  if (!verdict.empty()) return verdict;
  for (size_t k = 0; k < n; ++k) {
    // process 0 sends its copy; the others read theirs from the text
    const std::string text = executor.share(executor.gathers() ? csvText(out.references[k]) : "");
    if (!executor.gathers())
      out.references[k] = fromCsvText(text, "reference " + std::to_string(k));
  }
  return "";
}

// --- the results table ---------------------------------------------------------------------------

// The table whole or not at all, as a reference: written beside it, then renamed over it (a kill
// while writing leaves the old table, its rows kept, never one without its header).
void writeTable(const std::string& path, const Study& study, const std::vector<std::string>& units,
                const std::vector<std::optional<RunRecord>>& records) {
  // the comment lines, the units, the header, then a row per run made so far
  const std::string part = path + ".part";
  std::ofstream out(part);
  if (!out) throw StudyError("cannot write '" + part + "'");
  for (const std::string& c : resultsTableComments(study)) out << "# " << c << "\n";
  out << "# " << resultsTableUnits(study, units) << "\n"
      << csvLine(resultsTableHeader(study)) << "\n";
  for (const auto& r : records)
    if (r) out << csvLine(resultsTableRow(study, *r)) << "\n";
  // a write error shows only once flushed
  out.flush();
  if (!out) throw StudyError("writing '" + part + "' failed");
  out.close();
  std::filesystem::rename(part, path);
}

// the rows of an earlier execution of this study
void readBack(const std::string& path, const Study& study, StudyOutcome& out) {
  const TextTable table = readTextTable(path);
  for (size_t k = 0; k < table.rows.size(); ++k) {
    RunRecord r;
    // a row of another study (changed settings, other columns) stops the resume with its reason
    try {
      r = parseResultsTableRow(study, table.header, table.rows[k]);
    } catch (const std::exception& e) {
      throw StudyError(path + ": row " + std::to_string(k + 1) + ": " + e.what() +
                       "; continue it with the study that wrote it, or write to another directory");
    }
    // a run read back is not made again; a run found twice counts once, its later row kept
    if (!out.records[r.run]) ++out.resumed;
    out.records[r.run] = std::move(r);
  }
}

}  // namespace

// --- executing a study ---------------------------------------------------------------------------

int StudyOutcome::failed() const {
  // the runs made that did not complete
  int n = 0;
  for (const auto& r : records) n += r && r->status != RunStatus::Completed;
  return n;
}

std::vector<RunRecord> StudyOutcome::madeRecords() const {
  // the records of the runs made, in run order
  std::vector<RunRecord> made;
  for (const auto& r : records)
    if (r) made.push_back(*r);
  return made;
}

std::vector<Channel> runChannels(const Model& model, const RunSpec& spec) {
  // a formulation of the model, and the recorder a run would use: its channels
  std::unique_ptr<Formulation> f;
  try {
    f = makeFormulation(recordedFormulation(spec.settings.formulation), model);
  } catch (const std::invalid_argument& e) {
    throw ConfigurationError(e.what());
  }
  const auto kind = spec.analysis == RunAnalysis::Kinematics ? Recorder::Kind::Kinematics
                                                             : Recorder::Kind::Dynamics;
  return Recorder(*f, kind, 1, spec.settings.recordMultipliers).channels();
}

StudyOutcome executeStudy(const Study& study, Executor& executor,
                          const StudyExecutionOptions& options, const StudyRunHooks& hooks,
                          const StudyProgress& progress) {
  std::vector<Model> models;
  // one model per scene variant
  for (const SceneVariant& v : study.variants) models.push_back(loadSceneVariant(v));
  return executeStudy(study, std::move(models), executor, options, hooks, progress);
}

StudyOutcome executeStudy(const Study& study, std::vector<Model> models, Executor& executor,
                          const StudyExecutionOptions& options, const StudyRunHooks& hooks,
                          const StudyProgress& progress) {
  // the models given must be the study's variants, in order
  if (models.size() != study.variants.size())
    throw StudyError("the study has " + std::to_string(study.variants.size()) +
                     " scene variants but " + std::to_string(models.size()) + " models were given");
  StudyOutcome out;
  out.models = std::move(models);
  // an output no run records is refused before any run
  const std::vector<std::string> units = checkOutputs(study, out.models);
  out.records.resize(study.runs.size());

  // the table: a new one, or the rows of an interrupted execution
  const bool table = executor.gathers() && !options.tableFile.empty();
  if (table) {
    // an existing table is continued only when asked to; its rows are the runs already made
    const bool exists = std::filesystem::exists(options.tableFile) && !options.replace;
    if (exists && !options.resume)
      throw StudyError(
          "'" + options.tableFile +
          "' exists: continue that study with --resume, or write to another directory");
    if (exists) readBack(options.tableFile, study, out);
    // the table written anew with those rows, so that it holds this study's header
    writeTable(options.tableFile, study, units, out.records);
  }

  // the references, read, kept or computed; a stop while they run interrupts the study
  const std::string verdict = obtainReferences(study, executor, options, hooks, progress, out);
  if (verdict == kInterrupted) {
    out.interrupted = true;
    return out;
  }
  if (!verdict.empty()) throw StudyError(verdict);

  // the runs not made yet, each appended to the table as it finishes
  std::vector<int> pending;
  for (size_t k = 0; k < study.runs.size(); ++k)
    if (!out.records[k]) pending.push_back(static_cast<int>(k));
  std::ofstream appended;
  // finished runs are appended as they come, in any order
  if (table) appended.open(options.tableFile, std::ios::app);
  // the runs finished, for the progress and to tell an interruption
  int finished = 0;
  // each run's record travels as a row of the table, so that it is the same from any process
  auto work = [&](int k) {
    const RunRecord r = makeStudyRun(study, out.models, out.references, k, hooks);
    return r.interrupted ? std::string() : csvLine(resultsTableRow(study, r));
  };
  auto done = [&](int k, const std::string& line) {
    if (line.empty()) return;  // stopped by the user
    // the row is read back as a record, appended to the table and reported
    RunRecord r = parseResultsTableRow(study, resultsTableHeader(study), splitCsvLine(line));
    if (table) {
      // flushed at once: a kill loses at most the runs under way
      appended << line << "\n";
      appended.flush();
      if (!appended) throw StudyError("writing '" + options.tableFile + "' failed");
    }
    ++finished;
    if (progress.onRecord) progress.onRecord(r, finished, static_cast<int>(pending.size()));
    out.records[k] = std::move(r);
  };
  executor.run(pending, work, done, pollingStop(hooks, progress));
  // interrupted when some pending run did not come back
  if (executor.gathers()) out.interrupted = finished < static_cast<int>(pending.size());
  // in run order, written whole over the appended one
  if (table) {
    appended.close();
    writeTable(options.tableFile, study, units, out.records);
  }
  return out;
}

}  // namespace mbw
