// The run setup offers every integrator of the engine's registry, each configured so that the
// engine accepts it, and refuses what the engine refuses, with the engine's reason. Output times
// come from a file, chosen or the scene's, with the file and line of a bad time named.

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <limits>
#include <set>

#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "run_config_panel.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"

using namespace mbw;
using mbw::ui::RunConfigPanel;

namespace {

// the text as the whole of the file, replacing what was there
void writeFile(const QString& path, const char* text) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(text);
}

}  // namespace

class RunConfigPanelTest : public QObject {
  Q_OBJECT

 private slots:
  // --- integrators and their settings ------------------------------------------------------------

  // a new integrator in the engine reaches the workbench's users with settings the engine accepts,
  // with nothing to add in the panel
  void everyRegisteredIntegratorCanBeChosenAndRun() {
    RunConfigPanel panel;
    const Model model = loadScene("double-pendulum");
    for (const IntegratorInfo& info : integratorRegistry()) {
      const QString name = QString::fromStdString(info.name);
      // chosen without a problem, and the settings name it
      QVERIFY2(panel.setIntegrator(name), qPrintable(name));
      QVERIFY2(panel.problem().isEmpty(), qPrintable(name + ": " + panel.problem()));
      const RunSettings s = panel.settings();
      QCOMPARE(QString::fromStdString(s.integrator), name);
      // integrators that choose their own steps get tolerances
      if (!info.capabilities.fixedStep) QVERIFY(s.integratorSettings.variableStep);
      QVERIFY2(unsupportedReason(info, s.formulation, s.integratorSettings).empty(),
               qPrintable(name));
      // the engine takes the configuration as it is
      QVERIFY_THROWS_NO_EXCEPTION(Simulation(model, s));
    }
  }

  // the integrator list carries a header per family of the registry
  void integratorsAreGroupedByFamily() {
    RunConfigPanel panel;
    std::set<QString> families;
    for (const IntegratorInfo& info : integratorRegistry())
      families.insert(QString::fromStdString(info.capabilities.family));
    // the integrator list: one header (an item naming no integrator) per family
    for (QComboBox* c : panel.findChildren<QComboBox*>()) {
      std::set<QString> found;
      for (int r = 0; r < c->count(); ++r)
        if (c->itemData(r, Qt::UserRole).isNull()) found.insert(c->itemText(r));
      if (found == families) return;
    }
    QFAIL("no list of integrators with one header per family");
  }

  // a bad step or t_end is refused in the panel with the reason, before any run
  void aBadSettingIsRefusedWithTheReason() {
    RunConfigPanel panel;
    QVERIFY(panel.setIntegrator("backward-euler"));
    // a negative step, then a zero t_end
    panel.setStep(-1.0);
    QVERIFY(panel.problem().contains("step"));
    panel.setStep(1e-3);
    panel.setTEnd(0.0);
    QVERIFY(panel.problem().contains("t_end"));
    // numbers that mean nothing, refused by the engine's check of every run
    panel.setTEnd(std::numeric_limits<double>::infinity());
    QVERIFY2(panel.problem().contains("t_end must be a finite number"),
             qPrintable(panel.problem()));
    panel.setTEnd(1.0);
    panel.setStep(std::numeric_limits<double>::infinity());
    QVERIFY2(panel.problem().contains("the step must be a finite number"),
             qPrintable(panel.problem()));
    panel.setStep(1e-3);
    // an unknown integrator is not taken
    QVERIFY(!panel.setIntegrator("no-such-integrator"));
  }

