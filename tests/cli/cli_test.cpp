// mbw-cli as a user meets it: exit status 0 on success, 2 on bad input with a message naming the
// file and the field, 3 on a numerical failure with the CSV up to that point written.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "command_runner.h"
#include "simulation/csv.h"
#include "test_models.h"
#include "test_paths.h"

namespace mbw {
namespace {

// --- helpers -------------------------------------------------------------------------------------

using Outcome = test::CommandOutcome;

// runs the built mbw-cli with the given arguments; status and merged output come back
Outcome runCli(const std::string& arguments) {
  return test::runCommand(std::string(MBW_CLI_PATH) + " " + arguments);
}

// writes a scene into the test's temporary directory and returns its path
std::string writeScene(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name + ".json";
  std::ofstream(path) << text;
  return path;
}

// body 'a' at the origin with a point P there; body 'b' one metre above it, with no points
const char* kBody =
    R"({"name": "a", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0], "points": {"P": [0, 0, 0]}})";
const char* kBodyB = R"({"name": "b", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 1]})";

// a scene of body 'a' alone, with the joints given
std::string oneBody(const std::string& joints = "[]") {
  return test::sceneJson(std::string("[") + kBody + "]", joints);
}

// a spherical joint between ground's origin and a point of 'a' (P unless told)
std::string sphericalTo(const std::string& name, const std::string& pointJ = "\"P\"") {
  return R"({"name": ")" + name +
         R"(", "type": "spherical", "body_i": "ground", "body_j": "a", "point_i": [0, 0, 0], "point_j": )" +
         pointJ + "}";
}

// --- bad input: exit status 2 with file and JSON path --------------------------------------------

struct BadInput {
  const char* name;
  std::string scene;
  const char* path;     // JSON path the message must name
  const char* message;  // and a fragment of what it says
};

// test logs name the case, not the bytes of the struct
void PrintTo(const BadInput& b, std::ostream* os) { *os << b.name; }

// each case writes its scene, validates it and looks for "<file>: <path>: " and the message
class CliBadInput : public ::testing::TestWithParam<BadInput> {};

// a user with a mistake in a scene file learns which file and which field, and a script sees
// status 2, whatever the class of mistake
TEST_P(CliBadInput, ExitsWithStatus2NamingFileAndField) {
  const BadInput& c = GetParam();
  const std::string file = writeScene(c.name, c.scene);
  const Outcome o = runCli("validate " + file);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find(file + ": " + c.path + ": "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find(c.message), std::string::npos) << o.output;
}

