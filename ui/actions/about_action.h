#pragma once
// Help > About: what the program is, and the versions of it and of the libraries it runs on.

#include <QObject>

class QAction;
class QWidget;

namespace mbw::ui {

class SceneView;

class AboutAction : public QObject {
  Q_OBJECT

 public:
  AboutAction(SceneView& view, QWidget& window);
  QAction* action() const { return action_; }
  // the versions, one per line ("Multibody Workbench 0.1.0", "Qt 6.4.2", ...)
  QString versions() const;

 private:
  SceneView& view_;
  QWidget& window_;
  QAction* action_;
};

}  // namespace mbw::ui
