#pragma once
// The workbench's icons, from the Qt resource file resources/mbw.qrc (registered on first use).
// SVG: Qt draws them through its svg icon engine (Debian package libqt6svg6).

#include <QIcon>
#include <QString>

namespace mbw::resources {

// the application icon (resources/icons/multibody-workbench.svg, also installed in the hicolor
// theme)
QIcon applicationIcon();
// resources/icons/actions/NAME.svg, e.g. "run"; a null icon for a name that has none
QIcon actionIcon(const QString& name);
// the icon of a built-in scene (resources/icons/scenes/NAME.svg), or the generic scene icon
QIcon sceneIcon(const QString& sceneName);

}  // namespace mbw::resources