// one case per class of error the reader, the builder and the validator report
std::vector<BadInput> badInputs() {
  const std::string body = kBody;
  return {
      // syntax, then the fields of a body: missing, wrongly typed, unknown, an unknown joint type
      {"invalid_json", "{\"format\": ", "/", "invalid JSON"},
      {"missing_field",
       test::sceneJson(R"([{"name": "a", "inertia": [1, 1, 1], "position": [0, 0, 0]}])", "[]"),
       "/bodies/0/mass", "missing required field 'mass'"},
      {"wrong_type",
       test::sceneJson(
           R"([{"name": "a", "mass": "heavy", "inertia": [1, 1, 1], "position": [0, 0, 0]}])",
           "[]"),
       "/bodies/0/mass", "must be a number, found a string"},
      {"unknown_field",
       test::sceneJson(
           R"([{"name": "a", "mass": 1, "colour": "red", "inertia": [1, 1, 1], "position": [0, 0, 0]}])",
           "[]"),
       "/bodies/0/colour", "unknown field 'colour'"},
      {"unknown_type",
       oneBody(R"([{"name": "j", "type": "hinge", "body_i": "ground", "body_j": "a"}])"),
       "/joints/0/type", "'hinge' is not one of"},
      // values out of range: the mass, the inertia, the axis of a revolute joint
      {"nonpositive_mass",
       test::sceneJson(R"([{"name": "a", "mass": 0, "inertia": [1, 1, 1], "position": [0, 0, 0]}])",
                       "[]"),
       "/bodies/0/mass", "mass must be positive"},
      {"subnormal_mass",
       test::sceneJson(
           R"([{"name": "a", "mass": 5e-324, "inertia": [1, 1, 1], "position": [0, 0, 0]}])", "[]"),
       "/bodies/0/mass", "out of the range"},
      {"duplicate_key",
       test::sceneJson(
           R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "mass": 2, "position": [0, 0, 0]}])",
           "[]"),
       "/bodies/0/mass", "the key 'mass' is given twice"},
      {"indefinite_inertia",
       test::sceneJson(
           R"([{"name": "a", "mass": 1, "inertia": [1, 1, 1], "inertia_products": [2, 0, 0], "position": [0, 0, 0]}])",
           "[]"),
       "/bodies/0/inertia", "positive definite"},
      {"zero_axis",
       oneBody(
           R"([{"name": "j", "type": "revolute", "body_i": "ground", "body_j": "a", "point_i": [0, 0, 0], "point_j": "P", "axis_i": [0, 0, 0], "axis_j": [0, 0, 1]}])"),
       "/joints/0/axis_i", "zero length"},
      // names that repeat or that name nothing
      {"duplicate_body", test::sceneJson("[" + body + "," + body + "]", "[]"), "/bodies/1/name",
       "duplicate body name 'a'"},
      {"duplicate_joint", oneBody("[" + sphericalTo("j") + "," + sphericalTo("j") + "]"),
       "/joints/1/name", "duplicate joint name 'j'"},
      {"unknown_body",
       oneBody(
           R"([{"name": "j", "type": "spherical", "body_i": "ground", "body_j": "b", "point_i": [0, 0, 0], "point_j": [0, 0, 0]}])"),
       "/joints/0/body_j", "unknown body 'b'"},
      {"unknown_point", oneBody("[" + sphericalTo("j", "\"Q\"") + "]"), "/joints/0/point_j",
       "body 'a' has no point named 'Q'"},
      // an expression that does not parse, a format version the reader does not know
      {"bad_expression",
       oneBody(
           R"js([{"name": "j", "type": "dp1", "body_i": "ground", "body_j": "a", "a_i": [1, 0, 0], "a_j": [1, 0, 0], "f": "cos(omega*t)"}])js"),
       "/joints/0/f", "cannot parse 'cos(omega*t)'"},
      {"version",
       std::string(R"({"format": "mbw-scene", "version": 7, "name": "x", "bodies": [)") + body +
           "]}",
       "/version", "version 7 is not supported"},
      // a second joint at a different point on the same pair: redundant and disagreeing
      {"redundant_disagreeing",
       oneBody(
           "[" + sphericalTo("first") + "," +
           R"({"name": "second", "type": "spherical", "body_i": "ground", "body_j": "a", "point_i": [0, 0, 0.5], "point_j": "P"})" +
           "]"),
       "/joints/1", "repeats what joint 'first' imposes but disagrees"},
      // elements in the wrong place: a tire on ground, an output named like a channel
      {"tire_on_ground",
       test::sceneJson(
           std::string("[") + kBody + "]", "[]",
           R"([{"name": "t", "type": "tire", "body": "ground", "point": [0, 0, 0], "stiffness": 1e5, "free_radius": 0.4}])"),
       "/forces/0/body", "a tire belongs to a wheel body"},
      {"output_name",
       test::sceneJson(
           std::string("[") + kBody + "]", "[]", "[]",
           R"(, "outputs": [{"name": "a.z", "type": "coordinate", "body": "a", "axis": "z"}])"),
       "/outputs/0/name", "cannot name an output"},
      // a spherical joint between 'a' and 'b' that the initial poses do not satisfy
      {"inconsistent",
       test::sceneJson(
           std::string("[") + kBody + "," + kBodyB + "]",
           R"([{"name": "j", "type": "spherical", "body_i": "a", "body_j": "b", "point_i": [0, 0, 0], "point_j": [0, 0, 0.5]}])"),
       "/bodies/0", "moves body 'a' by 0.75"},
  };
}

INSTANTIATE_TEST_SUITE_P(EveryClass, CliBadInput, ::testing::ValuesIn(badInputs()),
                         [](const auto& param) { return std::string(param.param.name); });

// --- other bad input and warnings ----------------------------------------------------------------

// Principal moments no rigid body has (1 + 1 < 3): a warning with the path, not a silent run
TEST(Cli, ImpossibleInertiaIsAWarningWithItsPath) {
  const std::string file = writeScene(
      "impossible_inertia",
      test::sceneJson(R"([{"name": "a", "mass": 1, "inertia": [1, 1, 3], "position": [0, 0, 0]}])",
                      "[]"));
  const Outcome o = runCli("validate " + file);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(
      o.output.find("warning: " + file + ": /bodies/0/inertia: no rigid body has these moments"),
      std::string::npos)
      << o.output;
}

