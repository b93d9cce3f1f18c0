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

// every option of the workbench's command line, in the order of its help
struct Options {
  // what to run: formulation, integrators, steps, end time, run, pause
  QCommandLineOption formulation{"formulation", "Formulation (rp, ...).", "F"};
  QCommandLineOption integrator{"integrator",
                                "Integrator; several (comma-separated) give one run each.", "I"};
  QCommandLineOption step{"step", "Time step, s; several (comma-separated) give one run each.",
                          "H"};
  QCommandLineOption tEnd{"t-end", "End time, s.", "T"};
  QCommandLineOption run{"run", "Run the scene (every integrator and step given) to the end."};
  QCommandLineOption pauseAt{"pause-at",
                             "Pause the last run when it reaches T, for the screenshot.", "T"};
  // after the runs: playback at a time, the plots shown
  QCommandLineOption playback{
      "playback", "After the runs, play back the last one at time T (the one before it ghosted).",
      "T"};
  QCommandLineOption plots{"plots",
                           "Plots, comma-separated: step, energy, violation, newton, "
                           "error[:CHANNEL], channel:CHANNEL, difference:CHANNEL, xy:X|Y.",
                           "LIST"};
  // what to select and show, and the screenshot
  QCommandLineOption select{
      "select", "Select a scene element, e.g. /bodies/1 (tree, properties, 3D view).", "POINTER"};
  QCommandLineOption tab{"tab", "The tab shown under the 3D view: runs or comparison.", "TAB"};
  QCommandLineOption screenshot{"screenshot", "Save the whole window as a PNG image, then exit.",
                                "FILE.png"};
  QCommandLineOption size{"size", "Window size for the screenshot (default 1600x1000).", "WxH"};
  // not --session: QApplication takes -session/--session for X11 session management
  QCommandLineOption session{"open-session",
                             "Open a saved session (scene, runs, plots); a SCENE ending in .mbws "
                             "is opened as a session too.",
                             "FILE"};
  // the session saved after the runs, cursors, signal search, trace, view, primitives, dock
  QCommandLineOption saveSession{"save-session",
                                 "After the runs, save the session to FILE, then exit.", "FILE"};
  QCommandLineOption cursors{
      "cursors", "After the runs, cursor A (the playback time) and optionally B, s.", "A[,B]"};
  QCommandLineOption signalFilter{"signals", "Show the signal browser, searching for FILTER.",
                                  "FILTER"};
  QCommandLineOption trace{
      "trace", "Trace a point during playback: a body (its origin) or body.point.", "POINT"};
  QCommandLineOption view{"view", "The 3D view's direction: iso, front, side or top.", "V"};
  QCommandLineOption primitives{"show-primitives",
                                "Show the primitives each joint expands to in the model tree."};
  QCommandLineOption dock{"dock", "Raise a dock: scene, run or signals.", "NAME"};
  // a video of the playback: file, frame rate, size, span, speed, plots
  QCommandLineOption video{
      "video",
      "After the runs, export the playback of the last run (.mp4 with ffmpeg, or a "
      "directory of PNG frames), then exit.",
      "FILE"};
  QCommandLineOption fps{"fps", "Frames per second of --video (default 30).", "N"};
  QCommandLineOption videoSize{
      "video-size", "Frame size of --video: view (the 3D view's, default), 720p or 1080p.", "SIZE"};
  QCommandLineOption videoSpan{
      "video-span", "The simulated time span of --video, s (default: the whole run).", "A,B"};
  QCommandLineOption videoSpeed{
      "video-speed", "Simulated seconds per second of --video (default: the playback's, 1).", "S"};
  QCommandLineOption videoPlots{"video-plots", "--video with the plots beside the 3D view."};
  // every option, for the parser
  QList<QCommandLineOption> all() const {
    return {formulation, integrator,   step,      tEnd,       run,        pauseAt, playback,
            plots,       select,       tab,       screenshot, size,       session, saveSession,
            cursors,     signalFilter, trace,     view,       primitives, dock,    video,
            fps,         videoSize,    videoSpan, videoSpeed, videoPlots};
  }
};

// a number option, when it is set; false when it is set to something else
bool readNumber(const QCommandLineParser& p, const QCommandLineOption& o,
                std::optional<double>& out) {
  if (!p.isSet(o)) return true;
  bool ok = false;
  out = p.value(o).toDouble(&ok);
  return ok;
}

// what to run: the scene, formulation, integrators and steps (comma lists and repeated options
// both add), end time, pause and playback; the refusal, "" when none
QString readRun(const QCommandLineParser& p, const Options& o, CommandLine& c) {
  if (!p.positionalArguments().isEmpty()) c.scene = p.positionalArguments().front();
  c.formulation = p.value(o.formulation);
  for (const QString& v : p.values(o.integrator)) c.integrators << v.split(',', Qt::SkipEmptyParts);
  for (const QString& v : p.values(o.step))
    if (!parseNumbers(v, c.steps)) return "--step takes numbers, got '" + v + "'";
  if (!readNumber(p, o.tEnd, c.tEnd)) return "--t-end takes a number";
  if (!readNumber(p, o.pauseAt, c.pauseAt)) return "--pause-at takes a number";
  if (!readNumber(p, o.playback, c.playback)) return "--playback takes a number";
  // a pause time implies a run
  c.run = p.isSet(o.run) || c.pauseAt.has_value();
  return {};
}

