// libFuzzer target over the workbench's session reader (readSession: header, window layout,
// compressed runs, each run's settings, rows and statistics, its scene read back). A damaged file
// must end in false with a message, or in runs left out with a warning; a crash, a sanitizer
// report, an allocation past the limit or a hang is a finding (a 6 KB file claiming 2^64 rows of
// no channels hung the workbench at every start).

#include <QBuffer>
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <cstdint>

#include "session_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QByteArray bytes =
      QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  QBuffer device;
  device.setData(bytes);
  device.open(QIODevice::ReadOnly);
  mbw::ui::SessionHeader header;
  std::vector<std::unique_ptr<mbw::ui::Run>> runs;
  QStringList warnings;
  QString error;
  mbw::ui::readSession(device, "fuzz.mbws", header, runs, &warnings, &error);
  return 0;
}
