#include "session_actions.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

#include "last_folder.h"
#include "run_controller.h"
#include "run_library.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "session_file.h"
#include "settings_behaviour.h"

namespace mbw::ui {

// --- the actions ---------------------------------------------------------------------------------

SessionActions::SessionActions(SceneDocument& doc, RunLibrary& runs, RunController& controller,
                               SceneFileActions& files, SettingsBehaviour& settings,
                               QWidget& window)
    : QObject(&window),
      doc_(doc),
      runs_(runs),
      controller_(controller),
      files_(files),
      settings_(settings),
      window_(window) {
  // a session file asked for in the folder used last; the folder remembered
  auto ask = [this](bool saving) {
    const QString dir = lastFolder("files/sessions");
    const QString filter = tr("Workbench sessions (*.mbws)");
    const QString path =
        saving ? QFileDialog::getSaveFileName(&window_, tr("Save session"),
                                              QDir(dir).filePath("session.mbws"), filter)
               : QFileDialog::getOpenFileName(&window_, tr("Open session"), dir, filter);
    if (!path.isEmpty()) rememberFolder("files/sessions", QFileInfo(path).absolutePath());
    return path;
  };
  // save the scene, the runs and the layout in one file
  save_ = new QAction(tr("Save session..."), this);
  save_->setShortcut(QKeySequence(tr("Ctrl+Alt+S")));
  save_->setToolTip(tr(
      "The scene, every run with its results, the plots and the layout in one file (Ctrl+Alt+S)"));
  // saving says why when it fails
  connect(save_, &QAction::triggered, this, [this, ask] {
    const QString path = ask(true);
    QString error;
    if (!path.isEmpty() && !saveSession(path, &error))
      QMessageBox::warning(&window_, tr("Save session"), error);
  });
  // open one, replacing scene and runs once the scene's changes are saved or discarded
  open_ = new QAction(tr("Open session..."), this);
  open_->setShortcut(QKeySequence(tr("Ctrl+Alt+O")));
  open_->setToolTip(tr("Replace the scene and the runs with a saved session's (Ctrl+Alt+O)"));
  connect(open_, &QAction::triggered, this, [this, ask] {
    if (!files_.maybeSave()) return;
    const QString path = ask(false);
    QString error;
    if (!path.isEmpty() && !openSession(path, &error))
      QMessageBox::warning(&window_, tr("Open session"), error);
  });
}

// --- saving and opening --------------------------------------------------------------------------

// the session kept between starts of the workbench
QString SessionActions::autosavePath() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
      .filePath("last-session.mbws");
}

bool SessionActions::saveSession(const QString& path, QString* error) const {
  // the header: the scene as it is (saved or not), the reference and current runs, the layout
  SessionHeader h;
  h.scenePath = doc_.filePath();
  h.sceneBuiltin = doc_.builtinName();
  h.sceneText = doc_.json().dump(2);
  h.sceneModified = doc_.isModified();
  h.referenceId = runs_.referenceId();
  h.currentId = runs_.currentId();
  h.otherScenes = runs_.otherScenesShown();
  h.layout = settings_.layout();
  // then every run
  std::vector<const Run*> runs;
  for (const auto& r : runs_.runs()) runs.push_back(r.get());
  return writeSession(path, h, runs, error);
}

// a session opened by the user: scene, runs and the whole layout (or all but the window's
// geometry)
bool SessionActions::openSession(const QString& path, QString* error, bool withGeometry) {
  return load(path, true, withGeometry ? Layout::All : Layout::WithoutGeometry, error);
}

// the last session at start: its runs, its scene unless another is given, the layout as it is
bool SessionActions::restoreLast(bool keepScene, QString* error) {
  const QString path = autosavePath();
  // no session kept: nothing restored
  if (!QFileInfo::exists(path)) return false;
  return load(path, !keepScene, Layout::None, error);
}

bool SessionActions::load(const QString& path, bool withScene, Layout layout, QString* error) {
  // not while a run goes
  if (controller_.busy()) {
    if (error) *error = tr("A run is going: cancel it before opening a session.");
    return false;
  }
  // the file read whole before anything changes
  SessionHeader h;
  std::vector<std::unique_ptr<Run>> runs;
  QStringList warnings;
  if (!readSession(path, h, runs, &warnings, error)) return false;
  // the session's scene, when it brings one, as it was saved (modified or not)
  if (withScene && !doc_.restore(h.sceneText, h.scenePath, h.sceneBuiltin, h.sceneModified, error))
    return false;
  // the session's runs replace the ones there are
  // the old runs' numbers first: removing changes the list
  std::vector<int> old;
  for (const auto& r : runs_.runs()) old.push_back(r->id);
  for (int id : old) runs_.remove(id);
  for (auto& run : runs) runs_.restore(std::move(run));
  // the scope, the reference and the current run as saved (the latest in scope if that one is gone)
  runs_.setOtherScenesShown(h.otherScenes);
  runs_.setReference(runs_.find(h.referenceId) ? h.referenceId : -1);
  if (const Run* current = runs_.find(h.currentId); current && runs_.inScope(*current))
    runs_.setCurrent(current->id);
  else if (!runs_.scopeRuns().empty())
    runs_.setCurrent(runs_.scopeRuns().back()->id);
  // the layout, and the runs left out said in the error text
  if (layout != Layout::None) settings_.applyLayout(h.layout, layout == Layout::All);
  if (!warnings.isEmpty() && error) *error = warnings.join("\n");
  emit opened(path, static_cast<int>(runs_.runs().size()));
  return true;
}

// at quit, the session saved for the next start
void SessionActions::saveLast() const {
  // autosave off: nothing saved
  if (!autosave_) return;
  // the application's data folder made on first use
  QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
  saveSession(autosavePath(), nullptr);
}

}  // namespace mbw::ui
