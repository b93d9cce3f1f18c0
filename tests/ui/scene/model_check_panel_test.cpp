// The Model check panel and File > New scene: the counts and the degrees of freedom of the
// engine's model check, each finding once beside its element; the new scene dialog built from
// the engine's templates, its refusals naming the parameter, the user's name and description.

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QListWidget>
#include <QTreeWidget>
#include <QSignalSpy>
#include <QtTest>
#include <nlohmann/json.hpp>

#include "model_check_panel.h"
#include "new_scene_dialog.h"
#include "scene/templates/scene_templates.h"
#include "scene_document.h"

using namespace mbw;
using namespace mbw::ui;

class ModelCheckPanelTest : public QObject {
  Q_OBJECT

 private slots:
  // a four-bar of revolutes is overconstrained: the panel says so as a note, not a problem, and a
  // click on it takes the user to the joint
  void aFourBarOfRevolutesHasOneDegreeOfFreedomAndANote() {
    SceneDocument doc;
    ModelCheckPanel panel(doc);
    QVERIFY(doc.openNew(generateScene("four-bar"), nullptr));
    // the engine's check: 20 equations, 3 redundant, 1 DOF
    QVERIFY(panel.summary().endsWith(": 1 DOF"));
    QVERIFY(panel.summary().contains("20 equations (3 redundant)"));
    const QStringList lines = panel.lines();
    // one line: the note at the joint
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0].startsWith("joint '") && lines[0].contains("3 of its 5 equations repeat"),
             qPrintable(lines[0]));
    // a click selects the joint
    panel.resize(400, 300);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy requested(&panel, &ModelCheckPanel::elementRequested);
    auto* list = panel.findChild<QTreeWidget*>();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                      list->visualItemRect(list->topLevelItem(0)).center());
    QCOMPARE(requested.size(), 1);
    QVERIFY(requested[0][0].toString().startsWith("/joints/"));
  }

  // a mistake in the scene is listed once, at the element that holds it
  void aProblemIsSaidOnceBesideItsElement() {
    SceneDocument doc;
    ModelCheckPanel panel(doc);
    QVERIFY(doc.openNew(generateScene("double-pendulum"), nullptr));
    QVERIFY(panel.summary().endsWith(": 2 DOF"));
    // a joint to an unknown body: one line at the joint, and the summary says it does not load
    doc.setValue("/joints/0/body_j", "nobody", "break it");
    const QStringList lines = panel.lines();
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0].startsWith("joint '"), qPrintable(lines[0]));
    QVERIFY(panel.summary().contains("does not load"));
  }

  // a finding deep in an element is shown at the element the user can select
  void elementPointers() {
    // a JSON path to the element it lies in: the settings' group, none for a top-level key
    QCOMPARE(elementPointer("/joints/3/point_i"), QString("/joints/3"));
    QCOMPARE(elementPointer("/bodies/0"), QString("/bodies/0"));
    QCOMPARE(elementPointer("/settings/step"), QString("/settings"));
    QCOMPARE(elementPointer("/gravity"), QString());
  }

  // File > New scene offers every template of the engine with its parameters and their defaults
  void theNewSceneDialogListsTheEnginesTemplates() {
    NewSceneDialog dialog;
    auto* list = dialog.findChild<QListWidget*>("templates");
    QVERIFY(list);
    // every engine template, and the empty scene
    QCOMPARE(list->count(), static_cast<int>(sceneTemplates().size()) + 1);
    // the four-bar's form: one field per declared parameter, with its default
    dialog.choose("four-bar");
    const SceneTemplate* t = findSceneTemplate("four-bar");
    for (const TemplateParameter& p : t->parameters) {
      QWidget* field = dialog.findChild<QWidget*>(QString::fromStdString(p.name));
      QVERIFY2(field, p.name.c_str());
      if (auto* line = qobject_cast<QLineEdit*>(field))
        QCOMPARE(line->text().toStdString(), p.defaultValue);
    }
    QVERIFY(qobject_cast<QCheckBox*>(dialog.findChild<QWidget*>("driven")));
    QVERIFY(qobject_cast<QComboBox*>(dialog.findChild<QWidget*>("branch")));
  }

  // parameters that make no mechanism are refused before a scene is made, naming the parameter
  void aRefusalNamesTheParameter() {
    NewSceneDialog dialog;
    dialog.choose("four-bar");
    // a fourth side of 5 m beside 0.2, 0.5 and 0.4: the loop cannot close
    QVERIFY(dialog.setParameter("lengths", "0.2,0.5,0.4,5"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY2(dialog.refusal().startsWith("lengths [m]: "), qPrintable(dialog.refusal()));
  }

  // a new scene carries the name and description the user gave it, from a template or empty
  void theScenesOwnNameAndDescription() {
    NewSceneDialog dialog;
    dialog.choose("slider-crank");
    QVERIFY(dialog.setParameter("name", "my engine"));
    QVERIFY(dialog.setParameter("description", "a test of mine"));
    QVERIFY(dialog.setParameter("crank", "0.15"));
    const auto json = nlohmann::json::parse(dialog.sceneText());
    // the scene carries the user's name and description
    QCOMPARE(json["name"].get<std::string>(), std::string("my engine"));
    QCOMPARE(json["description"].get<std::string>(), std::string("a test of mine"));

    // the empty scene: the ground and gravity, unsaved under its own name
    dialog.choose("");
    QVERIFY(dialog.setParameter("name", "from nothing"));
    SceneDocument doc;
    QVERIFY(doc.openNew(dialog.sceneText(), nullptr));
    QCOMPARE(doc.displayName(), QString("from nothing"));
    QVERIFY(doc.isModified());
    QCOMPARE(doc.sceneKey(), QString("new:from nothing"));
    QCOMPARE(doc.json()["gravity"][2].get<double>(), -9.81);
    QCOMPARE(doc.json()["bodies"].size(), size_t(0));
  }
};

QTEST_MAIN(ModelCheckPanelTest)
#include "model_check_panel_test.moc"
