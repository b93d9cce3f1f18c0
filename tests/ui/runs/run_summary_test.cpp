// What the run list and the summary say about a run: a paused run says paused (with its time),
// not running; the iteration counts are named by the integrator's family (rn4 has no Newton
// iteration, only the projection's); a growing energy balance is explained as the method's error
// bounded by its tolerances or its step, with its size against the kinetic energy, and it does
// shrink with tighter tolerances as the note says.

#include <QtTest>

#include "number_text.h"
#include "run.h"
#include "run_summary.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// a finished run of the double pendulum over 2 s
Run pendulumRun(const char* integrator, bool variableStep, double rtol) {
  Run run;
  run.id = 1;
  run.model = std::make_shared<const Model>(loadScene("double-pendulum"));
  run.settings.integrator = integrator;
  run.settings.integratorSettings.variableStep = variableStep;
  run.settings.integratorSettings.rtol = rtol;
  run.settings.integratorSettings.atol = 1e-2 * rtol;
  run.settings.tEnd = 2.0;
  run.results = Simulation(*run.model, run.settings).run();
  return run;
}

}  // namespace

class RunSummaryTest : public QObject {
  Q_OBJECT

 private slots:
  // the status of a run in progress, and of a paused one
  void aPausedRunSaysSo() {
    Run run = pendulumRun("backward-euler", false, 1e-4);
    run.results.status = RunStatus::Running;
    // a run in progress says running; paused, it says so and where
    QCOMPARE(statusWord(run), QString("running"));
    QCOMPARE(statusText(run), QString("running"));
    run.paused = true;
    QCOMPARE(statusWord(run), QString("paused"));
    QVERIFY2(statusText(run).startsWith("paused at t = 2"), qPrintable(statusText(run)));
  }

  // a failed run check is named beside the completed status
  void aFailedCheckIsSaidBesideTheStatus() {
    Run run = pendulumRun("backward-euler", false, 1e-4);
    run.results.status = RunStatus::Completed;
    QCOMPARE(statusText(run), QString("completed"));
    QCOMPARE(statusWord(run), QString("completed"));
    // a failed check is added to the status
    run.results.metadata.push_back({"check", "the energy balance reached 841 J"});
    QCOMPARE(statusText(run),
             QString("completed, but 1 check failed: the energy balance reached 841 J"));
    QCOMPARE(statusWord(run), QString("completed, check failed"));
  }

  // the iterations are named after what the family iterates on
  void theIterationsAreNamedByFamily() {
    Run run;
    run.settings.integrator = "rosenbrock-nystrom4";
    QVERIFY2(iterationsLabel(run).startsWith("projection iterations"),
             qPrintable(iterationsLabel(run)));
    run.settings.integrator = "backward-euler";
    QCOMPARE(iterationsLabel(run), QString("Newton iterations"));
  }

  // the energy note explains a variable-step run's balance by its tolerance and the error
  // estimates' sum
  void aGrowingEnergyBalanceIsExplained() {
    const Run loose = pendulumRun("rosenbrock-nystrom4", true, 1e-3);
    const Run tight = pendulumRun("rosenbrock-nystrom4", true, 1e-6);
    QCOMPARE(loose.results.status, RunStatus::Completed);
    QCOMPARE(tight.results.status, RunStatus::Completed);
    const RunSummary s = summarize(loose);
    // a run with a balance and a kinetic energy to compare it with
    QVERIFY(s.maxEnergyBalance > 0.0 && s.maxKineticEnergy > 0.0);

    // its size against the kinetic energy, and what bounds it
    const QString note = energyNote(loose, s);
    QVERIFY2(note.contains("variable-step") && note.contains("rtol 0.001"), qPrintable(note));
    QVERIFY2(note.contains("local error estimates sum to"), qPrintable(note));
    const QString percent = shortNumber(100.0 * s.maxEnergyBalance / s.maxKineticEnergy, 2);
    QVERIFY2(note.contains("(" + percent + "% of the largest kinetic energy"),
             qPrintable(note + " / " + percent));
    QVERIFY2(energyNoteShort(loose, s).endsWith("tolerance-limited, work by quadrature"),
             qPrintable(energyNoteShort(loose, s)));
    // rn4 integrates its work beside the method, by a quadrature: the note says that its error is
    // in the balance too, never that the balance is the method's alone
    QVERIFY2(note.contains("together with that of the quadrature of its work and dissipation") &&
                 note.contains("interpolatory rule"),
             qPrintable(note));

    // the method's error: tighter tolerances shrink it
    QVERIFY2(summarize(tight).maxEnergyBalance < 0.1 * s.maxEnergyBalance,
             qPrintable(QString("%1 J at rtol 1e-6, %2 J at 1e-3")
                            .arg(summarize(tight).maxEnergyBalance)
                            .arg(s.maxEnergyBalance)));

    // a fixed step says so
    const Run fixed = pendulumRun("backward-euler", false, 1e-4);
    const QString fixedNote = energyNote(fixed, summarize(fixed));
    QVERIFY2(fixedNote.contains("fixed step h = 0.001 s"), qPrintable(fixedNote));
    // backward Euler advances the work by its own rule: the balance is its error
    QVERIFY2(fixedNote.contains("integrated by its own rule") && !fixedNote.contains("quadrature"),
             qPrintable(fixedNote));
    QVERIFY(energyNoteShort(fixed, summarize(fixed)).endsWith("step-limited"));
  }
};

QTEST_MAIN(RunSummaryTest)
#include "run_summary_test.moc"
