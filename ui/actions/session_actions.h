#pragma once
// Sessions: File > Save session (Ctrl+Alt+S) writes the scene, every run with its results, the
// plots and the window layout to one file (session_file.h); Open session (Ctrl+Alt+O) brings all of
// it back. The workbench also saves the session when it exits (after its window has gone, so that
// closing is not held up by the write) and reopens it when it starts, so that runs survive a
// restart.

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace mbw::ui {

class RunController;
class RunLibrary;
class SceneDocument;
class SceneFileActions;
class SettingsBehaviour;

class SessionActions : public QObject {
  Q_OBJECT

 public:
  SessionActions(SceneDocument& doc, RunLibrary& runs, RunController& controller,
                 SceneFileActions& files, SettingsBehaviour& settings, QWidget& window);

  QAction* save() const { return save_; }
  QAction* open() const { return open_; }

  bool saveSession(const QString& path, QString* error) const;
  // replaces the scene and the runs, and brings back the plots, the view's toggles and (unless
  // withGeometry is false) the window's geometry, docks and splitters; refused while a run is going
  bool openSession(const QString& path, QString* error, bool withGeometry = true);
  // the session saved when the workbench last closed ("" when there is none)
  static QString autosavePath();
  // reopens the last session (its runs; its scene too unless keepScene); false when there is none
  bool restoreLast(bool keepScene, QString* error);
  // saving on the way out (off for scripted sessions and tests)
  void setAutosave(bool on) { autosave_ = on; }
  // the session to autosavePath(), when autosaving is on (the program calls it once its window
  // has closed)
  void saveLast() const;

 signals:
  // a session was opened: its file and how many runs came back
  void opened(const QString& path, int runs);

 private:
  // how much of the session's layout comes back
  enum class Layout { None, WithoutGeometry, All };
  bool load(const QString& path, bool withScene, Layout layout, QString* error);

  SceneDocument& doc_;
  RunLibrary& runs_;
  RunController& controller_;
  SceneFileActions& files_;
  SettingsBehaviour& settings_;
  QWidget& window_;
  QAction* save_;
  QAction* open_;
  bool autosave_ = false;
};

}  // namespace mbw::ui