// a path that cannot be opened is reported like a syntax error, at the document's root
TEST(Cli, UnreadableSceneFileIsBadInput) {
  const Outcome o = runCli("run /nonexistent/scene.json");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("/nonexistent/scene.json: /: cannot open the file"), std::string::npos)
      << o.output;
}

// unknown names in the options, and a run with no scene at all
TEST(Cli, UnknownIntegratorOrFormulationIsBadInput) {
  Outcome o = runCli("run slider-crank --integrator runge-kutta-99");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("unknown integrator 'runge-kutta-99'"), std::string::npos) << o.output;
  o = runCli("run slider-crank --formulation quaternions");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("quaternions"), std::string::npos) << o.output;
  o = runCli("run");
  EXPECT_EQ(o.status, 2);
}

// --- runs: status, CSV and summary ---------------------------------------------------------------

// a run that fails numerically is told apart from bad input (3, not 2) and keeps what it computed
TEST(Cli, NumericalFailureExitsWith3AndKeepsTheCsv) {
  // one Newton iteration per step cannot converge on the double pendulum at h = 0.01
  const std::string csv = ::testing::TempDir() + "/failed.csv";
  const Outcome o = runCli("run double-pendulum --step 0.01 --max-newton 1 -o " + csv);
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(o.output.find("failed: Newton did not converge"), std::string::npos) << o.output;
  // the CSV written so far carries the failed status and at least the initial state
  std::ifstream in(csv);
  ASSERT_TRUE(in);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("# status: failed"), std::string::npos);
  EXPECT_NE(text.str().find("\n0,"), std::string::npos);  // the initial state row
}

// 500 steps of 1 ms, every 10th written: the summary names the status and the counts
TEST(Cli, RunWritesCsvAndSummary) {
  const std::string csv = ::testing::TempDir() + "/slider.csv";
  const Outcome o = runCli("run slider-crank --step 1e-3 --t-end 0.5 --every 10 -o " + csv);
  EXPECT_EQ(o.status, 0) << o.output;
  for (const char* text : {"status           completed", "steps            500", "CPU time",
                           "energy balance", "violation"})
    EXPECT_NE(o.output.find(text), std::string::npos) << text << "\n" << o.output;
  std::ifstream in(csv);
  int lines = 0;
  for (std::string line; std::getline(in, line);) lines += line.rfind("#", 0) != 0;
  EXPECT_EQ(lines, 1 + 51);  // header + t = 0 and every 10th of 500 steps
}

// the summary's real-time factor counts the whole simulated span, a run-in before t = 0 included
TEST(Cli, RealTimeFactorCoversTheRunIn) {
  // a run from t = -1 s to 1 s simulates 2 s: the factor is 2 s over the CPU time, not 1 s
  const Outcome o = runCli("run double-pendulum --t-start -1 --t-end 1 --step 1e-3");
  ASSERT_EQ(o.status, 0) << o.output;
  const size_t at = o.output.find("CPU time");
  ASSERT_NE(at, std::string::npos) << o.output;
  std::istringstream line(o.output.substr(at + 8));
  double cpu = 0.0, usPerStep = 0.0, factor = 0.0;
  std::string word;
  line >> cpu >> word >> word;  // "1.23 s (45.6"
  usPerStep = std::stod(word.substr(1));
  line >> word >> word >> word >> word;  // "us per step, 12.3x"
  factor = std::stod(word);
  ASSERT_GT(cpu, 0.0) << o.output;
  EXPECT_NEAR(factor * cpu, 2.0, 0.02) << o.output;  // both printed to 3 digits
  EXPECT_NEAR(usPerStep * 2000 * 1e-6, cpu, 0.01 * cpu) << o.output;
}

