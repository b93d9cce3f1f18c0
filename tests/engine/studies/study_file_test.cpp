// Study files: a valid one becomes the grid it describes; every class of bad input is refused
// with the JSON path of the field at fault; docs/study-format.md is generated from the schema; a
// sweep keeps its outputs in a directory laid out one way for every front end, its thresholds table
// among them.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "studies/study_file.h"
#include "studies/study_schema.h"
#include "test_paths.h"

namespace mbw {
namespace {

// --- valid files ---------------------------------------------------------------------------------

// a study file of the given scenes and integrators, with more top-level fields appended
std::string studyJson(const std::string& scenes, const std::string& integrators,
                      const std::string& extra = "") {
  return R"({"format": "mbw-study", "version": 1, "name": "t", "scenes": )" + scenes +
         R"(, "integrators": )" + integrators + extra + "}";
}
// one scene and one run of rn4: the parts the bad-input cases leave valid
const std::string kScene = R"([{"scene": "double-pendulum", "t_end": 0.1}])";
const std::string kRn4 = R"([{"name": "rn4", "tolerances": [1e-3]}])";

// two varied masses (a list of two, a log range of three), three integrators, two formulations:
// the grid is the product of all of them
TEST(StudyFile, BecomesTheGridItDescribes) {
  const StudyFile f = parseStudyFile(
      studyJson(
          R"([{"scene": "double-pendulum", "t_end": 0.2,
                     "variations": {"/bodies/1/mass": [1, 2], "/bodies/0/mass": {"from": 1, "to": 100, "count": 3, "spacing": "log"}}}])",
          R"([{"name": "lms3", "rho_inf": [0, 0.6], "steps": [0.01, 0.005]},
                    {"name": "bathe", "steps_per_stage": [0.01]}, {"name": "rn4", "tolerances": [1e-3, 1e-4]}])",
          R"(, "formulations": ["rp", "rA"], "outputs": ["body_2.y"], "repeat": 2, "measure": "rms")"),
      "/tmp/s.json");
  const Study& s = f.study;
  // the variants: 2 x 3 masses, the log range giving 1, 10, 100
  ASSERT_EQ(s.variants.size(), 6u);  // 2 x 3 masses
  // the variations in the order of their pointers, the last varying fastest
  EXPECT_EQ(s.variedFields, (std::vector<std::string>{"/bodies/0/mass", "/bodies/1/mass"}));
  EXPECT_EQ(s.variants[1].fields, (std::vector<std::pair<std::string, std::string>>{
                                      {"/bodies/0/mass", "1"}, {"/bodies/1/mass", "2"}}));
  EXPECT_EQ(s.variants[2].fields[0].second, "10");
  // each variant: lms3 at 2 rho_inf x 2 steps, bathe, rn4 at 2 tolerances in rp; the same less rn4
  // in rA; a reference run per variant
  EXPECT_EQ(s.runs.size(), 6u * ((4 + 1 + 2) + (4 + 1)));  // rn4 runs in rp only
  EXPECT_EQ(s.references.size(), 6u);
  EXPECT_EQ(f.measure, ErrorMeasure::Rms);
  // runs 0-3 are lms3, then bathe, then the two rn4; run 7 is the first in rA; a variant has 12
  // runs, so run 14 belongs to variant 1 and its reference
  const RunSpec& bathe = s.runs[4];
  EXPECT_EQ(bathe.settings.integrator, "bathe");
  EXPECT_DOUBLE_EQ(bathe.settings.integratorSettings.step, 0.02);  // two stages
  EXPECT_EQ(bathe.repeat, 2);
  EXPECT_TRUE(s.runs[5].settings.integratorSettings.variableStep);
  EXPECT_EQ(s.runs[7].settings.formulation, "rA");
  EXPECT_EQ(s.runs[14].variant, 1);
  EXPECT_EQ(s.runs[14].reference, 1);
}

// a study over formulations pairs "joint" only with the integrators that take joint coordinates,
// instead of making runs that would be refused
TEST(StudyFile, JointCoordinatesRunWithTheIntegratorsThatTakeThem) {
  // rn4 in rp and in joint coordinates, bathe in rp only
  const StudyFile f = parseStudyFile(
      studyJson(
          R"([{"scene": "stiff-double-pendulum", "t_end": 0.1}])",
          R"([{"name": "bathe", "steps_per_stage": [0.01]}, {"name": "rn4", "tolerances": [1e-3]}])",
          R"(, "formulations": ["rp", "joint"])"),
      "/tmp/s.json");
  std::vector<std::string> runs;
  for (const RunSpec& r : f.study.runs)
    runs.push_back(r.settings.integrator + " " + r.settings.formulation);
  EXPECT_EQ(runs, (std::vector<std::string>{"bathe rp", "rosenbrock-nystrom4 rp",
                                            "rosenbrock-nystrom4 joint"}));
}

