#pragma once
// The read-outs of one plot: hovering shows the nearest point (run, time, value) with a marker;
// the time cursors A and B (PlotCursors) are drawn as vertical lines on time plots and as markers
// on x-y plots, and, while the cursors are active, a box in the corner lists every curve's value
// at A, at B and their difference B - A, with their units. The box always fits the plot: one line
// per curve when that fits its width, on two or three lines otherwise; where the plot is too low
// for that, the difference alone per curve; and where even that does not fit, the lines that do
// and how many are left out (chosen again at each layout of the plot, so a resize re-fits it).

#include <QObject>
#include <QString>
#include <QStringList>
#include <vector>

class QCPCurve;
class QCPItemStraightLine;
class QCPItemText;
class QCPItemTracer;
class QCustomPlot;

namespace mbw::ui {

class PlotCursors;
class PlotSeries;

class PlotReadout : public QObject {
  Q_OBJECT

 public:
  PlotReadout(QCustomPlot& plot, const PlotSeries& series, PlotCursors& cursors,
              QObject* parent = nullptr);

  void setXY(bool xy) { xy_ = xy; }
  // the units of the values (x: of the x of an x-y plot), "" for none
  void setUnits(const QString& x, const QString& y);
  // the cursors' lines or markers and the box (after the curves changed or the cursors moved)
  void update();
  // the nearest point to a position in the plot (pixels), marked; false (and nothing marked) when
  // no point is near
  bool hover(const QPointF& pixel);
  void hideHover();
  // what the box says ("" while the cursors are inactive) and what the hover says
  QString text() const { return text_; }
  // where the box is drawn, in the plot's pixels (empty while it is hidden)
  QRectF boxRect() const;
  QString hoverText() const { return hoverText_; }
  // plottables of the cursor markers are made anew after the plot's curves were cleared
  void recreate();

 private:
  QCustomPlot& plot_;
  const PlotSeries& series_;
  PlotCursors& cursors_;
  bool xy_ = false;
  QCPItemStraightLine* lineA_;
  QCPItemStraightLine* lineB_;
  QCPCurve* markersA_ = nullptr;
  QCPCurve* markersB_ = nullptr;
  QCPItemText* box_;
  QCPItemTracer* tracer_;
  QCPItemText* label_;
  void fitBox();

  // what the box says, laid out by fitBox: the cursors' times, and each curve's values
  struct Entry {
    QString label, atA, atB, delta;
  };
  // the box's lines in one of its layouts (0: a line per curve, ... see fitBox)
  QStringList linesOf(int layout) const;
  QString headWide_, headShort_;
  std::vector<Entry> entries_;
  QString text_, hoverText_;
  QString xUnit_, yUnit_;
};

}  // namespace mbw::ui
