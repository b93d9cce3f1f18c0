// The options of the kinematic and static analyses (simulation/analysis_options.h): each table
// binds each option to its field of the request, and the analyses' settings are the request's
// where it gives them, else the scene's.

#include "simulation/analysis_options.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "scene/scene_reader.h"

namespace mbw {
namespace {

// the option of a table named name (fails the test when there is none)
const CommandOption& option(const std::vector<CommandOption>& table, const std::string& name) {
  for (const CommandOption& o : table)
    if (o.name == name) return o;
  ADD_FAILURE() << "no option " << name;
  static const CommandOption none{};
  return none;
}

// the address of the field an option fills
const void* fieldOf(const CommandOption& o) {
  return std::visit([](auto* field) -> const void* { return field; }, o.field);
}

// the kinematic analysis's options write into their request fields, and its step, end time,
// tolerance and formulation fall back to the scene's where not given
TEST(AnalysisOptions, KinematicsTableAndSettings) {
  // the kinematic analysis's options and the settings they give
  KinematicsRequest r;
  const std::vector<CommandOption> table = kinematicsOptions(r);
  // the scene first, then the options bound to their fields
  ASSERT_EQ(table.size(), 7u);
  EXPECT_EQ(table.front().name, "scene");
  EXPECT_TRUE(table.front().is(kOptionPositional));
  EXPECT_EQ(fieldOf(option(table, "t-end")), &r.tEnd);
  EXPECT_EQ(fieldOf(option(table, "every")), &r.every);
  EXPECT_EQ(option(table, "output").shortName, "o");
  EXPECT_TRUE(option(table, "tolerance").is(kOptionShowDefault));
  // the scene's step, end time and formulation unless given
  const Model model = loadScene("four-link");
  KinematicsSettings s = kinematicsSettings(model, r);
  EXPECT_EQ(s.step, model.defaults.step);
  EXPECT_EQ(s.tEnd, model.defaults.tEnd);
  EXPECT_EQ(s.tolerance, KinematicsSettings{}.tolerance);
  EXPECT_EQ(analysisFormulation(model, r.formulation), model.defaults.formulation);
  r.step = 2e-3;
  r.tEnd = 0.25;
  r.tolerance = 1e-8;
  s = kinematicsSettings(model, r);
  EXPECT_EQ(s.step, 2e-3);
  EXPECT_EQ(s.tEnd, 0.25);
  EXPECT_EQ(s.tolerance, 1e-8);
  EXPECT_EQ(analysisFormulation(model, "rE"), "rE");
  // a scene that asks for joint coordinates is analysed in rp, whose coordinates its runs record
  Model joint = model;
  joint.defaults.formulation = "joint";
  EXPECT_EQ(analysisFormulation(joint, ""), "rp");
}

// the static analysis's options choose its linear solver, iteration limit, time and formulation;
// the fully driven four-link converges at the scene's start time or the one given
TEST(AnalysisOptions, StaticTableSettingsAndAnalysis) {
  // the static analysis's options, its matrix storage and its time and formulation
  StaticRequest r;
  const std::vector<CommandOption> table = staticOptions(r);
  EXPECT_EQ(table.front().name, "scene");
  EXPECT_EQ(fieldOf(option(table, "time")), &r.time);
  EXPECT_EQ(option(table, "time").shortName, "t");
  EXPECT_EQ(fieldOf(option(table, "max-iterations")), &r.settings.maxIterations);
  EXPECT_EQ(option(table, "linear-solver").allowed,
            (std::vector<std::string>{"auto", "dense", "sparse"}));
  // the matrix stored as named, by size for auto
  EXPECT_FALSE(staticSettings(r).storage.has_value());
  r.linearSolver = "sparse";
  EXPECT_EQ(staticSettings(r).storage, LinearSolverKind::Sparse);
  r.linearSolver = "dense";
  r.settings.maxIterations = 7;
  EXPECT_EQ(staticSettings(r).storage, LinearSolverKind::Dense);
  EXPECT_EQ(staticSettings(r).maxIterations, 7);
  // the fully driven four-link: at the scene's start time in its formulation, or as given
  const Model model = loadScene("four-link");
  const StaticAnalysis atStart = analyzeStaticRequest(model, r);
  EXPECT_TRUE(atStart.solution.converged) << atStart.solution.failure;
  EXPECT_EQ(atStart.t, model.defaults.tStart);
  EXPECT_EQ(atStart.formulation, model.defaults.formulation);
  r.time = 0.25;
  r.formulation = "rA";
  const StaticAnalysis given = analyzeStaticRequest(model, r);
  EXPECT_EQ(given.t, 0.25);
  EXPECT_EQ(given.formulation, "rA");
  r.formulation = "nosuch";
  EXPECT_THROW(analyzeStaticRequest(model, r), std::invalid_argument);
}

}  // namespace
}  // namespace mbw
