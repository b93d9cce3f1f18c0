// The formulation study's state-space comparison (studies/formulation_state_space.h): the plan
// of every scene (the scene's step, the end time capped, the last body, each formulation's
// refusal), the runs it adds to the formulation study (timed runs interleaved across rp and joint,
// one accuracy run each against the scene's reference-quality run), records made up here filed
// into the rows (costs per step, the largest end error of the body's centre), the refusals in a
// word, and the comparison run for real on a short window of the flyball governor.

#include "studies/formulation_state_space.h"

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "simulation/run_options.h"
#include "studies/executor.h"
#include "studies/formulation_study.h"
#include "studies/study_execution.h"

namespace mbw {
namespace {

// --- the plan ------------------------------------------------------------------------------------

// a tree the joint coordinates hold, and a beam scene they refuse
FormulationStudySettings twoScenes() {
  FormulationStudySettings s = FormulationStudySettings::quick();
  s.repeats = 2;
  s.stateSpace.scenes = {"stiff-double-pendulum", "rotating-shaft"};
  s.stateSpace.tEnd = 0.5;
  s.stateSpace.maxSteps = 10000;  // not the cap: 0.5 s is 5 000 steps of the pendulum's 1e-4 s
  return s;
}

// each scene of the comparison is planned at its own step over a capped window, with the joint
// formulation's refusal as a run would give it
TEST(FormulationStateSpace, PlansEachSceneAtItsOwnStepWithItsRefusals) {
  const std::vector<StateSpaceRow> rows = stateSpacePlan(twoScenes().stateSpace);
  ASSERT_EQ(rows.size(), 2u);
  // the tree: its step (1e-4 s), its end time (2 s) capped at 0.5 s, its last body; both run
  const Model tree = loadScene("stiff-double-pendulum");
  EXPECT_EQ(rows[0].scene, "stiff-double-pendulum");
  EXPECT_EQ(rows[0].step, tree.defaults.step);
  EXPECT_EQ(rows[0].tEnd, 0.5);
  EXPECT_EQ(rows[0].body, tree.bodies.back().name);
  ASSERT_EQ(rows[0].cells.size(), 2u);
  EXPECT_TRUE(rows[0].runs());
  // the beams: rp could run, joint coordinates refuse them as a run does, so the row is not run
  const Model beams = loadScene("rotating-shaft");
  EXPECT_EQ(rows[1].tEnd, std::min(0.5, beams.defaults.tEnd));
  EXPECT_TRUE(rows[1].cells[0].refusal.empty()) << rows[1].cells[0].refusal;
  EXPECT_EQ(rows[1].cells[1].refusal, runFormulationRefusal("joint", beams));
  EXPECT_FALSE(rows[1].runs());
  EXPECT_EQ(jointRefusalWord(rows[1].cells[1].refusal), "beam");
  // a count of steps caps the span where they end sooner: 100 steps of 1e-4 s
  StateSpaceComparisonSettings capped = twoScenes().stateSpace;
  capped.maxSteps = 100;
  EXPECT_DOUBLE_EQ(stateSpacePlan(capped)[0].tEnd, 100 * tree.defaults.step);
}

// timed runs are interleaved, rp then joint in each round, as the index-3 tables' are; one
// accuracy run each is compared with the same rp reference (bdf at rtol 1e-12)
TEST(FormulationStateSpace, TimesBothFormulationsInTurnAndMeasuresEachOnceAgainstTheReference) {
  const FormulationStudySettings settings = twoScenes();
  const Study study = makeFormulationStudy(settings);
  // the comparison's scenes are the variants after the paper's four mechanisms
  ASSERT_EQ(study.variants.size(), 6u);
  EXPECT_EQ(study.variants[4].scene, "stiff-double-pendulum");
  EXPECT_EQ(study.variants[5].scene, "rotating-shaft");
  std::vector<RunSpec> timed, accuracy;
  for (const RunSpec& run : study.runs)
    if (run.variant >= 4) (run.timing == RunTiming::SteppingLoop ? timed : accuracy).push_back(run);
  // two rounds of rp then joint on the tree, nothing on the beams
  ASSERT_EQ(timed.size(), 4u);
  for (size_t k = 0; k < timed.size(); ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(timed[k].variant, 4);
    EXPECT_EQ(timed[k].settings.formulation, k % 2 == 0 ? "rp" : "joint");
    EXPECT_LT(timed[k].reference, 0);
  }
  // one accuracy run per formulation, against the scene's reference-quality run in rp
  ASSERT_EQ(accuracy.size(), 2u);
  EXPECT_EQ(accuracy[0].settings.formulation, "rp");
  EXPECT_EQ(accuracy[1].settings.formulation, "joint");
  EXPECT_EQ(accuracy[0].reference, accuracy[1].reference);
  const ReferenceSpec& reference = study.references.at(accuracy[0].reference);
  EXPECT_EQ(reference.run.variant, 4);
  EXPECT_EQ(reference.run.settings.formulation, "rp");
  EXPECT_EQ(reference.run.settings.integrator, "bdf");
  EXPECT_EQ(reference.run.settings.integratorSettings.rtol, 1e-12);
  EXPECT_EQ(reference.run.settings.tEnd, 0.5);
  // every run: rn4 at the scene's fixed step over the same window
  timed.insert(timed.end(), accuracy.begin(), accuracy.end());
  for (const RunSpec& run : timed) {
    EXPECT_EQ(run.settings.integrator, "rn4");
    EXPECT_FALSE(run.settings.integratorSettings.variableStep);
    EXPECT_EQ(run.settings.integratorSettings.step, 1e-4);
    EXPECT_EQ(run.settings.tStart, 0.0);
    EXPECT_EQ(run.settings.tEnd, 0.5);
  }
  // the body's centre is among the outputs compared
  const std::string body = loadScene("stiff-double-pendulum").bodies.back().name;
  for (const char* axis : {".x", ".y", ".z"})
    EXPECT_NE(std::find(study.outputs.begin(), study.outputs.end(), body + axis),
              study.outputs.end())
        << axis;
}

// --- records, refusals and the reference ---------------------------------------------------------

// records become costs per step (mean, best, spread) and the largest end error of the body's
// centre; a refused scene has nothing measured
TEST(FormulationStateSpace, RecordsGiveCostsPerStepAndTheLargestEndError) {
  const FormulationStudySettings settings = twoScenes();
  const Study study = makeFormulationStudy(settings);
  const std::string body = loadScene("stiff-double-pendulum").bodies.back().name;
  // records of the comparison's runs: 100 steps in 2 ms (rp) or 1 ms (joint), the second round
  // 1.5 times as long; end errors 1, 3 and 2 um of x, y, z in joint, ten times those in rp
  std::vector<RunRecord> records;
  int round = 0;
  for (size_t k = 0; k < study.runs.size(); ++k) {
    const RunSpec& run = study.runs[k];
    if (run.variant < 4) continue;
    const bool joint = run.settings.formulation == "joint";
    RunRecord r;
    r.run = static_cast<int>(k);
    r.status = RunStatus::Completed;
    r.stats.steps = 100;
    r.stats.cpuSeconds = (joint ? 1e-3 : 2e-3) * (round < 2 ? 1.0 : 1.5);
    ++round;
    r.errors.resize(study.outputs.size());
    const double scale = joint ? 1e-6 : 1e-5;
    const std::vector<std::string> axes = {".x", ".y", ".z"};
    for (size_t c = 0; c < 3; ++c) {
      const size_t at = static_cast<size_t>(
          std::find(study.outputs.begin(), study.outputs.end(), body + axes[c]) -
          study.outputs.begin());
      r.errors.at(at).final = scale * std::vector<double>{1.0, 3.0, 2.0}[c];
    }
    records.push_back(r);
  }
  const FormulationStudy out = formulationStudyResults(settings, study, records);
  ASSERT_EQ(out.stateSpace.size(), 2u);
  const StateSpaceRow& row = out.stateSpace[0];
  const StateSpaceCell& rp = row.cells[0];
  const StateSpaceCell& joint = row.cells[1];
  // costs: 20 and 30 us a step in rp, 10 and 15 in joint
  ASSERT_EQ(rp.runs.size(), 2u);
  EXPECT_DOUBLE_EQ(rp.meanMicroseconds(), 25.0);
  EXPECT_DOUBLE_EQ(joint.meanMicroseconds(), 12.5);
  EXPECT_DOUBLE_EQ(joint.bestMicroseconds(), 10.0);
  EXPECT_DOUBLE_EQ(joint.spread(), 5.0 / 12.5);
  // the largest of the three end errors
  EXPECT_TRUE(joint.accuracyCompleted);
  EXPECT_DOUBLE_EQ(joint.error, 3e-6);
  EXPECT_DOUBLE_EQ(rp.error, 3e-5);
  // the refused scene keeps its refusal and has nothing measured
  EXPECT_FALSE(out.stateSpace[1].cells[1].refusal.empty());
  EXPECT_TRUE(out.stateSpace[1].cells[0].runs.empty());
  EXPECT_FALSE(out.stateSpace[1].cells[1].accuracyMade);
}

// the refusal reasons of the tree reduce to one word for the table's cell
TEST(FormulationStateSpace, SaysWhyTheTreeRefusesInAWord) {
  // the reason of the built-in scenes that stay out of the tree (the flexible ones' beams); the
  // scenes of spherical joints, raw primitives and tires are held
  EXPECT_EQ(jointRefusalWord(runFormulationRefusal("joint", loadScene("lateral-buckling"))),
            "beam");
  EXPECT_EQ(runFormulationRefusal("joint", loadScene("hmmwv-bump")), "");
  EXPECT_EQ(runFormulationRefusal("joint", loadScene("four-link-joints")), "");
  EXPECT_EQ(runFormulationRefusal("joint", loadScene("single-pendulum")), "");
  // the tree's other reasons, as joint/tree_ode.cpp and joint/kinematic_tree.cpp word them
  EXPECT_EQ(jointRefusalWord("joint 'R4' (/joints/3) closes a loop: the joint-coordinate ..."),
            "loop");
  EXPECT_EQ(jointRefusalWord("body 'b' (/bodies/0) is a free body with a singular rotational "
                             "inertia or no mass: ..."),
            "inertia");
  EXPECT_EQ(jointRefusalWord("something else"), "refused");
}

// run for real on the flyball governor: both formulations make their steps and end within 1e-6 m
// of the reference
TEST(FormulationStateSpace, JointAndRpMeetTheReferenceOnATree) {
  // the comparison run for real over 0.05 s of the flyball governor (a tree of revolute and
  // translational joints) at its step of 1e-3 s
  const std::string scene = "iftomm-a05-flyball-governor";
  FormulationStudySettings settings = FormulationStudySettings::quick();
  settings.stateSpace.scenes = {scene};
  settings.stateSpace.tEnd = 0.05;
  Study study = makeFormulationStudy(settings);
  // only the comparison's runs, and its outputs: the last body's centre
  std::vector<RunSpec> runs;
  for (const RunSpec& run : study.runs)
    if (run.variant >= 4) runs.push_back(run);
  study.runs = runs;
  const std::string body = loadScene(scene).bodies.back().name;
  study.outputs = {body + ".x", body + ".y", body + ".z"};
  ThreadPoolExecutor one(1);
  const StudyOutcome outcome = executeStudy(study, one, {}, {});
  const FormulationStudy out = formulationStudyResults(settings, study, outcome.madeRecords());
  ASSERT_EQ(out.stateSpace.size(), 1u);
  ASSERT_TRUE(out.stateSpace[0].runs());
  for (const StateSpaceCell& c : out.stateSpace[0].cells) {
    // each timed run made its 50 steps; each end state within 1e-6 m of the reference
    ASSERT_TRUE(c.completed()) << c.message();
    EXPECT_EQ(c.runs[0].steps, 50);
    ASSERT_TRUE(c.accuracyCompleted) << c.accuracyMessage;
    EXPECT_EQ(c.accuracySteps, 50);
    EXPECT_LT(c.error, 1e-6);
  }
}

}  // namespace
}  // namespace mbw
