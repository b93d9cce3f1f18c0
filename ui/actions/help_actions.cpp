#include "help_actions.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

#include "help_browser.h"

namespace mbw::ui {
namespace {

// the installed guide, beside the programs: <prefix>/bin/mbw -> <prefix>/share/doc/<package>/docs
constexpr const char* kInstalledDocs = "../share/doc/multibody-workbench/docs";

// the mouse, which no action lists
const char* kMouse[][2] = {
    {"3D view: left drag", "orbit"},
    {"3D view: shift + left drag, middle drag", "pan"},
    {"3D view: wheel, right drag", "zoom (the wheel towards the point under the mouse)"},
    {"3D view: click", "select the element under the mouse"},
    {"Plot: click", "cursor A (the playback time, the 3D view follows)"},
    {"Plot: shift + click", "cursor B (values at A, B and B - A)"},
    {"Plot: drag, wheel", "pan, zoom"},
    {"Plot: double click", "fit the axes (and follow new data)"},
    {"Plot: right click", "cursors, auto-scale, save the plot as PNG, SVG or PDF"},
};

// "&Save scene" -> "Save scene"
QString plainText(const QAction* a) {
  return a->text().remove('&').remove(QString::fromUtf8("\u2026")).remove("...");
}

}  // namespace

// --- the actions ---------------------------------------------------------------------------------

HelpActions::HelpActions(QMainWindow& window) : QObject(&window), window_(window) {
  // the guide (F1)
  guide_ = new QAction(tr("&User guide"), this);
  guide_->setShortcut(QKeySequence::HelpContents);
  guide_->setToolTip(tr("The workbench's guide and the other docs, from this computer (F1)"));
  connect(guide_, &QAction::triggered, this, [this] { showPage("workbench.md"); });
  // the shortcuts, made from the menus as they are, in the help browser
  shortcuts_ = new QAction(tr("&Keyboard shortcuts"), this);
  shortcuts_->setToolTip(
      tr("Every shortcut of the window, and what the mouse does in the 3D view and the plots"));
  connect(shortcuts_, &QAction::triggered, this, [this] {
    browser().showHtml(tr("keyboard shortcuts"), shortcutsHtml());
    browser().show();
    browser().raise();
  });
  // the scene format's page
  sceneFormat_ = new QAction(tr("&Scene format"), this);
  sceneFormat_->setToolTip(tr("Every field of a scene file, with its unit and meaning"));
  connect(sceneFormat_, &QAction::triggered, this, [this] { showPage("scene-format.md"); });
}

// --- the docs and the shortcuts ------------------------------------------------------------------

// the guide installed beside the program, else the source tree's docs (a build not installed)
QString HelpActions::docsDirectory() {
  const QStringList candidates{
      QDir(QCoreApplication::applicationDirPath()).filePath(kInstalledDocs),
#ifdef MBW_DOCS_SOURCE_DIR
      QStringLiteral(MBW_DOCS_SOURCE_DIR)
#endif
  };
  for (const QString& dir : candidates)
    if (QFileInfo::exists(QDir(dir).filePath("workbench.md"))) return QDir(dir).canonicalPath();
  return {};
}

// one browser window, made when first needed
HelpBrowser& HelpActions::browser() {
  if (!browser_) browser_ = new HelpBrowser(&window_);
  return *browser_;
}

bool HelpActions::showPage(const QString& page) {
  // a page that is not installed says where the package puts it
  const QString dir = docsDirectory();
  if (dir.isEmpty() || !QFileInfo::exists(QDir(dir).filePath(page))) {
    QMessageBox::information(
        &window_, tr("User guide"),
        tr("The guide is not installed here. It comes with the package, in %1.")
            .arg(QDir::cleanPath(
                QDir(QCoreApplication::applicationDirPath()).filePath(kInstalledDocs))));
    return false;
  }
  // else the page in the one browser window, brought to the front
  browser().showFile(QDir(dir).filePath(page));
  browser().show();
  browser().raise();
  return true;
}

// the shortcuts as an HTML table: a row per action, its keys in bold
QString HelpActions::shortcutsHtml() const {
  QString html = "<h2>" + tr("Keyboard shortcuts") + "</h2><table cellpadding=\"3\">";
  // a row: what the action does, then its keys
  auto row = [&](const QString& what, const QString& keys) {
    html += QString("<tr><td>%1</td><td><b>%2</b></td></tr>")
                .arg(what.toHtmlEscaped(), keys.toHtmlEscaped());
  };
  // the menus' actions in menu order, then the window's own
  QList<const QAction*> listed;
  for (QAction* menuAction : window_.menuBar()->actions()) {
    if (!menuAction->menu()) continue;
    // a heading per menu, a row per action with keys (each action once)
    html += QString("<tr><td colspan=\"2\"><br><i>%1</i></td></tr>")
                .arg(plainText(menuAction).toHtmlEscaped());
    for (const QAction* a : menuAction->menu()->actions()) {
      // an action without keys, or listed already, is left out
      if (a->shortcuts().isEmpty() || listed.contains(a)) continue;
      QStringList keys;
      for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
      row(plainText(a), keys.join(tr(" or ")));
      listed << a;
    }
  }
  // then the actions outside the menus, then the mouse
  html += QString("<tr><td colspan=\"2\"><br><i>%1</i></td></tr>").arg(tr("Elsewhere"));
  // the window's actions that no menu holds
  for (const QAction* a : window_.findChildren<QAction*>()) {
    if (a->shortcuts().isEmpty() || listed.contains(a) || a->menu()) continue;
    row(plainText(a), a->shortcut().toString(QKeySequence::NativeText));
    listed << a;
  }
  // the mouse last, from the table above
  html += QString("<tr><td colspan=\"2\"><br><i>%1</i></td></tr>").arg(tr("Mouse"));
  for (const auto& m : kMouse) row(tr(m[0]), tr(m[1]));
  return html + "</table>";
}

}  // namespace mbw::ui
