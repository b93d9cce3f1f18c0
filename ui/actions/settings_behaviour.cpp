#include "settings_behaviour.h"

#include <QAction>
#include <QEvent>
#include <QMainWindow>
#include <QSettings>
#include <QSplitter>

#include "plot_panel.h"
#include "scene_document.h"

namespace mbw::ui {

SettingsBehaviour::SettingsBehaviour(QMainWindow& window, PlotPanel& plots, SceneDocument& doc,
                                     QList<QSplitter*> splitters, QList<QAction*> toggles)
    : QObject(&window), window_(window), plots_(plots), doc_(doc), splitters_(std::move(splitters)),
      toggles_(std::move(toggles)) {
  window_.installEventFilter(this);
}

bool SettingsBehaviour::restore() {
  QSettings s;
  const bool saved = window_.restoreGeometry(s.value("window/geometry").toByteArray());
  window_.restoreState(s.value("window/state").toByteArray());
  for (QSplitter* splitter : splitters_) splitter->restoreState(s.value("splitters/" + splitter->objectName()).toByteArray());
  plots_.restoreLayout(s.value("plots/layout").toStringList());
  for (QAction* a : toggles_)
    if (s.contains("view/" + a->objectName())) a->setChecked(s.value("view/" + a->objectName()).toBool());
  return saved;
}

void SettingsBehaviour::save() const {
  QSettings s;
  s.setValue("window/geometry", window_.saveGeometry());
  s.setValue("window/state", window_.saveState());
  for (QSplitter* splitter : splitters_) s.setValue("splitters/" + splitter->objectName(), splitter->saveState());
  s.setValue("plots/layout", plots_.layoutState());
  for (QAction* a : toggles_) s.setValue("view/" + a->objectName(), a->isChecked());
  s.setValue("files/last", doc_.filePath().isEmpty() ? doc_.builtinName() : doc_.filePath());
}

QString SettingsBehaviour::lastScene() { return QSettings().value("files/last").toString(); }

bool SettingsBehaviour::eventFilter(QObject* watched, QEvent* event) {
  if (watched == &window_ && event->type() == QEvent::Close) save();
  return QObject::eventFilter(watched, event);
}

}  // namespace mbw::ui
