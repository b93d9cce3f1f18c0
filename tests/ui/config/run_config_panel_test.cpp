// The run setup offers every integrator of the engine's registry, each configured so that the
// engine accepts it, and refuses what the engine refuses, with the engine's reason.

#include <QComboBox>
#include <QLineEdit>
#include <QtTest>
#include <set>

#include "formulation/formulation.h"
#include "integrators/registry.h"
#include "run_config_panel.h"
#include "scene/scene_reader.h"

using namespace mbw;
using mbw::ui::RunConfigPanel;

class RunConfigPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void everyRegisteredIntegratorCanBeChosenAndRun() {
    RunConfigPanel panel;
    const Model model = loadScene("double-pendulum");
    for (const IntegratorInfo& info : integratorRegistry()) {
      const QString name = QString::fromStdString(info.name);
      QVERIFY2(panel.setIntegrator(name), qPrintable(name));
      QVERIFY2(panel.problem().isEmpty(), qPrintable(name + ": " + panel.problem()));
      const RunSettings s = panel.settings();
      QCOMPARE(QString::fromStdString(s.integrator), name);
      // integrators that choose their own steps get tolerances
      if (!info.capabilities.fixedStep) QVERIFY(s.integratorSettings.variableStep);
      QVERIFY2(unsupportedReason(info, s.formulation, s.integratorSettings).empty(), qPrintable(name));
      // the engine takes the configuration as it is
      QVERIFY_THROWS_NO_EXCEPTION(Simulation(model, s));
    }
  }

  void integratorsAreGroupedByFamily() {
    RunConfigPanel panel;
    std::set<QString> families;
    for (const IntegratorInfo& info : integratorRegistry()) families.insert(QString::fromStdString(info.capabilities.family));
    // the integrator list: one header (an item naming no integrator) per family
    for (QComboBox* c : panel.findChildren<QComboBox*>()) {
      std::set<QString> found;
      for (int r = 0; r < c->count(); ++r)
        if (c->itemData(r, Qt::UserRole).isNull()) found.insert(c->itemText(r));
      if (found == families) return;
    }
    QFAIL("no list of integrators with one header per family");
  }

  void aBadSettingIsRefusedWithTheReason() {
    RunConfigPanel panel;
    QVERIFY(panel.setIntegrator("backward-euler"));
    panel.setStep(-1.0);
    QVERIFY(panel.problem().contains("step"));
    panel.setStep(1e-3);
    panel.setTEnd(0.0);
    QVERIFY(panel.problem().contains("t_end"));
    QVERIFY(!panel.setIntegrator("no-such-integrator"));
  }

  // rho_inf and HHT's alpha go to the engine as typed; the engine's refusal shows as the problem
  void tuningParametersReachTheEngine() {
    RunConfigPanel panel;
    QVERIFY(panel.setIntegrator("hht"));
    QLineEdit* alphaBox = nullptr;
    for (QLineEdit* box : panel.findChildren<QLineEdit*>())
      if (box->placeholderText() == "from rho_inf") alphaBox = box;
    QVERIFY(alphaBox && alphaBox->isEnabled());
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

  // rE cannot start where a body sits at its gimbal lock (the planar squeezer: theta = 0)
  void aFormulationTheSceneRefusesIsDisabledWithTheReason() {
    RunConfigPanel panel;
    QVERIFY(panel.setFormulation("rE"));
    panel.checkFormulations(loadScene("andrews-squeezer"));
    QCOMPARE(panel.formulation(), QString::fromStdString(formulationNames().front()));  // the first usable one
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));
    QVERIFY(panel.setFormulation("rE"));  // as a script would ask
    QVERIFY2(panel.problem().contains("gimbal lock"), qPrintable(panel.problem()));
    panel.checkFormulations(loadScene("double-pendulum"));
    QVERIFY(panel.setFormulation("rE"));
    QVERIFY2(panel.problem().isEmpty(), qPrintable(panel.problem()));
  }
};

QTEST_MAIN(RunConfigPanelTest)
#include "run_config_panel_test.moc"
