#include "studies/study_file.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/iftomm_references.h"
#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "scene/builtin_scenes.h"
#include "scene/json_reader.h"
#include "scene/schema_validation.h"
#include "simulation/file_claims.h"
#include "simulation/output_grid.h"
#include "simulation/run_settings.h"
#include "simulation/settings_check.h"
#include "studies/scene_variant_loader.h"
#include "studies/study_execution.h"
#include "studies/study_schema.h"

namespace mbw {
namespace {

using json = nlohmann::json;

// --- the study builder ---------------------------------------------------------------------------

// builds the study from a structurally valid file, collecting the problems found
class StudyBuilder {
 public:
  StudyBuilder(const json& file, const std::string& path, std::vector<SceneIssue>& issues)
      : file_(file), directory_(std::filesystem::path(path).parent_path()), issues_(issues) {}

  StudyFile build() {
    // the study's name, error measure and the thresholds of its table
    StudyFile out;
    out.name = file_.at("name").get<std::string>();
    out.description = file_.value("description", "");
    out.measure = parseErrorMeasure(file_.value("measure", "max"));
    out.runFiles = file_.value("run_files", false);
    out.thresholds = positives(file_, "thresholds", "");
    if (!out.thresholds.empty() && !file_.contains("outputs"))
      issue("/thresholds", "thresholds are errors of the outputs compared: name the outputs");
    // the format version this build reads
    Study& study = out.study;
    study.title = out.name;
    if (file_.at("version").get<int>() != kStudyFormatVersion)
      issue("/version", "version " + std::to_string(file_.at("version").get<int>()) +
                            " is not supported (this build reads version " +
                            std::to_string(kStudyFormatVersion) + ")");
    // the outputs compared and the repetitions of each run
    if (file_.contains("outputs"))
      study.outputs = file_.at("outputs").get<std::vector<std::string>>();
    repeat_ = file_.value("repeat", 1);
    if (repeat_ < 1) issue("/repeat", "must be at least 1");
    // the integrators first, since every scene variant runs each of them
    readIntegrators();
    // then every scene with its variations
    const json& scenes = file_.at("scenes");
    for (size_t k = 0; k < scenes.size(); ++k)
      readScene(study, scenes[k], "/scenes/" + std::to_string(k));
    // a study must make at least one run, and every output it compares must be recorded
    if (study.runs.empty() && issues_.empty()) issue("/integrators", "the study has no runs");
    if (issues_.empty()) checkOutputs(study);
    return out;
  }

 private:
  // one setting of an integrator: a tolerance, a step, or a step per stage
  struct Setting {
    bool variable;
    double value;  // rtol = atol, or the step (Delta t; or Delta t / n when perStage)
    bool perStage;
  };
  // one integrator entry of the file, with its path for the problems found
  struct Entry {
    std::string path;
    const IntegratorInfo* info;
    std::vector<double> rhoInf;  // {-1}: the integrator's
    std::vector<Setting> settings;
    json options;
  };

  // a problem at a JSON path, kept with the others
  void issue(const std::string& path, const std::string& message) {
    issues_.push_back({path, message});
  }

  // a scene file is relative to the study file; built-in names and absolute paths stay
  std::string resolve(const std::string& file) const {
    if (findBuiltinScene(file) || std::filesystem::path(file).is_absolute() || directory_.empty())
      return file;
    return (directory_ / file).string();
  }

  // a positive number list
  std::vector<double> positives(const json& entry, const std::string& key,
                                const std::string& path) {
    std::vector<double> values;
    if (!entry.contains(key)) return values;
    const json& list = entry.at(key);
    // each value not positive is reported at its place in the list, and kept so that all are seen
    for (size_t k = 0; k < list.size(); ++k) {
      const double v = list[k].get<double>();
      if (!(v > 0.0))
        issue(path + "/" + key + "/" + std::to_string(k),
              "must be positive, got " + list[k].dump());
      values.push_back(v);
    }
    return values;
  }

  // --- integrators -------------------------------------------------------------------------------

