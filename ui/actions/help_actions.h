#pragma once
// The Help menu: the user guide (the docs shipped with the package, shown in a help browser from
// the files on this computer: no network), the keyboard shortcuts (every action's shortcut as the
// window has them, and the mouse in the 3D view and the plots), the scene format, and About.

#include <QObject>
#include <QString>

class QAction;
class QMainWindow;
class QWidget;

namespace mbw::ui {

class HelpBrowser;

class HelpActions : public QObject {
  Q_OBJECT

 public:
  explicit HelpActions(QMainWindow& window);

  QAction* guide() const { return guide_; }
  QAction* shortcuts() const { return shortcuts_; }
  QAction* sceneFormat() const { return sceneFormat_; }

  // the folder of the docs (README.md's docs/): the installed package's, or the source tree's
  // when the program runs from its build tree ("" when neither is there)
  static QString docsDirectory();
  // a page of the docs ("workbench.md") in the help browser; false when the docs are not there
  bool showPage(const QString& page);
  // the keyboard shortcuts as an HTML table (what the dialog shows)
  QString shortcutsHtml() const;
  // the help browser, made on first use
  HelpBrowser& browser();

 private:
  QMainWindow& window_;
  QAction* guide_;
  QAction* shortcuts_;
  QAction* sceneFormat_;
  HelpBrowser* browser_ = nullptr;
};

}  // namespace mbw::ui