// --output-step writes the states at the requested times, not at the steps IDA takes
TEST(Cli, OutputOnRequestedTimes) {
  const std::string csv = ::testing::TempDir() + "/grid.csv",
                    times = ::testing::TempDir() + "/times.txt";
  Outcome o = runCli(
      "run double-pendulum --integrator ida --rtol 1e-6 --t-end 1 --output-step 0.1 -o " + csv);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("output           at every 0.1 s: 10 states at the requested times"),
            std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find(" GGL residual evaluations, "), std::string::npos)
      << o.output;  // IDA evaluates no ODE
  std::ifstream in(csv);
  int lines = 0;
  bool projectionReported = false;  // known at the end of the run: in the streamed file's trailer
  for (std::string line; std::getline(in, line);) {
    lines += line.rfind("#", 0) != 0;
    projectionReported = projectionReported || line.rfind("# output_projection: 10 states", 0) == 0;
  }
  EXPECT_EQ(lines, 1 + 11);  // header + t = 0, 0.1, ..., 1
  EXPECT_TRUE(projectionReported);
  EXPECT_EQ(readCsv(csv).metadataValue("output_projection").rfind("10 states", 0), 0u);
  // a times file with a word on line 3 is refused with the file and the line number
  std::ofstream(times) << "0.25\n0.5\nhalf past\n";
  o = runCli("run double-pendulum --output-times " + times);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find(times + ":3: 'half'"), std::string::npos) << o.output;
  // recording the steps needs an output step to record them against
  o = runCli("run double-pendulum --record-steps");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("needs an output step"), std::string::npos) << o.output;
}

// --- scene generation ----------------------------------------------------------------------------

// the 12-link chain written to a file validates with one degree of freedom per link and runs
TEST(Cli, GeneratesAChainSceneThatRuns) {
  const std::string scene = ::testing::TempDir() + "/chain12.json";
  Outcome o = runCli("generate chain --links 12 --angle 10 -o " + scene);
  ASSERT_EQ(o.status, 0) << o.output;
  o = runCli("validate " + scene);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("degrees of freedom 12"), std::string::npos) << o.output;
  o = runCli("run " + scene + " --t-end 0.05 --linear-solver sparse -o " + ::testing::TempDir() +
             "/chain12.csv");
  EXPECT_EQ(o.status, 0) << o.output;
  // the number of links is checked against its range
  o = runCli("generate chain --links 0");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("generate chain: --links: the value must be in [1, 100000], got 0"),
            std::string::npos)
      << o.output;
}

// generate --help lists the templates; a template's --help gives its options with units
TEST(Cli, ListsTheTemplatesAndTheirParametersWithUnits) {
  Outcome o = runCli("generate --help");
  EXPECT_EQ(o.status, 0);
  for (const char* name : {"chain", "double-pendulum", "four-bar", "slider-crank", "n-four-bar"})
    EXPECT_NE(o.output.find(std::string("  ") + name + " "), std::string::npos) << name << "\n"
                                                                                << o.output;
  o = runCli("generate four-bar --help");
  EXPECT_EQ(o.status, 0);
  EXPECT_NE(o.output.find("--lengths CRANK,COUPLER,ROCKER,GROUND"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("(deg; default 90; in [-360, 360])"), std::string::npos) << o.output;
  // four bars where one is longer than the other three together cannot close the loop
  o = runCli("generate four-bar --lengths 5,1,1,1");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(
      o.output.find(
          "generate four-bar: --lengths: the longest bar (5 m) is longer than the other three "
          "together (3 m): the loop cannot close"),
      std::string::npos)
      << o.output;
  // the slider-crank with a driven crank gets an angle driver
  o = runCli("generate slider-crank --crank-speed 2 --driven --joints spherical-universal");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("\"type\": \"angle-driver\""), std::string::npos) << o.output;
}

// list names the built-in scenes, the integrators and the formulations
TEST(Cli, ListsScenesIntegratorsAndFormulations) {
  const Outcome o = runCli("list");
  EXPECT_EQ(o.status, 0);
  for (const char* text : {"single-pendulum", "double-pendulum", "four-link", "slider-crank",
                           "backward-euler", "rp", "rA", "rE"})
    EXPECT_NE(o.output.find(text), std::string::npos) << text;
}

// --- the model summary ---------------------------------------------------------------------------

// a scene that repeats a constraint still validates and runs: the repeated equations are named in
// a note, not refused
TEST(Cli, RedundantEquationsAreNotedNotRefused) {
  // a second spherical joint at the same point repeats the first: left out, with a note
  const std::string scene =
      writeScene("duplicate_spherical",
                 oneBody("[" + sphericalTo("first") + "," + sphericalTo("second") + "]"));
  Outcome o = runCli("validate " + scene);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("redundant equations 3 left out"), std::string::npos) << o.output;
  EXPECT_NE(
      o.output.find(
          "note: /joints/1: joint 'second': 3 of its 3 equations (CD 1, CD 2, CD 3) repeat what "
          "joint 'first' imposes; left out (redundant)"),
      std::string::npos)
      << o.output;
  o = runCli("run " + scene + " --t-end 0.01");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("redundant        3 left out: joint 'second' (3 of 3)"),
            std::string::npos)
      << o.output;
}

