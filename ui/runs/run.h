#pragma once
// One run of the workbench: what was run (model, settings) and what it produced so far. Owned by
// the RunLibrary and touched only on the GUI thread; while the run is live, its results grow as
// frames arrive from the worker.

#include <QColor>
#include <QString>
#include <memory>
#include <optional>
#include <string>

#include "simulation/simulation.h"

namespace mbw::ui {

// What a run is started from: the model and settings, and the scene it belongs to (its key, the
// document's identity: "builtin:NAME" or a file's absolute path, and its JSON text, so that a saved
// session can rebuild the model).
struct RunRequest {
  std::shared_ptr<const Model> model;
  RunSettings settings;
  QString sceneKey;
  std::string sceneText;
  // the worker pauses the run at its first recorded row at or after this time (a row of the output
  // grid at that time, or the first step past it)
  std::optional<double> pauseAt = std::nullopt;
};

struct Run {
  int id = 0;
  std::shared_ptr<const Model> model;
  RunSettings settings;
  QString sceneKey;          // the scene it belongs to (RunRequest::sceneKey)
  std::string sceneText;     // that scene's JSON when the run started
  Results results;           // status Running while live; rows decimated past the memory budget
  std::string dataPath;      // the CSV file of every row ("" when it could not be created)
  double wallSeconds = 0.0;  // pauses excluded
  QColor color;
  bool shown = true;    // overlaid on the plots (when it belongs to the open scene)
  bool paused = false;  // live and held by the user

  bool live() const { return results.status == RunStatus::Running; }
  QString sceneName() const { return QString::fromStdString(model->name); }
  // "h = 0.001 s" or "rtol 1e-4, atol 1e-6, h0 = 0.001 s", plus rho_inf when set
  QString settingsText() const;
  // "#3 backward-euler, h = 0.001 s"
  QString label() const;
  // "#3 rn4, rtol 1e-3, atol 1e-6": the integrator's short name and what sets its accuracy (the
  // plots' key, where room is short; label() says it all)
  QString shortLabel() const;
  // the last recorded time, s (0 before the first row)
  double lastTime() const;
};

}  // namespace mbw::ui
