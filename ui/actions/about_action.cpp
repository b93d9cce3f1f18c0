#include "about_action.h"

#include <Eigen/Core>
#include <QAction>
#include <QMessageBox>
#include <qcustomplot.h>
#include <vtkVersion.h>

#include "scene_view.h"
#include "simulation/csv.h"
#include "vtk_widget.h"

namespace mbw::ui {

// the about box: what the workbench is, the papers it follows, the versions it runs with
AboutAction::AboutAction(SceneView& view, QWidget& window)
    : QObject(&window), view_(view), window_(window) {
  // the Help menu's About entry (the application menu on macOS)
  action_ = new QAction(tr("&About Multibody Workbench"), this);
  action_->setMenuRole(QAction::AboutRole);
  connect(action_, &QAction::triggered, this, [this] {
    // rich text: what it does, the papers it follows, then the versions
    QMessageBox::about(
        &window_, tr("About Multibody Workbench"),
        tr("<h3>Multibody Workbench</h3>"
           "<p>Dynamics of constrained mechanical systems: build a mechanism, run "
           "integrators side by side, watch step sizes, energy and constraint drift.</p>"
           "<p>The numerics follow three papers: Kissel, Taves, Negrut (rA vs rp vs rE), "
           "implicit A-stable integrators for index-3 DAEs (MBDyn), and Rosenbrock-Nystr\u00f6m "
           "integrators.</p><pre>%1</pre>")
            .arg(versions().toHtmlEscaped()));
  });
}

// the versions of the workbench and its libraries, and the OpenGL renderer VTK found
QString AboutAction::versions() const {
  QStringList lines;
  // the workbench, then the libraries it was built with and runs with
  lines << tr("Multibody Workbench %1").arg(engineVersion());
  lines << QString("Qt %1 (built with %2)").arg(qVersion(), QT_VERSION_STR);
  lines << QString("VTK %1").arg(vtkVersion::GetVTKVersion());
  lines << QString("QCustomPlot %1").arg(QCUSTOMPLOT_VERSION_STR);
  lines << QString("Eigen %1.%2.%3")
               .arg(EIGEN_WORLD_VERSION)
               .arg(EIGEN_MAJOR_VERSION)
               .arg(EIGEN_MINOR_VERSION);
  // the renderer is known once the view has drawn
  const QString gl = view_.vtkWidget()->glRenderer();
  if (!gl.isEmpty()) lines << tr("OpenGL renderer: %1").arg(gl);
  return lines.join("\n");
}

}  // namespace mbw::ui
