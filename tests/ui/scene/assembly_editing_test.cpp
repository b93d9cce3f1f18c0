// Editing for assembly (issue 29): a joint's bodies chosen among the scene's; parts from shapes
// with mass and inertia computed (or given) and recomputed when the solid changes; orientations
// edited as angles and stored in the scene's own form; Assemble's state written in clean numbers.

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QtTest>
#include <cmath>

#include "angles_editor.h"
#include "field_editor.h"
#include "math/rotation.h"
#include "orientation_json.h"
#include "part_json.h"
#include "property_panel.h"
#include "scene/scene_reader.h"
#include "scene/templates/scene_templates.h"
#include "scene_document.h"
#include "scene_templates.h"
#include "solvers/initial_state_changes.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// types into a line edit as a user would, and presses Enter
void type(QLineEdit* box, const QString& text) {
  box->setFocus();
  box->selectAll();
  QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Return);
}

}  // namespace

class AssemblyEditingTest : public QObject {
  Q_OBJECT

 private slots:
  // --- joints and parts --------------------------------------------------------------------------

  // a joint's bodies are chosen from a list of the ground and the scene's bodies
  void aJointsBodiesAreChosenAmongTheScenes() {
    SceneDocument doc;
    QVERIFY(doc.openNew(generateScene("four-bar"), nullptr));
    PropertyPanel panel(doc);
    panel.showPointer("/joints/1");
    FieldEditor* bodyJ = panel.editorFor("/joints/1/body_j");
    QVERIFY(bodyJ);
    QVERIFY(bodyJ->boxes().empty());  // no text box
    auto* chooser = bodyJ->findChild<QComboBox*>();
    QVERIFY(chooser);
    // the ground and the scene's bodies, in order
    QStringList items;
    for (int k = 0; k < chooser->count(); ++k) items << chooser->itemText(k);
    QCOMPARE(items, QStringList({"ground", "crank", "coupler", "rocker"}));
    // choosing one is an edit
    chooser->setCurrentText("rocker");
    emit chooser->activated(chooser->currentIndex());
    QCOMPARE(doc.json()["joints"][1]["body_j"].get<std::string>(), std::string("rocker"));
  }

  // a new part's mass and inertia come from its solid unless a mass is typed
  void aPartsMassIsComputedFromItsSolidOrGiven() {
    PartSpec box;
    // a steel block of 0.2 x 0.1 x 0.05 m: 7850 kg/m^3 x 0.001 m^3 = 7.85 kg
    box.name = "block";
    box.size = Vec3(0.2, 0.1, 0.05);
    box.density = 7850.0;
    const SceneJson b = partBody(box);
    QCOMPARE(b["mass"].get<double>(), 7.85);  // 12 significant digits: no round-off tail
    // a box's I_xx = m (b^2 + c^2) / 12 = 7.85 (0.01 + 0.0025) / 12
    QCOMPARE(b["inertia"][0].get<double>(), 7.85 * (0.01 + 0.0025) / 12.0);
    QVERIFY(massIsComputed(b));
    QVERIFY(massOrigin(b).startsWith("Mass and inertia: computed from the box at 7850"));
    // a typed mass makes it given
    SceneJson typed = b;
    typed["mass"] = 8.0;
    QVERIFY(!massIsComputed(typed));
    QVERIFY(massOrigin(typed).startsWith("Mass and inertia: given"));
    box.computed = false;
    QCOMPARE(massOrigin(partBody(box)), QString("Mass and inertia: given"));

    // a bar between two points: frame at the middle, x along it, its ends named
    PartSpec bar;
    bar.name = "bar";
    bar.shape = "bar";
    bar.from_W = Vec3(0, 0, 0);
    bar.to_W = Vec3(0.3, 0, 0.4);
    bar.radius = 0.02;
    const SceneJson r = partBody(bar);
    // the frame at the middle, (0.15, 0, 0.2); the end 0.25 along x, half of |(0.3, 0, 0.4)|
    QCOMPARE(r["position"], SceneJson({0.15, 0.0, 0.2}));
    QCOMPARE(r["points"]["end"], SceneJson({0.25, 0.0, 0.0}));
    QCOMPARE(r["shape"]["size"], SceneJson({0.5, 0.02, 0.02}));
    // x turned onto (0.3, 0, 0.4) about y alone: e1 = 0
    QCOMPARE(r["orientation"]["euler_parameters"][1].get<double>(), 0.0);
  }

  // a body whose mass is computed follows its shape's edits
  void aComputedBodyFollowsItsShape() {
    SceneDocument doc;
    QVERIFY(doc.openNew(generateScene("double-pendulum"), nullptr));
    PartSpec p;
    p.name = "block";
    p.size = Vec3(0.1, 0.1, 0.1);
    p.density = 1000.0;
    SceneJson scene = doc.json();
    scene["bodies"].push_back(partBody(p));
    doc.edit(scene, "add");
    PropertyPanel panel(doc);
    panel.showPointer("/bodies/2");
    QVERIFY(panel.findChild<QLabel*>("massOrigin")->text().contains("computed"));
    // the edges doubled: 8 times the mass
    FieldEditor* size = panel.editorFor("/bodies/2/shape/size");
    QVERIFY(size);
    for (const QLineEdit* box : size->boxes()) type(const_cast<QLineEdit*>(box), "0.2");
    // 1000 kg/m^3 x (0.2 m)^3 = 8 kg
    QCOMPARE(doc.json()["bodies"][2]["mass"].get<double>(), 8.0);
    QVERIFY(panel.findChild<QLabel*>("massOrigin")->text().contains("computed"));
    // typed in: given, and the shape no longer drives it
    type(const_cast<QLineEdit*>(panel.editorFor("/bodies/2/mass")->boxes()[0]), "3");
    QVERIFY(panel.findChild<QLabel*>("massOrigin")->text().contains("given"));
    type(const_cast<QLineEdit*>(panel.editorFor("/bodies/2/shape/size")->boxes()[0]), "0.3");
    // the size changed, the typed 3 kg kept
    QCOMPARE(doc.json()["bodies"][2]["mass"].get<double>(), 3.0);
  }