  void readIntegrators() {
    const json& list = file_.at("integrators");
    // each entry: a known integrator, its damping values, and its tolerances and steps
    for (size_t i = 0; i < list.size(); ++i) {
      const json& e = list[i];
      Entry entry;
      entry.path = "/integrators/" + std::to_string(i);
      // the integrator by name; an unknown one is reported and its entry skipped
      const std::string name = e.at("name").get<std::string>();
      entry.info = findIntegrator(name);
      if (!entry.info) {
        issue(entry.path + "/name", "unknown integrator '" + name + "' (see `mbw-cli list`)");
        continue;
      }
      // its damping values, or the integrator's own
      entry.rhoInf = e.contains("rho_inf") ? e.at("rho_inf").get<std::vector<double>>()
                                           : std::vector<double>{-1.0};
      // its settings: tolerances, then steps, then steps per stage
      for (double t : positives(e, "tolerances", entry.path))
        entry.settings.push_back({true, t, false});
      for (double h : positives(e, "steps", entry.path))
        entry.settings.push_back({false, h, false});
      for (double h : positives(e, "steps_per_stage", entry.path))
        entry.settings.push_back({false, h, true});
      if (entry.settings.empty()) issue(entry.path, "give tolerances, steps or steps_per_stage");
      // the rest of the entry (newton, linear algebra, error control) is read per run
      entry.options = e;
      entries_.push_back(std::move(entry));
    }
  }

  // --- scenes and their variations ---------------------------------------------------------------

  // the values of a variation: a list, or a range
  std::vector<std::string> variationValues(const json& v, const std::string& path) {
    std::vector<std::string> values;
    // a list: each value as json text
    if (v.is_array()) {
      for (const json& x : v) values.push_back(x.dump());
      return values;
    }
    // a range: count values from `from` to `to`, equally spaced or in equal ratios
    const double from = v.at("from").get<double>(), to = v.at("to").get<double>();
    const int count = v.at("count").get<int>();
    const bool log = v.value("spacing", "linear") == "log";
    // at least two values, and positive ends for a logarithmic range
    if (count < 2)
      issue(path + "/count", "a range has at least 2 values, got " + std::to_string(count));
    if (log && !(from > 0.0 && to > 0.0)) issue(path + "/from", "a log range needs positive ends");
    if (count < 2 || (log && !(from > 0.0 && to > 0.0))) return values;
    // each value printed to 15 digits, as json text
    for (int k = 0; k < count; ++k) {
      // the k-th of count values: equally spaced, or in equal ratios between the ends
      const double s = double(k) / (count - 1);
      const double x = log ? from * std::pow(to / from, s) : from + s * (to - from);
      std::ostringstream os;
      os.precision(15);
      os << x;
      values.push_back(os.str());
    }
    return values;
  }

  void readScene(Study& study, const json& entry, const std::string& path) {
    // the scene, relative to the study file
    const std::string scene = resolve(entry.at("scene").get<std::string>());
    // every combination of the variations' values
    std::vector<std::vector<std::pair<std::string, std::string>>> combinations(1);
    if (entry.contains("variations"))
      for (auto it = entry.at("variations").begin(); it != entry.at("variations").end(); ++it) {
        // a variation is named by a json pointer into the scene
        const std::string where = path + "/variations/" + escapePointerToken(it.key());
        if (it.key().empty() || it.key()[0] != '/') {
          issue(
              where,
              "'" + it.key() +
                  "' is not a JSON pointer into the scene (it starts with /, e.g. /bodies/1/mass)");
          continue;
        }
        // the varied fields of the whole study, each once: the table's columns
        if (std::find(study.variedFields.begin(), study.variedFields.end(), it.key()) ==
            study.variedFields.end())
          study.variedFields.push_back(it.key());
        // every combination so far, times each value of this variation
        std::vector<std::vector<std::pair<std::string, std::string>>> next;
        for (const auto& c : combinations)
          for (const std::string& value : variationValues(*it, where)) {
            next.push_back(c);
            next.back().push_back({it.key(), value});
          }
        combinations = std::move(next);
      }
    // one model per combination; a variation the scene refuses is reported at the variation
    for (const auto& fields : combinations) {
      const SceneVariant variant{scene, fields};
      Model model;
      try {
        model = loadSceneVariant(variant);
      } catch (const SceneError& e) {
        for (const SceneIssue& i : e.issues()) {
          // a problem at a varied field is the variation's; any other is the scene's
          const bool field = std::any_of(fields.begin(), fields.end(),
                                         [&](const auto& f) { return f.first == i.path; });
          issue(field ? path + "/variations/" + escapePointerToken(i.path) : path + "/scene",
                variantLabel(variant) + ": " + (i.path.empty() ? "" : i.path + ": ") + i.message);
        }
        continue;
      }
      // the variant's runs, at the scene's end time unless the study or the scene entry says one
      const int index = static_cast<int>(study.variants.size());
      study.variants.push_back(variant);
      addRuns(study, model, index, entry.value("t_end", file_.value("t_end", model.defaults.tEnd)),
              path);
    }
  }

