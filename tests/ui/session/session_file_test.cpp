// Sessions in one file: the scene and every run read back exactly (rows, rejected steps, events,
// metadata, statistics, status, every field of the settings, colour), a run whose scene no longer
// loads left out with a warning, files of version 1 (a fixed subset of the settings) still read,
// files of a newer version refused, and files that are not sessions, are cut short or were crafted
// to claim more than they hold (2^64 rows of no channels, a list of 4e9 strings, a block that
// inflates to gigabytes) refused in time proportional to their size.

#include <QBuffer>
#include <QDataStream>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "changed_run_settings.h"
#include "run_archive.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "session_file.h"
#include "simulation/run_settings_json.h"
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

// a copy of that run under its own id
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

// The bytes of a session of this version: its header with this window layout, then these run
// blocks (each as qCompress gives it, or raw)
QByteArray craftedSession(const std::function<void(QDataStream&)>& layout,
                          const std::vector<QByteArray>& blocks, qint32 version = 1) {
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out.setVersion(QDataStream::Qt_6_0);
  out.writeRawData("MBWSESSION", 10);
  out << version << QString() << QString("double-pendulum") << QByteArray("{}") << false
      << qint32(-1) << qint32(-1) << false;
  layout(out);
  out << quint32(blocks.size());
  for (const QByteArray& b : blocks) out << b;
  return bytes;
}

// a window layout of no entries
void emptyLayout(QDataStream& out) { out << quint32(0); }

// The start of a run block of a version-1 session, as its writer laid it out: the run's fields
// (number 1), then the settings' fixed subset, with values other than the defaults
void writeVersionOneRunStart(QDataStream& out) {
  out << qint32(1) << QColor(1, 2, 3) << true << QString("builtin:double-pendulum")
      << QByteArray::fromStdString(findBuiltinScene("double-pendulum")->text) << 0.5;
  // settings: formulation, integrator, t_end, every, multipliers, reactions, then the integrator's
  out << QByteArray("rA") << QByteArray("hht") << 0.5 << qint32(3) << true << false;
  out << 2e-3 << false << 1e-5 << 1e-7 << 1e-10 << 0.01 << -1.0 << true << -0.2 << 1e-9
      << qint32(12) << QByteArray("fd") << QByteArray("dense") << QByteArray("step");
}

// the settings writeVersionOneRunStart gives, the fields version 1 did not keep at their defaults
RunSettings versionOneSettings() {
  RunSettings s;
  IntegratorSettings& i = s.integratorSettings;
  s.formulation = "rA";
  s.integrator = "hht";
  s.tEnd = 0.5;
  s.every = 3;
  s.recordMultipliers = true;
  i.step = 2e-3;
  i.rtol = 1e-5;
  i.atol = 1e-7;
  i.minStep = 1e-10;
  i.maxStep = 0.01;
  i.alpha = -0.2;
  i.newtonTolerance = 1e-9;
  i.maxNewtonIterations = 12;
  i.jacobian = "fd";
  i.linearSolver = "dense";
  i.jacobianUpdate = "step";
  return s;
}

// A whole run block of a version-1 session: its start, then results of one channel (time) and two
// rows, completed
QByteArray versionOneRun() {
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out.setVersion(QDataStream::Qt_6_0);
  writeVersionOneRunStart(out);
  // channels and rows; no rejected steps, events or metadata
  out << quint32(1) << QByteArray("t") << QByteArray("s") << quint64(2) << 0.0 << 0.25;
  out << quint32(0) << quint32(0) << quint32(0);
  // eight counts, the CPU time, no rejections by reason or time per phase, the status
  for (qint64 k = 1; k <= 8; ++k) out << k;
  out << 0.125 << quint32(0) << quint32(0) << qint32(static_cast<int>(RunStatus::Completed))
      << QByteArray("completed");
  return bytes;
}

// A run block of a version-1 session as readRun reads it, its results with `channels` channels and
// a claim of `rows` rows
QByteArray craftedRun(quint32 channels, quint64 rows) {
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out.setVersion(QDataStream::Qt_6_0);
  writeVersionOneRunStart(out);
  out << channels;
  for (quint32 c = 0; c < channels; ++c) out << QByteArray("x") << QByteArray("m");
  out << rows;
  return bytes;
}

// what reading a file gave: whether it opened, the error, the warnings and how many runs it kept
struct Read {
  bool ok = false;
  QString error;
  QStringList warnings;
  size_t runs = 0;
};

// the bytes read as a session file named crafted.mbws
Read readBytes(const QByteArray& bytes) {
  QBuffer device;
  device.setData(bytes);
  device.open(QIODevice::ReadOnly);
  SessionHeader h;
  std::vector<std::unique_ptr<Run>> runs;
  Read r;
  r.ok = readSession(device, "crafted.mbws", h, runs, &r.warnings, &r.error);
  r.runs = runs.size();
  return r;
}

}  // namespace

