#include "run_archive.h"

#include <QIODevice>
#include <QObject>
#include <algorithm>
#include <stdexcept>

#include "scene/scene_reader.h"
#include "simulation/run_settings_json.h"

namespace mbw::ui {
namespace {

// --- the pieces of a run in a data stream --------------------------------------------------------

// strings as UTF-8 byte arrays
QDataStream& operator<<(QDataStream& out, const std::string& s) {
  return out << QByteArray::fromStdString(s);
}

std::string readString(QDataStream& in) {
  QByteArray b;
  in >> b;
  return b.toStdString();
}

// the settings of a session of version 1, a fixed subset in the order written (the request,
// then the integrator's settings); integers and the optional alpha converted, the fields it did not
// keep left at their defaults
RunSettings readVersionOneSettings(QDataStream& in) {
  RunSettings s;
  IntegratorSettings& i = s.integratorSettings;
  qint32 every = 1, maxNewton = 25;
  bool hasAlpha = false;
  double alpha = 0.0;
  // the request's strings, its numbers and flags, then the Newton options' names
  s.formulation = readString(in);
  s.integrator = readString(in);
  in >> s.tEnd >> every >> s.recordMultipliers >> s.recordReactions;
  in >> i.step >> i.variableStep >> i.rtol >> i.atol >> i.minStep >> i.maxStep >> i.rhoInf >>
      hasAlpha >> alpha >> i.newtonTolerance >> maxNewton;
  i.jacobian = readString(in);
  i.linearSolver = readString(in);
  i.jacobianUpdate = readString(in);
  // the integers and the optional alpha set from what was read
  s.every = every;
  i.maxNewtonIterations = maxNewton;
  if (hasAlpha) i.alpha = alpha;
  return s;
}

// a map as its size, then its keys and values
template <class Map>
void writeMap(QDataStream& out, const Map& m) {
  out << quint32(m.size());
  for (const auto& [k, v] : m) out << k << v;
}

// a map read back key by key, stopping at a damaged stream
template <class Value>
void readMap(QDataStream& in, std::map<std::string, Value>& m) {
  quint32 n = 0;
  in >> n;
  for (quint32 k = 0; k < n && in.status() == QDataStream::Ok; ++k) {
    const std::string key = readString(in);
    Value v{};
    in >> v;
    m[key] = v;
  }
}

// the results: channels, rows, rejected steps, events, metadata, statistics and how the run
// ended
void writeResults(QDataStream& out, const Results& r) {
  // the channels with their units, then the rows, row by row
  out << quint32(r.channels().size());
  for (const Channel& c : r.channels()) out << c.name << c.unit;
  out << quint64(r.rowCount());
  // every kept row, column by column
  for (size_t row = 0; row < r.rowCount(); ++row)
    for (int c = 0; c < r.columnCount(); ++c) out << r.at(row, c);
  // the rejected steps, the events, the metadata
  out << quint32(r.rejected.size());
  for (const RejectedStep& s : r.rejected) out << s.t << s.h << s.reason;
  out << quint32(r.events.size());
  for (const RunEvent& e : r.events) out << e.t << e.description;
  out << quint32(r.metadata.size());
  for (const auto& [k, v] : r.metadata) out << k << v;
  // the statistics, the rejections by reason, the time per phase, and how the run ended
  const RunStatistics& s = r.stats;
  out << qint64(s.steps) << qint64(s.rejectedSteps) << qint64(s.newtonIterations)
      << qint64(s.timePoints) << qint64(s.factorizations) << qint64(s.functionEvaluations)
      << qint64(s.jacobianEvaluations) << qint64(s.repartitions) << s.cpuSeconds;
  std::map<std::string, qint64> rejections(s.rejections.begin(), s.rejections.end());
  writeMap(out, rejections);
  writeMap(out, s.phaseSeconds);
  out << qint32(static_cast<int>(r.status)) << r.message;
}

// false when the stream is damaged: no channels (a run always has its time), more rows than the
// bytes that follow hold, or a status no run ends with
bool readResults(QDataStream& in, Results& r) {
  // the channels with their units
  quint32 n = 0;
  in >> n;
  std::vector<Channel> channels;
  for (quint32 k = 0; k < n && in.status() == QDataStream::Ok; ++k) {
    Channel c;
    c.name = readString(in);
    c.unit = readString(in);
    channels.push_back(std::move(c));
  }
  if (channels.empty() || in.status() != QDataStream::Ok) return false;
  r.setChannels(std::move(channels));
  // the rows, refused when the stream cannot hold as many
  quint64 rows = 0;
  in >> rows;
  // a row's bytes, to check the row count claimed against what the stream holds
  const quint64 rowBytes = sizeof(double) * static_cast<quint64>(r.columnCount());
  if (rows > static_cast<quint64>(in.device()->bytesAvailable()) / rowBytes) return false;
  std::vector<double> row(static_cast<size_t>(r.columnCount()));
  for (quint64 k = 0; k < rows && in.status() == QDataStream::Ok; ++k) {
    for (double& x : row) in >> x;
    r.appendRow(row);
  }
  // the rejected steps, the events and the metadata
  in >> n;
  for (quint32 k = 0; k < n && in.status() == QDataStream::Ok; ++k) {
    RejectedStep s;
    in >> s.t >> s.h;
    s.reason = readString(in);
    r.rejected.push_back(std::move(s));
  }
  // the events: time and description
  in >> n;
  for (quint32 k = 0; k < n && in.status() == QDataStream::Ok; ++k) {
    RunEvent e;
    in >> e.t;
    e.description = readString(in);
    r.events.push_back(std::move(e));
  }
  // the metadata: key, then value
  in >> n;
  for (quint32 k = 0; k < n && in.status() == QDataStream::Ok; ++k) {
    std::string key = readString(in);
    r.metadata.emplace_back(std::move(key), readString(in));
  }
  // the statistics: counts, CPU time, rejections by reason, time per phase
  RunStatistics& s = r.stats;
  qint64 v[8] = {};
  // eight counts, in the order written
  for (qint64& x : v) in >> x;
  s.steps = v[0];
  s.rejectedSteps = v[1];
  s.newtonIterations = v[2];
  s.timePoints = v[3];
  s.factorizations = v[4];
  s.functionEvaluations = v[5];
  s.jacobianEvaluations = v[6];
  s.repartitions = v[7];
  // the CPU time, then the rejections by reason and the time per phase
  in >> s.cpuSeconds;
  std::map<std::string, qint64> rejections;
  readMap(in, rejections);
  for (const auto& [k, count] : rejections) s.rejections[k] = count;
  readMap(in, s.phaseSeconds);
  // how the run ended
  qint32 status = 0;
  in >> status;
  r.message = readString(in);
  // a run is written when it has ended (a live one as cancelled): one said to be running is damage
  const auto ended = {RunStatus::Completed, RunStatus::Failed, RunStatus::Cancelled};
  if (std::none_of(ended.begin(), ended.end(),
                   [&](RunStatus e) { return static_cast<qint32>(e) == status; }))
    return false;
  r.status = static_cast<RunStatus>(status);
  return true;
}

}  // namespace

// --- a run ---------------------------------------------------------------------------------------

// a run: its number, colour, visibility, scene key and text, wall time, settings (every field,
// as the engine's JSON) and results
void writeRun(QDataStream& out, const Run& run) {
  out << qint32(run.id) << run.color << run.shown << run.sceneKey << run.sceneText
      << run.wallSeconds << runSettingsToJson(run.settings);
  // a copy: a live run's own results stay as they are
  Results results = run.results;
  // a run still going when it is written is saved as cancelled, with what it has
  if (run.live()) {
    results.status = RunStatus::Cancelled;
    results.message = "cancelled: the session was saved while it ran";
  }
  writeResults(out, results);
}

std::unique_ptr<Run> readRun(QDataStream& in, int version, QString* error) {
  // the run's own fields, its settings, then its results, checked
  auto run = std::make_unique<Run>();
  qint32 id = 0;
  // the run's number, colour, visibility, scene key and text, wall time
  in >> id >> run->color >> run->shown >> run->sceneKey;
  run->sceneText = readString(in);
  in >> run->wallSeconds;
  run->id = id;
  // the settings: a fixed subset in version 1, their JSON since (read once the stream is known
  // whole)
  std::string settingsJson;
  if (version == 1)
    run->settings = readVersionOneSettings(in);
  else
    settingsJson = readString(in);
  // damaged results: the run refused, saying which
  if (!readResults(in, run->results) || in.status() != QDataStream::Ok) {
    if (error) *error = QObject::tr("the session file is damaged (run #%1)").arg(id);
    return nullptr;
  }
  // settings that do not read: damage too, saying where
  if (version != 1) {
    try {
      run->settings = runSettingsFromJson(settingsJson, "settings");
    } catch (const std::exception& e) {
      if (error)
        *error = QObject::tr("the session file is damaged (run #%1): %2")
                     .arg(id)
                     .arg(QString::fromUtf8(e.what()));
      return nullptr;
    }
  }
  // its model from the scene's text it was made with
  try {
    run->model =
        std::make_shared<const Model>(parseScene(run->sceneText, run->sceneKey.toStdString()));
  } catch (const std::exception& e) {
    if (error)
      *error = QObject::tr("run #%1: its scene no longer loads: %2")
                   .arg(id)
                   .arg(QString::fromUtf8(e.what()));
    return nullptr;
  }
  return run;
}

}  // namespace mbw::ui
