#pragma once
// Carries out the command line in the window: opens the scene, sets the run configuration, queues
// the runs, then (with --screenshot) waits for them, positions the playback, lets the 3D view and
// the plots draw, saves the window as a PNG image, prints a summary of each run and of the GUI
// thread's responsiveness, and ends with an exit status.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include "command_line.h"

namespace mbw::gui {

class MainWindow;

class ScriptedSession : public QObject {
  Q_OBJECT

 public:
  // sinceStart: started when the program did (to report the time to the first frame)
  ScriptedSession(MainWindow& window, CommandLine commandLine, QElapsedTimer sinceStart = {});

  // call once the window is shown
  void start();

 signals:
  // scripted mode only: the program should exit with this status
  void finished(int exitCode);

 private:
  void openScene();
  void prepare();
  void afterRuns();
  bool configureAndQueue();
  void onIdle();
  void onPaused(bool paused);
  void finish();
  // the message on stderr; a scripted session then ends with exitCode, an interactive one shows
  // it in a message box and goes on
  void fail(int exitCode, const QString& message);
  void watchFirstFrame();

  MainWindow& window_;
  CommandLine cl_;
  bool pausedForScreenshot_ = false;
  bool finishing_ = false;
  int exitCode_ = 0;
  QElapsedTimer sinceStart_;
  QTimer firstFrameProbe_;
  qint64 firstFrameMs_ = -1;  // program start to the 3D view's first frame
};

}  // namespace mbw::gui
