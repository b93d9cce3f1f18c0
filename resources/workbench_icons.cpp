#include "workbench_icons.h"

#include <QFile>

// the resource file's registration (a static library's resources are not registered by themselves)
static void registerResources() { Q_INIT_RESOURCE(mbw); }

namespace mbw::resources {
namespace {

QIcon iconFile(const QString& path) {
  static const bool registered = (registerResources(), true);
  (void)registered;
  return QFile::exists(path) ? QIcon(path) : QIcon();
}

}  // namespace

QIcon applicationIcon() { return iconFile(":/icons/multibody-workbench.svg"); }

QIcon actionIcon(const QString& name) { return iconFile(":/icons/actions/" + name + ".svg"); }

QIcon sceneIcon(const QString& sceneName) {
  const QIcon own = iconFile(":/icons/scenes/" + sceneName + ".svg");
  return own.isNull() ? iconFile(":/icons/scenes/scene.svg") : own;
}

}  // namespace mbw::resources
