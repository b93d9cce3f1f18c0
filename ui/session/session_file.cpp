#include "session_file.h"

#include <QBuffer>
#include <QDataStream>
#include <QFile>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentMap>

#include "run_archive.h"

namespace mbw::ui {
namespace {

const QByteArray kMagic("MBWSESSION");
constexpr qint32 kVersion = 1;

}  // namespace

bool writeSession(const QString& path, const SessionHeader& h, const std::vector<const Run*>& runs, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    if (error) *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  QDataStream out(&file);
  out.setVersion(QDataStream::Qt_6_0);
  out.writeRawData(kMagic.constData(), static_cast<int>(kMagic.size()));
  out << kVersion << h.scenePath << h.sceneBuiltin << QByteArray::fromStdString(h.sceneText) << h.sceneModified
      << qint32(h.referenceId) << qint32(h.currentId) << h.otherScenes << h.layout;
  out << quint32(runs.size());
  // each run compressed on its own, on the threads there are (zlib's fastest level: the rows of
  // doubles shrink nearly as much as at its default level, in a fraction of the time)
  const std::vector<QByteArray> blocks = QtConcurrent::blockingMapped<std::vector<QByteArray>>(runs, [](const Run* run) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QDataStream block(&buffer);
    block.setVersion(QDataStream::Qt_6_0);
    writeRun(block, *run);
    return qCompress(buffer.data(), 1);
  });
  for (const QByteArray& block : blocks) out << block;
  if (out.status() != QDataStream::Ok || !file.commit()) {
    if (error) *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

bool readSession(const QString& path, SessionHeader& h, std::vector<std::unique_ptr<Run>>& runs, QStringList* warnings,
                 QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    if (error) *error = QObject::tr("Cannot read %1: %2").arg(path, file.errorString());
    return false;
  }
  QDataStream in(&file);
  in.setVersion(QDataStream::Qt_6_0);
  QByteArray magic(kMagic.size(), '\0');
  qint32 version = 0;
  if (in.readRawData(magic.data(), static_cast<int>(magic.size())) != magic.size() || magic != kMagic) {
    if (error) *error = QObject::tr("%1 is not a workbench session").arg(path);
    return false;
  }
  in >> version;
  if (version != kVersion) {
    if (error) *error = QObject::tr("%1 is a session of version %2; this build reads version %3").arg(path).arg(version).arg(kVersion);
    return false;
  }
  QByteArray text;
  qint32 reference = -1, current = -1;
  in >> h.scenePath >> h.sceneBuiltin >> text >> h.sceneModified >> reference >> current >> h.otherScenes >> h.layout;
  h.sceneText = text.toStdString();
  h.referenceId = reference;
  h.currentId = current;
  quint32 count = 0;
  in >> count;
  for (quint32 k = 0; k < count && in.status() == QDataStream::Ok; ++k) {
    QByteArray compressed;
    in >> compressed;
    QByteArray data = qUncompress(compressed);
    QDataStream block(&data, QIODevice::ReadOnly);
    block.setVersion(QDataStream::Qt_6_0);
    QString why;
    if (auto run = readRun(block, &why)) runs.push_back(std::move(run));
    else if (warnings) *warnings << why;
  }
  if (in.status() != QDataStream::Ok) {
    if (error) *error = QObject::tr("%1 is damaged or cut short").arg(path);
    return false;
  }
  return true;
}

}  // namespace mbw::ui
