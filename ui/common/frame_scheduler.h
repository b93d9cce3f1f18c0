#pragma once
// Paces the expensive drawing of the workbench (the 3D view's render, each plot's replot) so that
// the GUI thread never works long without returning to its event loop: elements ask for a redraw,
// and at each tick (up to 60 per second) the oldest requests are drawn while the tick's time
// budget allows, judged by how long each took last time (at least one per tick). On a fast machine everything redraws at every tick; on
// a slow one (software OpenGL, loaded cores) the elements take turns instead of adding up.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <functional>
#include <map>

namespace mbw::ui {

class FrameScheduler : public QObject {
  Q_OBJECT

 public:
  explicit FrameScheduler(QObject* parent = nullptr);

  // an element and how to draw it; returns its handle
  int add(std::function<void()> draw);
  void remove(int handle);
  // the element is out of date: draw it at one of the coming ticks
  void request(int handle);
  // draws everything pending now (before a screenshot)
  void flush();

  long draws() const { return draws_; }

 private:
  struct Item {
    std::function<void()> draw;
    bool pending = false;
    qint64 requestedAt = 0;
    qint64 lastMs = 0;  // how long its last draw took
  };
  void tick();

  std::map<int, Item> items_;
  int nextHandle_ = 1;
  int budgetMs_ = 15;
  long draws_ = 0;
  QTimer timer_;
  QElapsedTimer clock_;
};

}  // namespace mbw::ui
