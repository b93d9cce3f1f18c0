#include "export_actions.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QImageWriter>
#include <QMainWindow>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QPainter>
#include <QStatusBar>

#include "plot_panel.h"
#include "run_library.h"
#include "scene_view.h"
#include "last_folder.h"
#include "simulation/csv.h"
#include "workbench_icons.h"

namespace mbw::ui {

// the widget as a PNG image; for the window, its open dialogs drawn over it as they are placed
bool saveWidgetImage(QWidget& widget, const QString& path, QString* error) {
  // the widget as it is drawn now
  QImage image = widget.grab().toImage();
  // the window's dialogs, each under a title strip (a window manager's frame is not in the grab)
  if (widget.isWindow() && !image.isNull()) {
    QPainter painter(&image);
    // every visible dialog whose parent is in this window
    for (QWidget* top : QApplication::topLevelWidgets()) {
      auto* dialog = qobject_cast<QDialog*>(top);
      if (!dialog || !dialog->isVisible() || !dialog->parentWidget() ||
          dialog->parentWidget()->window() != &widget)
        continue;
      // where the dialog sits over the window, with a grey strip of its title above it
      const QPoint at = dialog->geometry().topLeft() - widget.geometry().topLeft();
      const int strip = dialog->fontMetrics().height() + 8;
      const QRect title(at.x(), at.y() - strip, dialog->width(), strip);
      painter.fillRect(title, dialog->palette().color(QPalette::Mid));
      painter.setPen(dialog->palette().color(QPalette::WindowText));
      painter.drawText(title.adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       dialog->windowTitle());
      // then the dialog itself, framed together with its strip
      painter.drawPixmap(at, dialog->grab());
      painter.drawRect(QRect(title.topLeft(), QSize(dialog->width(), dialog->height() + strip))
                           .adjusted(0, 0, -1, -1));
    }
  }
  // the image written as PNG, or why not
  if (image.isNull() || !image.save(path, "PNG")) {
    if (error) *error = QObject::tr("Cannot write the image %1").arg(path);
    return false;
  }
  return true;
}

ExportActions::ExportActions(RunLibrary& runs, SceneView& view, PlotPanel& plots, QWidget& window)
    : QObject(&window), runs_(runs), view_(view), plots_(plots), window_(window) {
  // the current run as CSV
  csv_ = new QAction(tr("Export run as &CSV..."), this);
  csv_->setShortcut(QKeySequence(tr("Ctrl+E")));
  csv_->setToolTip(
      tr("Write the current run in the CSV format of mbw-cli (settings, status, one row per "
         "recorded step)"));
  connect(csv_, &QAction::triggered, this, [this] {
    const QString path = askPath(tr("Export run as CSV"), ".csv", tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString error;
    report(exportCsv(path, &error), path, error);
  });
  // the 3D view alone
  viewPng_ = new QAction(tr("Save 3D view as PNG..."), this);
  connect(viewPng_, &QAction::triggered, this, [this] {
    const QString path = askPath(tr("Save the 3D view"), "_3d.png", tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    const bool ok = view_.grabImage().save(path, "PNG");
    report(ok, path, tr("Cannot write %1").arg(path));
  });
  // the plots as one image
  plotsPng_ = new QAction(tr("Save plots as PNG..."), this);
  plotsPng_->setToolTip(
      tr("All plots as one image (right click in a plot to save that plot alone)"));
  connect(plotsPng_, &QAction::triggered, this, [this] {
    const QString path = askPath(tr("Save the plots"), "_plots.png", tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    report(saveWidgetImage(plots_, path, &error), path, error);
  });
  // the window, and the screenshot that saves it
  windowPng_ = new QAction(tr("Save window as PNG..."), this);
  connect(windowPng_, &QAction::triggered, this, [this] {
    const QString path = askPath(tr("Save the window"), ".png", tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    QString error;
    report(saveWidgetImage(window_, path, &error), path, error);
  });
  // F12 saves the window
  screenshot_ = new QAction(resources::actionIcon("screenshot"), tr("&Screenshot..."), this);
  screenshot_->setShortcut(QKeySequence(Qt::Key_F12));
  screenshot_->setToolTip(
      tr("Save the whole window, 3D view and plots included, as a PNG image (F12)"));
  connect(screenshot_, &QAction::triggered, windowPng_, &QAction::trigger);

  // CSV export needs a finished run with rows
  auto update = [this] {
    const Run* run = runs_.find(runs_.currentId());
    csv_->setEnabled(run && !run->live() && run->results.rowCount() > 0);
  };
  // kept current as runs are chosen, finish or go
  for (auto signal :
       {&RunLibrary::currentChanged, &RunLibrary::runFinished, &RunLibrary::runRemoved})
    connect(&runs_, signal, this, update);
  update();
}

// a file name from the scene and the integrator, made safe for every file system
QString ExportActions::defaultBaseName() const {
  const Run* run = runs_.find(runs_.currentId());
  QString name =
      // the current run's scene and integrator, else the scene's name, else mbw
      run ? run->sceneName() + "_" + QString::fromStdString(run->settings.integrator)
          : (view_.model() ? QString::fromStdString(view_.model()->name) : QString("mbw"));
  // only what every file system takes: letters, digits, _ . and -
  name.replace(QRegularExpression("[^A-Za-z0-9_.-]+"), "-");
  return name;
}

bool ExportActions::exportCsv(const QString& path, QString* error) const {
  // the current run, if there is one
  const Run* run = runs_.find(runs_.currentId());
  if (!run) {
    if (error) *error = tr("There is no run to export.");
    return false;
  }
  // every row is in the run's file; the results in memory may be decimated
  const QString data = QString::fromStdString(run->dataPath);
  if (!data.isEmpty() && QFile::exists(data)) {
    // a copy replaces any older file of that name
    QFile::remove(path);
    if (QFile::copy(data, path)) return true;
    if (error) *error = tr("Cannot write %1.").arg(path);
    return false;
  }
  // no run file: the rows kept in memory
  try {
    writeCsv(run->results, path.toStdString());
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromUtf8(e.what());
    return false;
  }
}

// a path asked for in the folder used last, the name proposed; the folder remembered
QString ExportActions::askPath(const QString& title, const QString& suffix,
                               const QString& filter) const {
  const QString dir = lastFolder("export/directory");
  const QString path = QFileDialog::getSaveFileName(
      &window_, title, QDir(dir).filePath(defaultBaseName() + suffix), filter);
  if (!path.isEmpty()) rememberFolder("export/directory", QFileInfo(path).absolutePath());
  return path;
}

// a failure in a message box, a success in the status line
void ExportActions::report(bool ok, const QString& path, const QString& error) const {
  if (!ok) {
    QMessageBox::warning(&window_, tr("Export"), error);
    return;
  }
  // the status line only in a main window
  if (auto* main = qobject_cast<QMainWindow*>(&window_))
    main->statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
}

}  // namespace mbw::ui
