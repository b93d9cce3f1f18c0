#include "command_line.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <cstdio>

namespace mbw::gui {
namespace {

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
  QCommandLineParser p;
  p.setApplicationDescription(
      "Multibody Workbench: build a mechanism, run integrators on it, compare and play back runs.\n"
      "With --screenshot the window does what the options ask, saves the image and exits\n"
      "(exit status 0; 2 for bad input; 3 when a run failed).");
  p.addHelpOption();
  p.addVersionOption();
  p.addPositionalArgument("scene", "A built-in scene name or a scene file (JSON).", "[SCENE]");
  const QCommandLineOption formulation("formulation", "Formulation (rp, ...).", "F");
  const QCommandLineOption integrator("integrator", "Integrator; several (comma-separated) give one run each.", "I");
  const QCommandLineOption step("step", "Time step, s; several (comma-separated) give one run each.", "H");
  const QCommandLineOption tEnd("t-end", "End time, s.", "T");
  const QCommandLineOption run("run", "Run the scene (every integrator and step given) to the end.");
  const QCommandLineOption pauseAt("pause-at", "Pause the last run when it reaches T, for the screenshot.", "T");
  const QCommandLineOption playback("playback", "After the runs, play back the last one at time T (the one before it ghosted).", "T");
  const QCommandLineOption plots("plots", "Plots, comma-separated: step, energy, violation, newton, error[:CHANNEL], channel:CHANNEL.", "LIST");
  const QCommandLineOption select("select", "Select a scene element, e.g. /bodies/1 (tree, properties, 3D view).", "POINTER");
  const QCommandLineOption tab("tab", "The tab shown under the 3D view: runs or comparison.", "TAB");
  const QCommandLineOption screenshot("screenshot", "Save the whole window as a PNG image, then exit.", "FILE.png");
  const QCommandLineOption size("size", "Window size for the screenshot (default 1600x1000).", "WxH");
  p.addOptions({formulation, integrator, step, tEnd, run, pauseAt, playback, plots, select, tab, screenshot, size});

  auto fail = [&](const QString& message) {
    std::fprintf(stderr, "mbw: %s\n", qPrintable(message));
    *exitCode = 2;
    return std::nullopt;
  };
  if (!p.parse(arguments)) return fail(p.errorText());
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
  if (p.positionalArguments().size() > 1) return fail("give at most one scene");

  CommandLine c;
  if (!p.positionalArguments().isEmpty()) c.scene = p.positionalArguments().front();
  c.formulation = p.value(formulation);
  for (const QString& v : p.values(integrator)) c.integrators << v.split(',', Qt::SkipEmptyParts);
  for (const QString& v : p.values(step))
    if (!parseNumbers(v, c.steps)) return fail("--step takes numbers, got '" + v + "'");
  auto number = [&](const QCommandLineOption& o, std::optional<double>& out) {
    if (!p.isSet(o)) return true;
    bool ok = false;
    out = p.value(o).toDouble(&ok);
    return ok;
  };
  if (!number(tEnd, c.tEnd)) return fail("--t-end takes a number");
  if (!number(pauseAt, c.pauseAt)) return fail("--pause-at takes a number");
  if (!number(playback, c.playback)) return fail("--playback takes a number");
  c.run = p.isSet(run) || c.pauseAt.has_value();
  for (const QString& v : p.values(plots)) c.plots << v.split(',', Qt::SkipEmptyParts);
  c.select = p.value(select);
  c.tab = p.value(tab);
  if (!c.tab.isEmpty() && c.tab != "runs" && c.tab != "comparison") return fail("--tab takes runs or comparison");
  c.screenshot = p.value(screenshot);
  if (p.isSet(size)) {
    const QRegularExpressionMatch m = QRegularExpression("^(\\d+)x(\\d+)$").match(p.value(size));
    if (!m.hasMatch()) return fail("--size takes WxH, e.g. 1600x1000");
    c.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
  }
  return c;
}

}  // namespace mbw::gui
