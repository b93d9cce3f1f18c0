// Sessions in one file: the scene and every run read back exactly (rows, rejected steps, events,
// metadata, statistics, status, settings, colour), a run whose scene no longer loads left out with
// a warning, and files that are not sessions, are cut short or were crafted to claim more than they
// hold (2^64 rows of no channels, a list of 4e9 strings, a block that inflates to gigabytes)
// refused in time proportional to their size.

#include <QBuffer>
#include <QDataStream>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "session_file.h"
#include "simulation/simulation.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// the stiff double pendulum with rn4 over 0.3 s (rejected steps among its records), run once for
// all the cases: they check the session's writing and reading of it, not the run
const Run& stiffRunOnce() {
  static const std::unique_ptr<const Run> once = [] {
    auto run = std::make_unique<Run>();
    run->sceneText = findBuiltinScene("stiff-double-pendulum")->text;
    run->model = std::make_shared<const Model>(parseScene(run->sceneText, "stiff-double-pendulum"));
    run->sceneKey = "builtin:stiff-double-pendulum";
    run->settings.integrator = "rosenbrock-nystrom4";
    run->settings.integratorSettings.variableStep = true;
    run->settings.integratorSettings.rtol = 1e-4;
    run->settings.integratorSettings.atol = 1e-5;
    run->settings.tEnd = 0.3;
    run->settings.recordReactions = true;
    run->results = Simulation(*run->model, run->settings).run();
    run->color = QColor(10, 20, 30);
    run->shown = false;
    run->wallSeconds = 1.25;
    return run;
  }();
  return *once;
}

std::unique_ptr<Run> stiffRun(int id) {
  auto run = std::make_unique<Run>(stiffRunOnce());
  run->id = id;
  return run;
}

// the same scene with HHT at a fixed step and its alpha given
std::unique_ptr<Run> hhtRun(int id) {
  auto run = stiffRun(id);
  run->settings.integrator = "hht";
  run->settings.integratorSettings = {};
  run->settings.integratorSettings.step = 1e-3;
  run->settings.integratorSettings.alpha = -0.1;
  run->settings.tEnd = 0.05;
  run->results = Simulation(*run->model, run->settings).run();
  return run;
}

// The bytes of a session: its header with this window layout, then these run blocks (each as
// qCompress gives it, or raw)
QByteArray craftedSession(const std::function<void(QDataStream&)>& layout,
                          const std::vector<QByteArray>& blocks) {
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out.setVersion(QDataStream::Qt_6_0);
  out.writeRawData("MBWSESSION", 10);
  out << qint32(1) << QString() << QString("double-pendulum") << QByteArray("{}") << false
      << qint32(-1) << qint32(-1) << false;
  layout(out);
  out << quint32(blocks.size());
  for (const QByteArray& b : blocks) out << b;
  return bytes;
}

void emptyLayout(QDataStream& out) { out << quint32(0); }

// A run block as readRun reads it, its results with `channels` channels and a claim of `rows` rows
QByteArray craftedRun(quint32 channels, quint64 rows) {
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out.setVersion(QDataStream::Qt_6_0);
  out << qint32(1) << QColor(1, 2, 3) << true << QString("builtin:double-pendulum")
      << QByteArray::fromStdString(findBuiltinScene("double-pendulum")->text) << 0.5;
  // settings: formulation, integrator, t_end, every, multipliers, reactions, then the integrator's
  out << QByteArray("rp") << QByteArray("backward-euler") << 1.0 << qint32(1) << false << false;
  out << 1e-3 << false << 1e-6 << 1e-6 << 0.0 << 0.0 << -1.0 << false << 0.0 << 1e-10 << qint32(25)
      << QByteArray("exact") << QByteArray("auto") << QByteArray("auto");
  out << channels;
  for (quint32 c = 0; c < channels; ++c) out << QByteArray("x") << QByteArray("m");
  out << rows;
  return bytes;
}

struct Read {
  bool ok = false;
  QString error;
  QStringList warnings;
  size_t runs = 0;
  qint64 ms = 0;
};

