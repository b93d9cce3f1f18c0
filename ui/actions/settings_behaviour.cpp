#include "settings_behaviour.h"

#include <QAction>
#include <QEvent>
#include <QMainWindow>
#include <QSettings>
#include <QGuiApplication>
#include <QScreen>
#include <QSplitter>
#include <algorithm>

#include "plot_panel.h"
#include "scene_document.h"

namespace mbw::ui {

// --- the window's layout, saved and restored -----------------------------------------------------

// the layout is saved when the window closes
SettingsBehaviour::SettingsBehaviour(QMainWindow& window, PlotPanel& plots, SceneDocument& doc,
                                     QList<QSplitter*> splitters, QList<QAction*> toggles)
    : QObject(&window),
      window_(window),
      plots_(plots),
      doc_(doc),
      splitters_(std::move(splitters)),
      toggles_(std::move(toggles)) {
  // the window's close passes through eventFilter, which saves
  window_.installEventFilter(this);
}

// the window's geometry and docks, the splitters, the plots and the view's toggles, by key
QVariantMap SettingsBehaviour::layout() const {
  // the window's geometry and its docks' state as Qt saves them, each splitter by its name
  QVariantMap m;
  m["window/geometry"] = window_.saveGeometry();
  m["window/state"] = window_.saveState();
  for (QSplitter* splitter : splitters_)
    m["splitters/" + splitter->objectName()] = splitter->saveState();
  m["plots/layout"] = plots_.layoutState();
  for (QAction* a : toggles_) m["view/" + a->objectName()] = a->isChecked();
  return m;
}

// a layout put back: geometry, docks and splitters when asked, then the plots and the toggles;
// the window kept on its screen
bool SettingsBehaviour::applyLayout(const QVariantMap& m, bool geometry) {
  const bool saved = geometry && window_.restoreGeometry(m.value("window/geometry").toByteArray());
  // the docks and splitters along with the geometry
  if (geometry) {
    window_.restoreState(m.value("window/state").toByteArray());
    for (QSplitter* splitter : splitters_)
      splitter->restoreState(m.value("splitters/" + splitter->objectName()).toByteArray());
  }
  // the plots and the view's toggles in any case
  plots_.restoreLayout(m.value("plots/layout").toStringList());
  for (QAction* a : toggles_)
    if (m.contains("view/" + a->objectName()))
      a->setChecked(m.value("view/" + a->objectName()).toBool());
  if (saved) keepOnScreen(window_);
  return saved;
}

// the layout of the last start, from the settings
bool SettingsBehaviour::restore() {
  QSettings s;
  QVariantMap m;
  // every key of the settings, as a layout map
  for (const QString& key : s.allKeys()) m[key] = s.value(key);
  return applyLayout(m);
}

// the splitters again, once the window is shown with its docks in place
void SettingsBehaviour::restoreSplitters() {
  QSettings s;
  for (QSplitter* splitter : splitters_)
    if (s.contains("splitters/" + splitter->objectName()))
      splitter->restoreState(s.value("splitters/" + splitter->objectName()).toByteArray());
}

// at close: the layout, and the scene to open next time
void SettingsBehaviour::save() const {
  QSettings s;
  const QVariantMap m = layout();
  // each key of the layout stored as it is; the scene by its file, else its built-in name
  for (auto it = m.begin(); it != m.end(); ++it) s.setValue(it.key(), it.value());
  s.setValue("files/last", doc_.filePath().isEmpty() ? doc_.builtinName() : doc_.filePath());
}

// --- the window on the screen --------------------------------------------------------------------

// the window on the screen it is mostly on, no larger than it
void keepOnScreen(QWidget& window) {
  QScreen* screen = QGuiApplication::screenAt(window.frameGeometry().center());
  // the screen under the window's centre, else its own, else the primary
  if (!screen) screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
  // no screen, or a window maximized or full screen: left as it is
  if (!screen || window.isMaximized() || window.isFullScreen()) return;
  const QRect available = screen->availableGeometry();
  // no larger than the screen, and wholly on it
  const QSize frame = window.frameGeometry().size() - window.geometry().size();
  QSize size = window.size().boundedTo(available.size() - frame);
  window.resize(size);
  // then moved within the screen's room, its frame included
  QRect g = window.frameGeometry();
  g.moveLeft(std::clamp(g.left(), available.left(),
                        std::max(available.left(), available.right() - g.width() + 1)));
  g.moveTop(std::clamp(g.top(), available.top(),
                       std::max(available.top(), available.bottom() - g.height() + 1)));
  window.move(g.topLeft());
}

// the first window: the screen's room, at most 1600 by 1000
QSize firstWindowSize(const QSize& available) { return available.boundedTo(QSize(1600, 1000)); }

// at the top left of the primary screen, at the first size
void placeFirstWindow(QWidget& window) {
  QScreen* screen = QGuiApplication::primaryScreen();
  if (!screen) return;
  const QRect available = screen->availableGeometry();
  window.resize(firstWindowSize(available.size()));
  window.move(available.topLeft());
}

// --- the last scene and the close ----------------------------------------------------------------

QString SettingsBehaviour::lastScene() { return QSettings().value("files/last").toString(); }

bool SettingsBehaviour::eventFilter(QObject* watched, QEvent* event) {
  if (watched == &window_ && event->type() == QEvent::Close) save();
  return QObject::eventFilter(watched, event);
}

}  // namespace mbw::ui