// options of an integrator's entry reach the settings of its runs; the rest keep their defaults
TEST(StudyFile, IntegratorOptionsReachTheirRuns) {
  const StudyFile f = parseStudyFile(
      studyJson(kScene, R"([{"name": "rn4", "tolerances": [1e-6], "error_control": "per-step"},
                           {"name": "hht", "steps": [1e-3], "index3_form": "augmented-lagrangian", "penalty": 1e7}])"),
      "/tmp/s.json");
  ASSERT_EQ(f.study.runs.size(), 2u);
  EXPECT_EQ(f.study.runs[0].settings.integratorSettings.errorControl, "per-step");
  EXPECT_EQ(f.study.runs[1].settings.integratorSettings.index3Form, "augmented-lagrangian");
  EXPECT_DOUBLE_EQ(f.study.runs[1].settings.integratorSettings.penalty, 1e7);
  EXPECT_EQ(f.study.runs[1].settings.integratorSettings.errorControl, "auto");
}

// --- bad study files -----------------------------------------------------------------------------

// a study file that must be refused, the JSON path its message must name and a fragment of it
struct BadStudy {
  const char* name;
  std::string text;
  const char* path;
  const char* message;
};
void PrintTo(const BadStudy& b, std::ostream* os) { *os << b.name; }

class StudyFileBadInput : public ::testing::TestWithParam<BadStudy> {};

// the file is refused by a SceneError naming "study.json: <path>: " and the message
TEST_P(StudyFileBadInput, IsRefusedAtItsPath) {
  const BadStudy& c = GetParam();
  try {
    parseStudyFile(c.text, "study.json");
    FAIL() << "accepted";
  } catch (const SceneError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(std::string("study.json: ") + c.path + ": "), std::string::npos) << what;
    EXPECT_NE(what.find(c.message), std::string::npos) << what;
  }
}

