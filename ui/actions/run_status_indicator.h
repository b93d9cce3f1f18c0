#pragma once
// The status bar's run and scene indicators: a progress bar with the simulated time, the wall time
// and the real-time factor of the active run (plus runs waiting); when a run ends, its outcome (a
// failure with the engine's reason stays until the next run); and whether the scene is valid.

#include <QObject>
#include <QWidget>

class QLabel;
class QStatusBar;

namespace mbw::ui {

// A progress bar that repaints with the next frame (QProgressBar repaints at once on every value
// change, which in a window holding an OpenGL view means composing the whole window each time).
class ProgressStrip : public QWidget {
  Q_OBJECT

 public:
  explicit ProgressStrip(QWidget* parent = nullptr);
  void setProgress(double fraction, const QString& text);
  double fraction() const { return fraction_; }
  QString text() const { return text_; }
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  double fraction_ = 0.0;
  QString text_;
};

class RunController;
class RunLibrary;
class SceneDocument;

class RunStatusIndicator : public QObject {
  Q_OBJECT

 public:
  RunStatusIndicator(QStatusBar& bar, RunController& controller, RunLibrary& runs, SceneDocument& doc);

  ProgressStrip* progress() const { return progress_; }
  QString outcomeText() const;

 private:
  void onProgress(int id, double t, double tEnd, double wallSeconds);
  void onFinished(int id);
  void showScene();

  QStatusBar& bar_;
  RunController& controller_;
  RunLibrary& runs_;
  SceneDocument& doc_;
  ProgressStrip* progress_;
  QLabel* rate_;
  QLabel* outcome_;
  QLabel* scene_;
};

}  // namespace mbw::ui