class SessionFileTest : public QObject {
  Q_OBJECT

 private slots:
  // --- what a session keeps ----------------------------------------------------------------------

  // a saved session opened later gives back the same runs, bit for bit, with nothing run again
  void runsComeBackExactly() {
    QTemporaryDir dir;
    const QString path = dir.filePath("s.mbws");
    const std::unique_ptr<Run> a = stiffRun(3), hht = hhtRun(4);
    // a run with rejected steps, so that their records are tested
    QVERIFY(!a->results.rejected.empty());
    // a header with the scene edited, a reference and a current run and a plot layout
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
    // no warning; the header as written
    QVERIFY(warnings.isEmpty());
    QCOMPARE(back.sceneBuiltin, h.sceneBuiltin);
    QCOMPARE(back.sceneText, h.sceneText);
    QVERIFY(back.sceneModified);
    QCOMPARE(back.referenceId, 3);
    QCOMPARE(back.layout["plots/layout"].toStringList(), QStringList({"step", "xy:rod1.x|rod1.y"}));
    // both runs with their own fields and settings (rn4's rtol; HHT's alpha and step)
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
    // the results: channels, every value bit for bit, rejections, metadata, statistics, status
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

  // Every field of the settings changed from its default (a field the engine's JSON of them gains
  // later is changed too: changed_run_settings.h) comes back; version 1 kept 19 of their 42
  void everySettingComesBack() {
    QTemporaryDir dir;
    const QString path = dir.filePath("s.mbws");
    const std::unique_ptr<Run> a = hhtRun(6);
    a->settings = test::changedRunSettings();
    // the changed settings differ from the defaults, so that the comparison can fail
    QVERIFY(runSettingsToJson(a->settings) != runSettingsToJson(RunSettings{}));
    QString error;
    QVERIFY2(writeSession(path, {}, {a.get()}, &error), qPrintable(error));
    SessionHeader h;
    std::vector<std::unique_ptr<Run>> runs;
    QStringList warnings;
    QVERIFY2(readSession(path, h, runs, &warnings, &error), qPrintable(error));
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join("; ")));
    QCOMPARE(runs.size(), 1u);
    const RunSettings& b = runs.front()->settings;
    // every field, compared through their JSON
    QCOMPARE(runSettingsToJson(b, 2), runSettingsToJson(a->settings, 2));
    // a few of those version 1 lost, by hand
    QCOMPARE(b.tStart, a->settings.tStart);
    QCOMPARE(b.output.step, a->settings.output.step);
    QCOMPARE(b.integratorSettings.penalty, a->settings.integratorSettings.penalty);
    QCOMPARE(b.integratorSettings.errorControl, a->settings.integratorSettings.errorControl);
  }

  // --- versions ----------------------------------------------------------------------------------

  // A file of version 1, laid out as its writer did: it opens, the settings it kept are read and
  // the others take their defaults
  void versionOneFilesStillOpen() {
    const QByteArray bytes = craftedSession(emptyLayout, {qCompress(versionOneRun())}, 1);
    QBuffer device;
    device.setData(bytes);
    QVERIFY(device.open(QIODevice::ReadOnly));
    SessionHeader h;
    std::vector<std::unique_ptr<Run>> runs;
    QStringList warnings;
    QString error;
    QVERIFY2(readSession(device, "old.mbws", h, runs, &warnings, &error), qPrintable(error));
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join("; ")));
    // the header, the one run, its settings, rows, counts and status
    QCOMPARE(h.sceneBuiltin, QString("double-pendulum"));
    QCOMPARE(runs.size(), 1u);
    const Run& run = *runs.front();
    QCOMPARE(run.id, 1);
    QCOMPARE(runSettingsToJson(run.settings, 2), runSettingsToJson(versionOneSettings(), 2));
    QCOMPARE(run.results.rowCount(), 2u);
    QCOMPARE(run.results.at(1, 0), 0.25);
    QVERIFY(run.results.stats.repartitions == 8);
    QCOMPARE(run.results.status, RunStatus::Completed);
  }

  // A session of a version newer than this build's is refused, naming the file and the versions;
  // so is a version that never was
  void newerVersionsAreRefused() {
    Read r = readBytes(craftedSession(emptyLayout, {}, 3));
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("crafted.mbws is a session of version 3"), qPrintable(r.error));
    QVERIFY2(r.error.contains("this build reads versions 1 to 2"), qPrintable(r.error));
    r = readBytes(craftedSession(emptyLayout, {}, 0));
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("version 0"), qPrintable(r.error));
    // the versions it reads open
    QVERIFY2(readBytes(craftedSession(emptyLayout, {}, 1)).ok, "version 1");
    QVERIFY2(readBytes(craftedSession(emptyLayout, {}, 2)).ok, "version 2");
  }

  // --- damaged, foreign and crafted files --------------------------------------------------------

  // A run of version 2 whose settings' JSON does not read is left out as damaged, saying where;
  // one cut anywhere is damage, never a crash
  void damagedSettingsAreRefused() {
    const std::unique_ptr<Run> a = hhtRun(2);
    a->settings.tStart = 0.01;
    // one run block as this version's writer writes it
    QByteArray whole;
    {
      QDataStream out(&whole, QIODevice::WriteOnly);
      out.setVersion(QDataStream::Qt_6_0);
      writeRun(out, *a);
    }
    // the settings' JSON with a key no field has, in place of t_start
    const QByteArray key("\"t_start\"");
    QVERIFY(whole.contains(key));
    QByteArray misnamed = whole;
    misnamed.replace(key, QByteArray("\"t_strat\""));
    Read r = readBytes(craftedSession(emptyLayout, {qCompress(misnamed)}, 2));
    // the session opens; the damaged run left out, its warning naming the key
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.runs, 0u);
    QCOMPARE(r.warnings.size(), 1);
    QVERIFY2(r.warnings.front().contains("damaged (run #2)"), qPrintable(r.warnings.front()));
    QVERIFY2(r.warnings.front().contains("/t_strat"), qPrintable(r.warnings.front()));
    // the block whole reads; cut anywhere, it is left out
    QCOMPARE(readBytes(craftedSession(emptyLayout, {qCompress(whole)}, 2)).runs, 1u);
    for (int cut = 0; cut < whole.size(); cut += 97) {
      r = readBytes(craftedSession(emptyLayout, {qCompress(whole.left(cut))}, 2));
      QCOMPARE(r.runs, 0u);
    }
  }

  // a run whose scene no longer loads is left out of a session read back, with a warning
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
    // the good run kept; the other left out, named in a warning
    QCOMPARE(runs.size(), 1u);
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings.front().contains("run #2"), qPrintable(warnings.front()));
  }

  // a scene file and a session cut short are refused as sessions
  void otherFilesAreRefused() {
    QTemporaryDir dir;
    SessionHeader h;
    std::vector<std::unique_ptr<Run>> runs;
    QString error;
    QFile text(dir.filePath("scene.json"));
    QVERIFY(text.open(QIODevice::WriteOnly));
    text.write("{\"format\": \"mbw-scene\"}");
    text.close();
    // a scene file is not a session
    QVERIFY(!readSession(text.fileName(), h, runs, nullptr, &error));
    QVERIFY2(error.contains("not a workbench session"), qPrintable(error));
    // a session cut short
    const std::unique_ptr<Run> a = stiffRun(1);
    const QString path = dir.filePath("s.mbws");
    QVERIFY(writeSession(path, {}, {a.get()}, &error));
    QFile cut(path);
    QVERIFY(cut.open(QIODevice::ReadWrite));
    // the file cut to half its size, as an interrupted copy leaves it
    cut.resize(cut.size() / 2);
    cut.close();
    QVERIFY(!readSession(path, h, runs, nullptr, &error));
    QVERIFY2(error.contains("damaged") || error.contains("cut short"), qPrintable(error));
    // a missing file
    QVERIFY(!readSession(dir.filePath("missing.mbws"), h, runs, nullptr, &error));
    QVERIFY(error.contains("Cannot read"));
  }

  // A 6 KB file of a run with no channels that claims 2^64 rows (the autosaved session is read at
  // every start). Each crafted claim is refused against the bytes that follow it, before anything
  // is allocated for it (believed, it would cost hours or gigabytes: such a regression runs into
  // CTest's time limit or fails to allocate).
  void craftedClaimsAreRefused() {
    // no channels, 2^64 - 1 rows: the run is left out as damaged
    Read r = readBytes(craftedSession(emptyLayout, {qCompress(craftedRun(0, ~quint64(0)))}));
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.runs, 0u);
    QCOMPARE(r.warnings.size(), 1);
    QVERIFY2(r.warnings.front().contains("damaged (run #1)"), qPrintable(r.warnings.front()));
    // channels, and more rows than the bytes that follow hold
    r = readBytes(craftedSession(emptyLayout, {qCompress(craftedRun(3, quint64(1) << 40))}));
    QCOMPARE(r.runs, 0u);
    QCOMPARE(r.warnings.size(), 1);
    // a window layout with a list that claims 4e9 strings
    r = readBytes(craftedSession(
        [](QDataStream& out) {
          out << quint32(1) << QString("plots/layout") << quint32(QMetaType::QStringList)
              << qint8(0) << quint32(4000000000u);
        },
        {}));
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains("crafted.mbws is damaged"), qPrintable(r.error));
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
