// The scene templates: every template makes a scene that passes the schema with its defaults;
// the geometry the generators write is exact (every loop closed to round-off at the initial pose,
// the initial velocities on the velocity constraints) and has the mobility of the mechanism drawn
// (the degrees of freedom from the rank of the constraint Jacobian, the repeated equations of
// loops of revolute joints counted); bad arguments are refused with the parameter named. The
// model is built here without the loader's redundancy check, so that the geometry is tested on
// its own (loading and running the templates: scene_templates_run_test.cpp).

#include "scene/templates/scene_templates.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "formulation/formulation.h"
#include "scene/model_builder.h"
#include "scene/schema_validation.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

// --- the scene's geometry ------------------------------------------------------------------------

struct Geometry {
  double positionResidual = 0.0;  // |Phi|_inf at the scene's pose, m or rad
  double velocityResidual = 0.0;  // |Phi_q v - nu|_inf
  ConstraintRank rank;
  int equations = 0;
};

// the scene as written, its constraints evaluated at its own pose and velocities
Geometry geometryOf(const std::string& text) {
  const nlohmann::json scene = nlohmann::json::parse(text);
  std::vector<SceneIssue> issues;
  validateAgainstSchema(scene, "scene", "", issues);
  for (const SceneIssue& i : issues) ADD_FAILURE() << i.path << ": " << i.message;
  const Model model = ModelBuilder(scene, issues).build();
  for (const SceneIssue& i : issues) ADD_FAILURE() << i.path << ": " << i.message;
  const auto f = makeFormulation("rp", model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  f->computeVelocities(v);
  Geometry g;
  g.positionResidual = f->positionViolation();
  g.velocityResidual = f->velocityViolation(v);
  g.rank = analyzeConstraintRank(*f);
  g.equations = model.primitiveCount();
  return g;
}

// --- the templates and their parameters ----------------------------------------------------------

// five templates, each found by its name; every parameter described, every numeric range
// non-empty
TEST(SceneTemplates, EveryTemplateDeclaresItsParametersWithDefaultsInRange) {
  ASSERT_EQ(sceneTemplates().size(), 5u);
  for (const SceneTemplate& t : sceneTemplates()) {
    SCOPED_TRACE(t.name);
    EXPECT_FALSE(t.summary.empty());
    EXPECT_EQ(findSceneTemplate(t.name), &t);
    for (const TemplateParameter& p : t.parameters) {
      EXPECT_FALSE(p.description.empty()) << p.name;
      const bool numeric = p.kind == ParameterKind::Integer || p.kind == ParameterKind::Number ||
                           p.kind == ParameterKind::Numbers;
      if (numeric) {
        EXPECT_LT(p.minimum, p.maximum) << p.name;
      }
    }
    // the defaults make a scene the schema accepts
    const nlohmann::json scene = nlohmann::json::parse(generateScene(t.name));
    std::vector<SceneIssue> issues;
    validateAgainstSchema(scene, "scene", "", issues);
    EXPECT_TRUE(issues.empty()) << issues.front().path << ": " << issues.front().message;
  }
  EXPECT_EQ(findSceneTemplate("three-bar"), nullptr);
}

// a parameter of a template by its name
const TemplateParameter& parameter(const std::string& templateName, const std::string& name) {
  for (const TemplateParameter& p : findSceneTemplate(templateName)->parameters)
    if (p.name == name) return p;
  throw std::out_of_range(name);
}

// a parameter's help line carries its unit, default and range, and its value shape names the
// elements or choices, as the CLI and the GUI show them
TEST(SceneTemplates, ParametersSayTheirUnitDefaultRangeAndShapeInOneLine) {
  // a number: its unit, default and range
  const TemplateParameter& angle = parameter("four-bar", "crank_angle");
  EXPECT_EQ(angle.helpText(), angle.description + " (deg; default 90; in [-360, 360])");
  EXPECT_EQ(angle.valueShape(), "X");
  // numbers: what each is, and each one's range
  const TemplateParameter& lengths = parameter("double-pendulum", "lengths");
  EXPECT_EQ(lengths.helpText(),
            lengths.description + " (m; 2 values: upper, lower; default 1,1; each in (0, 1e+06])");
  EXPECT_EQ(lengths.valueShape(), "UPPER,LOWER");
  // a choice lists its values; a flag has no default to say
  const TemplateParameter& joints = parameter("four-bar", "joints");
  EXPECT_EQ(joints.valueShape(), "revolute|spherical-universal");
  EXPECT_EQ(joints.helpText(), joints.description + " (default revolute)");
  EXPECT_EQ(parameter("four-bar", "driven").helpText(),
            parameter("four-bar", "driven").description);
}

// command-line options are the parameter names with hyphens, and map back one to one
TEST(SceneTemplates, OptionNamesAreTheParametersWithHyphens) {
  EXPECT_EQ(templateOptionName("crank_angle"), "crank-angle");
  EXPECT_EQ(templateOptionName("mass_per_length"), "mass-per-length");
  EXPECT_EQ(templateOptionName("lengths"), "lengths");
  // every parameter's option: no underscore left, the same name read back
  for (const SceneTemplate& t : sceneTemplates())
    for (const TemplateParameter& p : t.parameters) {
      std::string option = templateOptionName(p.name);
      EXPECT_EQ(option.find('_'), std::string::npos) << p.name;
      std::replace(option.begin(), option.end(), '-', '_');
      EXPECT_EQ(option, p.name);
    }
}

// the options a template offers write into a TemplateInput that passes on only what was given, so
// the defaults stay the engine's
TEST(SceneTemplates, OptionsFillTheInputWhoseArgumentsAreTheParametersGiven) {
  const SceneTemplate& fourBar = *findSceneTemplate("four-bar");
  TemplateInput input;
  const std::vector<CommandOption> options = templateOptions(fourBar, input);
  ASSERT_EQ(options.size(), fourBar.parameters.size());
  // each parameter's option: its name, help and shape; a flag for a yes/no parameter
  for (size_t k = 0; k < options.size(); ++k) {
    const TemplateParameter& p = fourBar.parameters[k];
    EXPECT_EQ(options[k].name, templateOptionName(p.name));
    EXPECT_EQ(options[k].help, p.helpText());
    EXPECT_EQ(options[k].isFlag(), p.kind == ParameterKind::Flag) << p.name;
    EXPECT_EQ(options[k].valueName, p.kind == ParameterKind::Flag ? "" : p.valueShape()) << p.name;
  }
  // nothing given: no arguments (the defaults are the engine's)
  EXPECT_TRUE(input.arguments().empty());
  // a value and a flag given through their options
  for (const CommandOption& o : options) {
    if (o.name == "crank-angle") *std::get<std::optional<std::string>*>(o.field) = "30";
    if (o.name == "driven") *std::get<bool*>(o.field) = true;
  }
  EXPECT_EQ(input.arguments(), (TemplateArguments{{"crank_angle", "30"}, {"driven", "true"}}));
  EXPECT_NO_THROW(generateScene("four-bar", input.arguments()));
}

// --- the scenes they make ------------------------------------------------------------------------

// the chain and the double pendulum are written exactly on their joints, with one degree of
// freedom per bar, for either up axis
TEST(SceneTemplates, OpenChainsAreExactAndHaveOneFreedomPerBar) {
  // both with z up and with y up: the chain's and the double pendulum's joints hold exactly
  for (const char* up : {"z", "y"}) {
    const Geometry chain =
        geometryOf(generateScene("chain", {{"links", "5"}, {"angle", "30"}, {"up", up}}));
    EXPECT_LT(chain.positionResidual, 1e-14);
    EXPECT_EQ(chain.rank.degreesOfFreedom, 5);
    EXPECT_TRUE(chain.rank.redundant.empty());
    const Geometry pendulum = geometryOf(
        generateScene("double-pendulum", {{"lengths", "1,0.5"}, {"angles", "10,-35"}, {"up", up}}));
    EXPECT_LT(pendulum.positionResidual, 1e-14);
    EXPECT_EQ(pendulum.rank.degreesOfFreedom, 2);
  }
}

// the closed loops: (arguments, equations, repeated equations, degrees of freedom)
struct LoopCase {
  const char* name;
  TemplateArguments arguments;
  int equations, repeated, freedom;
};

// closed loops: positions and velocities on the constraints to round-off, and the equations,
// repeated equations and mobility of each mechanism as drawn (three repeated per planar loop of
// revolutes, none with spherical-universal pins; a driver removes the freedom)
TEST(SceneTemplates, LoopsCloseExactlyWithConsistentVelocitiesAndTheirMobility) {
  // a driven four-bar or slider-crank has one equation more (its driver) and no freedom; the
  // spherical-universal pins repeat nothing
  const std::vector<LoopCase> cases = {
      {"four-bar", {{"crank_speed", "3"}}, 20, 3, 1},
      {"four-bar", {{"crank_speed", "3"}, {"joints", "spherical-universal"}}, 17, 0, 1},
      {"four-bar",
       {{"crank_speed", "-2"}, {"branch", "elbow-down"}, {"crank_angle", "200"}, {"up", "y"}},
       20,
       3,
       1},
      {"four-bar",
       {{"lengths", "1,4,3,4"}, {"crank_angle", "37"}, {"crank_speed", "1"}, {"driven", "true"}},
       21,
       3,
       0},
      {"slider-crank", {{"crank_speed", "5"}}, 20, 3, 1},
      {"slider-crank",
       {{"crank_speed", "5"},
        {"offset", "0.05"},
        {"crank_angle", "30"},
        {"joints", "spherical-universal"}},
       17,
       0,
       1},
      {"slider-crank", {{"crank_speed", "5"}, {"driven", "true"}, {"up", "y"}}, 21, 3, 0},
      {"n-four-bar", {{"windows", "3"}, {"crank_angle", "60"}}, 50, 9, 1},
      {"n-four-bar",
       {{"windows", "3"}, {"crank_angle", "60"}, {"joints", "spherical-universal"}},
       41,
       0,
       1},
      {"n-four-bar", {{"windows", "2"}, {"driven", "true"}, {"up", "y"}}, 36, 6, 0},
      // the singular position of the benchmark: cranks horizontal, one freedom per crank
      {"n-four-bar", {{"windows", "3"}, {"crank_angle", "0"}}, 50, 12, 4},
  };
  for (const LoopCase& c : cases) {
    std::string label = c.name;
    for (const auto& [k, v] : c.arguments) label += " --" + k + " " + v;
    SCOPED_TRACE(label);
    const Geometry g = geometryOf(generateScene(c.name, c.arguments));
    EXPECT_LT(g.positionResidual, 1e-14);
    EXPECT_LT(g.velocityResidual, 1e-13);
    EXPECT_EQ(g.equations, c.equations);
    EXPECT_EQ(static_cast<int>(g.rank.redundant.size()), c.repeated);
    EXPECT_EQ(g.rank.degreesOfFreedom, c.freedom);
  }
}

// --- refusals and names --------------------------------------------------------------------------

// the message of the TemplateError a generation throws, with its parameter
std::string refusal(const std::string& name, const TemplateArguments& arguments,
                    std::string* parameter = nullptr) {
  try {
    generateScene(name, arguments);
  } catch (const TemplateError& e) {
    if (parameter) *parameter = e.parameter();
    return e.what();
  }
  return "";
}

// generation passes on the values' and the loops' refusals with the parameter named
TEST(SceneTemplates, RefusesBadArgumentsNamingTheParameter) {
  // what the values and the loops refuse passes through unchanged (each refusal itself:
  // template_values_test.cpp and planar_loops_test.cpp)
  struct Case {
    const char* name;
    TemplateArguments arguments;
    const char* parameter;
    const char* says;
  } cases[] = {
      {"slider-crank", {{"crank", "-0.1"}}, "crank", "must be positive, got -0.1 m"},
      {"four-bar", {{"lengths", "1,1,1,3.5"}}, "lengths", "the loop cannot close"},
      {"slider-crank", {{"rod", "0.05"}}, "rod", "cannot reach the slide line"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::string parameter;
    const std::string message = refusal(c.name, c.arguments, &parameter);
    EXPECT_EQ(parameter, c.parameter) << message;
    EXPECT_NE(message.find(c.says), std::string::npos) << message;
  }
  // an unknown template is no parameter's fault
  std::string parameter = "?";
  EXPECT_NE(refusal("three-bar", {}, &parameter).find("no template named 'three-bar'"),
            std::string::npos);
  EXPECT_EQ(parameter, "");
}

// the user's name, description and run settings go into the scene; without them the template
// names and describes the scene itself
TEST(SceneTemplates, NameAndDescriptionAreTheUsersWhenGiven) {
  // the name, the description and the run settings given end up in the scene; without them the
  // template names the scene after itself
  const nlohmann::json s =
      nlohmann::json::parse(generateScene("four-bar", {{"name", "my linkage"},
                                                       {"description", "a test"},
                                                       {"t_end", "3"},
                                                       {"output_step", "0.01"}}));
  EXPECT_EQ(s["name"], "my linkage");
  EXPECT_EQ(s["description"], "a test");
  EXPECT_EQ(s["settings"]["t_end"], 3.0);
  EXPECT_EQ(s["settings"]["output_step"], 0.01);
  const nlohmann::json d = nlohmann::json::parse(generateScene("n-four-bar", {{"windows", "7"}}));
  EXPECT_EQ(d["name"], "n-four-bar-7");
  EXPECT_NE(d["description"].get<std::string>().find("7-four-bar"), std::string::npos);
}

}  // namespace
}  // namespace mbw
