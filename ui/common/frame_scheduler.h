#pragma once
// Paces the expensive drawing of the workbench (the 3D view's render, each plot's replot) so that
// the GUI thread never works long without returning to its event loop: elements ask for a redraw,
// and at each tick (up to 60 per second) the oldest requests are drawn while the tick's time
// budget allows, judged by how long each took last time (at least one per tick). On a fast machine
// everything redraws at every tick; on a slow one (software OpenGL) the elements take turns instead
// of adding up.
//
// On a loaded machine the GUI thread waits for a core, and the longer it works in one go the
// longer it waits (the kernel's scheduler favours a thread that sleeps often). The scheduler
// therefore measures how late its own ticks come (beyond the time its previous tick took: the
// time the thread waited, not the time it worked) and, while they come late, draws one element
// per tick and each element at most once per kLateFactor times that lateness (at most
// kLongestPeriodMs): fewer, shorter pieces of work, so that the thread asks for the processor a
// few milliseconds at a time. On a quiet machine the ticks come on time and
// nothing is held back.

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
  // how late the ticks come, averaged (ms), and the shortest time between two draws of an
  // element it makes (0 while the ticks come on time)
  double lateness() const { return lateMs_; }
  double minimumPeriodMs() const;

 private:
  struct Item {
    std::function<void()> draw;
    bool pending = false;
    qint64 requestedAt = 0;
    qint64 drawnAt = -1000000;  // when it was last drawn
    qint64 lastMs = 0;          // how long its last draw took
  };
  void tick();

  std::map<int, Item> items_;
  int nextHandle_ = 1;
  int budgetMs_ = 15;
  long draws_ = 0;
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 tickStart_ = -1, tickEnd_ = -1;  // the last tick (-1: the timer was stopped since)
  double lateMs_ = 0.0;
};

}  // namespace mbw::ui