  // --- orientations and Assemble -----------------------------------------------------------------

  // orientations are edited as angles and written back in the form the scene gave them
  void orientationsAreEditedAsAnglesAndStoredInTheirForm() {
    // each form read and written back in its own form, clean
    const Mat3 turn = Eigen::AngleAxisd(-M_PI / 2, Vec3::UnitY()).toRotationMatrix();
    const SceneJson ep = orientationJson(turn, SceneJson());
    // a turn about y: e1 = e3 = 0 exactly
    QVERIFY(ep.contains("euler_parameters"));
    QCOMPARE(ep["euler_parameters"][1].get<double>(), 0.0);
    QCOMPARE(ep["euler_parameters"][3].get<double>(), 0.0);
    const SceneJson matrix =
        orientationJson(turn, SceneJson{{"matrix", {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}});
    QCOMPARE(matrix["matrix"][1], SceneJson({0.0, 1.0, 0.0}));
    QCOMPARE(matrix["matrix"][0][0].get<double>(), 0.0);  // cos 90 degrees, not 6e-17
    const SceneJson axis = orientationJson(turn, SceneJson{{"axis", {0, 2, 0}}, {"angle", 0.3}});
    // axis and angle: the axis as written, the angle -pi/2
    QCOMPARE(axis["axis"], SceneJson({0.0, 2.0, 0.0}));
    QCOMPARE(axis["angle"].get<double>(), -M_PI / 2);
    const SceneJson zxz = orientationJson(turn, SceneJson{{"zxz", {0.1, 0.2, 0.3}}});
    Mat3 back;
    QVERIFY(rotationOf(zxz, &back));
    QVERIFY((back - turn).norm() < 1e-14);
    // every sequence reads back the rotation it writes
    for (const QString& sequence : angleSequences()) {
      Mat3 R;
      QVERIFY(rotationFromAngles(anglesOf(turn, sequence), sequence, &R));
      QVERIFY2((R - turn).norm() < 1e-13, qPrintable(sequence));
    }

    // in the panel: yaw, pitch, roll typed; Euler parameters stored as before
    SceneDocument doc;
    QVERIFY(doc.openNew(generateScene("double-pendulum"), nullptr));
    PropertyPanel panel(doc);
    panel.showPointer("/bodies/0");
    AnglesEditor* angles = panel.angles();
    QVERIFY(angles);
    angles->setSequence("z-y-x");
    auto boxes = angles->findChildren<QLineEdit*>();
    QVERIFY(boxes.size() >= 3);
    const SceneJson given = doc.json()["bodies"][0].value("orientation", SceneJson());
    // pitch -90 degrees typed
    type(boxes[1], "-90");
    const SceneJson& o = doc.json()["bodies"][0]["orientation"];
    // stored in the form the scene gave (Euler parameters where it gave none)
    const std::string form = given.is_object() ? given.begin().key() : "euler_parameters";
    QVERIFY2(o.contains(form), o.dump().c_str());
    Mat3 R;
    QVERIFY(rotationOf(o, &R));
    const std::vector<double> shown = anglesOf(R, "z-y-x");
    // and it reads back as -90
    QVERIFY(std::abs(shown[1] + 90.0) < 1e-9);
  }

  // Assemble on an assembled scene changes nothing; on a body off its joint, only what must move
  void assembleWritesCleanNumbers() {
    // an assembled four-bar: Assemble changes nothing in the file
    const std::string text = generateScene("four-bar", {{"crank_angle", "60"}});
    SceneDocument doc;
    QVERIFY(doc.openNew(text, nullptr));
    const Model m = parseScene(doc.json().dump(), "four-bar");
    const SceneJson after = withInitialState(doc.json(), computeInitialStateChanges(m, "rp"));
    QCOMPARE(after.dump(), doc.json().dump());
    // a body 2 mm off: it moves, the plane stays exact
    SceneJson off = doc.json();
    off["bodies"][1]["position"][0] = off["bodies"][1]["position"][0].get<double>() + 0.002;
    Model moved = parseScene(generateScene("four-bar", {{"crank_angle", "60"}}), "four-bar");
    moved.bodies[1].position_W.x() += 0.002;
    const SceneJson fixed = withInitialState(off, computeInitialStateChanges(moved, "rp"));
    // the template's axis and angle stay axis and angle, the axis exactly as written
    for (const SceneJson& b : fixed["bodies"]) {
      QCOMPARE(b["position"][1].get<double>(), 0.0);
      QCOMPARE(b["orientation"]["axis"], SceneJson({0.0, -1.0, 0.0}));
    }
    QVERIFY(fixed["bodies"][1]["position"] != off["bodies"][1]["position"]);
  }
};

QTEST_MAIN(AssemblyEditingTest)
#include "assembly_editing_test.moc"