// one case per class of error, from syntax through the integrators', scenes', variations' and
// the reference's fields
std::vector<BadStudy> badStudies() {
  return {
      // syntax, the number too large for a double, the format and its version, the required fields
      {"invalid_json", "{\"format\": ", "/", "invalid JSON"},
      {"number_overflow",
       R"({"format": "mbw-study", "version": 1, "name": "t", "scenes": [], "integrators": [{"name": "lms2", "tolerances": [11e308]}]})",
       "/", "number overflow"},  // found by the fuzzer: it escaped as a JSON library exception
      {"format",
       R"({"format": "mbw-scene", "version": 1, "name": "t", "scenes": [], "integrators": []})",
       "/format", "'mbw-scene' is not one of: mbw-study"},
      {"version",
       R"({"format": "mbw-study", "version": 2, "name": "t", "scenes": )" + kScene +
           R"(, "integrators": )" + kRn4 + "}",
       "/version", "version 2 is not supported"},
      {"missing",
       R"({"format": "mbw-study", "version": 1, "name": "t", "scenes": [{"scene": "double-pendulum"}]})",
       "/integrators", "missing required field 'integrators'"},
      // the integrators: fields, names, options, values, and the settings each integrator can take
      {"unknown_field",
       studyJson(kScene, R"([{"name": "rn4", "tolerances": [1e-3], "colour": "red"}])"),
       "/integrators/0/colour", "unknown field 'colour'"},
      {"number_list", studyJson(kScene, R"([{"name": "lms3", "steps": 0.01}])"),
       "/integrators/0/steps", "must be a non-empty array of numbers"},
      {"unknown_integrator", studyJson(kScene, R"([{"name": "rk45", "tolerances": [1e-3]}])"),
       "/integrators/0/name", "unknown integrator 'rk45'"},
      {"error_control",
       studyJson(kScene, R"([{"name": "rn4", "tolerances": [1e-3], "error_control": "per-run"}])"),
       "/integrators/0/error_control", "'per-run' is not one of: auto, per-unit-step, per-step"},
      {"error_control_offered",
       studyJson(
           kScene,
           R"([{"name": "esdirk3-4l2sa", "tolerances": [1e-3], "error_control": "per-step"}])"),
       "/integrators/0", "the error control"},
      {"no_settings", studyJson(kScene, R"([{"name": "lms3"}])"), "/integrators/0",
       "give tolerances, steps"},
      {"negative_step", studyJson(kScene, R"([{"name": "lms3", "steps": [0.01, -0.01]}])"),
       "/integrators/0/steps/1", "must be positive"},
      {"fixed_only", studyJson(kScene, R"([{"name": "bathe", "tolerances": [1e-3]}])"),
       "/integrators/0", "fixed steps only"},
      {"rho_inf", studyJson(kScene, R"([{"name": "lms3", "rho_inf": [1], "steps": [0.01]}])"),
       "/integrators/0", "not zero-stable"},
      // the scenes and their variations: JSON pointers into the scene and the values put there
      {"unknown_scene", studyJson(R"([{"scene": "triple-pendulum"}])", kRn4), "/scenes/0/scene",
       "cannot open"},
      {"not_a_pointer",
       studyJson(R"([{"scene": "double-pendulum", "variations": {"bodies/1/mass": [1]}}])", kRn4),
       "/scenes/0/variations/bodies~11~1mass", "is not a JSON pointer"},
      {"pointer_to_nothing",
       studyJson(R"([{"scene": "double-pendulum", "variations": {"/bodies/7/mass": [1]}}])", kRn4),
       "/scenes/0/variations/~1bodies~17~1mass", "the scene has nothing at /bodies/7"},
      {"bad_value",
       studyJson(R"([{"scene": "double-pendulum", "variations": {"/bodies/1/mass": [1, -2]}}])",
                 kRn4),
       "/scenes/0/variations/~1bodies~11~1mass", "mass must be positive"},
      {"empty_values",
       studyJson(R"([{"scene": "double-pendulum", "variations": {"/bodies/1/mass": []}}])", kRn4),
       "/scenes/0/variations/~1bodies~11~1mass", "non-empty array of values"},
      {"range_count",
       studyJson(
           R"([{"scene": "double-pendulum", "variations": {"/bodies/1/mass": {"from": 1, "to": 2, "count": 1}}}])",
           kRn4),
       "/scenes/0/variations/~1bodies~11~1mass/count", "at least 2 values"},
      {"range_field",
       studyJson(
           R"([{"scene": "double-pendulum", "variations": {"/bodies/1/mass": {"from": 1, "count": 3}}}])",
           kRn4),
       "/scenes/0/variations/~1bodies~11~1mass/to", "missing required field 'to'"},
      // formulations, outputs, the reference and the error measure
      {"formulation", studyJson(kScene, kRn4, R"(, "formulations": ["rq"])"), "/formulations/0",
       "unknown formulation 'rq'"},
      {"output", studyJson(kScene, kRn4, R"(, "outputs": ["body_9.x"])"), "/outputs/0",
       "records no 'body_9.x'"},
      {"reference",
       studyJson(kScene, kRn4,
                 R"(, "outputs": ["body_2.y"], "reference": {"integrator": "euler"})"),
       "/reference/integrator", "unknown integrator 'euler'"},
      {"measure", studyJson(kScene, kRn4, R"(, "measure": "l2")"), "/measure",
       "'l2' is not one of: max, rms, final"},
      // a closed-form reference needs output times, a problem it solves and outputs it gives
      {"closed_form_times",
       studyJson(kScene, kRn4,
                 R"(, "outputs": ["body_2.y"], "reference": {"closed_form": "iftomm-a01"})"),
       "/reference/closed_form", "give the scene an output_step"},
      {"closed_form_problem",
       studyJson(
           R"([{"scene": "double-pendulum", "variations": {"/settings/output_step": [0.1]}}])",
           kRn4, R"(, "outputs": ["body_2.y"], "reference": {"closed_form": "iftomm-a01"})"),
       "/reference/closed_form", "no body has a distance joint to the ground"},
      {"closed_form_output",
       studyJson(R"([{"scene": "iftomm-a01-pendulum", "t_end": 1}])", kRn4,
                 R"(, "outputs": ["p1_x", "P1.z"], "reference": {"closed_form": "iftomm-a01"})"),
       "/outputs/1",
       "the closed form iftomm-a01 gives p1_x, p1_x.rate, p1_y, p1_y.rate, not 'P1.z'"},
  };
}

INSTANTIATE_TEST_SUITE_P(EveryClass, StudyFileBadInput, ::testing::ValuesIn(badStudies()),
                         [](const auto& param) { return std::string(param.param.name); });

// --- closed-form references, shipped files and the documentation ---------------------------------

// the IFToMM A01 pendulum against its closed form: the reference names the Jacobi elliptic
// solution and the runs record at the scene's output step of 0.5 s
TEST(StudyFile, AClosedFormReferenceServesTheScenesOutputTimes) {
  const StudyFile f = parseStudyFile(
      studyJson(R"([{"scene": "iftomm-a01-pendulum", "t_end": 3}])", kRn4,
                R"(, "outputs": ["p1_x"], "reference": {"closed_form": "iftomm-a01"})"),
      "/tmp/s.json");
  ASSERT_EQ(f.study.references.size(), 1u);
  EXPECT_EQ(f.study.references[0].closedForm, "iftomm-a01");
  EXPECT_NE(f.study.references[0].description.find("Jacobi elliptic"), std::string::npos);
  // the runs record at the scene's output step
  EXPECT_EQ(f.study.runs[0].settings.output.step, 0.5);
}

