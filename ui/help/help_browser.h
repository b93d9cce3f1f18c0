#pragma once
// A window showing the workbench's documentation (Markdown pages with their pictures) or another
// page of help, with back, forward and home; links between the pages follow, links to the web
// open in the desktop's browser.

#include <QDialog>
#include <QUrl>

class QTextBrowser;

namespace mbw::ui {

class HelpBrowser : public QDialog {
  Q_OBJECT

 public:
  explicit HelpBrowser(QWidget* parent = nullptr);

  // a Markdown page of the docs (its links and pictures relative to it); the first one is home
  void showFile(const QString& path);
  // a page of HTML (the keyboard shortcuts)
  void showHtml(const QString& title, const QString& html);
  QTextBrowser* text() const { return text_; }

 private:
  QTextBrowser* text_;
  QUrl home_;
};

}  // namespace mbw::ui
