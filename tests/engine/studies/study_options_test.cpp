// The options of the study commands, described once (studies/study_options.h): each table names
// each option once, with its help, and binds it to its own field of the request it was made for;
// the options several studies share are one entry; two options of a table that fill one field
// exclude each other; each request makes the engine's study, refusing what its options' types
// cannot.

#include "studies/study_options.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "scene/scene_reader.h"

#include <functional>
#include <map>
#include <set>

namespace mbw {
namespace {

// --- the option tables ---------------------------------------------------------------------------

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
  StudyRunRequest run, sweepRun, formulationsRun;

  std::map<std::string, std::vector<CommandOption>> all() {
    return {{"tolerance", toleranceStudyOptions(tolerance)},
            {"timing", timingStudyOptions(timing)},
            {"flexible", flexibleStudyOptions(flexible)},
            {"formulations", formulationStudyOptions(formulations)},
            {"work-precision", workPrecisionOptions(workPrecision)},
            {"convergence", convergenceOptions(convergence)},
            {"compare", compareOptions(compare)},
            {"sweep", sweepOptions(sweep)},
            {"study-run", studyRunOptions(run, kOfferTable | kOfferFigureFormat)},
            {"sweep-run", sweepRunOptions(sweepRun)},
            {"formulations-run", formulationStudyRunOptions(formulationsRun)}};
  }
};

// in every study command's table each option appears once, with its help and a field of its own
TEST(StudyOptions, EachTableNamesEachOptionOnceWithItsHelpAndItsOwnField) {
  // in every table: each name once, each with its help and a field of its own
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

// the names a front end gives reach the request's fields, hence the engine's settings
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

// options common to several studies (the scene, the integrators, the output directory) are one
// shared entry, so every command describes them alike
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

// kebab-case names become the keywords a file uses; flags, required and positional kinds
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

// --- how a study runs ----------------------------------------------------------------------------

// how a study runs (jobs, table, figure format) is one request, each command offering its part
TEST(StudyOptions, HowAStudyRunsIsOneRequestWithTheOptionsEachCommandOffers) {
  StudyRunRequest r;
  // --jobs always, --table and --figure-format where offered, each bound to its field
  const std::vector<CommandOption> jobsOnly = studyRunOptions(r, 0);
  ASSERT_EQ(jobsOnly.size(), 1u);
  EXPECT_EQ(fieldOf(jobsOnly[0]), &r.jobs);
  EXPECT_EQ(jobsOnly[0].shortName, "j");
  EXPECT_EQ(fieldOf(option(studyRunOptions(r), "table")), &r.table);
  EXPECT_EQ(studyRunOptions(r).size(), 2u);
  const CommandOption format = option(studyRunOptions(r, kOfferFigureFormat), "figure-format");
  EXPECT_EQ(fieldOf(format), &r.figureFormat);
  EXPECT_EQ(format.allowed, (std::vector<std::string>{"png", "svg", "pdf"}));
  // a sweep resumes; the formulation study runs one at a time unless told otherwise
  EXPECT_TRUE(option(sweepRunOptions(r), "resume").isFlag());
  EXPECT_EQ(fieldOf(option(sweepRunOptions(r), "resume")), &r.resume);
  EXPECT_EQ(formulationStudyRun().jobs, 1);
  EXPECT_EQ(StudyRunRequest().jobs, 0) << "one per core";
  EXPECT_TRUE(option(formulationStudyRunOptions(r), "jobs").is(kOptionShowDefault));
}

// a study's table is replaced unless resumed (a sweep's never), and figures take the chosen format
TEST(StudyOptions, AStudyRunsTableIsReplacedUnlessResumedAndItsFiguresTakeTheFormat) {
  StudyRunRequest r;
  r.table = "t.csv";
  r.referenceDirectory = "refs";
  StudyExecutionOptions e = r.execution();
  EXPECT_EQ(e.tableFile, "t.csv");
  EXPECT_EQ(e.referenceDirectory, "refs");
  EXPECT_TRUE(e.replace);
  EXPECT_FALSE(e.resume);
  // resumed: never replaced
  r.resume = true;
  e = r.execution();
  EXPECT_TRUE(e.resume);
  EXPECT_FALSE(e.replace);
  // a sweep's table is never replaced
  r.resume = false;
  r.replace = false;
  EXPECT_FALSE(r.execution().replace);
  // the figures in the chosen format
  EXPECT_EQ(r.figureFile("out/fig4.png"), "out/fig4.png");
  r.figureFormat = "svg";
  EXPECT_EQ(r.figureFile("out/fig4.png"), "out/fig4.svg");
  EXPECT_EQ(r.figureFile("out/notes.txt"), "out/notes.txt");
}

// --- the studies' settings from their requests ---------------------------------------------------

// the scene's settings, shortened
RunSettings shortRun(const Model& model) {
  RunSettings base = resolveRunSettings(model, RunOverrides{});
  base.tEnd = 0.1;
  return base;
}

// compare makes one run per method at the given step, to the end time asked
TEST(StudyOptions, CompareMakesARunPerMethodAtTheStep) {
  // hht and bathe (rho_inf 0.6) at one step, to 0.1 s
  const Model model = loadScene("double-pendulum");
  CompareRequest r;
  r.scene = "double-pendulum";
  r.integrators = "hht,bathe:0.6";
  // refused without a step
  EXPECT_THROW(makeCompareStudy(model, shortRun(model), r), std::invalid_argument);
  r.step = 0.01;
  const CompareStudy c = makeCompareStudy(model, shortRun(model), r);
  ASSERT_EQ(c.study.runs.size(), 2u);
  ASSERT_EQ(c.methods.size(), 2u);
  EXPECT_EQ(c.methods[1].integrator, "bathe");
  EXPECT_EQ(c.study.runs[1].settings.integrator, "bathe");
  EXPECT_EQ(c.study.runs[1].settings.integratorSettings.step, 0.01);
  EXPECT_EQ(c.study.runs[0].settings.tEnd, 0.1) << "the base settings";
  EXPECT_EQ(c.channels, std::vector<std::string>{"energy.balance"}) << "the default channel";
  EXPECT_FALSE(c.study.runs[0].settings.recordMultipliers);
  EXPECT_EQ(c.study.title, "compare on double-pendulum");
  // Delta t / n: Bathe's two implicit stages double its step; a multiplier channel records them
  r.perStage = true;
  r.channels = "body_2.y,lambda.revJoint_CD_2.1";
  const CompareStudy perStage = makeCompareStudy(model, shortRun(model), r);
  EXPECT_DOUBLE_EQ(perStage.study.runs[1].settings.integratorSettings.step, 0.02);
  EXPECT_EQ(perStage.channels.size(), 2u);
  EXPECT_TRUE(perStage.study.runs[0].settings.recordMultipliers);
  // a channel no run records is refused before any run
  r.channels = "nosuch.x";
  EXPECT_THROW(makeCompareStudy(model, shortRun(model), r), ConfigurationError);
}

// convergence makes every method at every step, measured against a reference at a finer step
TEST(StudyOptions, ConvergenceMakesEveryMethodAtEveryStepAgainstAReference) {
  // hht and lms2 at two steps, against a reference at a finer step
  const Model model = loadScene("double-pendulum");
  ConvergenceRequest r;
  r.scene = "double-pendulum";
  r.integrators = "hht,lms2";
  // refused without steps, and with a reference finer by less than 1
  EXPECT_THROW(makeConvergenceStudy(model, shortRun(model), r), std::invalid_argument);
  r.steps = {0.01, 0.005};
  r.reference.refine = 0;
  EXPECT_THROW(makeConvergenceStudy(model, shortRun(model), r), std::invalid_argument);
  r.reference.refine = 4;
  RunSettings base = shortRun(model);
  base.every = 5;
  const ConvergenceStudy c = makeConvergenceStudy(model, base, r);
  ASSERT_EQ(c.study.runs.size(), 4u);
  EXPECT_EQ(c.study.runs[2].settings.integrator, "lms2");
  EXPECT_EQ(c.study.runs[3].settings.integratorSettings.step, 0.005);
  EXPECT_EQ(c.study.runs[3].settings.every, 1) << "every step recorded";
  // the default outputs, the last body's; one reference at the smallest step / refine
  EXPECT_EQ(c.outputs, (std::vector<std::string>{"body_2.x", "body_2.vx", "body_2.ax"}));
  EXPECT_EQ(c.study.outputs, c.outputs);
  ASSERT_EQ(c.study.references.size(), 1u);
  EXPECT_DOUBLE_EQ(c.study.references[0].run.settings.integratorSettings.step, 0.005 / 4);
  EXPECT_EQ(c.study.title, "convergence on double-pendulum");
  // outputs given, a multiplier among them
  r.outputs = "body_2.z,lambda.revJoint_CD_2.1";
  const ConvergenceStudy given = makeConvergenceStudy(model, base, r);
  EXPECT_EQ(given.outputs.size(), 2u);
  EXPECT_TRUE(given.study.runs[0].settings.recordMultipliers);
}

// the work-precision and formulation requests' text fields become their settings
TEST(StudyOptions, WorkPrecisionAndFormulationSettings) {
  // a work-precision request's text fields split into the settings: an empty output dropped, the
  // reference in one word read as a file by its extension
  WorkPrecisionRequest w;
  w.integrators = "hht,lms2:0.3";
  w.outputs = "body_2.x,,body_2.y";
  w.tolerances = {1e-3};
  w.steps = {0.01};
  w.repeat = 3;
  w.reference = "ref.csv";
  w.referenceTolerance = 1e-9;
  const WorkPrecisionSettings s = workPrecisionSettings(w);
  ASSERT_EQ(s.methods.size(), 2u);
  EXPECT_EQ(s.methods[1].integrator, "lms2");
  EXPECT_EQ(s.outputs, (std::vector<std::string>{"body_2.x", "body_2.y"}));
  EXPECT_EQ(s.tolerances, w.tolerances);
  EXPECT_EQ(s.steps, w.steps);
  EXPECT_EQ(s.repeat, 3);
  EXPECT_EQ(s.reference.file, "ref.csv") << "a CSV is a file, not an integrator";
  EXPECT_EQ(s.reference.tolerance, 1e-9);
  w.reference = "radau";
  EXPECT_EQ(workPrecisionSettings(w).reference.integrator, "radau");
  // the formulations overlaid: none given, the run's alone; else each in turn
  EXPECT_TRUE(workPrecisionSettings(w).formulations.empty());
  w.formulations = "rp,joint";
  EXPECT_EQ(workPrecisionSettings(w).formulations, (std::vector<std::string>{"rp", "joint"}));

  // the formulation study's repeats must be at least 1; --quick sets its short version
  FormulationStudyRequest f;
  f.repeats = 4;
  EXPECT_EQ(formulationStudySettings(f).repeats, 4);
  EXPECT_EQ(formulationStudySettings(f).orderSteps, FormulationStudySettings{}.orderSteps);
  f.repeats = 0;
  EXPECT_THROW(formulationStudySettings(f), std::invalid_argument);
  // quick: the short version, whatever the repeats
  f.quick = true;
  EXPECT_EQ(formulationStudySettings(f).timingTEnd, FormulationStudySettings::quick().timingTEnd);
  EXPECT_EQ(formulationStudySettings(f).repeats, 1);
}

}  // namespace
}  // namespace mbw
