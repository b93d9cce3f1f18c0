// The flexible-benchmark study run part by part (studies/flexible_study_run.h), with an execution
// made up here that runs nothing: each part's studies made from the request and the run options
// (end time, Jacobian update, quick, the convergence steps and reference), the records it returns
// turned into the part's tables, histories and points, a stop ending the iterations before the
// next example, and each part's files in the output directory.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "command_runner.h"
#include "studies/flexible_study_run.h"

namespace mbw {
namespace {

// --- made-up outcomes ----------------------------------------------------------------------------

// a completed record of every run (the last one failed), 2 iterations per time point, RE of each
// output 0.1 h^(k + 1); the outcome interrupted when asked
StudyOutcome outcomeOf(const Study& study, bool interrupted = false) {
  StudyOutcome outcome;
  for (size_t run = 0; run < study.runs.size(); ++run) {
    RunRecord r;
    r.run = static_cast<int>(run);
    r.status = RunStatus::Completed;
    r.stats.steps = r.stats.timePoints = 10;
    r.stats.newtonIterations = 20;
    const double h = study.runs[run].settings.integratorSettings.step;
    for (size_t k = 0; k < study.outputs.size(); ++k) {
      ErrorMeasures e;
      e.relative = 0.1 * std::pow(h, static_cast<double>(k + 1));
      r.errors.push_back(e);
    }
    outcome.records.push_back(r);
  }
  outcome.records.back()->status = RunStatus::Failed;
  outcome.records.back()->message = "Newton did not converge";
  outcome.interrupted = interrupted;
  return outcome;
}

// the study's quick version, no other request
FlexibleStudyRequest quickRequest() {
  FlexibleStudyRequest request;
  request.quick = true;
  return request;
}

// an empty directory of the test's own
std::string freshDirectory(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "/" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// --- the experiments -----------------------------------------------------------------------------

// an experiment part builds its study from the request and options, files each record in a row,
// keeps only the figures' channels of the histories, and writes its tables
TEST(FlexibleStudyRun, AnExperimentRunsEveryGroupAtItsStepAndKeepsItsChannels) {
  // the shaft experiment to 0.01 s with the Jacobian updated once a step, through an executor
  // that records the study it is given and hands back made-up records
  RunOverrides overrides;
  overrides.tEnd = 0.01;
  overrides.jacobianUpdate = "step";
  std::vector<Study> executed;
  const FlexibleStudyRunner runner(quickRequest(), overrides, [&](const Study& s, StudyRunHooks h) {
    executed.push_back(s);
    // the second run's history, as a run's results give it
    Results r;
    r.setChannels({{"t", "s"}, {"shaft.16.z", "m"}, {"other", "1"}});
    r.appendRow({0.0, 0.25, 7.0});
    h.onResults(1, r);
    return outcomeOf(s);
  });
  const Experiment e = *flexibleStudyExperiment("shaft");
  const FlexibleExperimentPart part = runner.experiment(e);

  // one study: the first method of each group at the experiment's step, to the end time given,
  // with the Jacobian update given
  ASSERT_EQ(executed.size(), 1u);
  ASSERT_EQ(executed[0].runs.size(), 3u);
  for (size_t run = 0; run < 3; ++run) {
    const RunSettings& s = executed[0].runs[run].settings;
    EXPECT_EQ(s.tEnd, 0.01);
    EXPECT_EQ(s.integratorSettings.jacobianUpdate, "step");
    EXPECT_DOUBLE_EQ(s.integratorSettings.step / implicitStages(executed[0].runs[run]),
                     e.stepPerStage);
  }
  // a row per record in run order, its group named; the failed run's message kept
  ASSERT_EQ(part.records.size(), 3u);
  ASSERT_EQ(part.runs.rows.size(), 3u);
  EXPECT_EQ(part.runs.rows[1][1], "(b)");
  EXPECT_EQ(part.runs.rows[2][8], "Newton did not converge");
  EXPECT_EQ(part.runs.title, "rotating-shaft at Delta t / n = 0.001 s");
  EXPECT_FALSE(part.interrupted);
  // the figures' channels of the run the hooks were given, no other
  ASSERT_NE(part.histories->history(1), nullptr);
  EXPECT_EQ(part.histories->history(1)->column("other"), -1);
  EXPECT_EQ(part.histories->history(0), nullptr);

  // its files: the table of runs and the series
  const std::string dir = freshDirectory("flexible_run_experiment");
  part.writeFiles(dir);
  EXPECT_NE(test::readText(dir + "/shaft_runs.csv").find("Newton did not converge"),
            std::string::npos);
  EXPECT_NE(test::readText(dir + "/shaft_series.csv").find(",0,0.25,nan,nan\n"), std::string::npos);
  EXPECT_EQ(flexibleFigureFile(dir, 22, e.key), dir + "/fig22_shaft.png");
  EXPECT_THROW(part.writeFiles(dir + "/no/such"), TableError);
}

// without options an experiment runs to its own end time with a Jacobian at every iteration, and
// an interrupted study is reported as such
TEST(FlexibleStudyRun, WithoutOptionsAnExperimentRunsFullNewtonToItsOwnEnd) {
  // no overrides: the experiment's own end time and a Jacobian at every iteration; the outcome
  // reported as interrupted
  double tEnd = 0.0;
  std::string update;
  const FlexibleStudyRunner runner(quickRequest(), {}, [&](const Study& s, StudyRunHooks) {
    tEnd = s.runs[0].settings.tEnd;
    update = s.runs[0].settings.integratorSettings.jacobianUpdate;
    return outcomeOf(s, true);
  });
  const Experiment e = *flexibleStudyExperiment("four-bar");
  EXPECT_TRUE(runner.experiment(e).interrupted);
  EXPECT_EQ(tEnd, e.tEnd);
  EXPECT_EQ(update, "iteration");
}

// --- convergence and iterations ------------------------------------------------------------------

// the convergence part runs every group at the requested steps against one reference and files
// RE by run and by method, leaving out failed runs
TEST(FlexibleStudyRun, ConvergenceRunsTheRequestStepsAgainstItsReference) {
  // the shaft's convergence at two steps against a reference near 1e-4 s, to 0.01 s
  FlexibleStudyRequest request = quickRequest();
  request.convergenceSteps = {1e-3, 5e-4};
  request.referenceStep = 1e-4;
  RunOverrides overrides;
  overrides.tEnd = 0.01;
  std::string title;
  const FlexibleStudyRunner runner(request, overrides, [&](const Study& s, StudyRunHooks) {
    title = s.title;
    return outcomeOf(s);
  });
  const FlexibleConvergencePart part = runner.convergence();
  EXPECT_EQ(title, "rotating-shaft convergence");
  // three groups at two steps, the reference at a whole fraction of the smallest step near 1e-4
  const Study& study = part.flexible.study;
  ASSERT_EQ(study.runs.size(), 6u);
  ASSERT_EQ(study.references.size(), 1u);
  double smallest = 1e300;
  for (const RunSpec& r : study.runs)
    smallest = std::min(smallest, r.settings.integratorSettings.step);
  EXPECT_DOUBLE_EQ(study.references[0].run.settings.integratorSettings.step,
                   smallest / static_cast<double>(std::lround(smallest / 1e-4)));
  EXPECT_EQ(part.referenceText(), study.references[0].description);
  EXPECT_EQ(study.outputs, part.experiment.channels);
  // RE by run and method from the records, the failed run's left out
  ASSERT_EQ(part.result.errors.rows.size(), 6u);
  ASSERT_EQ(part.result.errorsByMethod.size(), 3u);
  EXPECT_EQ(part.result.errors.rows.back()[2], "-");

  const std::string dir = freshDirectory("flexible_run_convergence");
  part.writeFiles(dir);
  for (const char* file : {"convergence_runs.csv", "convergence.csv", "convergence_orders.csv"})
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + file)) << file;
}

// the iterations part runs each example to the smaller of its end and the one asked for, and a
// stop ends it before the next example
TEST(FlexibleStudyRun, IterationsRunEachExampleToItsEndAtMostAndStopWithTheStudy) {
  // every Newton-iteration example to at most 1 s; in a second pass the executor reports a stop in
  // the second example
  RunOverrides overrides;
  overrides.tEnd = 1.0;  // beyond the squeezer's end, short of the others'
  std::vector<double> ends;
  const auto runner = [&](bool stopInSecond) {
    ends.clear();
    return FlexibleStudyRunner(quickRequest(), overrides,
                               [&, stopInSecond](const Study& s, StudyRunHooks) {
                                 ends.push_back(s.runs[0].settings.tEnd);
                                 return outcomeOf(s, stopInSecond && ends.size() == 2);
                               });
  };
  const std::vector<IterationExample> examples = newtonIterationExamples();

  // every example at its two steps, each run's row with its scene
  const FlexibleIterationsPart part = runner(false).iterations();
  ASSERT_EQ(part.examples.size(), examples.size());
  ASSERT_EQ(ends.size(), examples.size());
  for (size_t k = 0; k < examples.size(); ++k) {
    EXPECT_EQ(ends[k], std::min(1.0, examples[k].tEnd));
    EXPECT_EQ(part.examples[k].scene, examples[k].scene);
    ASSERT_EQ(part.examples[k].points.size(), 3u);
  }
  EXPECT_EQ(part.table.header.front(), "scene");
  EXPECT_EQ(part.table.rows.size(), 6 * examples.size());
  EXPECT_EQ(part.table.rows.front().front(), examples.front().scene);
  EXPECT_FALSE(part.interrupted);
  const std::string dir = freshDirectory("flexible_run_iterations");
  part.writeFiles(dir);
  EXPECT_TRUE(std::filesystem::exists(dir + "/iterations.csv"));

  // stopped in the second example: no third one run
  const FlexibleIterationsPart stopped = runner(true).iterations();
  EXPECT_TRUE(stopped.interrupted);
  EXPECT_EQ(ends.size(), 2u);
  EXPECT_EQ(stopped.examples.size(), 1u);
}

}  // namespace
}  // namespace mbw