// the slider-crank is fully driven: no freedom left, 18 constraint equations in all
TEST(Cli, ValidatePrintsTheModelSummary) {
  const Outcome o = runCli("validate slider-crank");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("degrees of freedom 0"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("constraint equations 18"), std::string::npos) << o.output;
}

// rE describes orientation by Euler angles, singular where theta = 0; rA (Euler parameters) is not
TEST(Cli, RunRefusesAnInitialPoseAtTheGimbalLockOfRe) {
  // body 'a' has the identity orientation: its ZXZ angle theta is 0
  const std::string file = writeScene("gimbal", oneBody("[" + sphericalTo("ball") + "]"));
  Outcome o = runCli("run " + file + " --formulation rE --t-end 0.01");
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("body 'a'"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("gimbal lock"), std::string::npos) << o.output;
  // the same pose on Euler parameters runs
  o = runCli("run " + file + " --formulation rA --t-end 0.01");
  EXPECT_EQ(o.status, 0) << o.output;
}

// --- studies -------------------------------------------------------------------------------------

// the quick study writes the tables of the paper and the state-space comparison
TEST(Cli, StudyFormulationsQuickWritesItsTablesAndFigures) {
  const std::string dir = ::testing::TempDir() + "/study-formulations";
  const Outcome o = runCli("study formulations --quick --output-dir " + dir);
  ASSERT_EQ(o.status, 0) << o.output;
  for (const char* text : {"Table 8", "Table 9", "Table 10", "Convergence orders", "slider-crank",
                           "rA speedup", "State space: joint against rp", "joint speedup"})
    EXPECT_NE(o.output.find(text), std::string::npos) << text << "\n" << o.output;
  // each table as CSV, and each figure as PNG unless the build has no plotting
  std::vector<std::string> files = {"table8_kinematics_speedup.csv",
                                    "table9_kinematics_iterations.csv",
                                    "table10_dynamics_speedup.csv",
                                    "dynamics_iterations.csv",
                                    "orders.csv",
                                    "order_analysis.csv",
                                    "state_space_joint.csv"};
  if (o.output.find("figures skipped") == std::string::npos)
    for (const char* png : {"fig4_four_link_iterations.png", "fig5_single_pendulum_order_rA.png",
                            "fig6_slider_crank_order.png", "fig7_four_link_order.png"})
      files.push_back(png);
  for (const std::string& f : files) {
    std::ifstream in(dir + "/" + f, std::ios::binary | std::ios::ate);
    EXPECT_TRUE(in && in.tellg() > 100) << f;
  }
  // Table 10 has a row per mechanism of the paper
  std::ifstream in(dir + "/table10_dynamics_speedup.csv");
  std::stringstream text;
  text << in.rdbuf();
  for (const char* m :
       {"\nsingle-pendulum,", "\ndouble-pendulum,", "\nfour-link,", "\nslider-crank,"})
    EXPECT_NE(text.str().find(m), std::string::npos) << m << "\n" << text.str();
  // the state-space comparison has a row per built-in scene, the beams refused in a word
  std::ifstream state(dir + "/state_space_joint.csv");
  std::stringstream rows;
  rows << state.rdbuf();
  for (const char* row : {"\nstiff-double-pendulum,", "\nhmmwv-bump,", "\nlateral-buckling,"})
    EXPECT_NE(rows.str().find(row), std::string::npos) << row << "\n" << rows.str();
  EXPECT_NE(rows.str().find("\nlateral-buckling,0.001,-,beam,"), std::string::npos) << rows.str();
}

// --- settings refused before the run -------------------------------------------------------------

// settings an integrator cannot honour are refused at once with status 2, not found out mid-run
TEST(Cli, UnsupportedIntegratorSettingsAreRefusedBeforeRunning) {
  // lms3 at rho_inf = 1 is not zero-stable; Bathe has no error estimate; MSSTH5 exists only at its
  // tabulated rho_inf
  Outcome o = runCli("run andrews-squeezer --integrator lms3 --rho-inf 1");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("not zero-stable"), std::string::npos) << o.output;
  o = runCli("run double-pendulum --integrator bathe --rtol 1e-5");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("fixed steps only"), std::string::npos) << o.output;
  o = runCli("run double-pendulum --integrator mssth5 --rho-inf 0.5");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("tabulated only"), std::string::npos) << o.output;
}

