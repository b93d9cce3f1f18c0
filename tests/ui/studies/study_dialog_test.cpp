// The study dialog runs a study on worker threads with the engine's study execution: its rows and
// diagram points appear as runs finish, cancel stops it, a click on a point opens that run in the
// run list (made again there), and study files run too, or say what is wrong with them.

#include <qcustomplot.h>

#include <QAction>
#include <QComboBox>
#include <algorithm>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>
#include <fstream>

#include "run_controller.h"
#include "run_library.h"
#include "scene_document.h"
#include "study_action.h"
#include "study_dialog.h"
#include "study_records_table.h"
#include "study_runner.h"
#include "study_setup_form.h"
#include "work_precision_chart.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// the runs of a study dialog open in this run list
struct Workbench {
  RunLibrary library;
  RunController controller{library};
  StudyDialog dialog;
  Workbench() {
    QObject::connect(&dialog, &StudyDialog::openRunRequested, &controller,
                     [this](std::shared_ptr<const Model> m, const RunSettings& s) {
                       controller.start({std::move(m), s, {}, {}});
                     });
    dialog.show();
  }
};

// two integrators at two tolerances on the double pendulum over 0.2 s, errors of the second bar's
// position in its plane of motion
void tinyStudy(StudySetupForm& setup) {
  QVERIFY(setup.setScene("double-pendulum"));
  setup.setIntegrators({"rosenbrock-nystrom4", "lms2"});
  setup.setTolerances("1e-3, 1e-5");
  setup.setSteps("");
  setup.setTEnd(0.2);
  setup.setOutputs("body_2.y, body_2.z");
  setup.setJobs(1);
}

int completed(const std::vector<RunRecord>& records) {
  int n = 0;
  for (const RunRecord& r : records) n += r.status == RunStatus::Completed;
  return n;
}

}  // namespace

class StudyDialogTest : public QObject {
  Q_OBJECT

 private slots:
  // --- running a study ---------------------------------------------------------------------------

  // a study of two integrators at two tolerances: the table, the chart and the progress bar
  // follow each record as it arrives
  void rowsAndPointsAppearAsRunsFinish() {
    Workbench w;
    tinyStudy(w.dialog.setup());
    // at each finished run: one row per finished run, one point per completed one
    std::vector<int> seen;
    connect(&w.dialog.runner(), &StudyRunner::recordArrived, this,
            [&](const RunRecord&, int finished, int total) {
              QCOMPARE(total, 4);
              QCOMPARE(w.dialog.table().rowCount(), finished);
              QCOMPARE(w.dialog.chart().pointCount(), completed(w.dialog.runner().records()));
              QCOMPARE(w.dialog.progress().value(), finished);
              seen.push_back(finished);
            });
    QVERIFY2(w.dialog.startStudy(), qPrintable(w.dialog.statusText()));
    QVERIFY(w.dialog.runner().busy());
    QTRY_VERIFY_WITH_TIMEOUT(!w.dialog.runner().busy(), 120000);
    // a row and a point as each of the 4 runs (2 integrators x 2 tolerances) finished
    QCOMPARE(seen, (std::vector<int>{1, 2, 3, 4}));
    QCOMPARE(completed(w.dialog.runner().records()), 4);
    QCOMPARE(w.dialog.chart().pointCount(), 4);
    QVERIFY2(w.dialog.statusText().startsWith("Done"), qPrintable(w.dialog.statusText()));
    // one line per integrator, log-log, the error with its unit
    QCustomPlot* plot = w.dialog.chart().plot();
    QCOMPARE(plot->plottableCount(), 2);
    QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(plot->xAxis->label(), QString("max error of body_2.y [m]"));
    QCOMPARE(plot->yAxis->label(), QString("CPU time [s]"));
    // rn4's error falls with its tolerance
    const Study& study = w.dialog.runner().study();
    std::map<double, double> rn4;
    for (const RunRecord& r : w.dialog.runner().records())
      if (study.runs[r.run].settings.integrator == "rosenbrock-nystrom4")
        rn4[study.runs[r.run].settings.integratorSettings.rtol] = r.errors.at(0).max;
    // rn4 at both tolerances, the tighter one the more accurate
    QCOMPARE(rn4.size(), size_t(2));
    QVERIFY(rn4.at(1e-5) < rn4.at(1e-3));
  }

