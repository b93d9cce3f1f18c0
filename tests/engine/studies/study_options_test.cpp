// The options of the study commands, described once (studies/study_options.h): each table names
// each option once, with its help, and binds it to its own field of the request it was made for;
// the options several studies share are one entry; two options of a table that fill one field
// exclude each other.

#include "studies/study_options.h"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

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

// every table, made for requests that live as long as the test
struct Tables {
  ToleranceStudyRequest tolerance;
  TimingStudyRequest timing;
  FlexibleStudyRequest flexible;
  FormulationStudyRequest formulations;
  WorkPrecisionRequest workPrecision;
  ConvergenceRequest convergence;
  CompareRequest compare;
  SweepRequest sweep;

  std::map<std::string, std::vector<CommandOption>> all() {
    return {{"tolerance", toleranceStudyOptions(tolerance)},
            {"timing", timingStudyOptions(timing)},
            {"flexible", flexibleStudyOptions(flexible)},
            {"formulations", formulationStudyOptions(formulations)},
            {"work-precision", workPrecisionOptions(workPrecision)},
            {"convergence", convergenceOptions(convergence)},
            {"compare", compareOptions(compare)},
            {"sweep", sweepOptions(sweep)}};
  }
};

TEST(StudyOptions, EachTableNamesEachOptionOnceWithItsHelpAndItsOwnField) {
  Tables t;
  for (const auto& [command, table] : t.all()) {
    std::set<std::string> names;
    std::map<const void*, const CommandOption*> fields;
    for (const CommandOption& o : table) {
      EXPECT_TRUE(names.insert(o.name).second) << command << ": " << o.name;
      EXPECT_FALSE(o.help.empty()) << command << ": " << o.name;
      EXPECT_NE(fieldOf(o), nullptr) << command << ": " << o.name;
      // a flag is no positional argument and no required option
      if (o.isFlag()) {
        EXPECT_EQ(o.kind & (kOptionPositional | kOptionRequired), 0u) << o.name;
      }
      // only lists are given as comma-separated lists
      if (o.is(kOptionCommaList)) {
        EXPECT_TRUE(std::holds_alternative<std::vector<double>*>(o.field)) << o.name;
      }
      // two options that fill one field exclude each other (compare's --step, --step-per-stage)
      const auto [other, first] = fields.emplace(fieldOf(o), &o);
      if (!first) {
        EXPECT_TRUE(other->second->excludes == o.name || o.excludes == other->second->name)
            << command << ": " << o.name << " and " << other->second->name;
      }
    }
    // what an option excludes is an option of its table
    for (const CommandOption& o : table) {
      if (!o.excludes.empty()) {
        EXPECT_TRUE(names.count(o.excludes)) << command << ": " << o.name;
      }
    }
  }
}

TEST(StudyOptions, OptionsFillTheirRequestsFields) {
  Tables t;
  const auto all = t.all();
  // the names a front end gives reach the engine's settings
  EXPECT_EQ(fieldOf(option(all.at("tolerance"), "reference-tol")),
            &t.tolerance.settings.referenceTolerance);
  EXPECT_EQ(fieldOf(option(all.at("tolerance"), "scene")), &t.tolerance.settings.scene);
  EXPECT_EQ(fieldOf(option(all.at("timing"), "explicit-every")), &t.timing.settings.explicitEvery);
  EXPECT_EQ(fieldOf(option(all.at("timing"), "channel")), &t.timing.channel);
  EXPECT_EQ(fieldOf(option(all.at("convergence"), "reference-refine")),
            &t.convergence.reference.refine);
  EXPECT_EQ(fieldOf(option(all.at("convergence"), "reference-rtol")),
            &t.convergence.reference.rtol);
  EXPECT_EQ(fieldOf(option(all.at("flexible"), "convergence-steps")), &t.flexible.convergenceSteps);
  EXPECT_EQ(fieldOf(option(all.at("sweep"), "output-dir")), &t.sweep.directory);
  // a value written through the table is the request's
  *std::get<double*>(option(all.at("work-precision"), "reference-step").field) = 1e-4;
  EXPECT_EQ(t.workPrecision.referenceStep, 1e-4);
  *std::get<bool*>(option(all.at("formulations"), "quick").field) = true;
  EXPECT_TRUE(t.formulations.quick);
}

TEST(StudyOptions, SharedOptionsAreOneEntry) {
  Tables t;
  const auto all = t.all();
  std::string scene, integrators;
  const CommandOption sceneEntry = sceneArgument(scene);
  const CommandOption integratorsEntry = integratorsOption(integrators);
  // the scene is the first argument of every study of a scene, with the same words
  for (const char* command : {"tolerance", "timing", "work-precision", "convergence", "compare"}) {
    const CommandOption& first = all.at(command).front();
    EXPECT_EQ(first.name, "scene") << command;
    EXPECT_EQ(first.help, sceneEntry.help) << command;
    EXPECT_EQ(first.kind, kOptionPositional | kOptionRequired) << command;
  }
  for (const char* command : {"work-precision", "convergence", "compare"}) {
    const CommandOption& o = option(all.at(command), "integrators");
    EXPECT_EQ(o.help, integratorsEntry.help) << command;
    EXPECT_TRUE(o.is(kOptionRequired)) << command;
  }
  // the output directory: -o too, its default shown unless it is required
  for (const char* command : {"flexible", "formulations", "sweep"}) {
    const CommandOption& o = option(all.at(command), "output-dir");
    EXPECT_EQ(o.shortName, "o") << command;
    EXPECT_NE(o.is(kOptionRequired), o.is(kOptionShowDefault)) << command;
  }
}

TEST(StudyOptions, KeywordsAndKinds) {
  Tables t;
  const auto all = t.all();
  EXPECT_EQ(option(all.at("timing"), "figure-t-end").keyword(), "figure_t_end");
  EXPECT_TRUE(option(all.at("convergence"), "per-stage").isFlag());
  EXPECT_FALSE(option(all.at("convergence"), "steps").isFlag());
  EXPECT_TRUE(option(all.at("convergence"), "steps").is(kOptionRequired));
  EXPECT_TRUE(option(all.at("flexible"), "parts").is(kOptionPositional));
  EXPECT_FALSE(option(all.at("flexible"), "parts").is(kOptionRequired)) << "default: all parts";
  EXPECT_EQ(option(all.at("compare"), "step").excludes, "step-per-stage");
}

}  // namespace
}  // namespace mbw