Read readBytes(const QByteArray& bytes) {
  QBuffer device;
  device.setData(bytes);
  device.open(QIODevice::ReadOnly);
  SessionHeader h;
  std::vector<std::unique_ptr<Run>> runs;
  Read r;
  QElapsedTimer clock;
  clock.start();
  r.ok = readSession(device, "crafted.mbws", h, runs, &r.warnings, &r.error);
  r.ms = clock.elapsed();
  r.runs = runs.size();
  return r;
}

}  // namespace

class SessionFileTest : public QObject {
  Q_OBJECT

 private slots:
  void runsComeBackExactly() {
    QTemporaryDir dir;
    const QString path = dir.filePath("s.mbws");
    const std::unique_ptr<Run> a = stiffRun(3), hht = hhtRun(4);
    QVERIFY(!a->results.rejected.empty());
    SessionHeader h;
    h.sceneBuiltin = "stiff-double-pendulum";
    h.sceneText = a->sceneText;
    h.sceneModified = true;
    h.referenceId = 3;
    h.currentId = 3;
    h.layout["plots/layout"] = QStringList{"step", "xy:rod1.x|rod1.y"};
    QString error;
    QVERIFY2(writeSession(path, h, {a.get(), hht.get()}, &error), qPrintable(error));

    SessionHeader back;
    std::vector<std::unique_ptr<Run>> runs;
    QStringList warnings;
    QVERIFY2(readSession(path, back, runs, &warnings, &error), qPrintable(error));
    QVERIFY(warnings.isEmpty());
    QCOMPARE(back.sceneBuiltin, h.sceneBuiltin);
    QCOMPARE(back.sceneText, h.sceneText);
    QVERIFY(back.sceneModified);
    QCOMPARE(back.referenceId, 3);
    QCOMPARE(back.layout["plots/layout"].toStringList(), QStringList({"step", "xy:rod1.x|rod1.y"}));
    QCOMPARE(runs.size(), 2u);
    const Run& b = *runs.front();
    QCOMPARE(b.id, 3);
    QCOMPARE(b.color, a->color);
    QCOMPARE(b.shown, false);
    QCOMPARE(b.wallSeconds, 1.25);
    QCOMPARE(b.sceneKey, a->sceneKey);
    QCOMPARE(b.model->name, std::string("stiff-double-pendulum"));
    QCOMPARE(b.settings.integrator, a->settings.integrator);
    QCOMPARE(b.settings.integratorSettings.rtol, 1e-4);
    QVERIFY(!b.settings.integratorSettings.alpha);
    QCOMPARE(runs.back()->settings.integrator, std::string("hht"));
    QCOMPARE(runs.back()->settings.integratorSettings.alpha.value_or(0.0), -0.1);
    QCOMPARE(runs.back()->settings.integratorSettings.step, 1e-3);
    QVERIFY(b.settings.recordReactions);
    const Results& x = a->results;
    const Results& y = b.results;
    QCOMPARE(y.columnCount(), x.columnCount());
    QCOMPARE(y.rowCount(), x.rowCount());
    for (int c = 0; c < x.columnCount(); ++c) {
      QCOMPARE(y.channels()[c].name, x.channels()[c].name);
      QCOMPARE(y.channels()[c].unit, x.channels()[c].unit);
    }
    for (size_t r = 0; r < x.rowCount(); ++r)
      for (int c = 0; c < x.columnCount(); ++c) QCOMPARE(y.at(r, c), x.at(r, c));  // bit for bit
    QCOMPARE(y.rejected.size(), x.rejected.size());
    QCOMPARE(y.rejected.back().reason, x.rejected.back().reason);
    QCOMPARE(y.rejected.back().h, x.rejected.back().h);
    QCOMPARE(y.metadata, x.metadata);
    QCOMPARE(y.stats.steps, x.stats.steps);
    QCOMPARE(y.stats.newtonIterations, x.stats.newtonIterations);
    QCOMPARE(y.stats.rejections, x.stats.rejections);
    QCOMPARE(y.stats.cpuSeconds, x.stats.cpuSeconds);
    QCOMPARE(y.status, x.status);
  }

