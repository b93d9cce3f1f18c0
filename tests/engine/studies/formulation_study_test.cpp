// The formulation study of Kissel et al. 2021 section 4 (formulation_study.cpp), made but not
// run: its timed runs repeated and interleaved across the formulations, each kinematic or dynamic
// run set as the paper's (the stepping loop timed, the Newton tolerance Theta h^2 fixed), its
// order runs against a kinematic ground truth per mechanism; then records made up here gathered
// into cost series and order points, each error read from its own output; and a cost series'
// mean, best, spread and iterations, none when a run failed.

#include "studies/formulation_study.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "formulation/formulation.h"

namespace mbw {
namespace {

// --- the plan ------------------------------------------------------------------------------------

FormulationStudySettings twoRepeats() {
  FormulationStudySettings s;
  s.repeats = 2;
  s.timingTEnd = 0.5;
  s.step = 2e-3;
  s.orderSteps = {1e-2, 5e-3};
  s.orderTEnd = 1.5;
  // the state-space comparison on a scene joint coordinates refuse: no run of its own
  // (formulation_state_space_test.cpp runs it)
  s.stateSpace.scenes = {"rotating-shaft"};
  return s;
}

// Kissel et al.'s timing: every mechanism repeated in each formulation in turn, the stepping loop
// alone timed, at the paper's step and a fixed Newton tolerance
TEST(FormulationStudy, TimedRunsAreRepeatedAndInterleavedAcrossFormulations) {
  const FormulationStudySettings settings = twoRepeats();
  const Study study = makeFormulationStudy(settings);
  const std::vector<std::string> formulations = formulationNames();
  ASSERT_EQ(formulations.size(), 3u);
  // per repeat: 3 driven mechanisms' kinematics and 4 mechanisms' dynamics in 3 formulations;
  // then 3 mechanisms' orders in 3 formulations at 2 steps
  ASSERT_EQ(study.runs.size(), 2u * (3 * 3 + 4 * 3) + 3 * 3 * 2);
  const size_t perRepeat = 3 * 3 + 4 * 3;
  for (size_t k = 0; k < 2 * perRepeat; ++k) {
    SCOPED_TRACE(k);
    const RunSpec& run = study.runs[k];
    // the same sequence in each repeat, the formulations taking turns
    const RunSpec& first = study.runs[k % perRepeat];
    EXPECT_EQ(run.variant, first.variant);
    EXPECT_EQ(run.analysis, first.analysis);
    EXPECT_EQ(run.settings.formulation, formulations[k % 3]);
    // the stepping loop timed, nothing measured against a reference
    EXPECT_EQ(run.timing, RunTiming::SteppingLoop);
    EXPECT_LT(run.reference, 0);
    if (run.analysis == RunAnalysis::Kinematics) {
      EXPECT_EQ(run.kinematics.step, 2e-3);
      EXPECT_EQ(run.kinematics.tEnd, 0.5);
      EXPECT_EQ(run.kinematics.tolerance, settings.kinematicsTolerance);
    } else {
      EXPECT_EQ(run.settings.integrator, "backward-euler");
      EXPECT_EQ(run.settings.integratorSettings.step, 2e-3);
      EXPECT_EQ(run.settings.tEnd, 0.5);
      EXPECT_EQ(run.settings.integratorSettings.newtonTolerance, settings.positionTolerance);
      EXPECT_EQ(run.settings.integratorSettings.newtonToleranceRule, "fixed");
    }
  }
  // the double pendulum has degrees of freedom: dynamics only
  for (size_t k = 0; k < perRepeat; ++k) {
    if (study.variants.at(study.runs[k].variant).scene == "double-pendulum") {
      EXPECT_EQ(study.runs[k].analysis, RunAnalysis::Dynamics);
    }
  }
}

// the order runs of each mechanism and formulation compare with that mechanism's tight kinematic
// solution, the motion a driven mechanism must have
TEST(FormulationStudy, OrderRunsMeetAKinematicGroundTruthAtTheEnd) {
  const FormulationStudySettings settings = twoRepeats();
  const Study study = makeFormulationStudy(settings);
  // a reference per mechanism: its kinematic analysis in rp at a tolerance of 1e-12, and the
  // tracked coordinate's position, velocity and acceleration as outputs
  ASSERT_EQ(study.references.size(), 3u);
  for (const ReferenceSpec& r : study.references) {
    EXPECT_EQ(r.run.analysis, RunAnalysis::Kinematics);
    EXPECT_EQ(r.run.settings.formulation, "rp");
    EXPECT_EQ(r.run.kinematics.tolerance, 1e-12);
    EXPECT_EQ(r.run.kinematics.tEnd, 1.5);
  }
  EXPECT_EQ(study.outputs,
            (std::vector<std::string>{"first-pendulum.z", "first-pendulum.vz", "first-pendulum.az",
                                      "slider.x", "slider.vx", "slider.ax", "link-3.z", "link-3.vz",
                                      "link-3.az"}));
  // each order run: backward Euler at one of the steps to t_end, against its mechanism's truth
  std::set<std::pair<int, double>> made;
  for (size_t k = 2 * (3 * 3 + 4 * 3); k < study.runs.size(); ++k) {
    const RunSpec& run = study.runs[k];
    ASSERT_GE(run.reference, 0);
    EXPECT_EQ(study.references[run.reference].run.variant, run.variant);
    EXPECT_EQ(run.timing, RunTiming::WholeRun);
    EXPECT_EQ(run.settings.tEnd, 1.5);
    EXPECT_EQ(run.settings.integratorSettings.newtonToleranceRule, "fixed");
    made.insert({run.reference * 10 + (run.settings.formulation == "rp"   ? 0
                                       : run.settings.formulation == "rA" ? 1
                                                                          : 2),
                 run.settings.integratorSettings.step});
  }
  EXPECT_EQ(made.size(), 3u * 3 * 2);  // every mechanism, formulation and step once
}

// --- records to series ---------------------------------------------------------------------------

// records become cost series per mechanism and formulation and order points per step, each
// error read from its own output; a failed point keeps its reason and no errors
TEST(FormulationStudy, RecordsGatherIntoCostSeriesAndOrderPoints) {
  FormulationStudySettings settings = twoRepeats();
  settings.repeats = 1;
  const Study study = makeFormulationStudy(settings);
  // a record per run: timed runs of 100 steps, 1 ms each per formulation index; order runs with
  // errors 1, 2, 3 times the step on the tracked coordinate's channels, 9 elsewhere
  std::vector<RunRecord> records;
  for (size_t k = 0; k < study.runs.size(); ++k) {
    const RunSpec& run = study.runs[k];
    RunRecord r;
    r.run = static_cast<int>(k);
    r.status = RunStatus::Completed;
    r.stats.steps = 100;
    r.stats.newtonIterations = 250;
    r.stats.cpuSeconds = 1e-3 * (1 + static_cast<int>(k % 3));
    r.errors.resize(study.outputs.size());
    for (ErrorMeasures& e : r.errors) e.final = 9.0;
    if (run.reference >= 0)
      for (int c = 0; c < 3; ++c)
        r.errors[3 * run.reference + c].final = (c + 1) * run.settings.integratorSettings.step;
    records.push_back(r);
  }
  // the slider-crank's order run in rE at the larger step failed
  size_t failed = 0;
  for (size_t k = 0; k < study.runs.size(); ++k) {
    const RunSpec& run = study.runs[k];
    if (run.reference >= 0 && study.variants[run.variant].scene == "slider-crank" &&
        run.settings.formulation == "rE" && run.settings.integratorSettings.step == 1e-2)
      failed = k;
  }
  ASSERT_GT(failed, 0u);
  records[failed].status = RunStatus::Failed;
  records[failed].message = "Newton did not converge";

  const FormulationStudy out = formulationStudyResults(settings, study, records);
  EXPECT_EQ(out.formulations, formulationNames());
  // costs: 3 mechanisms' kinematics and 4 mechanisms' dynamics in each formulation
  EXPECT_EQ(out.kinematics.size(), 3u * 3);
  EXPECT_EQ(out.dynamics.size(), 4u * 3);
  const CostSeries* rA = out.cost(out.dynamics, "double-pendulum", "rA");
  ASSERT_NE(rA, nullptr);
  ASSERT_EQ(rA->runs.size(), 1u);
  EXPECT_EQ(rA->runs[0].steps, 100);
  EXPECT_EQ(out.cost(out.kinematics, "double-pendulum", "rA"), nullptr);
  // orders: a series per mechanism and formulation, a point per step
  ASSERT_EQ(out.orders.size(), 3u * 3);
  for (const OrderSeries& o : out.orders) {
    SCOPED_TRACE(o.mechanism + " " + o.formulation);
    ASSERT_EQ(o.points.size(), 2u);
    for (const OrderPoint& p : o.points) {
      EXPECT_DOUBLE_EQ(p.theta, settings.positionTolerance / (p.h * p.h));
      if (!p.completed) continue;
      EXPECT_EQ(p.positionError, p.h);
      EXPECT_EQ(p.velocityError, 2.0 * p.h);
      EXPECT_EQ(p.accelerationError, 3.0 * p.h);
      EXPECT_EQ(p.iterationsPerStep, 2.5);
    }
  }
  // the failed point says why, without errors
  for (const OrderSeries& o : out.orders)
    for (const OrderPoint& p : o.points)
      if (!p.completed) {
        EXPECT_EQ(o.mechanism, "slider-crank");
        EXPECT_EQ(o.formulation, "rE");
        EXPECT_EQ(o.coordinate.label(), "slider.x");
        EXPECT_EQ(p.h, 1e-2);
        EXPECT_EQ(p.message, "Newton did not converge");
        EXPECT_EQ(p.positionError, 0.0);
      }
}

// a cost series reports mean, best and spread per step over its runs, and none of them once a run
// failed
TEST(FormulationStudy, ACostSeriesMeasuresItsRuns) {
  // 100 steps in 1, 2 and 3 ms: 10, 20 and 30 us a step
  CostSeries s{"four-link", "rp", {}};
  EXPECT_FALSE(s.completed());  // nothing run yet
  for (double ms : {2.0, 1.0, 3.0}) s.runs.push_back({true, "", 1e-3 * ms, 100, 300});
  EXPECT_TRUE(s.completed());
  EXPECT_DOUBLE_EQ(s.meanMicroseconds(), 20.0);
  EXPECT_DOUBLE_EQ(s.bestMicroseconds(), 10.0);
  EXPECT_DOUBLE_EQ(s.spread(), (30.0 - 10.0) / 20.0);
  EXPECT_DOUBLE_EQ(s.iterationsPerStep(), 3.0);
  EXPECT_EQ(s.message(), "");
  // a failed run: no times, its reason; the iterations still counted
  s.runs.push_back({false, "singular Jacobian", 1e-3, 10, 90});
  EXPECT_FALSE(s.completed());
  EXPECT_EQ(s.message(), "singular Jacobian");
  EXPECT_TRUE(std::isnan(s.meanMicroseconds()));
  EXPECT_TRUE(std::isnan(s.bestMicroseconds()));
  EXPECT_TRUE(std::isnan(s.spread()));
  EXPECT_DOUBLE_EQ(s.iterationsPerStep(), 990.0 / 310.0);
  // the quick study: one short repetition, three steps
  const FormulationStudySettings quick = FormulationStudySettings::quick();
  EXPECT_EQ(quick.repeats, 1);
  EXPECT_EQ(quick.timingTEnd, 0.3);
  EXPECT_EQ(quick.orderSteps.size(), 3u);
}

}  // namespace
}  // namespace mbw
