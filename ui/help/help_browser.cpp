#include "help_browser.h"

#include <QDesktopServices>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace mbw::ui {

// --- the browser window --------------------------------------------------------------------------

HelpBrowser::HelpBrowser(QWidget* parent) : QDialog(parent), text_(new QTextBrowser(this)) {
  setObjectName("helpBrowser");
  setWindowTitle(tr("Multibody Workbench help"));
  // links to other pages of the docs are followed here, links to the web go to the desktop's
  // browser
  text_->setOpenLinks(false);
  connect(text_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    // a local page (a Markdown one as Markdown) opens here when it exists
    if (url.isLocalFile() || url.isRelative()) {
      const QUrl target = text_->source().resolved(url);
      if (target.isLocalFile() && QFileInfo::exists(target.toLocalFile()))
        text_->setSource(target, target.path().endsWith(".md") ? QTextDocument::MarkdownResource
                                                               : QTextDocument::UnknownResource);
    } else {
      QDesktopServices::openUrl(url);
    }
  });
  // back, forward, contents and close buttons above the page
  auto* back = new QPushButton(tr("Back"), this);
  auto* forward = new QPushButton(tr("Forward"), this);
  auto* home = new QPushButton(tr("Contents"), this);
  auto* close = new QPushButton(tr("Close"), this);
  // no history yet
  back->setEnabled(false);
  forward->setEnabled(false);
  // back and forward enabled as the history allows
  connect(text_, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
  connect(text_, &QTextBrowser::forwardAvailable, forward, &QPushButton::setEnabled);
  // the buttons move through the history, to the contents, or close the window
  connect(back, &QPushButton::clicked, text_, &QTextBrowser::backward);
  connect(forward, &QPushButton::clicked, text_, &QTextBrowser::forward);
  connect(home, &QPushButton::clicked, this, [this] {
    if (home_.isValid()) text_->setSource(home_);
  });
  connect(close, &QPushButton::clicked, this, &QDialog::close);
  connect(text_, &QTextBrowser::sourceChanged, this,
          [this, home] { home->setEnabled(home_.isValid()); });
  // history buttons on the left, Close on the right
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(back);
  buttons->addWidget(forward);
  buttons->addWidget(home);
  buttons->addStretch(1);
  buttons->addWidget(close);
  // the buttons above the page
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buttons);
  layout->addWidget(text_, 1);
  resize(900, 700);
}

// --- pages shown ---------------------------------------------------------------------------------

// a page of the docs as Markdown; the guide in its folder is the contents
void HelpBrowser::showFile(const QString& path) {
  const QUrl url = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath());
  // the first page shown sets the contents: the guide in the same folder
  if (!home_.isValid())
    home_ = QUrl::fromLocalFile(
        QFileInfo(QFileInfo(path).absolutePath() + "/workbench.md").absoluteFilePath());
  text_->setSource(url, QTextDocument::MarkdownResource);
  setWindowTitle(tr("Multibody Workbench help: %1").arg(QFileInfo(path).completeBaseName()));
}

// an HTML page made by the workbench (the shortcuts)
void HelpBrowser::showHtml(const QString& title, const QString& html) {
  text_->setHtml(html);
  setWindowTitle(tr("Multibody Workbench help: %1").arg(title));
}

}  // namespace mbw::ui
