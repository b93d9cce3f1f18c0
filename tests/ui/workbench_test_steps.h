#pragma once
// Steps the workbench's Qt tests share: answering a modal dialog once it is up, typing into a
// field as a user does, and saving the window for the guide when MBW_ASSEMBLY_SCREENSHOTS names a
// folder (docs/workbench.md takes its pictures this way).

#include <QApplication>
#include <QLineEdit>
#include <QTimer>
#include <QtTest>
#include <functional>
#include <memory>

#include "export_actions.h"

namespace mbw::test {

// handles the next modal dialog of type D once it is up (polled: it opens inside exec())
template <class D>
void onNextDialog(std::function<void(D*)> handle) {
  auto* timer = new QTimer;
  auto tries = std::make_shared<int>(0);
  QObject::connect(timer, &QTimer::timeout, [timer, tries, handle] {
    auto* dialog = qobject_cast<D*>(QApplication::activeModalWidget());
    if (!dialog && ++*tries < 200) return;
    timer->stop();
    timer->deleteLater();
    if (dialog) handle(dialog);
  });
  timer->start(50);
}

// the text typed over a box's own and committed with Return
inline void typeInto(QLineEdit* box, const QString& text) {
  box->setFocus();
  box->selectAll();
  QTest::keyClicks(box, text);
  QTest::keyClick(box, Qt::Key_Return);
}

// the window as a picture for the guide, when asked for
inline void pictureForGuide(QWidget& window, const QString& name) {
  const QString folder = qEnvironmentVariable("MBW_ASSEMBLY_SCREENSHOTS");
  if (folder.isEmpty()) return;
  QTest::qWait(300);
  QVERIFY(ui::saveWidgetImage(window, folder + "/" + name, nullptr));
}

}  // namespace mbw::test