  void aRunWhoseSceneNoLongerLoadsIsLeftOut() {
    QTemporaryDir dir;
    const QString path = dir.filePath("s.mbws");
    std::unique_ptr<Run> good = stiffRun(1), bad = stiffRun(2);
    bad->sceneText = "{\"format\": \"mbw-scene\"}";
    QString error;
    QVERIFY(writeSession(path, {}, {good.get(), bad.get()}, &error));
    SessionHeader h;
    std::vector<std::unique_ptr<Run>> runs;
    QStringList warnings;
    QVERIFY(readSession(path, h, runs, &warnings, &error));
    QCOMPARE(runs.size(), 1u);
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings.front().contains("run #2"), qPrintable(warnings.front()));
  }

  void otherFilesAreRefused() {
    QTemporaryDir dir;
    SessionHeader h;
    std::vector<std::unique_ptr<Run>> runs;
    QString error;
    QFile text(dir.filePath("scene.json"));
    QVERIFY(text.open(QIODevice::WriteOnly));
    text.write("{\"format\": \"mbw-scene\"}");
    text.close();
    QVERIFY(!readSession(text.fileName(), h, runs, nullptr, &error));
    QVERIFY2(error.contains("not a workbench session"), qPrintable(error));
    // a session cut short
    const std::unique_ptr<Run> a = stiffRun(1);
    const QString path = dir.filePath("s.mbws");
    QVERIFY(writeSession(path, {}, {a.get()}, &error));
    QFile cut(path);
    QVERIFY(cut.open(QIODevice::ReadWrite));
    cut.resize(cut.size() / 2);
    cut.close();
    QVERIFY(!readSession(path, h, runs, nullptr, &error));
    QVERIFY2(error.contains("damaged") || error.contains("cut short"), qPrintable(error));
    QVERIFY(!readSession(dir.filePath("missing.mbws"), h, runs, nullptr, &error));
    QVERIFY(error.contains("Cannot read"));
  }

  // A 6 KB file of a run with no channels and 2^64 rows hung the workbench at every start (it was
  // the autosaved session). Each crafted claim is refused within a second (the test's limit: its
  // old cost was hours or gigabytes).
  void craftedClaimsAreRefused() {
    // no channels, 2^64 - 1 rows: the run is left out as damaged
    Read r = readBytes(craftedSession(emptyLayout, {qCompress(craftedRun(0, ~quint64(0)))}));
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.runs, 0u);
    QCOMPARE(r.warnings.size(), 1);
    QVERIFY2(r.warnings.front().contains("damaged (run #1)"), qPrintable(r.warnings.front()));
    QVERIFY(r.ms < 1000);
    // channels, and more rows than the bytes that follow hold
    r = readBytes(craftedSession(emptyLayout, {qCompress(craftedRun(3, quint64(1) << 40))}));
    QCOMPARE(r.runs, 0u);
    QCOMPARE(r.warnings.size(), 1);
    QVERIFY(r.ms < 1000);
    // a window layout with a list that claims 4e9 strings
    r = readBytes(craftedSession(
        [](QDataStream& out) {
          out << quint32(1) << QString("plots/layout") << quint32(QMetaType::QStringList)
              << qint8(0) << quint32(4000000000u);
        },
        {}));
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("crafted.mbws is damaged"), qPrintable(r.error));
    QVERIFY(r.ms < 1000);
    // a layout value of a type a layout never holds
    r = readBytes(craftedSession(
        [](QDataStream& out) {
          out << quint32(1) << QString("x") << quint32(QMetaType::QVariantMap) << qint8(0);
        },
        {}));
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("window layout"), qPrintable(r.error));
    // a compressed block that claims 4 GB
    QByteArray bomb = qCompress(QByteArray(100, 'x'));
    bomb[0] = char(0xff);
    bomb[1] = char(0xff);
    r = readBytes(craftedSession(emptyLayout, {bomb}));
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("run 1 of 1"), qPrintable(r.error));
    // a run block cut anywhere is damage, never a crash
    const QByteArray whole = craftedRun(2, 0);
    for (int cut = 0; cut < whole.size(); cut += 7) {
      r = readBytes(craftedSession(emptyLayout, {qCompress(whole.left(cut))}));
      QCOMPARE(r.runs, 0u);
    }
  }
};

QTEST_MAIN(SessionFileTest)
#include "session_file_test.moc"