  // --- runs --------------------------------------------------------------------------------------

  // the settings every run of a scene shares: formulation, end time, the scene's steps
  RunSettings baseSettings(const Model& model, const std::string& formulation, double tEnd) const {
    RunSettings s;
    s.formulation = formulation;
    s.tEnd = tEnd;
    s.integratorSettings.step = model.defaults.step;
    s.integratorSettings.maxStep = model.defaults.maxStep;
    // rows at the scene's output times when it asks for them (a long run keeps a few thousand rows)
    s.output = outputRequest_;
    recordMultipliersFor(file_.value("outputs", std::vector<std::string>{}), s);
    return s;
  }

  // one scene variant's runs: every formulation x integrator x rho_inf x setting
  void addRuns(Study& study, const Model& model, int variant, double tEnd,
               const std::string& scenePath) {
    // a positive end time, and the scene's output times when it asks for them
    if (!(tEnd > 0.0)) issue(scenePath + "/t_end", "must be positive");
    try {
      outputRequest_ = sceneOutputRequest(model);
    } catch (const std::runtime_error& e) {
      issue(scenePath, e.what());
    }
    // the study's formulations, or the scene's own; each must be known
    const std::vector<std::string> formulations =
        file_.contains("formulations") ? file_.at("formulations").get<std::vector<std::string>>()
                                       : std::vector<std::string>{model.defaults.formulation};
    const std::vector<std::string> known = runFormulationNames();
    for (size_t f = 0; f < formulations.size(); ++f)
      if (std::find(known.begin(), known.end(), formulations[f]) == known.end())
        issue("/formulations/" + std::to_string(f),
              "unknown formulation '" + formulations[f] + "' (rp, rA, rE or joint)");
    // and each integrator must support one of them
    checkFormulations(formulations);
    // a reference per variant, when the study compares outputs
    if (!study.outputs.empty())
      addReference(study, model, variant, baseSettings(model, formulations.front(), tEnd));
    // the runs: formulation, integrator entry, rho_inf, setting, the last varying fastest
    for (const std::string& formulation : formulations)
      for (const Entry& e : entries_)
        for (double rho : e.rhoInf)
          for (const Setting& setting : e.settings) {
            // the run's settings: the base, the integrator, its damping, its tolerance or step
            RunSpec spec;
            spec.variant = variant;
            spec.settings = baseSettings(model, formulation, tEnd);
            spec.settings.integrator = e.info->name;
            IntegratorSettings& s = spec.settings.integratorSettings;
            s.rhoInf = rho;
            s.variableStep = setting.variable;
            // a tolerance, or a step; a step per stage is times the integrator's stages
            if (setting.variable)
              s.rtol = s.atol = setting.value;
            else
              s.step = setting.perStage ? setting.value * e.info->capabilities.implicitStages
                                        : setting.value;
            // then the integrator's options, each over the default where given
            s.maxStep = e.options.value("max_step", s.maxStep);
            s.newtonTolerance = e.options.value("newton_tolerance", s.newtonTolerance);
            s.newtonToleranceRule = e.options.value("newton_tolerance_rule", s.newtonToleranceRule);
            s.linearSolver = e.options.value("linear_solver", s.linearSolver);
            s.jacobianUpdate = e.options.value("jacobian_update", s.jacobianUpdate);
            s.jacobian = e.options.value("jacobian", s.jacobian);
            s.errorControl = e.options.value("error_control", s.errorControl);
            s.index3Form = e.options.value("index3_form", s.index3Form);
            s.penalty = e.options.value("penalty", s.penalty);
            // every run repeated alike, and measured against its variant's reference
            spec.repeat = repeat_;
            spec.reference =
                study.outputs.empty() ? -1 : static_cast<int>(study.references.size()) - 1;
            // the study's formulations apply to the integrators that support them
            const std::vector<std::string>& supported = e.info->capabilities.formulations;
            if (std::find(supported.begin(), supported.end(), formulation) == supported.end())
              continue;
            // the check of every run (simulation/settings_check.h), sizes included: a sweep has
            // no confirmation
            if (const std::optional<SettingsProblem> p = runSettingsProblem(spec.settings)) {
              if (reported_.insert(e.path + p->message).second) issue(e.path, p->message);
              continue;
            }
            study.runs.push_back(spec);
          }
  }

