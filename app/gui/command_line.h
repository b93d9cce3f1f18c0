#pragma once
// The workbench's command line: mbw [SCENE|SESSION.mbws] [--open-session FILE] [--formulation F]
// [--integrator I[,I...]] [--step H[,H...]] [--t-end T] [--run] [--pause-at T] [--playback T]
// [--cursors A[,B]] [--plots LIST] [--signals FILTER] [--trace POINT] [--view V] [--select POINTER]
// [--show-primitives] [--tab runs|comparison] [--dock NAME] [--save-session FILE] [--video FILE]
// [--fps N] [--screenshot FILE.png] [--size WxH]. With --screenshot (or --video, --save-session)
// the window does its work, saves what was asked and exits (for documentation pictures, tests and
// packaging checks).

#include <QSize>
#include <QStringList>
#include <optional>

namespace mbw::gui {

struct CommandLine {
  QString scene;  // built-in name or file ("" = the last session's or a default)
  QString formulation;
  QStringList integrators;  // one run per integrator and step
  QList<double> steps;
  std::optional<double> tEnd;
  bool run = false;
  std::optional<double> pauseAt;  // pause the last run there, take the screenshot, stop
  std::optional<double>
      playback;       // after the runs: play back the last one at this time, the one before ghosted
  QStringList plots;  // plot quantities ("step", "error:body_1.y", ...)
  QString select;     // a scene element to select (JSON pointer, "/bodies/1")
  QString tab;        // the tab under the 3D view: "runs" or "comparison"
  QString screenshot;
  QSize size{1600, 1000};
  QString session;              // a saved session to open first
  QString saveSession;          // after the runs: save the session there
  QList<double> cursors;        // after the runs: cursor A (the playback time) and B
  QString signalFilter;         // the signal browser shown, with this search
  QString trace;                // a point traced during playback ("body" or "body.point")
  QString view;                 // iso, front, side or top
  bool showPrimitives = false;  // the joints' primitives in the model tree
  QString dock;                 // the dock raised: scene, run, signals
  QString video;  // after the runs: the playback of the last run as a video (or PNG frames)
  double fps = 30.0;
  QString videoSize = "view";  // view, 720p or 1080p
  QList<double> videoSpan;     // the video's time span, s (empty: the whole run)
  std::optional<double>
      videoSpeed;           // simulated seconds per second of video (default: the playback's)
  bool videoPlots = false;  // the plots beside the 3D view

  bool scripted() const {
    return !screenshot.isEmpty() || !video.isEmpty() || !saveSession.isEmpty();
  }
};

// Parses the arguments (argv[0] first). Prints help or version and returns nullopt with *exitCode
// set when the program should stop (0 for --help, 2 for bad arguments).
std::optional<CommandLine> parseCommandLine(const QStringList& arguments, int* exitCode);

}  // namespace mbw::gui
