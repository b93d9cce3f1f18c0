#include "scripted_session.h"

#include <QMessageBox>
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
#include "session_actions.h"
#include "settings_behaviour.h"
#include "signal_browser.h"
#include "plot_cursors.h"
#include "video_export_action.h"
#include "view_actions.h"
#include <QAction>
#include <QDockWidget>

namespace mbw::gui {
namespace {

// the scene shown when none is given or remembered
constexpr const char* kDefaultScene = "double-pendulum";
// time given to the 3D view and the queued plot replots before the screenshot
constexpr int kSettleMs = 600;

}  // namespace

// --- the start: session, scene, settings ---------------------------------------------------------

ScriptedSession::ScriptedSession(MainWindow& window, CommandLine commandLine,
                                 QElapsedTimer sinceStart)
    : QObject(&window), window_(window), cl_(std::move(commandLine)), sinceStart_(sinceStart) {}

// the time from the program's start to the first frame the 3D view rendered, checked each
// millisecond until it comes
void ScriptedSession::watchFirstFrame() {
  if (!sinceStart_.isValid()) return;
  firstFrameProbe_.setInterval(1);
  connect(&firstFrameProbe_, &QTimer::timeout, this, [this] {
    // no frame yet: look again in a millisecond
    if (window_.sceneView().renderCount() == 0) return;
    // the first frame's time, measured once
    firstFrameMs_ = sinceStart_.elapsed();
    firstFrameProbe_.stop();
  });
  firstFrameProbe_.start();
}

void ScriptedSession::start() {
  watchFirstFrame();
  QString error;
  // a session given, or (interactive) the last one with its runs; its scene unless one is given
  bool sceneOpen = false;
  if (!cl_.session.isEmpty()) {
    if (!window_.sessions().openSession(cl_.session, &error, !cl_.scripted()) &&
        window_.runs().runs().empty()) {
      // refused: a window says why and goes on with a scene
      fail(2, error);
      if (!cl_.scripted()) openScene();
      return;
    }
    // runs left out (their scene no longer loads)
    if (!error.isEmpty()) std::fprintf(stderr, "mbw: %s\n", qPrintable(error));
    sceneOpen = cl_.scene.isEmpty();
  } else if (!cl_.scripted()) {
    // interactive: the session saved as it goes, the last one restored
    window_.sessions().setAutosave(true);
    sceneOpen = window_.sessions().restoreLast(!cl_.scene.isEmpty(), &error) && cl_.scene.isEmpty();
  }
  // a scene to open, else the window as the session left it
  if (!sceneOpen)
    openScene();
  else
    prepare();
}

void ScriptedSession::openScene() {
  // the scene asked for, else (interactive) the last one opened, else the default
  QString scene = cl_.scene;
  if (scene.isEmpty() && !cl_.scripted()) scene = ui::SettingsBehaviour::lastScene();
  if (scene.isEmpty()) scene = kDefaultScene;
  QString error;
  if (!window_.fileActions().openScene(scene, &error)) {
    // a scene asked for that is refused: a scripted run ends, a window says why (a remembered
    // scene that went away is not worth a word); either way the window shows the default scene,
    // not an empty one
    if (!cl_.scene.isEmpty()) fail(2, error);
    if (!cl_.scene.isEmpty() && cl_.scripted()) return;
    // the default scene in its place
    QString defaultError;
    if (!window_.fileActions().openScene(kDefaultScene, &defaultError)) {
      fail(2, defaultError);
      return;
    }
  }
  prepare();
}

void ScriptedSession::prepare() {
  // the window as the command line sets it up: plots, primitives, a dock, a search, a selection,
  // a tab
  if (!cl_.plots.isEmpty()) window_.plots().restoreLayout(cl_.plots);
  if (cl_.showPrimitives) window_.modelTree().setPrimitivesShown(true);
  if (!cl_.dock.isEmpty() || !cl_.signalFilter.isEmpty()) {
    // the docks' object names: sceneDock, runDock, signalDock (--signals alone raises the last)
    const QString dock = cl_.dock.isEmpty() || cl_.dock == "signals" ? QString("signal") : cl_.dock;
    if (auto* d = window_.findChild<QDockWidget*>(dock + "Dock")) {
      d->show();
      d->raise();
    }
  }
  // the signal search, the selection and the tab
  if (!cl_.signalFilter.isEmpty()) window_.signalBrowser().setFilter(cl_.signalFilter);
  if (!cl_.select.isEmpty()) window_.modelTree().selectPointer(cl_.select);
  if (!cl_.tab.isEmpty()) window_.showBottomTab(cl_.tab == "comparison" ? 1 : 0);
  // the run settings given: formulation, end time, a single integrator and step
  if (!cl_.formulation.isEmpty() && !window_.runConfig().setFormulation(cl_.formulation)) {
    fail(2, tr("unknown formulation '%1'").arg(cl_.formulation));
    return;
  }
  if (cl_.tEnd) window_.runConfig().setTEnd(*cl_.tEnd);
  if (cl_.integrators.size() == 1 && !window_.runConfig().setIntegrator(cl_.integrators.front())) {
    fail(2, tr("integrator '%1' is unknown or does not work with this formulation")
                .arg(cl_.integrators.front()));
    return;
  }
  // a single step here; several are set run by run (configureAndQueue)
  if (cl_.steps.size() == 1) window_.runConfig().setStep(cl_.steps.front());

  // runs to make: started once the window has settled, reported when all are done
  if (cl_.run) {
    // a pause at --pause-at, and the end of the runs, reported
    connect(&window_.controller(), &ui::RunController::pausedChanged, this,
            &ScriptedSession::onPaused);
    connect(&window_.controller(), &ui::RunController::idle, this, &ScriptedSession::onIdle);
    // after the window's first frames (shader compilation), so that they do not count as the run's
    QTimer::singleShot(kSettleMs, this, &ScriptedSession::configureAndQueue);
  } else if (cl_.scripted()) {
    // nothing to run: what comes after the runs, once the window has settled
    QTimer::singleShot(kSettleMs, this, [this] { afterRuns(); });
  }
}

// --- the runs ------------------------------------------------------------------------------------

// one run per integrator and step, in that order; the last one pauses at --pause-at
bool ScriptedSession::configureAndQueue() {
  // the integrators and steps given, else the panel's own
  ui::RunConfigPanel& config = window_.runConfig();
  const QStringList integrators =
      cl_.integrators.isEmpty() ? QStringList{config.integrator()} : cl_.integrators;
  const QList<double> steps =
      cl_.steps.isEmpty() ? QList<double>{config.settings().integratorSettings.step} : cl_.steps;
  // the last run queued pauses at --pause-at
  int left = static_cast<int>(integrators.size() * steps.size());
  for (const QString& integrator : integrators) {
    for (double step : steps) {
      // each one set in the panel and started, unless the scene or the settings block the run
      if (!config.setIntegrator(integrator)) {
        fail(2, tr("integrator '%1' is unknown or does not work with this formulation")
                    .arg(integrator));
        return false;
      }
      config.setStep(step);
      // the reasons a run cannot start, with the scene's issues listed
      const QString why = window_.runActions().blocker();
      if (!why.isEmpty()) {
        QStringList issues;
        for (const SceneIssue& i : window_.document().issues())
          issues << QString::fromStdString(i.path + ": " + i.message);
        fail(2, why + (issues.isEmpty() ? QString() : "\n" + issues.join("\n")));
        return false;
      }
      // the last run queued carries the pause time
      window_.runActions().startRun(--left == 0 ? cl_.pauseAt : std::nullopt);
    }
  }
  return true;
}

// the last run paused itself at --pause-at: the picture, once the window has drawn it
void ScriptedSession::onPaused(bool paused) {
  // once, for the run that paused at --pause-at
  if (!paused || !cl_.pauseAt || pausedForScreenshot_) return;
  pausedForScreenshot_ = true;
  QTimer::singleShot(kSettleMs, this, [this] {
    if (cl_.scripted()) finish();
  });
}

// one line per run on stdout: settings, status, counts, CPU and wall time; a failed run makes
// the exit code 3
void ScriptedSession::onIdle() {
  ui::RunLibrary& runs = window_.runs();
  for (const auto& run : runs.runs()) {
    const ui::RunSummary s = ui::summarize(*run);
    std::printf(
        "run #%d %s %s %s %s: %s; %ld steps, %ld rejected, %ld Newton iterations, CPU %.3g s, wall "
        "%.3g s\n",
        run->id, qPrintable(run->sceneName()), run->settings.formulation.c_str(),
        run->settings.integrator.c_str(), qPrintable(run->settingsText()),
        qPrintable(ui::statusText(*run)), s.steps, s.rejected, s.newtonIterations, s.cpuSeconds,
        s.wallSeconds);
    // what a growing energy balance means, indented under its run
    if (const QString note = ui::energyNote(*run, s); !note.isEmpty())
      std::printf("  %s\n", qPrintable(note));
    if (run->results.status == RunStatus::Failed) exitCode_ = 3;
  }
  std::fflush(stdout);
  // a paused run's picture is taken by onPaused
  if (pausedForScreenshot_) return;
  // several runs: the first completed one is the reference of the comparison
  const std::vector<const ui::Run*> scope = runs.scopeRuns();
  if (scope.size() > 1)
    for (const ui::Run* run : scope)
      if (run->results.status == RunStatus::Completed) {
        runs.setReference(run->id);
        break;
      }
  // playback of the last run at the time asked for, the run before it as the ghost
  if (cl_.playback && !scope.empty()) {
    runs.setCurrent(scope.back()->id);
    if (scope.size() > 1) window_.playbackBar().setGhostId(scope[scope.size() - 2]->id);
    window_.playback().setTime(*cl_.playback);
  }
  if (cl_.scripted()) QTimer::singleShot(kSettleMs, this, [this] { afterRuns(); });
}

// --- after the runs: files, the screenshot, failures ---------------------------------------------

// what the command line asks for once the runs are done: view, trace, cursors, then the files
void ScriptedSession::afterRuns() {
  // the camera's standard view asked for
  if (!cl_.view.isEmpty()) {
    ui::ViewActions& v = window_.viewActions();
    // front, side or top; iso is the reset view
    QAction* a = cl_.view == "front"  ? v.front()
                 : cl_.view == "side" ? v.side()
                 : cl_.view == "top"  ? v.top()
                                      : v.reset();
    a->trigger();
  }
  // the traced point, when one is asked for
  if (!cl_.trace.isEmpty() && !window_.playbackBar().setTracePoint(cl_.trace)) {
    fail(2, tr("no point '%1' to trace (a body name, or body.point)").arg(cl_.trace));
    return;
  }
  // a session opened without runs to make: its current run at the time asked for
  if (cl_.playback && !cl_.run) window_.playback().setTime(*cl_.playback);
  // the cursors: A at the first time (by moving playback), B at the second
  if (!cl_.cursors.isEmpty()) {
    ui::PlotCursors& c = window_.plots().cursors();
    // the cursors shown
    c.setActive(true);
    // cursor A follows the playback time
    window_.playback().setTime(cl_.cursors.front());
    if (cl_.cursors.size() > 1) c.setB(cl_.cursors[1]);
  }
  QString error;
  // the session file, with the time it took to write
  if (!cl_.saveSession.isEmpty()) {
    QElapsedTimer writing;
    writing.start();
    if (!window_.sessions().saveSession(cl_.saveSession, &error)) {
      fail(2, error);
      return;
    }
    std::printf("session %s (%zu runs, written in %.3f s)\n", qPrintable(cl_.saveSession),
                window_.runs().runs().size(), writing.nsecsElapsed() * 1e-9);
  }
  // the video, with the settings given on the command line
  if (!cl_.video.isEmpty()) {
    // the speed of playback unless one is given, the span only when given
    ui::VideoSettings video;
    video.path = cl_.video;
    video.fps = cl_.fps;
    video.speed = cl_.videoSpeed.value_or(window_.playback().speed());
    ui::parseVideoSize(cl_.videoSize, &video.size);
    if (cl_.videoSpan.size() == 2) {
      video.from = cl_.videoSpan[0];
      video.to = cl_.videoSpan[1];
    }
    video.plots = cl_.videoPlots;
    // the export, then its count of frames
    const int frames = window_.videoExport().exportVideo(video, &error);
    if (frames < 0) {
      fail(2, error);
      return;
    }
    std::printf("video %s (%d frames at %g frames/s)\n", qPrintable(cl_.video), frames, cl_.fps);
    // the picture shows the export's settings dialog over the window, as the menu opens it
    if (!cl_.screenshot.isEmpty()) {
      ui::VideoSettingsDialog* dialog = window_.videoExport().settingsDialog(video);
      dialog->setAttribute(Qt::WA_DeleteOnClose);
      dialog->show();
    }
  }
  // without a screenshot: done now
  std::fflush(stdout);
  if (cl_.screenshot.isEmpty()) {
    // the runs still queued stop, so that the program can quit
    window_.controller().cancelAll();
    emit finished(exitCode_);
    return;
  }
  QTimer::singleShot(kSettleMs, this, &ScriptedSession::finish);
}

void ScriptedSession::finish() {
  // the frames drawn, then the window's picture and what was measured along the way
  if (finishing_) return;
  finishing_ = true;
  window_.frameScheduler().flush();
  QString error;
  if (!ui::saveWidgetImage(window_, cl_.screenshot, &error)) {
    fail(2, error);
    return;
  }
  // the picture's size, the first frame's time and the GUI's responsiveness, when measured
  std::printf("screenshot %s (%dx%d)\n", qPrintable(cl_.screenshot), window_.width(),
              window_.height());
  if (firstFrameMs_ >= 0)
    std::printf("first 3D frame %lld ms after the program started\n", firstFrameMs_);
  if (window_.monitor().report().seconds > 0.0)
    std::printf("%s\n", qPrintable(window_.monitor().reportText()));
  std::fflush(stdout);
  // the runs stop so that the program can quit
  window_.controller().cancelAll();
  window_.controller().setPaused(false);
  emit finished(exitCode_);
}

void ScriptedSession::fail(int exitCode, const QString& message) {
  // said on stderr; a scripted session ends with the exit code
  std::fprintf(stderr, "mbw: %s\n", qPrintable(message));
  if (cl_.scripted()) {
    emit finished(exitCode);
    return;
  }
  // a window's user may have no terminal: a message box says it too (open(): the start goes on)
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Multibody Workbench"), message,
                              QMessageBox::Ok, &window_);
  box->setObjectName("startupError");
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace mbw::gui