  // rho_inf and HHT's alpha go to the engine as typed; the engine's refusal shows as the problem
  void tuningParametersReachTheEngine() {
    RunConfigPanel panel;
    QVERIFY(panel.setIntegrator("hht"));
    // HHT's alpha box, enabled for HHT
    QLineEdit* alphaBox = nullptr;
    for (QLineEdit* box : panel.findChildren<QLineEdit*>())
      if (box->placeholderText() == "from rho_inf") alphaBox = box;
    QVERIFY(alphaBox && alphaBox->isEnabled());
    // -0.1 within HHT's [-1/3, 0]: taken; -0.5 outside it: refused with the engine's reason
    alphaBox->setText("-0.1");
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));
    QCOMPARE(panel.settings().integratorSettings.alpha.value_or(0.0), -0.1);
    alphaBox->setText("-0.5");
    QVERIFY(panel.problem().contains("alpha"));
    // alpha belongs to HHT only
    QVERIFY(panel.setIntegrator("backward-euler"));
    QVERIFY(!alphaBox->isEnabled());
    QVERIFY(!panel.settings().integratorSettings.alpha.has_value());
  }

  // --- formulations ------------------------------------------------------------------------------

  // rE cannot start where a body sits at its gimbal lock (the planar squeezer: theta = 0)
  void aFormulationTheSceneRefusesIsDisabledWithTheReason() {
    RunConfigPanel panel;
    QVERIFY(panel.setFormulation("rE"));
    panel.checkFormulations(loadScene("andrews-squeezer"));
    QCOMPARE(panel.formulation(),
             QString::fromStdString(formulationNames().front()));  // the first usable one
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));
    QVERIFY(panel.setFormulation("rE"));  // as a script would ask
    QVERIFY2(panel.problem().contains("gimbal lock"), qPrintable(panel.problem()));
    // the double pendulum is clear of the lock: rE accepted
    panel.checkFormulations(loadScene("double-pendulum"));
    QVERIFY(panel.setFormulation("rE"));
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));
  }

  // joint coordinates are offered, for the state-space integrators only, and disabled on a scene
  // the tree cannot hold (a beam's nodes), naming what it cannot hold
  void jointCoordinatesAreOfferedWhereTheTreeHoldsTheScene() {
    RunConfigPanel panel;
    QVERIFY(panel.setFormulation("joint"));
    // the stiff pendulum's joints form a tree: joint coordinates taken, with rn4
    panel.checkFormulations(loadScene("stiff-double-pendulum"));
    QCOMPARE(panel.formulation(), QString("joint"));
    QVERIFY(panel.setIntegrator("rn4"));
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));
    QCOMPARE(panel.settings().formulation, std::string("joint"));
    QVERIFY(!panel.setIntegrator("hht"));  // greyed: not among the available entries
    // the vehicle on its tires is held too
    panel.checkFormulations(loadScene("hmmwv-bump"));
    QCOMPARE(panel.formulation(), QString("joint"));
    // a beam's nodes are not rigid bodies: another formulation; asked, the beam node named
    panel.checkFormulations(loadScene("lateral-buckling"));
    QCOMPARE(panel.formulation(), QString::fromStdString(runFormulationNames().front()));
    QVERIFY(panel.setFormulation("joint"));  // as a script would ask
    QVERIFY2(panel.problem().contains("beam node"), qPrintable(panel.problem()));
  }

  // --- output times ------------------------------------------------------------------------------

  // output times can be read from a text file, chosen or named by the scene, and a mistake in it is
  // shown with its file and line before the run
  void outputTimesComeFromAFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString times = dir.filePath("times.txt");
    // a file of three times, with a comment and both separators
    writeFile(times, "# requested times, s\n0.1, 0.2\n0.35\n");
    RunConfigPanel panel;
    QVERIFY(panel.setIntegrator("rn4"));
    panel.setTEnd(1.0);
    panel.setOutputTimesFile(times);
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));
    // the times as read, the comment and the separators skipped
    QVERIFY(panel.settings().output.times == (std::vector<double>{0.1, 0.2, 0.35}));
    QVERIFY_THROWS_NO_EXCEPTION(Simulation(loadScene("double-pendulum"), panel.settings()));

    // what is wrong is named with the file and its line: a word where a time should be, a time
    // after t_end, times out of order
    const QString bad = dir.filePath("bad.txt");
    writeFile(bad, "0.1\n0.2 soon\n");
    panel.setOutputTimesFile(bad);
    QVERIFY2(panel.problem().contains("bad.txt:2") && panel.problem().contains("'soon'"),
             qPrintable(panel.problem()));
    writeFile(bad, "0.1\n\n2.5 # after the end\n");
    QVERIFY2(panel.problem().contains("bad.txt:3") && panel.problem().contains("outside the run"),
             qPrintable(panel.problem()));
    writeFile(bad, "0.1, 0.3\n0.25\n");  // each version of another size: read again
    QVERIFY2(panel.problem().contains("bad.txt:2") && panel.problem().contains("increase"),
             qPrintable(panel.problem()));
    panel.setOutputTimesFile(dir.filePath("missing.txt"));
    QVERIFY2(panel.problem().contains("missing.txt"), qPrintable(panel.problem()));
    // an output step and times at once
    panel.setOutputTimesFile(times);
    QLineEdit* stepBox = nullptr;
    for (QLineEdit* box : panel.findChildren<QLineEdit*>())
      if (box->placeholderText() == "at the steps") stepBox = box;
    QVERIFY(stepBox);
    stepBox->setText("0.01");
    QVERIFY2(panel.problem().contains("not both"), qPrintable(panel.problem()));
    stepBox->clear();
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));

    // the scene's file, relative to the scene's folder
    Model scene;
    scene.sourcePath = dir.filePath("scene.json").toStdString();
    scene.defaults.integrator = "rn4";
    scene.defaults.outputTimes = "times.txt";
    panel.setDefaults(scene);
    QCOMPARE(QFileInfo(panel.outputTimesFile()), QFileInfo(times));
    QVERIFY(panel.settings().output.times == (std::vector<double>{0.1, 0.2, 0.35}));

    // the chooser sets the file
    const QString other = dir.filePath("other.txt");
    writeFile(other, "0.5\n");
    QToolButton* choose = nullptr;
    for (QToolButton* button : panel.findChildren<QToolButton*>())
      if (button->toolTip().contains("file of output times")) choose = button;
    QVERIFY(choose);
    bool dialogSeen = false;
    // the file dialog, once open, answered as a user would
    QTimer::singleShot(0, [&] {
      auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      dialogSeen = true;
      dialog->selectFile(other);
      QMetaObject::invokeMethod(dialog, "accept");
    });
    choose->click();
    QVERIFY(dialogSeen);
    QCOMPARE(QFileInfo(panel.outputTimesFile()), QFileInfo(other));
    QVERIFY(panel.settings().output.times == std::vector<double>{0.5});
  }
};

QTEST_MAIN(RunConfigPanelTest)
#include "run_config_panel_test.moc"
