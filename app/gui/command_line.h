#pragma once
// The workbench's command line: mbw [SCENE] [--formulation F] [--integrator I[,I...]]
// [--step H[,H...]] [--t-end T] [--run] [--pause-at T] [--playback T] [--plots LIST]
// [--select POINTER] [--tab runs|comparison] [--screenshot FILE.png] [--size WxH]. With --screenshot the window does its work, saves the
// image and exits (for documentation pictures, tests and packaging checks).

#include <QSize>
#include <QStringList>
#include <optional>

namespace mbw::gui {

struct CommandLine {
  QString scene;                 // built-in name or file ("" = the last session's or a default)
  QString formulation;
  QStringList integrators;       // one run per integrator and step
  QList<double> steps;
  std::optional<double> tEnd;
  bool run = false;
  std::optional<double> pauseAt;   // pause the last run there, take the screenshot, stop
  std::optional<double> playback;  // after the runs: play back the last one at this time, the one before ghosted
  QStringList plots;             // plot quantities ("step", "error:body_1.y", ...)
  QString select;                // a scene element to select (JSON pointer, "/bodies/1")
  QString tab;                   // the tab under the 3D view: "runs" or "comparison"
  QString screenshot;
  QSize size{1600, 1000};

  bool scripted() const { return !screenshot.isEmpty(); }
};

// Parses the arguments (argv[0] first). Prints help or version and returns nullopt with *exitCode
// set when the program should stop (0 for --help, 2 for bad arguments).
std::optional<CommandLine> parseCommandLine(const QStringList& arguments, int* exitCode);

}  // namespace mbw::gui