// --- variable steps and the other commands -------------------------------------------------------

// a user tuning tolerances sees how many steps were rejected and why
TEST(Cli, VariableStepRunReportsRejectedStepsAndIterations) {
  // a first step of 0.2 s at rtol 1e-6: the summary gives the rejections with their reason and
  // the iterations per time point
  const Outcome o = runCli(
      "run double-pendulum --integrator esdirk3-5l2sa --rtol 1e-6 --atol 1e-6 --step 0.2 --t-end "
      "0.5");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("rejected: "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("error estimate above tolerance"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("per time point"), std::string::npos) << o.output;
}

// two integrators of 50 points each: 100 quoted rows of the stability curves
TEST(Cli, LinearAnalysisWritesTheCurves) {
  const std::string csv = ::testing::TempDir() + "/linear.csv";
  const Outcome o =
      runCli("linear-analysis --integrators lms2:0,esdirk3-4l2sa --points 50 -o " + csv);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("rho(inf)"), std::string::npos) << o.output;
  std::ifstream in(csv);
  int rows = 0;
  for (std::string line; std::getline(in, line);) rows += line.rfind("\"", 0) == 0;
  EXPECT_EQ(rows, 100);
}

// two steps, two integrators and two outputs: the report gives observed orders and names the
// reference run the errors are measured against
TEST(Cli, ConvergenceReportsErrorsOrdersAndTheReference) {
  const std::string csv = ::testing::TempDir() + "/convergence.csv";
  const Outcome o = runCli(
      "convergence double-pendulum --integrators lms2,bathe:0.6 --steps 0.02,0.01 "
      "--t-end 0.5 --outputs body_2.z,lambda.revJoint_CD_2.1 -o " +
      csv);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("observed order"), std::string::npos) << o.output;
  std::ifstream in(csv);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("# reference: esdirk4-6l2sa2, fixed step 0.001 s"), std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("# order,bathe (0.6),body_2.z,"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("RE(lambda.revJoint_CD_2.1)"), std::string::npos);
}

// three integrators at the same step per stage: the energy balance table names each one
TEST(Cli, CompareTabulatesTheEnergyBalance) {
  const Outcome o = runCli(
      "compare andrews-squeezer --integrators lms3,ss3,bathe --step-per-stage 1e-4 --t-end 0.004");
  EXPECT_EQ(o.status, 0) << o.output;
  for (const char* text : {"lms3 (0.6)", "ss3 (0.6)", "bathe (0)", "min dE", "it/point"})
    EXPECT_NE(o.output.find(text), std::string::npos) << text << "\n" << o.output;
}

// the quick tolerance study runs two tolerances (1e-2 and 1e-3)
TEST(Cli, ToleranceStudyPrintsTheRosenbrockNystromTables) {
  const std::string csv = ::testing::TempDir() + "/tolerance.csv";
  const Outcome o = runCli("study tolerance stiff-double-pendulum --quick -o " + csv);
  EXPECT_EQ(o.status, 0) << o.output;
  for (const char* text :
       {"Table 1 (Sandu et al. 2001): error of theta1", "Table 2", "1e-02", "1e-03"})
    EXPECT_NE(o.output.find(text), std::string::npos) << text << "\n" << o.output;
  std::ifstream in(csv);
  int lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  EXPECT_EQ(lines, 1 + 2 * 2);  // header, then theta1 and its rate for each tolerance
}

// A force that grows without bound as t nears 0.5 s: every run of the explicit-versus-implicit
// study fails before its second span. The study exited 0 all the same; now it says so after the
// tables and exits 3, as the other studies do when a run failed.
TEST(Cli, ExplicitVsImplicitStudyWithFailedRunsSaysSoAndExits3) {
  const std::string scene = writeScene("timing-blow-up", R"({"format": "mbw-scene", "version": 1,
    "name": "blow-up", "gravity": [0, 0, 0],
    "bodies": [{"name": "b", "mass": 1, "inertia": [1, 1, 1], "position": [0, 0, 0]}],
    "forces": [{"name": "f", "type": "force", "body": "b", "point": [0, 0, 0],
                "force": ["1/(0.5-t)^3", "0", "0"]}],
    "settings": {"t_end": 1, "step": 1e-3}})");
  const Outcome o = runCli("study explicit-vs-implicit " + scene + " --quick --channel b.x");
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(o.output.find("Table 4 (Sandu et al. 2001)"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("\n5 of 5 runs failed (their lines above say why)"), std::string::npos)
      << o.output;
}

