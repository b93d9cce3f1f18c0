// Editing a scene: each change is validated at once by the engine's loader and its messages show
// next to the field; undo brings the scene back; renames follow into references; every element
// type the schema knows can be added from its template; files the engine's JSON reader refuses
// (nested too deep, keys given twice) are refused with its message, without a crash.

#include <QLabel>
#include <QFile>
#include <QLineEdit>
#include <QUndoStack>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

#include <QVBoxLayout>

#include "field_editor.h"
#include "pick_field_behaviour.h"
#include "undo_actions.h"
#include "model_tree.h"
#include "property_panel.h"
#include "scene/schema.h"
#include "scene/schema_validation.h"
#include "scene_document.h"
#include "scene_templates.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// types a value into a field's editor as a user would, and presses Enter
void type(FieldEditor* editor, const QString& text) {
  QLineEdit* box = editor->findChild<QLineEdit*>();
  QVERIFY(box);
  box->setFocus();
  box->selectAll();
  QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Return);
}

}  // namespace

class SceneEditingTest : public QObject {
  Q_OBJECT

 private slots:
  // --- editing a field ---------------------------------------------------------------------------

  // a mass typed in the property panel: a bad one is refused at its field and marked in the tree,
  // the last valid model kept; undone, and a good one typed instead
  void aBadMassIsReportedNextToItsField() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    ModelTree tree(doc);
    PropertyPanel panel(doc);
    connect(&tree, &ModelTree::pointerSelected, &panel, &PropertyPanel::showPointer);
    tree.selectPointer("/bodies/0");
    QCOMPARE(panel.pointer(), QString("/bodies/0"));
    FieldEditor* mass = panel.editorFor("/bodies/0/mass");
    QVERIFY(mass);
    // the scene's 78 kg shown
    QCOMPARE(mass->text(), QString("78.0"));

    type(mass, "-2");
    // refused by the loader, the message at this field only
    QVERIFY(!doc.isValid());
    QVERIFY2(panel.fieldError("/bodies/0/mass").contains("mass must be positive"),
             qPrintable(panel.fieldError("/bodies/0/mass")));
    QVERIFY(panel.fieldError("/bodies/0/inertia").isEmpty());
    // the tree marks the body, and the last valid model stays
    QVERIFY(tree.currentItem()->toolTip(0).contains("/bodies/0/mass"));
    QCOMPARE(doc.model()->bodies[0].mass, 78.0);

    doc.undoStack()->undo();
    // undone: valid again, the message gone and 78 shown
    QVERIFY(doc.isValid());
    QVERIFY(panel.fieldError("/bodies/0/mass").isEmpty());
    QCOMPARE(mass->text(), QString("78.0"));