  // a longer study cancelled at its first record: the runs after it never start
  void cancelStopsTheStudy() {
    // 12 runs over 10 s, half a minute of CPU time one after another
    Workbench w;
    tinyStudy(w.dialog.setup());
    w.dialog.setup().setTEnd(10.0);
    w.dialog.setup().setTolerances("1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8");
    // cancelled as soon as the first record arrives
    connect(&w.dialog.runner(), &StudyRunner::recordArrived, &w.dialog, &StudyDialog::cancelStudy);
    bool interrupted = false;
    connect(&w.dialog, &StudyDialog::studyFinished, this,
            [&](bool i, const QString&) { interrupted = i; });
    QVERIFY(w.dialog.startStudy());
    QTRY_VERIFY_WITH_TIMEOUT(!w.dialog.runner().busy(), 120000);
    QVERIFY(interrupted);
    // cancelled at the first record: the run under way then may have finished before it saw the
    // cancel, or left no record; nothing started after it
    const size_t made = w.dialog.runner().records().size();
    QVERIFY2(made >= 1 && made <= 2, qPrintable(QString::number(made)));
    QCOMPARE(w.dialog.table().rowCount(), static_cast<int>(made));
    QVERIFY2(w.dialog.statusText().startsWith(QString("Cancelled: %1 of 12").arg(made)),
             qPrintable(w.dialog.statusText()));
  }

  // a chart point and a table row open their run in the run list, made again with the study's
  // settings
  void clickingAPointOpensItsRunInTheRunList() {
    Workbench w;
    tinyStudy(w.dialog.setup());
    QVERIFY(w.dialog.startStudy());
    QTRY_VERIFY_WITH_TIMEOUT(!w.dialog.runner().busy(), 120000);
    // the point of lms2 at 1e-5
    const Study& study = w.dialog.runner().study();
    int run = -1;
    for (size_t k = 0; k < study.runs.size(); ++k)
      if (study.runs[k].settings.integrator == "lms2" &&
          study.runs[k].settings.integratorSettings.rtol == 1e-5)
        run = static_cast<int>(k);
    QPointF pixel;
    QVERIFY(w.dialog.chart().pointOf(run, &pixel));
    // the mouse over it says which run it is
    QTest::mouseMove(w.dialog.chart().plot(), pixel.toPoint());
    QTRY_VERIFY2(QToolTip::text().startsWith(QString("run %1: lms2 (0.6), rtol 1e-05").arg(run)),
                 qPrintable(QToolTip::text()));
    QTest::mouseClick(w.dialog.chart().plot(), Qt::LeftButton, {}, pixel.toPoint());
    // one run opened, with the study's settings
    QTRY_COMPARE(w.library.runs().size(), size_t(1));
    const Run& opened = *w.library.runs().front();
    QCOMPARE(opened.settings.integrator, std::string("lms2"));
    QCOMPARE(opened.settings.integratorSettings.rtol, 1e-5);
    QCOMPARE(opened.settings.tEnd, 0.2);
    // made again on the run controller's thread, to the end
    QTRY_VERIFY_WITH_TIMEOUT(!w.library.runs().front()->live(), 60000);
    QCOMPARE(w.library.runs().front()->results.status, RunStatus::Completed);
    // a double click on a row opens its run too
    QVERIFY(w.dialog.table().rowCount() == 4);
    emit w.dialog.table().cellDoubleClicked(0, 0);
    QTRY_COMPARE(w.library.runs().size(), size_t(2));
    QCOMPARE(w.library.runs().back()->settings.integrator,
             study.runs[w.dialog.table().runAt(0)].settings.integrator);
  }

  // --- study files and refusals ------------------------------------------------------------------