// every study under scenes/studies parses and its scenes load
TEST(StudyFile, ShippedExamplesLoad) {
  int examples = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(MBW_SOURCE_DIR) + "/scenes/studies")) {
    if (entry.path().extension() != ".json") continue;
    EXPECT_NO_THROW(readStudyFile(entry.path().string())) << entry.path();
    ++examples;
  }
  EXPECT_GE(examples, 4);
}

// the study format's page in docs/ is byte for byte what the study schema generates
TEST(StudyFile, DocumentationIsGeneratedFromTheSchema) {
  // docs/study-format.md is the output of `mbw-cli schema --study`; regenerate it when the schema
  // changes:
  //   build/app/cli/mbw-cli schema --study -o docs/study-format.md
  std::ifstream in(std::string(MBW_SOURCE_DIR) + "/docs/study-format.md");
  ASSERT_TRUE(in) << "docs/study-format.md is missing";
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), studyFormatMarkdown())
      << "docs/study-format.md is out of date: run `mbw-cli schema --study -o "
         "docs/study-format.md`";
}

// --- the sweep's directory -----------------------------------------------------------------------

// a sweep's directory lays out its table, run files, figure and thresholds; its table is never
// replaced, and a thresholds report is written beside it
TEST(StudyFile, ASweepsDirectory) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(::testing::TempDir()) / "sweep_directory_test";
  fs::remove_all(root);
  const SweepDirectory a{(root / "a").string()};
  // its files
  EXPECT_EQ(a.table(), a.path + "/results.csv");
  EXPECT_EQ(a.runFile(12), a.path + "/runs/run-12.csv");
  EXPECT_EQ(a.figure(), a.path + "/work-precision.png");
  EXPECT_EQ(a.thresholds(), a.path + "/thresholds.md");
  // the execution's options: the table there, never replaced, the references beside it
  const StudyExecutionOptions o = a.executionOptions(false);
  EXPECT_EQ(o.tableFile, a.table());
  EXPECT_EQ(o.referenceDirectory, a.path);
  EXPECT_FALSE(o.resume);
  EXPECT_FALSE(o.replace);
  EXPECT_TRUE(a.executionOptions(true).resume);
  // made with runs/ only when the file keeps its runs' CSVs
  StudyFile file = parseStudyFile(studyJson(kScene, kRn4), "t.json");
  a.create(file);
  EXPECT_TRUE(fs::is_directory(a.path));
  EXPECT_FALSE(fs::exists(a.path + "/runs"));
  file.runFiles = true;
  const SweepDirectory b{(root / "b" / "c").string()};
  b.create(file);
  EXPECT_TRUE(fs::is_directory(b.path + "/runs")) << "parents made too";
  // the thresholds table kept beside the table, the text a front end shows: no run reached any
  const StudyFile withThresholds = parseStudyFile(
      studyJson(kScene, kRn4, R"(, "outputs": ["body_2.y"], "thresholds": [0.1, 0.001])"),
      "t.json");
  const std::vector<std::optional<RunRecord>> none(withThresholds.study.runs.size());
  const ThresholdReport report = a.writeThresholds(withThresholds, none);
  EXPECT_EQ(report.heading, thresholdTableHeading(withThresholds.study, withThresholds.measure));
  EXPECT_NE(report.table.find("| error <= 0.001 "), std::string::npos) << report.table;
  EXPECT_NE(report.table.find("not reached"), std::string::npos) << report.table;
  std::stringstream written;
  written << std::ifstream(a.thresholds()).rdbuf();
  EXPECT_EQ(written.str(), report.heading + "\n\n" + report.table);
  // a thresholds file that cannot be written is said, by its path
  fs::remove(a.thresholds());
  fs::create_directory(a.thresholds());
  try {
    a.writeThresholds(withThresholds, none);
    ADD_FAILURE() << "a directory in the thresholds file's place was written to";
  } catch (const StudyError& e) {
    EXPECT_NE(std::string(e.what()).find(a.thresholds()), std::string::npos) << e.what();
  }
  // a directory that cannot be made is refused
  std::ofstream((root / "file").string()) << "x";
  EXPECT_ANY_THROW(SweepDirectory{(root / "file" / "d").string()}.create(file));
  fs::remove_all(root);
}

}  // namespace
}  // namespace mbw