// what to show and keep: the plots, selection and tab, the screenshot and window size, the
// sessions, cursors, signal search, traced point, camera direction and dock, each checked
QString readView(const QCommandLineParser& p, const Options& o, CommandLine& c) {
  for (const QString& v : p.values(o.plots)) c.plots << v.split(',', Qt::SkipEmptyParts);
  c.select = p.value(o.select);
  c.tab = p.value(o.tab);
  if (!c.tab.isEmpty() && c.tab != "runs" && c.tab != "comparison")
    return "--tab takes runs or comparison";
  // the screenshot and the window's size as WxH
  c.screenshot = p.value(o.screenshot);
  if (p.isSet(o.size)) {
    const QRegularExpressionMatch m = QRegularExpression("^(\\d+)x(\\d+)$").match(p.value(o.size));
    if (!m.hasMatch()) return "--size takes WxH, e.g. 1600x1000";
    c.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
  }
  // the sessions (a scene ending in .mbws is a session: it moves over)
  c.session = p.value(o.session);
  if (c.session.isEmpty() && c.scene.endsWith(".mbws", Qt::CaseInsensitive))
    c.session = std::exchange(c.scene, QString());
  c.saveSession = p.value(o.saveSession);
  // cursors: one or two times
  if (p.isSet(o.cursors) && (!parseNumbers(p.value(o.cursors), c.cursors) || c.cursors.size() > 2))
    return "--cursors takes one or two times, e.g. 1.2,2.5";
  // the signal search, traced point, camera direction and dock, each against its choices
  c.signalFilter = p.value(o.signalFilter);
  c.trace = p.value(o.trace);
  c.view = p.value(o.view);
  if (!c.view.isEmpty() && !QStringList{"iso", "front", "side", "top"}.contains(c.view))
    return "--view takes iso, front, side or top";
  c.showPrimitives = p.isSet(o.primitives);
  c.dock = p.value(o.dock);
  if (!c.dock.isEmpty() && !QStringList{"scene", "run", "signals"}.contains(c.dock))
    return "--dock takes scene, run or signals";
  return {};
}

// the video of the playback: its file, frame rate in (0, 240], frame size, span (two increasing
// times), speed (positive) and plots
QString readVideo(const QCommandLineParser& p, const Options& o, CommandLine& c) {
  c.video = p.value(o.video);
  if (p.isSet(o.fps)) {
    bool ok = false;
    c.fps = p.value(o.fps).toDouble(&ok);
    if (!ok || !(c.fps > 0.0) || c.fps > 240.0)
      return "--fps takes a number of frames per second in (0, 240]";
  }
  // the frame size: the view's own, 720p or 1080p
  if (p.isSet(o.videoSize)) {
    c.videoSize = p.value(o.videoSize);
    if (!QStringList{"view", "720p", "1080p"}.contains(c.videoSize))
      return "--video-size takes view, 720p or 1080p";
  }
  if (p.isSet(o.videoSpan) && (!parseNumbers(p.value(o.videoSpan), c.videoSpan) ||
                               c.videoSpan.size() != 2 || !(c.videoSpan[1] > c.videoSpan[0])))
    return "--video-span takes two increasing times, e.g. 0.5,1.5";
  if (!readNumber(p, o.videoSpeed, c.videoSpeed) || (c.videoSpeed && !(*c.videoSpeed > 0.0)))
    return "--video-speed takes a positive number";
  c.videoPlots = p.isSet(o.videoPlots);
  return {};
}

}  // namespace

std::optional<CommandLine> parseCommandLine(const QStringList& arguments, int* exitCode) {
  // the description, help and version, the scene as the one positional argument, every option
  QCommandLineParser p;
  p.setApplicationDescription(
      "Multibody Workbench: build a mechanism, run integrators on it, compare and play back runs.\n"
      "With --screenshot the window does what the options ask, saves the image and exits\n"
      "(exit status 0; 2 for bad input; 3 when a run failed).");
  p.addHelpOption();
  p.addVersionOption();
  p.addPositionalArgument("scene", "A built-in scene name or a scene file (JSON).", "[SCENE]");
  const Options o;
  p.addOptions(o.all());

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

  // each group of options in turn; the first refusal ends the parse
  CommandLine c;
  for (const auto read : {readRun, readView, readVideo})
    if (const QString error = read(p, o, c); !error.isEmpty()) return fail(error);
  return c;
}

}  // namespace mbw::gui