// --- state-space integrators and joint coordinates -----------------------------------------------

// the state-space integrators refuse the options they do not have, naming the option
TEST(Cli, StateSpaceIntegratorsRefuseWhatTheyCannotDo) {
  // adams and rn4 on the HMMWV: refusals of a fixed step and of a finite-difference Jacobian
  Outcome o = runCli("run hmmwv-bump --integrator adams --fixed-step --t-end 0.01");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("adams chooses its own steps"), std::string::npos) << o.output;
  o = runCli("run hmmwv-bump --integrator rn4 --jacobian fd --t-end 0.01");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("does not offer the 'fd' Jacobian"), std::string::npos) << o.output;
}

// a run on joint coordinates writes the same CSV as one on rp, so plots and scripts need no change
TEST(Cli, JointCoordinatesWriteTheUsualChannels) {
  // the stiff double pendulum on joint coordinates (rn4) and on rp (bdf at a tighter tolerance:
  // rn4 on rp is slow on this stiff scene): the same columns, the same motion
  const std::string joint = ::testing::TempDir() + "/stiff-joint.csv";
  const std::string rp = ::testing::TempDir() + "/stiff-rp.csv";
  const std::string common = "run stiff-double-pendulum --t-end 0.5 --output-step 0.1 ";
  Outcome o =
      runCli(common + "--integrator rn4 --rtol 1e-8 --atol 1e-8 --formulation joint -o " + joint);
  ASSERT_EQ(o.status, 0) << o.output;
  o = runCli(common + "--integrator bdf --rtol 1e-10 --atol 1e-10 --formulation rp -o " + rp);
  ASSERT_EQ(o.status, 0) << o.output;
  // both files carry the same channels in the same order
  const Results a = readCsv(joint), b = readCsv(rp);
  ASSERT_EQ(a.channels().size(), b.channels().size());
  for (size_t c = 0; c < a.channels().size(); ++c)
    EXPECT_EQ(a.channels()[c].name, b.channels()[c].name);
  for (const char* channel : {"rod2.x", "rod2.vy", "energy.kinetic", "theta1"})
    EXPECT_GE(a.column(channel), 0) << channel;
  EXPECT_EQ(a.metadataValue("formulation"), "joint");
  ASSERT_EQ(a.rowCount(), 6u);
  // rod2.x at t = 0.5 s agrees to 1e-6 between the two formulations at these tolerances
  const int x = a.column("rod2.x");
  EXPECT_NEAR(a.at(5, x), b.at(5, x), 1e-6);
  // ida on joint coordinates (their GGL form) too
  o = runCli(common + "--integrator ida --rtol 1e-8 --atol 1e-8 --formulation joint -o " + joint);
  ASSERT_EQ(o.status, 0) << o.output;
  const Results c = readCsv(joint);
  ASSERT_EQ(c.channels().size(), b.channels().size());
  EXPECT_EQ(c.metadataValue("formulation"), "joint");
  EXPECT_EQ(c.metadataValue("integrator"), "ida");
  ASSERT_EQ(c.rowCount(), 6u);
  EXPECT_NEAR(c.at(5, x), b.at(5, x), 1e-6);
  // an index-3 integrator says which integrators take joint coordinates
  o = runCli("run stiff-double-pendulum --integrator hht --formulation joint");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("joint coordinates run with the state-space integrators and ida only"),
            std::string::npos)
      << o.output;
}

// --- static equilibrium --------------------------------------------------------------------------

// the static command answers a textbook case: the shaft's sag under the disk's weight
TEST(Cli, StaticFindsTheShaftsSagAndWritesIt) {
  // the static solution of the rotating shaft at rest, written as one row of CSV
  const std::string csv = ::testing::TempDir() + "/sag.csv";
  const Outcome o = runCli("static rotating-shaft -t 0 -o " + csv);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("static equilibrium of 'rotating-shaft' at t = 0 s"), std::string::npos)
      << o.output;
  const Results r = readCsv(csv);
  ASSERT_EQ(r.rowCount(), 1u);
  // the disk's weight on the clamped hollow tube: 3.31 mm at mid-span (docs/scenes.md, Timoshenko)
  EXPECT_NEAR(r.at(0, r.column("shaft.16.z")), -3.31e-3, 0.01e-3);
}

