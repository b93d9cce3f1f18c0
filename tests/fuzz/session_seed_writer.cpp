// Writes a valid session (.mbws) to the path given: the session fuzzer's seed, made by the build
// from the current format so that it never goes stale. The scene being edited is the double
// pendulum; two short runs of it (HHT at a fixed step with multipliers recorded, and
// Rosenbrock-Nystrom at a variable step) carry every part of a run block. The file is read back:
// a seed the reader refuses or reads with warnings fails the build.

#include <QColor>
#include <QString>
#include <QStringList>
#include <cstdio>
#include <memory>
#include <vector>

#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "session_file.h"
#include "simulation/simulation.h"

using namespace mbw;
using namespace mbw::ui;

namespace {

// A run of the double pendulum over 0.02 s with this integrator and these settings
std::unique_ptr<Run> shortRun(int id, const std::string& integrator,
                              const IntegratorSettings& settings) {
  auto run = std::make_unique<Run>();
  run->id = id;
  run->sceneKey = "builtin:double-pendulum";
  run->sceneText = findBuiltinScene("double-pendulum")->text;
  run->model = std::make_shared<const Model>(parseScene(run->sceneText, "double-pendulum"));
  run->settings.integrator = integrator;
  run->settings.integratorSettings = settings;
  run->settings.tEnd = 0.02;
  run->settings.recordMultipliers = true;
  run->results = Simulation(*run->model, run->settings).run();
  run->color = QColor(200, 80, 40);
  run->wallSeconds = 0.01;
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: session_seed_writer FILE.mbws\n");
    return 2;
  }
  // HHT at a fixed 5 ms step, and rn4 at rtol 1e-3 / atol 1e-4 with variable steps
  IntegratorSettings fixed;
  fixed.step = 5e-3;
  IntegratorSettings variable;
  variable.variableStep = true;
  variable.rtol = 1e-3;
  variable.atol = 1e-4;
  const std::unique_ptr<Run> hht = shortRun(1, "hht", fixed),
                             rn4 = shortRun(2, "rosenbrock-nystrom4", variable);

  // the session's header: the scene, the reference and current runs, a plot layout
  SessionHeader header;
  header.sceneBuiltin = "double-pendulum";
  header.sceneText = hht->sceneText;
  header.referenceId = 1;
  header.currentId = 2;
  header.layout["plots/layout"] = QStringList{"step", "energy"};
  QString error;
  if (!writeSession(QString::fromLocal8Bit(argv[1]), header, {hht.get(), rn4.get()}, &error)) {
    std::fprintf(stderr, "session_seed_writer: %s\n", qPrintable(error));
    return 1;
  }

  // Read it back: both runs, no warning
  SessionHeader back;
  std::vector<std::unique_ptr<Run>> runs;
  QStringList warnings;
  if (!readSession(QString::fromLocal8Bit(argv[1]), back, runs, &warnings, &error) ||
      runs.size() != 2 || !warnings.isEmpty()) {
    std::fprintf(stderr,
                 "session_seed_writer: the session written does not read back whole: %s %s\n",
                 qPrintable(error), qPrintable(warnings.join("; ")));
    return 1;
  }
  return 0;
}
