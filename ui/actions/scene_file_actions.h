#pragma once
// Opening and saving scenes: a new scene, empty or from a template (Ctrl+N), the scene library
// (Ctrl+L), any scene file (Ctrl+O), the recent files (remembered in the settings), save (Ctrl+S)
// and save as (Ctrl+Shift+S). Before the current scene is replaced, unsaved edits are offered for
// saving.

#include <QObject>
#include <QStringList>

class QAction;
class QMenu;
class QWidget;

namespace mbw::ui {

class SceneDocument;

class SceneFileActions : public QObject {
  Q_OBJECT

 public:
  SceneFileActions(SceneDocument& doc, QWidget& window);

  QAction* newScene() const { return new_; }
  QAction* library() const { return library_; }
  QAction* open() const { return open_; }
  QMenu* recentMenu() const { return recent_; }
  QAction* save() const { return save_; }
  QAction* saveAs() const { return saveAs_; }

  // open a built-in scene name or a file path; errors in a message box (or *error when given)
  bool openScene(const QString& nameOrPath, QString* error = nullptr);
  // false when the user cancelled (unsaved changes kept); *discarded: the user chose to drop them
  bool maybeSave(bool* discarded = nullptr);

 private:
  bool saveTo(const QString& path);
  void remember(const QString& path);
  void fillRecent();

  SceneDocument& doc_;
  QWidget& window_;
  QAction* new_;
  QAction* library_;
  QAction* open_;
  QMenu* recent_;
  QAction* save_;
  QAction* saveAs_;
};

}  // namespace mbw::ui
