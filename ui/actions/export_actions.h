#pragma once
// Export: the current run as CSV (the CLI's format, engine's writeCsv), PNG images of the 3D
// view, of the plots and of the whole window, and a screenshot action whose file dialog proposes
// a name built from the scene and the integrator.

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace mbw::ui {

class PlotPanel;
class RunLibrary;
class SceneView;

// Writes a widget as it is drawn, the 3D view included; a window with its open dialogs drawn over
// it where they stand, each under a strip with its title. False with *error when it cannot.
bool saveWidgetImage(QWidget& widget, const QString& path, QString* error);

class ExportActions : public QObject {
  Q_OBJECT

 public:
  ExportActions(RunLibrary& runs, SceneView& view, PlotPanel& plots, QWidget& window);

  QAction* csv() const { return csv_; }
  QAction* viewPng() const { return viewPng_; }
  QAction* plotsPng() const { return plotsPng_; }
  QAction* windowPng() const { return windowPng_; }
  QAction* screenshot() const { return screenshot_; }

  // "<scene>_<integrator>" of the current run ("<scene>" without one)
  QString defaultBaseName() const;
  // the current run as CSV; false with *error when it cannot be written
  bool exportCsv(const QString& path, QString* error) const;

 private:
  QString askPath(const QString& title, const QString& suffix, const QString& filter) const;
  void report(bool ok, const QString& path, const QString& error) const;

  RunLibrary& runs_;
  SceneView& view_;
  PlotPanel& plots_;
  QWidget& window_;
  QAction* csv_;
  QAction* viewPng_;
  QAction* plotsPng_;
  QAction* windowPng_;
  QAction* screenshot_;
};

}  // namespace mbw::ui