  // --- references and checks ---------------------------------------------------------------------

  // an integrator that supports none of the study's formulations
  void checkFormulations(const std::vector<std::string>& formulations) {
    // each entry reported once, however many scenes the study has
    for (const Entry& e : entries_) {
      const std::vector<std::string>& supported = e.info->capabilities.formulations;
      if (std::none_of(formulations.begin(), formulations.end(),
                       [&](const std::string& f) {
                         return std::find(supported.begin(), supported.end(), f) != supported.end();
                       }) &&
          reported_.insert(e.path + "formulations").second)
        issue(e.path + "/name", e.info->name + " supports none of the study's formulations");
    }
  }

  void addReference(Study& study, const Model& model, int variant, const RunSettings& base) {
    // the study's reference entry: a closed form, a file, or an integrator at a tolerance or step
    ReferenceChoice choice;
    if (file_.contains("reference")) {
      const json& r = file_.at("reference");
      // the entry's closed form, file, integrator, tolerance and step, as given
      choice.closedForm = r.value("closed_form", "");
      if (!choice.closedForm.empty()) checkClosedForm(choice.closedForm, model, base);
      if (r.contains("file")) choice.file = resolve(r.at("file").get<std::string>());
      choice.integrator = r.value("integrator", "");
      choice.tolerance = r.value("tolerance", 0.0);
      choice.step = r.value("step", 0.0);
      // the problems that can be seen before any run
      if (!choice.integrator.empty() && !findIntegrator(choice.integrator))
        issue("/reference/integrator", "unknown integrator '" + choice.integrator + "'");
      if (!choice.file.empty() && !std::filesystem::exists(choice.file))
        issue("/reference/file", "cannot read '" + choice.file + "'");
      if (!choice.file.empty() && variant > 0)
        issue("/reference/file", "a reference file serves one scene variant; this study has more");
    }
    // the reference run of this variant, named after it
    ReferenceSpec ref = referenceRun(base, choice);
    ref.run.variant = variant;
    ref.description = variantLabel(study.variants[variant]) + ": " + ref.description;
    study.references.push_back(ref);
  }

  // a closed form serves the scene of its problem, at the runs' output times
  void checkClosedForm(const std::string& name, const Model& model, const RunSettings& base) {
    const std::string path = "/reference/closed_form";
    // an output grid is needed to compare with a closed form at the same times
    if (!(base.output.step > 0.0)) {
      if (reported_.insert(path + "step").second)
        issue(path,
              "a closed form is compared at the runs' output times: give the scene an output_step");
      return;
    }
    // the closed form must exist for this model
    Results reference;
    try {
      reference = closedFormReference(name, model, {base.tStart});
    } catch (const std::invalid_argument& e) {
      if (reported_.insert(path + e.what()).second) issue(path, e.what());
      return;
    }
    // the outputs compared must be channels of the closed form
    const std::vector<std::string> outputs = file_.value("outputs", std::vector<std::string>{});
    for (size_t k = 0; k < outputs.size(); ++k) {
      if (reference.column(outputs[k]) >= 0) continue;
      // the message lists the channels the closed form gives
      std::string channels;
      for (int c = 1; c < reference.columnCount(); ++c)
        channels += (c > 1 ? ", " : "") + reference.channels()[c].name;
      if (reported_.insert(path + outputs[k]).second)
        issue("/outputs/" + std::to_string(k),
              "the closed form " + name + " gives " + channels + ", not '" + outputs[k] + "'");
    }
  }

