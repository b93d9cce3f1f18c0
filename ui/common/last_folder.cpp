#include "last_folder.h"

#include <QDir>
#include <QSettings>

namespace mbw::ui {
namespace {

const char* kAnyFolder = "files/last-folder";

}  // namespace

QString lastFolder(const QString& key) {
  const QSettings s;
  return s.value(key, s.value(kAnyFolder, QDir::homePath())).toString();
}

void rememberFolder(const QString& key, const QString& folder) {
  QSettings s;
  s.setValue(key, folder);
  s.setValue(kAnyFolder, folder);
}

}  // namespace mbw::ui
