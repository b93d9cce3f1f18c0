#include "session_file.h"

#include <QBuffer>
#include <QDataStream>
#include <QFile>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentMap>

#include "run_archive.h"

namespace mbw::ui {
namespace {

// the first bytes of every session file, and the version this build writes: 2, each run's
// settings whole (run_archive.h); it reads every version up to it (1: a fixed subset of them)
const QByteArray kMagic("MBWSESSION");
constexpr qint32 kVersion = 2;

// The window layout (SettingsBehaviour::layout), read value by value: QByteArray, QStringList and
// bool are the types it holds. Qt's own reading of a QVariantMap reserves the count a list claims
// before reading it (4e9 entries from four bytes of a damaged file); here a list ends where the
// stream does, and any other type is damage.
bool readLayout(QDataStream& in, QVariantMap& layout) {
  // the count of entries, then each: key, type, null flag, value
  quint32 entries = 0;
  in >> entries;
  for (quint32 k = 0; k < entries && in.status() == QDataStream::Ok; ++k) {
    QString key;
    quint32 type = 0;
    qint8 isNull = 0;
    in >> key >> type >> isNull;
    switch (type) {
      case QMetaType::QByteArray: {
        QByteArray value;
        in >> value;
        layout[key] = value;
        break;
      }
      case QMetaType::Bool: {
        bool value = false;
        in >> value;
        layout[key] = value;
        break;
      }
      // a list: its items read one by one while the stream holds
      case QMetaType::QStringList: {
        quint32 n = 0;
        in >> n;
        QStringList value;
        for (quint32 i = 0; i < n && in.status() == QDataStream::Ok; ++i) {
          QString item;
          in >> item;
          value << item;
        }
        layout[key] = value;
        break;
      }
      default:
        return false;
    }
  }
  return in.status() == QDataStream::Ok;
}

// qCompress's block: the uncompressed size (4 bytes, big-endian), then zlib's stream, which
// expands at most about 1032 times; qUncompress allocates the size a block claims, so a damaged
// block claiming gigabytes is refused before it
bool plausiblyCompressed(const QByteArray& block) {
  // the size the block claims, from its first four bytes
  if (block.size() < 4) return false;
  const auto* b = reinterpret_cast<const unsigned char*>(block.constData());
  const quint64 claimed =
      (quint64(b[0]) << 24) | (quint64(b[1]) << 16) | (quint64(b[2]) << 8) | quint64(b[3]);
  return claimed <= 1100 * quint64(block.size()) + 4096;
}

}  // namespace

// --- writing a session ---------------------------------------------------------------------------

bool writeSession(const QString& path, const SessionHeader& h, const std::vector<const Run*>& runs,
                  QString* error) {
  // written to a temporary file that replaces the old one only when all is written
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    if (error) *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  // the header: the scene, which runs are reference and current, the layout
  QDataStream out(&file);
  // Qt 6's stream format, read back alike
  out.setVersion(QDataStream::Qt_6_0);
  out.writeRawData(kMagic.constData(), static_cast<int>(kMagic.size()));
  // the version, the scene (path, built-in, text, modified), the runs' roles, scope and layout
  out << kVersion << h.scenePath << h.sceneBuiltin << QByteArray::fromStdString(h.sceneText)
      << h.sceneModified << qint32(h.referenceId) << qint32(h.currentId) << h.otherScenes
      << h.layout;
  // the count of runs, then their blocks
  out << quint32(runs.size());
  // each run compressed on its own, on the threads there are (zlib's fastest level: the rows of
  // doubles shrink nearly as much as at its default level, in a fraction of the time)
  const std::vector<QByteArray> blocks =
      QtConcurrent::blockingMapped<std::vector<QByteArray>>(runs, [](const Run* run) {
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QDataStream block(&buffer);
        block.setVersion(QDataStream::Qt_6_0);
        writeRun(block, *run);
        return qCompress(buffer.data(), 1);
      });
  // the blocks in the runs' order; a failed write leaves the old file as it was
  for (const QByteArray& block : blocks) out << block;
  if (out.status() != QDataStream::Ok || !file.commit()) {
    if (error) *error = QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

// --- reading a session ---------------------------------------------------------------------------

// a session file, opened for reading
bool readSession(const QString& path, SessionHeader& h, std::vector<std::unique_ptr<Run>>& runs,
                 QStringList* warnings, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    if (error) *error = QObject::tr("Cannot read %1: %2").arg(path, file.errorString());
    return false;
  }
  return readSession(file, path, h, runs, warnings, error);
}

bool readSession(QIODevice& device, const QString& name, SessionHeader& h,
                 std::vector<std::unique_ptr<Run>>& runs, QStringList* warnings, QString* error) {
  const auto damaged = [&](const QString& why) {
    if (error) *error = QObject::tr("%1 is damaged or cut short (%2)").arg(name, why);
    return false;
  };
  // the magic bytes, then the version
  QDataStream in(&device);
  // Qt 6's stream format, as written
  in.setVersion(QDataStream::Qt_6_0);
  QByteArray magic(kMagic.size(), '\0');
  qint32 version = 0;
  if (in.readRawData(magic.data(), static_cast<int>(magic.size())) != magic.size() ||
      magic != kMagic) {
    if (error) *error = QObject::tr("%1 is not a workbench session").arg(name);
    return false;
  }
  in >> version;
  // a version this build does not know (a newer one) is refused, naming the versions it reads
  if (version < 1 || version > kVersion) {
    if (error)
      *error = QObject::tr("%1 is a session of version %2; this build reads versions 1 to %3")
                   .arg(name)
                   .arg(version)
                   .arg(kVersion);
    return false;
  }
  // the header
  QByteArray text;
  qint32 reference = -1, current = -1;
  in >> h.scenePath >> h.sceneBuiltin >> text >> h.sceneModified >> reference >> current >>
      h.otherScenes;
  if (!readLayout(in, h.layout)) return damaged(QObject::tr("its window layout"));
  h.sceneText = text.toStdString();
  h.referenceId = reference;
  h.currentId = current;
  // each run's block, checked before it is uncompressed; a run whose scene no longer loads is left
  // out with a warning
  quint32 count = 0;
  in >> count;
  for (quint32 k = 0; k < count && in.status() == QDataStream::Ok; ++k) {
    QByteArray compressed;
    in >> compressed;
    if (in.status() != QDataStream::Ok) break;
    if (!plausiblyCompressed(compressed))
      return damaged(QObject::tr("run %1 of %2").arg(k + 1).arg(count));
    // a plausible block uncompressed, then read as a run
    QByteArray data = qUncompress(compressed);
    QDataStream block(&data, QIODevice::ReadOnly);
    block.setVersion(QDataStream::Qt_6_0);
    QString why;
    // a run whose scene no longer loads is left out, with a warning
    if (auto run = readRun(block, version, &why))
      runs.push_back(std::move(run));
    else if (warnings)
      *warnings << why;
  }
  if (in.status() != QDataStream::Ok) return damaged(QObject::tr("it ends early"));
  return true;
}

}  // namespace mbw::ui
