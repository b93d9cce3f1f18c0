#pragma once
// The time cursors shared by every plot and the 3D view: cursor A is the playback time (a click in
// a plot moves it, and the 3D view with it), cursor B a second time (shift+click) for differences.
// The plots' read-outs show the values at both and B - A while the cursors are active.

#include <QObject>
#include <cmath>

namespace mbw::ui {

class PlotCursors : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;

  // cursor A: the playback time (NaN while nothing is played back)
  double a() const { return a_; }
  void setA(double t);
  // cursor B (NaN: not set)
  double b() const { return b_; }
  void setB(double t);
  bool hasB() const { return std::isfinite(b_); }
  // the read-outs show (the user placed a cursor)
  bool active() const { return active_; }
  void setActive(bool active);
  void clear();  // B unset, read-outs hidden

 signals:
  void changed();
  void bChanged();
  // the user asked for cursor A at t (the playback follows)
  void aRequested(double t);

 private:
  double a_ = std::nan("");
  double b_ = std::nan("");
  bool active_ = false;
};

}  // namespace mbw::ui
