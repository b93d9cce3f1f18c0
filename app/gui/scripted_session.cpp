#include "scripted_session.h"

#include <QTimer>
#include <cstdio>

#include "export_actions.h"
#include "frame_scheduler.h"
#include "main_window.h"
#include "model_tree.h"
#include "playback_bar.h"
#include "playback_controller.h"
#include "plot_panel.h"
#include "responsiveness_monitor.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "run_summary.h"
#include "scene_document.h"
#include "scene_file_actions.h"
#include "scene_view.h"
#include "settings_behaviour.h"

namespace mbw::gui {
namespace {

constexpr const char* kDefaultScene = "double-pendulum";
// time given to the 3D view and the queued plot replots before the screenshot
constexpr int kSettleMs = 600;

}  // namespace

ScriptedSession::ScriptedSession(MainWindow& window, CommandLine commandLine, QElapsedTimer sinceStart)
    : QObject(&window), window_(window), cl_(std::move(commandLine)), sinceStart_(sinceStart) {}

void ScriptedSession::watchFirstFrame() {
  if (!sinceStart_.isValid()) return;
  firstFrameProbe_.setInterval(1);
  connect(&firstFrameProbe_, &QTimer::timeout, this, [this] {
    if (window_.sceneView().renderCount() == 0) return;
    firstFrameMs_ = sinceStart_.elapsed();
    firstFrameProbe_.stop();
  });
  firstFrameProbe_.start();
}

void ScriptedSession::start() {
  watchFirstFrame();
  QString scene = cl_.scene;
  if (scene.isEmpty() && !cl_.scripted()) scene = ui::SettingsBehaviour::lastScene();
  if (scene.isEmpty()) scene = kDefaultScene;
  QString error;
  if (!window_.fileActions().openScene(scene, &error)) {
    // a remembered scene that went away is not worth failing for
    if (cl_.scene.isEmpty() && window_.fileActions().openScene(kDefaultScene, &error)) {
    } else {
      fail(2, error);
      return;
    }
  }
  if (!cl_.plots.isEmpty()) window_.plots().restoreLayout(cl_.plots);
  if (!cl_.select.isEmpty()) window_.modelTree().selectPointer(cl_.select);
  if (!cl_.tab.isEmpty()) window_.showBottomTab(cl_.tab == "comparison" ? 1 : 0);
  if (!cl_.formulation.isEmpty() && !window_.runConfig().setFormulation(cl_.formulation)) {
    fail(2, tr("unknown formulation '%1'").arg(cl_.formulation));
    return;
  }
  if (cl_.tEnd) window_.runConfig().setTEnd(*cl_.tEnd);
  if (cl_.integrators.size() == 1 && !window_.runConfig().setIntegrator(cl_.integrators.front())) {
    fail(2, tr("integrator '%1' is unknown or does not work with this formulation").arg(cl_.integrators.front()));
    return;
  }
  if (cl_.steps.size() == 1) window_.runConfig().setStep(cl_.steps.front());

  if (cl_.run) {
    connect(&window_.controller(), &ui::RunController::progress, this,
            [this](int, double t) { onProgress(t); });
    connect(&window_.controller(), &ui::RunController::idle, this, &ScriptedSession::onIdle);
    // after the window's first frames (shader compilation), so that they do not count as the run's
    QTimer::singleShot(kSettleMs, this, &ScriptedSession::configureAndQueue);
  } else if (cl_.scripted()) {
    QTimer::singleShot(kSettleMs, this, &ScriptedSession::finish);
  }
}

// one run per integrator and step, in that order
bool ScriptedSession::configureAndQueue() {
  ui::RunConfigPanel& config = window_.runConfig();
  const QStringList integrators = cl_.integrators.isEmpty() ? QStringList{config.integrator()} : cl_.integrators;
  const QList<double> steps = cl_.steps.isEmpty() ? QList<double>{config.settings().integratorSettings.step} : cl_.steps;
  for (const QString& integrator : integrators) {
    for (double step : steps) {
      if (!config.setIntegrator(integrator)) {
        fail(2, tr("integrator '%1' is unknown or does not work with this formulation").arg(integrator));
        return false;
      }
      config.setStep(step);
      const QString why = window_.runActions().blocker();
      if (!why.isEmpty()) {
        QStringList issues;
        for (const SceneIssue& i : window_.document().issues()) issues << QString::fromStdString(i.path + ": " + i.message);
        fail(2, why + (issues.isEmpty() ? QString() : "\n" + issues.join("\n")));
        return false;
      }
      window_.runActions().startRun();
    }
  }
  return true;
}

void ScriptedSession::onProgress(double t) {
  if (!cl_.pauseAt || pausedForScreenshot_ || window_.controller().queuedCount() > 0 || t < *cl_.pauseAt) return;
  pausedForScreenshot_ = true;
  window_.controller().setPaused(true);
  QTimer::singleShot(kSettleMs, this, [this] {
    if (cl_.scripted()) finish();
  });
}

void ScriptedSession::onIdle() {
  ui::RunLibrary& runs = window_.runs();
  for (const auto& run : runs.runs()) {
    const ui::RunSummary s = ui::summarize(*run);
    std::printf("run #%d %s %s %s %s: %s; %ld steps, %ld rejected, %ld Newton iterations, CPU %.3g s, wall %.3g s\n",
                run->id, qPrintable(run->sceneName()), run->settings.formulation.c_str(),
                run->settings.integrator.c_str(), qPrintable(run->settingsText()), qPrintable(ui::statusText(*run)), s.steps, s.rejected,
                s.newtonIterations, s.cpuSeconds, s.wallSeconds);
    if (run->results.status == RunStatus::Failed) exitCode_ = 3;
  }
  std::fflush(stdout);
  if (pausedForScreenshot_) return;
  // several runs: the first is the reference of the comparison
  if (runs.runs().size() > 1) runs.setReference(runs.runs().front()->id);
  if (cl_.playback && !runs.runs().empty()) {
    runs.setCurrent(runs.runs().back()->id);
    if (runs.runs().size() > 1) window_.playbackBar().setGhostId(runs.runs()[runs.runs().size() - 2]->id);
    window_.playback().setTime(*cl_.playback);
  }
  if (cl_.scripted()) QTimer::singleShot(kSettleMs, this, &ScriptedSession::finish);
}

void ScriptedSession::finish() {
  if (finishing_) return;
  finishing_ = true;
  window_.frameScheduler().flush();
  QString error;
  if (!ui::saveWidgetImage(window_, cl_.screenshot, &error)) {
    fail(2, error);
    return;
  }
  std::printf("screenshot %s (%dx%d)\n", qPrintable(cl_.screenshot), window_.width(), window_.height());
  if (firstFrameMs_ >= 0) std::printf("first 3D frame %lld ms after the program started\n", firstFrameMs_);
  if (window_.runs().runs().size() > 0) std::printf("%s\n", qPrintable(window_.monitor().reportText()));
  std::fflush(stdout);
  window_.controller().cancelAll();
  window_.controller().setPaused(false);
  emit finished(exitCode_);
}

void ScriptedSession::fail(int exitCode, const QString& message) {
  std::fprintf(stderr, "mbw: %s\n", qPrintable(message));
  if (cl_.scripted()) emit finished(exitCode);
}

}  // namespace mbw::gui
