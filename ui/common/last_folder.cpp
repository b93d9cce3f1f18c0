#include "last_folder.h"

#include <QDir>
#include <QSettings>

namespace mbw::ui {
namespace {

// the folder of the last file of any kind, the default of every key
const char* kAnyFolder = "files/last-folder";

}  // namespace

// the folder last used for a kind of file, else for any file, else the home folder
QString lastFolder(const QString& key) {
  const QSettings s;
  return s.value(key, s.value(kAnyFolder, QDir::homePath())).toString();
}

// remembered for its kind and for any file
void rememberFolder(const QString& key, const QString& folder) {
  // the kind's own key and the shared one
  QSettings s;
  s.setValue(key, folder);
  s.setValue(kAnyFolder, folder);
}

}  // namespace mbw::ui
