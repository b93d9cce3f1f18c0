#include "command_line.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <cstdio>
#include <utility>

namespace mbw::gui {
namespace {

// numbers separated by commas; false at the first that is not one
bool parseNumbers(const QString& text, QList<double>& out) {
  for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
    bool ok = false;
    const double x = part.trimmed().toDouble(&ok);
    if (!ok) return false;
    out << x;
  }
  return true;
}

}  // namespace

std::optional<CommandLine> parseCommandLine(const QStringList& arguments, int* exitCode) {
  // the description, help and version, the scene as the one positional argument
  QCommandLineParser p;
  p.setApplicationDescription(
      "Multibody Workbench: build a mechanism, run integrators on it, compare and play back runs.\n"
      "With --screenshot the window does what the options ask, saves the image and exits\n"
      "(exit status 0; 2 for bad input; 3 when a run failed).");
  p.addHelpOption();
  p.addVersionOption();
  p.addPositionalArgument("scene", "A built-in scene name or a scene file (JSON).", "[SCENE]");
  // what to run: formulation, integrators, steps, end time, run, pause
  const QCommandLineOption formulation("formulation", "Formulation (rp, ...).", "F");
  const QCommandLineOption integrator(
      "integrator", "Integrator; several (comma-separated) give one run each.", "I");
  const QCommandLineOption step("step",
                                "Time step, s; several (comma-separated) give one run each.", "H");
  const QCommandLineOption tEnd("t-end", "End time, s.", "T");
  const QCommandLineOption run("run",
                               "Run the scene (every integrator and step given) to the end.");
  const QCommandLineOption pauseAt(
      "pause-at", "Pause the last run when it reaches T, for the screenshot.", "T");
  // after the runs: playback at a time, the plots shown
  const QCommandLineOption playback(
      "playback", "After the runs, play back the last one at time T (the one before it ghosted).",
      "T");
  const QCommandLineOption plots("plots",
                                 "Plots, comma-separated: step, energy, violation, newton, "
                                 "error[:CHANNEL], channel:CHANNEL, difference:CHANNEL, xy:X|Y.",
                                 "LIST");
  // what to select and show, and the screenshot
  const QCommandLineOption select(
      "select", "Select a scene element, e.g. /bodies/1 (tree, properties, 3D view).", "POINTER");
  const QCommandLineOption tab("tab", "The tab shown under the 3D view: runs or comparison.",
                               "TAB");
  const QCommandLineOption screenshot(
      "screenshot", "Save the whole window as a PNG image, then exit.", "FILE.png");
  const QCommandLineOption size("size", "Window size for the screenshot (default 1600x1000).",
                                "WxH");
  // not --session: QApplication takes -session/--session for X11 session management
  const QCommandLineOption session(
      "open-session",
      "Open a saved session (scene, runs, plots); a SCENE ending in .mbws "
      "is opened as a session too.",
      "FILE");
  // the session saved after the runs, cursors, signal search, trace, view, primitives, dock
  const QCommandLineOption saveSession(
      "save-session", "After the runs, save the session to FILE, then exit.", "FILE");
  const QCommandLineOption cursors(
      "cursors", "After the runs, cursor A (the playback time) and optionally B, s.", "A[,B]");
  const QCommandLineOption signalFilter("signals", "Show the signal browser, searching for FILTER.",
                                        "FILTER");
  const QCommandLineOption trace(
      "trace", "Trace a point during playback: a body (its origin) or body.point.", "POINT");
  const QCommandLineOption view("view", "The 3D view's direction: iso, front, side or top.", "V");
  const QCommandLineOption primitives(
      "show-primitives", "Show the primitives each joint expands to in the model tree.");
  const QCommandLineOption dock("dock", "Raise a dock: scene, run or signals.", "NAME");
  // a video of the playback: file, frame rate, size, span, speed, plots
  const QCommandLineOption video(
      "video",
      "After the runs, export the playback of the last run (.mp4 with ffmpeg, or a "
      "directory of PNG frames), then exit.",
      "FILE");
  const QCommandLineOption fps("fps", "Frames per second of --video (default 30).", "N");
  const QCommandLineOption videoSize(
      "video-size", "Frame size of --video: view (the 3D view's, default), 720p or 1080p.", "SIZE");
  const QCommandLineOption videoSpan(
      "video-span", "The simulated time span of --video, s (default: the whole run).", "A,B");
  const QCommandLineOption videoSpeed(
      "video-speed", "Simulated seconds per second of --video (default: the playback's, 1).", "S");
  const QCommandLineOption videoPlots("video-plots", "--video with the plots beside the 3D view.");
  // every option known to the parser
  p.addOptions({formulation, integrator,   step,      tEnd,       run,        pauseAt, playback,
                plots,       select,       tab,       screenshot, size,       session, saveSession,
                cursors,     signalFilter, trace,     view,       primitives, dock,    video,
                fps,         videoSize,    videoSpan, videoSpeed, videoPlots});

  // bad input says why on stderr, exit status 2
  auto fail = [&](const QString& message) {
    std::fprintf(stderr, "mbw: %s\n", qPrintable(message));
    *exitCode = 2;
    return std::nullopt;
  };
  // a command line the parser refuses
  if (!p.parse(arguments)) return fail(p.errorText());
  // --help and --version answer and exit
  if (p.isSet("help")) {
    std::printf("%s", qPrintable(p.helpText()));
    *exitCode = 0;
    return std::nullopt;
  }
  if (p.isSet("version")) {
    std::printf("mbw %s\n", MBW_VERSION);
    *exitCode = 0;
    return std::nullopt;
  }
  // one scene at most
  if (p.positionalArguments().size() > 1) return fail("give at most one scene");

  // the scene and the run settings, several integrators and steps given by commas or repeats
  CommandLine c;
  if (!p.positionalArguments().isEmpty()) c.scene = p.positionalArguments().front();
  c.formulation = p.value(formulation);
  // comma lists and repeated options both add
  for (const QString& v : p.values(integrator)) c.integrators << v.split(',', Qt::SkipEmptyParts);
  for (const QString& v : p.values(step))
    if (!parseNumbers(v, c.steps)) return fail("--step takes numbers, got '" + v + "'");
  // a number option, when it is set
  auto number = [&](const QCommandLineOption& o, std::optional<double>& out) {
    if (!p.isSet(o)) return true;
    bool ok = false;
    out = p.value(o).toDouble(&ok);
    return ok;
  };
  if (!number(tEnd, c.tEnd)) return fail("--t-end takes a number");
  if (!number(pauseAt, c.pauseAt)) return fail("--pause-at takes a number");
  if (!number(playback, c.playback)) return fail("--playback takes a number");
  // a pause time implies a run
  c.run = p.isSet(run) || c.pauseAt.has_value();
  // the plots, the selection and the tab
  for (const QString& v : p.values(plots)) c.plots << v.split(',', Qt::SkipEmptyParts);
  c.select = p.value(select);
  c.tab = p.value(tab);
  if (!c.tab.isEmpty() && c.tab != "runs" && c.tab != "comparison")
    return fail("--tab takes runs or comparison");
  // the screenshot and the sessions (a scene ending in .mbws is a session)
  c.screenshot = p.value(screenshot);
  c.session = p.value(session);
  // a session given in the scene's place moves over
  if (c.session.isEmpty() && c.scene.endsWith(".mbws", Qt::CaseInsensitive))
    c.session = std::exchange(c.scene, QString());
  c.saveSession = p.value(saveSession);
  // cursors: one or two times
  if (p.isSet(cursors) && (!parseNumbers(p.value(cursors), c.cursors) || c.cursors.size() > 2))
    return fail("--cursors takes one or two times, e.g. 1.2,2.5");
  // the signal search, traced point, camera direction and dock, each checked against its choices
  c.signalFilter = p.value(signalFilter);
  c.trace = p.value(trace);
  c.view = p.value(view);
  if (!c.view.isEmpty() && !QStringList{"iso", "front", "side", "top"}.contains(c.view))
    return fail("--view takes iso, front, side or top");
  c.showPrimitives = p.isSet(primitives);
  c.dock = p.value(dock);
  if (!c.dock.isEmpty() && !QStringList{"scene", "run", "signals"}.contains(c.dock))
    return fail("--dock takes scene, run or signals");
  // the video's options, each checked
  c.video = p.value(video);
  // frames per second in (0, 240]
  if (p.isSet(fps)) {
    bool ok = false;
    c.fps = p.value(fps).toDouble(&ok);
    if (!ok || !(c.fps > 0.0) || c.fps > 240.0)
      return fail("--fps takes a number of frames per second in (0, 240]");
  }
  // the frame size: the view's own, 720p or 1080p
  if (p.isSet(videoSize)) {
    c.videoSize = p.value(videoSize);
    if (!QStringList{"view", "720p", "1080p"}.contains(c.videoSize))
      return fail("--video-size takes view, 720p or 1080p");
  }
  // the span: two increasing times; the speed: a positive factor
  if (p.isSet(videoSpan) && (!parseNumbers(p.value(videoSpan), c.videoSpan) ||
                             c.videoSpan.size() != 2 || !(c.videoSpan[1] > c.videoSpan[0])))
    return fail("--video-span takes two increasing times, e.g. 0.5,1.5");
  // the speed, when given, positive
  if (!number(videoSpeed, c.videoSpeed) || (c.videoSpeed && !(*c.videoSpeed > 0.0)))
    return fail("--video-speed takes a positive number");
  c.videoPlots = p.isSet(videoPlots);
  // the window's size as WxH
  if (p.isSet(size)) {
    const QRegularExpressionMatch m = QRegularExpression("^(\\d+)x(\\d+)$").match(p.value(size));
    if (!m.hasMatch()) return fail("--size takes WxH, e.g. 1600x1000");
    c.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
  }
  return c;
}

}  // namespace mbw::gui