    QSignalSpy models(&doc, &SceneDocument::modelChanged);
    type(panel.editorFor("/bodies/0/mass"), "39.5");
    // a valid edit: one new model
    QVERIFY(doc.isValid());
    QCOMPARE(models.count(), 1);
    QCOMPARE(doc.model()->bodies[0].mass, 39.5);
    QVERIFY(doc.isModified());
  }

  // the number typed keeps its JSON kind in the document
  void aTypedNumberKeepsItsKindInTheScene() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    PropertyPanel panel(doc);
    panel.showPointer("/bodies/0");
    const auto mass = [&] { return doc.json()["bodies"][0]["mass"]; };
    // whole numbers stay integers, a point or an exponent makes a real
    type(panel.editorFor("/bodies/0/mass"), "3");
    QVERIFY(mass().is_number_integer());
    QCOMPARE(mass().get<long long>(), 3LL);
    type(panel.editorFor("/bodies/0/mass"), "1e3");
    QVERIFY(mass().is_number_float());
    QCOMPARE(mass().get<double>(), 1000.0);
    // a whole number beyond a 64-bit integer is read as a real
    type(panel.editorFor("/bodies/0/mass"), "123456789012345678901");
    QVERIFY(mass().is_number_float());
    QCOMPARE(mass().get<double>(), 123456789012345678901.0);
    QVERIFY(doc.isValid());
  }

  // text where a number belongs goes to the loader, whose message shows at the field
  void aMistypedNumberIsTheLoadersToReport() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("slider-crank", nullptr));
    PropertyPanel panel(doc);
    panel.showPointer("/settings");
    type(panel.editorFor("/settings/t_end"), "three");
    // not a number: the loader's message at the field
    QVERIFY(!doc.isValid());
    QVERIFY(!panel.fieldError("/settings/t_end").isEmpty());
  }

  // a body renamed in the panel: the joints that name it follow, in one undoable edit
  void renamingABodyRenamesItsReferences() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    PropertyPanel panel(doc);
    panel.showPointer("/bodies/0");
    type(panel.editorFor("/bodies/0/name"), "upper");
    QVERIFY2(doc.isValid(), doc.issues().empty() ? "" : doc.issues().front().message.c_str());
    // the joints' eight references follow, in the same edit
    QCOMPARE(doc.model()->bodies[0].name, std::string("upper"));
    int references = 0;
    for (const auto& j : doc.json()["joints"])
      references += int(j["body_i"] == "upper") + int(j["body_j"] == "upper");
    QCOMPARE(references, 8);
    QCOMPARE(doc.undoStack()->count(), 1);
  }

  // --- elements, initial conditions and files ----------------------------------------------------

  // a new element of every type, from the panel's templates, validates; a new body loads
  void everyElementTypeHasAValidTemplate() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    std::vector<std::string> types{"body"};
    for (const char* family : {"joint", "force"})
      for (const std::string& v : findObjectSpec(family)->variants)
        types.push_back(std::string(family) + "/" + v);
    for (const std::string& type : types) {
      // each element type's template validates alone
      const SceneJson element = newElement(type, doc.json());
      std::vector<SceneIssue> issues;
      validateAgainstSchema(nlohmann::json::parse(element.dump()), type, "", issues);
      QVERIFY2(issues.empty(),
               qPrintable(QString::fromStdString(
                   type + ": " +
                   (issues.empty() ? "" : issues.front().path + " " + issues.front().message))));
    }
    // a new body in the scene is a valid scene
    SceneJson scene = doc.json();
    scene["bodies"].push_back(newElement("body", scene));
    doc.edit(scene, "add a body");
    QVERIFY(doc.isValid());
    QCOMPARE(doc.model()->bodyCount(), 3);
  }

  // the double pendulum's lower body 5 cm off its joint: the projection's pose written back makes
  // the scene load under its own limit
  void consistentInitialConditionsRepairAPoseTheLoaderRefuses() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    // 5 cm off its joint: more than the scene's max_initial_correction
    SceneJson moved = doc.json();
    moved["bodies"][1]["position"][1] = moved["bodies"][1]["position"][1].get<double>() + 0.05;
    SceneJson unlimited = moved;
    unlimited["settings"]["max_initial_correction"] = 1.0;
    doc.edit(unlimited, "move");
    // with a wide limit it loads, and the projection moves the body more than 1 cm
    QVERIFY(doc.isValid());
    const InitialStateChanges changes = computeInitialStateChanges(*doc.model(), "rp");
    QVERIFY(changes.bodies[1].distance > 0.01);
    doc.edit(moved, "move");
    // with the scene's own limit it is refused; the projected pose then loads
    QVERIFY(!doc.isValid());
    doc.edit(withInitialState(moved, changes), "consistent initial conditions");
    QVERIFY2(doc.isValid(), doc.issues().empty() ? "" : doc.issues().front().message.c_str());
    QVERIFY(doc.json()["bodies"][1]["orientation"].contains("matrix"));  // as the scene gave it
  }

  // a scene edited, saved and opened again: the same document, key order included
  void savedEditsOpenAgain() {
    QTemporaryDir dir;
    const QString path = dir.filePath("pendulum.json");
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    SceneJson edited = doc.json();
    edited["bodies"][1]["mass"] = 12.5;
    doc.edit(edited, "mass");
    QVERIFY(doc.isModified());
    QString error;
    QVERIFY2(doc.saveFile(path, &error), qPrintable(error));
    // saved: no longer modified, and the model's path is the file
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.model()->sourcePath, path.toStdString());

    SceneDocument again;
    QVERIFY(again.openFile(path, &error));
    QVERIFY(again.isValid());
    QCOMPARE(again.json(), doc.json());  // key order included
    QCOMPARE(again.model()->bodies[1].mass, 12.5);
    // a missing file named in the error
    QVERIFY(!again.openFile(dir.filePath("missing.json"), &error));
    QVERIFY(error.contains("missing.json"));
  }

  // A scene nested 100 000 arrays deep: the CLI refused it, the workbench overflowed its stack
  // (SIGSEGV in SceneDocument::open) copying it for the undo history.
  void filesTheJsonReaderRefusesAreRefusedWithItsMessage() {
    QTemporaryDir dir;
    const QString deep = dir.filePath("deep.json");
    QFile file(deep);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(100000, '[') + QByteArray(100000, ']'));
    file.close();
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    QString error;
    QVERIFY(!doc.openFile(deep, &error));
    QVERIFY2(error.startsWith(deep + ": /0/0/0") && error.contains("nested more than 64 deep"),
             qPrintable(error));
    QCOMPARE(doc.builtinName(), QString("double-pendulum"));  // the open scene stays
    // a key given twice, at the second
    QVERIFY(!doc.restore(R"({"format": "mbw-scene", "name": "a", "name": "b"})", "twice.json",
                         QString(), false, &error));
    QVERIFY2(error.contains("twice.json: /name: the key 'name' is given twice"), qPrintable(error));
    QVERIFY(!error.contains("json.exception"));
  }

  // --- joints, undo and picking ------------------------------------------------------------------

  // a spherical joint made revolute keeps its name and point and gains the revolute's axes
  void changingAJointTypeKeepsWhatBothTypesShare() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    const SceneJson spherical = newElement("joint/spherical", doc.json());
    const SceneJson revolute = convertElement(spherical, "joint", "revolute", doc.json());
    // the name and the point kept, the revolute's axes added
    QCOMPARE(revolute["type"], SceneJson("revolute"));
    QCOMPARE(revolute["name"], spherical["name"]);
    QCOMPARE(revolute["point_i"], spherical["point_i"]);
    QVERIFY(revolute.contains("axis_i") && revolute.contains("axis_j"));
  }

  // Ctrl+Z in the field just edited undoes the document's edit; while typing, only the typing
  void ctrlZInTheFieldJustEditedUndoesTheEdit() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("double-pendulum", nullptr));
    // a window with the property panel and the undo actions, as the workbench has them
    QWidget window;
    auto* layout = new QVBoxLayout(&window);
    auto* panel = new PropertyPanel(doc, &window);
    layout->addWidget(panel);
    UndoActions undo(*doc.undoStack(), &window);
    window.addActions({undo.undo(), undo.redo()});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    panel->showPointer("/bodies/1");
    FieldEditor* mass = panel->editorFor("/bodies/1/mass");
    type(mass, "12.5");
    QCOMPARE(doc.json()["bodies"][1]["mass"], SceneJson(12.5));
    // the undo action names the edit in words
    QCOMPARE(undo.undo()->text(), QString("&Undo: mass of body_2"));
    // Ctrl+Z with the focus still in the field: the document's edit is undone, the field follows
    QLineEdit* box = panel->editorFor("/bodies/1/mass")->findChild<QLineEdit*>();
    QVERIFY(box->hasFocus());
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc.json()["bodies"][1]["mass"], SceneJson(39.0));
    QCOMPARE(panel->editorFor("/bodies/1/mass")->text(), QString("39.0"));
    QCOMPARE(undo.undo()->text(), QString("&Undo"));
    QCOMPARE(undo.redo()->text(), QString("&Redo: mass of body_2"));
    // while the user types, Ctrl+Z undoes the typing only
    box = panel->editorFor("/bodies/1/mass")->findChild<QLineEdit*>();
    box->setFocus();
    QTest::keyClicks(box, "7");
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(box->text(), QString("39.0"));
    QCOMPARE(doc.json()["bodies"][1]["mass"], SceneJson(39.0));
  }

  // the undo history names a field by its element
  void fieldsAreNamedInWords() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("hmmwv-bump", nullptr));
    // a field named by its element
    QCOMPARE(describeField(doc.json(), "/bodies/0/mass"), QString("mass of chassis"));
    QCOMPARE(describeField(doc.json(), "/bodies/0/shape/size"), QString("shape size of chassis"));
    QCOMPARE(describeField(doc.json(), "/settings/t_end"), QString("t_end of the run settings"));
    QCOMPARE(describeField(doc.json(), "/gravity"), QString("gravity"));
  }

  // the model tree lists a joint's primitives only when asked
  void jointsShowTheirPrimitivesOnRequest() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("stiff-double-pendulum", nullptr));
    ModelTree tree(doc);
    tree.selectPointer("/joints/0");
    QCOMPARE(tree.currentItem()->text(0), QString("pin  (revolute)"));
    // no children until the primitives are shown
    QCOMPARE(tree.currentItem()->childCount(), 0);
    tree.setPrimitivesShown(true);
    tree.selectPointer("/joints/0");
    // a revolute joint: 3 CD and 2 DP1 (Kissel et al. 2021 Table 1)
    QTreeWidgetItem* pin = tree.currentItem();
    QCOMPARE(pin->childCount(), 5);
    QVERIFY(pin->child(0)->text(0).startsWith("CD"));
    QVERIFY(pin->child(4)->text(0).startsWith("DP1"));
    QVERIFY(pin->toolTip(0).contains("between ground and rod1"));
  }

  // a loop with a redundant equation loads, and the panel and the tree say which equation was
  // left out, in the words of a note rather than the red of an issue
  void aRedundantLoopOpensWithANoteNotAnIssue() {
    // Bricard's loop: one equation of its last joint, R6, repeats the others
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("iftomm-a04-bricard", nullptr));
    QVERIFY(doc.isValid());
    ModelTree tree(doc);
    PropertyPanel panel(doc);
    connect(&tree, &ModelTree::pointerSelected, &panel, &PropertyPanel::showPointer);
    panel.showPointer("");
    auto* notes = panel.findChild<QLabel*>("notes");
    QVERIFY(notes);
    QVERIFY(!notes->isHidden());
    QVERIFY2(notes->text().contains("1 equation of a joint repeats what the others impose") &&
                 notes->text().contains("joint 'R6' (1 of 5)") &&
                 notes->text().contains("reactions are those of the kept equations"),
             qPrintable(notes->text()));
    QVERIFY(!notes->styleSheet().contains("#c0392b"));  // not in the red of the issues
    // the joint: its note in the panel and as the tree item's tooltip; the left-out equation marked
    tree.setPrimitivesShown(true);
    tree.selectPointer("/joints/5");
    QCOMPARE(panel.pointer(), QString("/joints/5"));
    notes = panel.findChild<QLabel*>("notes");
    QVERIFY2(notes->text().startsWith(
                 "joint 'R6': 1 of its 5 equations (DP1 5) repeats what joints 'R1'"),
             qPrintable(notes->text()));
    QTreeWidgetItem* r6 = tree.currentItem();
    QVERIFY(r6->toolTip(0).contains("left out (redundant)"));
    QVERIFY(r6->child(4)->text(0).contains("left out"));
    QVERIFY(!r6->child(3)->text(0).contains("left out"));
    // another joint has no note
    tree.selectPointer("/joints/0");
    QVERIFY(panel.findChild<QLabel*>("notes")->isHidden());
    // a scene with issues shows them, not the last valid model's notes
    doc.setValue("/bodies/0/mass", -1.0, "bad mass");
    QVERIFY(!doc.isValid());
    QVERIFY(doc.notesUnder("").empty());
  }

  // a pick on a body fills a point field with a named point nearby or with coordinates in the
  // body's frame, and an axis field with a body axis within 5 degrees
  void aPickGivesANamedPointOrCoordinatesAndSnapsAxes() {
    SceneDocument doc;
    QVERIFY(doc.openBuiltin("stiff-double-pendulum", nullptr));
    const Model& m = *doc.model();
    const Body& rod1 = m.bodies[0];
    auto world = [&](const Vec3& p_B) { return Vec3(rod1.position_W + rod1.R_WB * p_B); };
    // near the named point: its name; elsewhere the point in the body frame
    QCOMPARE(PickFieldBehaviour::pickedValue(m, 0, world(Vec3(0.98, 0.01, 0)), Vec3::UnitZ(), false,
                                             0.05),
             SceneJson("elbow"));
    QCOMPARE(PickFieldBehaviour::pickedValue(m, 0, world(Vec3(0.5, 0.02, 0)), Vec3::UnitZ(), false,
                                             0.05),
             SceneJson::array({0.5, 0.02, 0.0}));
    // a normal within 5 degrees of a body axis snaps to it; others stay as they are
    const Vec3 tilted = rod1.R_WB * Vec3(0.02, 0.0, 1.0).normalized();
    QCOMPARE(PickFieldBehaviour::pickedValue(m, 0, world(Vec3::Zero()), tilted, true, 0.05),
             SceneJson::array({0.0, 0.0, 1.0}));
    const SceneJson free = PickFieldBehaviour::pickedValue(
        m, 0, world(Vec3::Zero()), rod1.R_WB * Vec3(1, 1, 0).normalized(), true, 0.05);
    QVERIFY(std::abs(free[0].get<double>() - std::sqrt(0.5)) < 1e-6);
    // the ground: world coordinates
    QCOMPARE(PickFieldBehaviour::pickedValue(m, kGround, Vec3(1, 2, 3), Vec3::UnitZ(), false, 0.05),
             SceneJson::array({1.0, 2.0, 3.0}));
  }
};

QTEST_MAIN(SceneEditingTest)
#include "scene_editing_test.moc"