// no equilibrium found is a numerical failure (3) with the solver's reason, for the static command
// and for a run asked to start from it
TEST(Cli, StaticThatDoesNotConvergeIsANumericalFailure) {
  // past the buckling of the strip Newton from the straight pose finds no equilibrium
  Outcome o = runCli("static lateral-buckling -t 0.2");
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(o.output.find("FAILED: "), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("Newton did not converge"), std::string::npos) << o.output;
  // the same failure when a run starts from it: status 3 and the static solver's reason
  o = runCli("run lateral-buckling --from-equilibrium --t-start 0.2 --t-end 0.21");
  EXPECT_EQ(o.status, 3) << o.output;
  EXPECT_NE(o.output.find("no static equilibrium at t = 0.2"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("Newton did not converge"), std::string::npos) << o.output;
}

// --from-equilibrium starts the run from the pose the static command finds at that time
TEST(Cli, RunFromEquilibriumStartsAtTheStaticSolution) {
  // the static solution at t = 0.1 s, then a run that starts from it
  const std::string sag = ::testing::TempDir() + "/strip-static.csv";
  const std::string run = ::testing::TempDir() + "/strip-run.csv";
  Outcome o = runCli("static lateral-buckling -t 0.1 -o " + sag);
  ASSERT_EQ(o.status, 0) << o.output;
  o = runCli("run lateral-buckling --from-equilibrium --t-start 0.1 --t-end 0.11 -o " + run);
  ASSERT_EQ(o.status, 0) << o.output;
  const Results equilibrium = readCsv(sag);
  const Results dynamics = readCsv(run);
  ASSERT_GT(dynamics.rowCount(), 1u);
  EXPECT_DOUBLE_EQ(dynamics.at(0, dynamics.column("t")), 0.1);
  // the crank has pushed the tip up by 0.1 s; the run's first row is the static solution
  const double tip = equilibrium.at(0, equilibrium.column("beam.10.z"));
  EXPECT_GT(tip, 0.01);
  for (const char* channel : {"beam.10.z", "beam.5.z", "link.2.x", "crank.2.z"})
    EXPECT_NEAR(dynamics.at(0, dynamics.column(channel)),
                equilibrium.at(0, equilibrium.column(channel)), 1e-9)
        << channel;
}

// --- repeatability -------------------------------------------------------------------------------

// the rows of a run CSV without its comments (which hold CPU times)
std::string dataRows(const std::string& path) {
  std::istringstream in(test::readText(path));
  std::string line, rows;
  while (std::getline(in, line))
    if (line.empty() || line[0] != '#') rows += line + "\n";
  return rows;
}

// the same command gives the same data rows, bit for bit, each time it is run
TEST(Cli, ARunGivesTheSameNumbersInEveryProcess) {
  // the pendulum's driver cos(pi/2 + pi/4 cos 2t) and its derivatives: evaluated with GiNaC's
  // operand order would change between processes and with it the last bits; the rows must be the
  // same in every process
  const std::string first = ::testing::TempDir() + "/repeat-0.csv";
  Outcome o = runCli("run single-pendulum --integrator lms3 --step 1e-3 --t-end 0.2 -o " + first);
  ASSERT_EQ(o.status, 0) << o.output;
  const std::string expected = dataRows(first);
  ASSERT_GT(expected.size(), 1000u);
  // seven more runs in fresh processes give the same data rows, byte for byte
  for (int k = 1; k < 8; ++k) {
    const std::string path = ::testing::TempDir() + "/repeat-" + std::to_string(k) + ".csv";
    o = runCli("run single-pendulum --integrator lms3 --step 1e-3 --t-end 0.2 -o " + path);
    ASSERT_EQ(o.status, 0) << o.output;
    EXPECT_TRUE(dataRows(path) == expected) << "run " << k << " differs from the first";
  }
}

// --- kinematics ----------------------------------------------------------------------------------

// kinematic analysis of a mechanism with free coordinates is refused as bad input, saying how many
TEST(Cli, KinematicsRefusesAMechanismWithFreedom) {
  // kinematic analysis needs a fully driven mechanism: the double pendulum has two free angles
  const Outcome o = runCli("kinematics double-pendulum");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("2 degrees of freedom"), std::string::npos) << o.output;
}

}  // namespace
}  // namespace mbw