  // a study file of two masses and two tolerances runs from the dialog and writes its table
  void aStudyFileRunsAndWritesItsTable() {
    QTemporaryDir dir;
    const QString path = dir.filePath("tiny.json");
    std::ofstream(path.toStdString()) << R"({"format": "mbw-study", "version": 1, "name": "tiny",
      "scenes": [{"scene": "double-pendulum", "t_end": 0.2, "variations": {"/bodies/1/mass": [1, 2]}}],
      "integrators": [{"name": "rn4", "tolerances": [1e-3, 1e-4]}],
      "outputs": ["body_2.y"], "measure": "final"})";
    Workbench w;
    w.dialog.setup().useStudyFile(path);
    w.dialog.setup().setTableFile(dir.filePath("results.csv"));
    QVERIFY2(w.dialog.startStudy(), qPrintable(w.dialog.statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(!w.dialog.runner().busy(), 120000);
    // 2 masses x 2 tolerances: 4 runs
    QCOMPARE(completed(w.dialog.runner().records()), 4);
    // one line per integrator and scene variant; the table has a row per run
    QCOMPARE(w.dialog.chart().plot()->plottableCount(), 2);
    QVERIFY(w.dialog.chart().plot()->xAxis->label().startsWith("final error of body_2.y"));
    std::ifstream table(dir.filePath("results.csv").toStdString());
    int rows = 0;
    for (std::string line; std::getline(table, line);) rows += !line.empty() && line[0] != '#';
    // the header and 4 rows
    QCOMPARE(rows, 1 + 4);
  }

  // a negative tolerance in the study file: refused before anything runs, at its JSON path
  void aBadStudyFileSaysWhereItIsWrong() {
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.json");
    std::ofstream(path.toStdString()) << R"({"format": "mbw-study", "version": 1, "name": "bad",
      "scenes": [{"scene": "double-pendulum"}], "integrators": [{"name": "rn4", "tolerances": [1e-3, -1]}]})";
    Workbench w;
    w.dialog.setup().useStudyFile(path);
    QVERIFY(!w.dialog.startStudy());
    // refused at the JSON path of the negative tolerance
    QVERIFY2(w.dialog.statusText().contains("/integrators/0/tolerances/1"),
             qPrintable(w.dialog.statusText()));
    QVERIFY(!w.dialog.runner().busy());
  }

  // the dialog's own setup refuses a study without integrators and a step that is not a number
  void aSceneStudyWithoutIntegratorsIsRefused() {
    Workbench w;
    tinyStudy(w.dialog.setup());
    // no integrator, then a step that is not a number
    w.dialog.setup().setIntegrators({});
    QVERIFY(!w.dialog.startStudy());
    QVERIFY2(w.dialog.statusText().contains("integrator"), qPrintable(w.dialog.statusText()));
    w.dialog.setup().setIntegrators({"hht"});
    w.dialog.setup().setSteps("0.01, x");
    QVERIFY(!w.dialog.startStudy());
    QVERIFY2(w.dialog.statusText().contains("'x'"), qPrintable(w.dialog.statusText()));
  }

  // rn4 at two tolerances in joint coordinates from the dialog
  void aStudyRunsInJointCoordinates() {
    Workbench w;
    // the stiff double pendulum is a tree of revolutes: rn4 runs it in joint coordinates, the
    // reference (CVODE BDF) too
    QVERIFY(w.dialog.setup().setScene("stiff-double-pendulum"));
    QVERIFY(!w.dialog.setup().setFormulation("no-such-formulation"));
    QVERIFY(w.dialog.setup().setFormulation("joint"));
    w.dialog.setup().setIntegrators({"rosenbrock-nystrom4"});
    w.dialog.setup().setTolerances("1e-3, 1e-5");
    w.dialog.setup().setSteps("");
    w.dialog.setup().setTEnd(0.05);
    w.dialog.setup().setOutputs("rod2.y");
    w.dialog.setup().setJobs(1);
    QVERIFY2(w.dialog.startStudy(), qPrintable(w.dialog.statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(!w.dialog.runner().busy(), 120000);
    // both runs in joint coordinates, completed, the tighter tolerance the more accurate
    const Study& study = w.dialog.runner().study();
    std::map<double, double> errors;
    for (const RunRecord& r : w.dialog.runner().records()) {
      QCOMPARE(study.runs[r.run].settings.formulation, std::string("joint"));
      QCOMPARE(r.status, RunStatus::Completed);
      errors[study.runs[r.run].settings.integratorSettings.rtol] = r.errors.at(0).max;
    }
    QCOMPARE(errors.size(), size_t(2));
    QVERIFY(errors.at(1e-5) < errors.at(1e-3));
  }

  // --- the workbench's action and the diagram ----------------------------------------------------

  // a study started from the workbench runs the scene as edited, and its runs open in the run
  // list like any other
  void theActionOpensTheDialogWithTheEditedSceneAndRunsOpenInTheRunList() {
    QWidget window;
    SceneDocument doc;
    QString error;
    QVERIFY(doc.openBuiltin("andrews-squeezer", &error));
    RunLibrary library;
    RunController controller(library);
    StudyAction action(doc, controller, window);
    action.action()->trigger();
    StudyDialog& dialog = action.dialog();
    QVERIFY(dialog.isVisible());
    // the scene being edited comes first and is the one chosen
    StudySetupForm& setup = dialog.setup();
    setup.setIntegrators({"rosenbrock-nystrom4"});
    setup.setTolerances("1e-3");
    setup.setTEnd(0.002);
    QVERIFY2(dialog.startStudy(), qPrintable(dialog.statusText()));
    // the study runs the document's own model
    QCOMPARE(dialog.runner().models().front().get(), doc.model().get());
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.runner().busy(), 120000);
    QVERIFY(dialog.openRun(0));
    QTRY_COMPARE(library.runs().size(), size_t(1));
    QCOMPARE(library.runs().front()->model.get(), doc.model().get());
    QTRY_VERIFY_WITH_TIMEOUT(!library.runs().front()->live(), 60000);
  }

  // the default outputs of a planar pendulum (the last body's x, y, z): the diagram shows one that
  // moves, its legend under it; chosen by the user, an output that does not move leaves the diagram
  // empty with a word why; a run opened from the diagram records the joints' reactions
  void theDiagramShowsAnOutputThatMoves() {
    // the workbench's study action on the double pendulum: rn4 at two tolerances over 0.2 s
    QWidget window;
    SceneDocument doc;
    QString error;
    QVERIFY(doc.openBuiltin("double-pendulum", &error));
    RunLibrary library;
    RunController controller(library);
    StudyAction action(doc, controller, window);
    action.action()->trigger();
    StudyDialog& dialog = action.dialog();
    StudySetupForm& setup = dialog.setup();
    setup.setIntegrators({"rosenbrock-nystrom4"});
    setup.setTolerances("1e-3, 1e-5");
    setup.setTEnd(0.2);
    // no outputs given: the scene's defaults
    setup.setOutputs("");
    setup.setJobs(1);
    QVERIFY2(dialog.startStudy(), qPrintable(dialog.statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.runner().busy(), 120000);
    const Study& study = dialog.runner().study();
    // the first default output is x, yet the diagram draws one that moves
    QCOMPARE(study.outputs.front(), std::string("body_2.x"));
    QCustomPlot* plot = dialog.chart().plot();
    QCOMPARE(dialog.chart().pointCount(), 2);
    QVERIFY2(!plot->xAxis->label().contains("body_2.x"), qPrintable(plot->xAxis->label()));
    QVERIFY(dialog.chart().noteText().isEmpty());
    // the legend is under the diagram, off its points
    plot->replot();
    QVERIFY(plot->legend->visible());
    QVERIFY(!plot->legend->outerRect().intersects(plot->axisRect()->rect()));
    // x chosen: round-off (or nothing) to draw, and the diagram says so
    QComboBox* output = nullptr;
    for (QComboBox* box : dialog.findChildren<QComboBox*>())
      if (box->findText("body_2.x") >= 0) output = box;
    QVERIFY(output);
    output->setCurrentIndex(output->findText("body_2.x"));
    QVERIFY2(dialog.chart().noteText().contains("does not move"),
             qPrintable(dialog.chart().noteText()));
    // a run opened from the study carries the joints' reactions
    QVERIFY(dialog.openRun(0));
    QTRY_COMPARE(library.runs().size(), size_t(1));
    QTRY_VERIFY_WITH_TIMEOUT(!library.runs().front()->live(), 60000);
    const Run& opened = *library.runs().front();
    QVERIFY(opened.settings.recordReactions);
    QVERIFY(std::any_of(opened.results.channels().begin(), opened.results.channels().end(),
                        [](const Channel& c) { return c.name.rfind("reaction.", 0) == 0; }));
  }

  // The picture of docs/workbench.md, when MBW_STUDY_SCREENSHOT names its file: the double
  // pendulum over 2 s with an integrator of each family.
  void picture() {
    const QString file = qEnvironmentVariable("MBW_STUDY_SCREENSHOT");
    if (file.isEmpty()) QSKIP("MBW_STUDY_SCREENSHOT not set");
    Workbench w;
    w.dialog.resize(1400, 860);
    StudySetupForm& setup = w.dialog.setup();
    QVERIFY(setup.setScene("double-pendulum"));
    setup.setIntegrators({"backward-euler", "hht", "lms2", "bathe", "esdirk4-6l2sa2",
                          "rosenbrock-nystrom4", "w2", "bdf"});
    setup.setTolerances("1e-3, 1e-4, 1e-5, 1e-6, 1e-7");
    setup.setSteps("1e-2, 5e-3, 2e-3, 1e-3");
    setup.setTEnd(2.0);
    setup.setOutputs("body_2.y, body_2.z");
    QVERIFY(w.dialog.startStudy());
    QTRY_VERIFY_WITH_TIMEOUT(!w.dialog.runner().busy(), 300000);
    QPointF pixel;
    QVERIFY(w.dialog.chart().pointOf(w.dialog.runner().records().front().run, &pixel));
    QTest::mouseClick(w.dialog.chart().plot(), Qt::LeftButton, {}, pixel.toPoint());
    QTest::qWait(200);
    QVERIFY(w.dialog.grab().save(file));
  }
};

QTEST_MAIN(StudyDialogTest)
#include "study_dialog_test.moc"
