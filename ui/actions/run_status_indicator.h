#pragma once
// The status bar's run and scene indicators: a progress bar with the simulated time, the wall time
// and the real-time factor of the active run (plus runs waiting); when a run ends, its outcome (a
// failure with the engine's reason stays until the next run); and whether the scene is valid. While
// the status bar shows a hint (a tool's next step), the scene's check shrinks to its degrees of
// freedom and an ended run's rate steps aside, so that the hint has the bar's width (1280 px
// screens).

#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;

namespace mbw::ui {

class RunController;
class RunLibrary;
class SceneDocument;

class RunStatusIndicator : public QObject {
  Q_OBJECT

 public:
  RunStatusIndicator(QStatusBar& bar, RunController& controller, RunLibrary& runs,
                     SceneDocument& doc);

  QString outcomeText() const;

 private:
  void onProgress(int id, double t, double tEnd, double wallSeconds);
  void onFinished(int id);
  void showScene();

  QStatusBar& bar_;
  RunController& controller_;
  RunLibrary& runs_;
  SceneDocument& doc_;
  bool hinting_ = false;  // the bar shows a temporary message
  QProgressBar* progress_;
  QLabel* rate_;
  QLabel* outcome_;
  QLabel* scene_;
};

}  // namespace mbw::ui
