#include "scene_file_actions.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>

#include "scene/builtin_scenes.h"
#include "scene_document.h"
#include "new_scene_dialog.h"
#include "scene_library_dialog.h"
#include "last_folder.h"
#include "workbench_icons.h"

namespace mbw::ui {
namespace {

// the length of the recent files' list, and where it is kept
constexpr int kRecentCount = 8;
const char* kRecentKey = "files/recent";

}  // namespace

// the file actions and their keys
SceneFileActions::SceneFileActions(SceneDocument& doc, QWidget& window)
    : QObject(&window), doc_(doc), window_(window) {
  // a new scene, empty or from a template, once the current one is saved or discarded
  new_ = new QAction(tr("&New scene..."), this);
  new_->setObjectName("newScene");
  new_->setShortcut(QKeySequence::New);
  new_->setToolTip(
      tr("Start a scene: empty (the ground and gravity) or from a template with its parameters "
         "(Ctrl+N)"));
  connect(new_, &QAction::triggered, this, [this] {
    // the dialog's scene opened as a new, unsaved one
    if (!maybeSave()) return;
    NewSceneDialog dialog(&window_);
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (!doc_.openNew(dialog.sceneText(), &error))
      QMessageBox::warning(&window_, tr("New scene"), error);
  });
  // the library of built-in scenes (or a file from there)
  library_ = new QAction(resources::actionIcon("scene-library"), tr("Scene &library..."), this);
  library_->setShortcut(QKeySequence(tr("Ctrl+L")));
  library_->setToolTip(tr("Open one of the built-in scenes (Ctrl+L)"));
  connect(library_, &QAction::triggered, this, [this] {
    SceneLibraryDialog dialog(&window_);
    if (dialog.exec() != QDialog::Accepted) return;
    // the dialog's "Open file" button hands over to Open
    if (dialog.openFileRequested())
      open_->trigger();
    else if (!dialog.chosenScene().isEmpty())
      openScene(dialog.chosenScene());
  });
  // a scene file, from the folder used last
  open_ = new QAction(tr("&Open scene file..."), this);
  open_->setShortcut(QKeySequence::Open);
  connect(open_, &QAction::triggered, this, [this] {
    const QString dir = lastFolder("files/directory");
    const QString path = QFileDialog::getOpenFileName(&window_, tr("Open scene"), dir,
                                                      tr("Scenes (*.json);;All files (*)"));
    if (!path.isEmpty()) openScene(path);
  });
  // the recent files' menu, filled from the settings at the end
  recent_ = new QMenu(tr("Open &recent"), &window_);
  // Save: as the file it is, or Save as for a scene without one
  save_ = new QAction(resources::actionIcon("save"), tr("&Save scene"), this);
  save_->setShortcut(QKeySequence::Save);
  connect(save_, &QAction::triggered, this, [this] {
    if (doc_.filePath().isEmpty())
      saveAs_->trigger();
    else
      saveTo(doc_.filePath());
  });
  saveAs_ = new QAction(tr("Save scene &as..."), this);
  // the platform's key for Save as, and Ctrl+Shift+S where it has none (X11 without a desktop
  // environment)
  const QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
  saveAs_->setShortcuts(saveAsKeys.isEmpty() ? QList<QKeySequence>{QKeySequence(tr("Ctrl+Shift+S"))}
                                             : saveAsKeys);
  // Save as: proposed under the scene's name in the folder used last
  connect(saveAs_, &QAction::triggered, this, [this] {
    const QString dir = lastFolder("files/directory");
    const QString proposal = QDir(dir).filePath(doc_.displayName().remove(".json") + ".json");
    const QString path =
        QFileDialog::getSaveFileName(&window_, tr("Save scene"), proposal, tr("Scenes (*.json)"));
    if (!path.isEmpty()) saveTo(path);
  });
  // the recent files of earlier sessions
  fillRecent();
}

// a built-in scene by its name, else a file by its path; a refusal said in a box or returned
bool SceneFileActions::openScene(const QString& nameOrPath, QString* error) {
  if (!maybeSave()) return false;
  QString message;
  // a built-in scene when the name is one, else a file
  const bool builtin = findBuiltinScene(nameOrPath.toStdString()) != nullptr;
  const bool ok =
      builtin ? doc_.openBuiltin(nameOrPath, &message) : doc_.openFile(nameOrPath, &message);
  if (!ok) {
    if (error)
      *error = message;
    else
      QMessageBox::warning(&window_, tr("Open scene"), message);
    return false;
  }
  // a file, not a built-in scene, enters the recent list
  if (!builtin) remember(doc_.filePath());
  return true;
}

bool SceneFileActions::maybeSave(bool* discarded) {
  // unsaved changes: saved, discarded or the open cancelled
  if (discarded) *discarded = false;
  if (!doc_.isModified()) return true;
  const auto answer = QMessageBox::question(
      &window_, tr("Unsaved changes"),
      tr("The scene '%1' has unsaved changes. Save them?").arg(doc_.displayName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Cancel) return false;
  // Save saves and goes on only when the save went through
  if (answer == QMessageBox::Save) {
    save_->trigger();
    return !doc_.isModified();
  }
  // discarded: the caller goes on without saving
  if (discarded) *discarded = true;
  return true;
}

bool SceneFileActions::saveTo(const QString& path) {
  // a failure says why; a success enters the recent files
  QString error;
  if (!doc_.saveFile(path, &error)) {
    QMessageBox::warning(&window_, tr("Save scene"), error);
    return false;
  }
  remember(doc_.filePath());
  return true;
}

void SceneFileActions::remember(const QString& path) {
  // the path first in the recent list, which keeps eight; its folder remembered
  QSettings settings;
  QStringList recent = settings.value(kRecentKey).toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > kRecentCount) recent.removeLast();
  settings.setValue(kRecentKey, recent);
  rememberFolder("files/directory", QFileInfo(path).absolutePath());
  fillRecent();
}

void SceneFileActions::fillRecent() {
  // the recent menu: file names, their paths in the tooltips
  recent_->clear();
  const QStringList recent = QSettings().value(kRecentKey).toStringList();
  // each entry opens its file, after the same question about unsaved changes
  for (const QString& path : recent)
    recent_->addAction(QFileInfo(path).fileName(), this, [this, path] { openScene(path); })
        ->setToolTip(path);
  recent_->setToolTipsVisible(true);
  recent_->setEnabled(!recent.isEmpty());
}

}  // namespace mbw::ui
