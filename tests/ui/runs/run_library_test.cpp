// Runs belong to their scene: the library's scope (the open scene's runs, and other scenes' runs
// with the same bodies on request), the current run and the reference following it, a scene saved
// under another name keeping its runs.

#include <QSignalSpy>
#include <QtTest>

#include "run_library.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

std::shared_ptr<const Model> builtin(const char* name) {
  return std::make_shared<const Model>(parseScene(findBuiltinScene(name)->text, name));
}

RunRequest request(const std::shared_ptr<const Model>& model, const QString& key) {
  return {model, RunSettings(), key, std::string()};
}

}  // namespace

class RunLibraryTest : public QObject {
  Q_OBJECT

 private slots:
  // only the runs of the open scene are shown, current and reference
  void runsOfTheOpenSceneAreInScope() {
    RunLibrary runs;
    const auto pendulum = builtin("double-pendulum"), squeezer = builtin("andrews-squeezer");
    runs.setActiveScene("builtin:double-pendulum", pendulum);
    const int a = runs.add(request(pendulum, "builtin:double-pendulum")).id;
    // the first run of the open scene is current
    QCOMPARE(runs.currentId(), a);
    runs.setReference(a);

    // another scene: the pendulum's run leaves the plots, the playback and the reference
    QSignalSpy scope(&runs, &RunLibrary::scopeChanged);
    runs.setActiveScene("builtin:andrews-squeezer", squeezer);
    QCOMPARE(scope.count(), 1);
    QVERIFY(runs.shownRuns().empty());
    QCOMPARE(runs.currentId(), -1);
    QVERIFY(runs.reference() == nullptr);

    // a run started there is current; a run of the pendulum that starts meanwhile is not
    const int b = runs.add(request(squeezer, "builtin:andrews-squeezer")).id;
    QCOMPARE(runs.currentId(), b);
    const int c = runs.add(request(pendulum, "builtin:double-pendulum")).id;
    QCOMPARE(runs.currentId(), b);
    QCOMPARE(runs.shownRuns().size(), 1u);

    // back to the pendulum: its runs, the latest current
    runs.setActiveScene("builtin:double-pendulum", pendulum);
    QCOMPARE(runs.shownRuns().size(), 2u);
    QCOMPARE(runs.currentId(), c);
    QVERIFY(!runs.inScope(*runs.find(b)));
  }

  // on request, the runs of other scenes with the same bodies are shown too
  void otherScenesWithTheSameBodiesOnRequest() {
    RunLibrary runs;
    const auto pendulum = builtin("double-pendulum"), squeezer = builtin("andrews-squeezer");
    runs.setActiveScene("builtin:double-pendulum", pendulum);
    const int a = runs.add(request(pendulum, "builtin:double-pendulum")).id;
    const int b = runs.add(request(squeezer, "builtin:andrews-squeezer")).id;
    // a copy of the pendulum saved as a file: the same bodies
    runs.setActiveScene("/tmp/my-pendulum.json", pendulum);
    // a new scene key: no runs of its own yet
    QVERIFY(runs.scopeRuns().empty());
    runs.setOtherScenesShown(true);
    // on request, the pendulum's run (the same bodies), never the squeezer's
    QCOMPARE(runs.scopeRuns().size(), 1u);
    QCOMPARE(runs.scopeRuns().front()->id, a);
    QVERIFY(!runs.inScope(*runs.find(b)));
  }

  // a scene saved under a new name keeps its runs
  void aSceneSavedUnderAnotherNameKeepsItsRuns() {
    RunLibrary runs;
    const auto pendulum = builtin("double-pendulum");
    runs.setActiveScene("builtin:double-pendulum", pendulum);
    const int a = runs.add(request(pendulum, "builtin:double-pendulum")).id;
    runs.rekeyScene("builtin:double-pendulum", "/tmp/saved.json");
    // the scene and its runs follow the new key; the current run stays
    QCOMPARE(runs.activeScene(), QString("/tmp/saved.json"));
    QCOMPARE(runs.find(a)->sceneKey, QString("/tmp/saved.json"));
    QCOMPARE(runs.currentId(), a);
  }
};

QTEST_MAIN(RunLibraryTest)
#include "run_library_test.moc"