  // every output must be recorded by the runs of each scene variant
  void checkOutputs(const Study& study) {
    // the channels of a run of each variant, from the scene and the run's settings
    std::map<int, std::vector<Channel>> channels;
    for (const RunSpec& r : study.runs)
      if (!channels.count(r.variant))
        channels[r.variant] = runChannels(loadSceneVariant(study.variants[r.variant]), r);
    // each output missing from a variant is reported once, at the first such variant
    for (size_t k = 0; k < study.outputs.size(); ++k)
      for (const auto& [variant, list] : channels)
        if (std::none_of(list.begin(), list.end(),
                         [&](const Channel& c) { return c.name == study.outputs[k]; })) {
          issue("/outputs/" + std::to_string(k), variantLabel(study.variants[variant]) +
                                                     " records no '" + study.outputs[k] +
                                                     "' (outputs are CSV columns of a run)");
          break;
        }
  }

  const json& file_;
  std::filesystem::path directory_;
  std::vector<SceneIssue>& issues_;
  std::vector<Entry> entries_;
  std::set<std::string> reported_;
  int repeat_ = 1;
  OutputRequest outputRequest_;  // of the scene whose runs are being added
};

}  // namespace

// --- reading a study file ------------------------------------------------------------------------

StudyFile parseStudyFile(const std::string& text, const std::string& path) {
  // syntax errors, numbers too large for a double (found by the fuzzer: "11e308"), nesting and
  // keys given twice
  const json file = parseJsonText<json>(text, path);
  // then the schema (kinds, required fields, choices), then the study's own sense
  std::vector<SceneIssue> issues;
  validateAgainstSchema(file, studySchema(), "study", "", issues);
  if (!issues.empty()) throw SceneError(path, std::move(issues));
  // the builder finds what the schema cannot: unknown names, bad variations, missing outputs
  StudyFile study = StudyBuilder(file, path, issues).build();
  if (!issues.empty()) throw SceneError(path, std::move(issues));
  return study;
}

StudyFile readStudyFile(const std::string& path) {
  // the file's text, read whole
  std::ifstream in(path);
  if (!in) throw SceneError(path, {{"", "cannot open the file"}});
  std::stringstream text;
  text << in.rdbuf();
  return parseStudyFile(text.str(), path);
}

// --- a sweep's directory ------------------------------------------------------------------------

// a sweep's files: the table, the runs, the figure, the thresholds report
std::string SweepDirectory::table() const { return path + "/results.csv"; }
std::string SweepDirectory::runFile(int run) const {
  return path + "/runs/run-" + std::to_string(run) + ".csv";
}
std::string SweepDirectory::figure() const { return path + "/work-precision.png"; }
std::string SweepDirectory::thresholds() const { return path + "/thresholds.md"; }

void SweepDirectory::create(const StudyFile& file) const {
  // the directory, and its runs/ folder when the run files are asked for
  createOutputDirectory(path);
  if (file.runFiles) createOutputDirectory(path + "/runs");
}

StudyExecutionOptions SweepDirectory::executionOptions(bool resume) const {
  // the table and the references in the directory, resumed when asked
  StudyExecutionOptions o;
  o.tableFile = table();
  o.referenceDirectory = path;
  o.resume = resume;
  o.replace = false;
  return o;
}

// the report of the file's thresholds, kept beside the table
ThresholdReport SweepDirectory::writeThresholds(
    const StudyFile& file, const std::vector<std::optional<RunRecord>>& records) const {
  const ThresholdReport report =
      thresholdReport(file.study, records, file.measure, file.thresholds);
  // written whole, or a StudyError naming the file (a write error shows only once flushed)
  std::ofstream out(thresholds());
  if (!out) throw StudyError("cannot write '" + thresholds() + "'");
  out << report.markdown();
  out.flush();
  if (!out) throw StudyError("writing '" + thresholds() + "' failed");
  return report;
}

}  // namespace mbw
