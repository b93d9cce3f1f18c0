#include "plot_readout.h"

#include <QFontMetrics>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "number_text.h"
#include "plot_cursors.h"
#include "plot_series.h"

namespace mbw::ui {
namespace {

// --- the items drawn over the plot ---------------------------------------------------------------

// a text on a translucent white box, outside the axis rect's clip, hidden until used
QCPItemText* textItem(QCustomPlot& plot, Qt::Alignment alignment) {
  auto* t = new QCPItemText(&plot);
  t->setFont(QFont("DejaVu Sans Mono", 8));
  t->setPositionAlignment(alignment);
  t->setTextAlignment(Qt::AlignLeft);
  t->setPadding(QMargins(4, 2, 4, 2));
  t->setBrush(QColor(255, 255, 255, 225));
  t->setPen(QPen(QColor(170, 170, 170)));
  t->setColor(QColor(30, 30, 30));
  t->setClipToAxisRect(false);
  t->setVisible(false);
  return t;
}

// markers without lines, for the cursors' points on x-y curves
QCPCurve* markerCurve(QCustomPlot& plot, QCPScatterStyle::ScatterShape shape) {
  auto* c = new QCPCurve(plot.xAxis, plot.yAxis);
  c->setLineStyle(QCPCurve::lsNone);
  c->setScatterStyle(QCPScatterStyle(shape, QColor(40, 40, 40), 9.0));
  c->setVisible(false);
  return c;
}

}  // namespace

// --- the cursors and the read-out ----------------------------------------------------------------

PlotReadout::PlotReadout(QCustomPlot& plot, const PlotSeries& series, PlotCursors& cursors,
                         QObject* parent)
    : QObject(parent), plot_(plot), series_(series), cursors_(cursors) {
  // the cursors' lines: A solid, B dashed
  lineA_ = new QCPItemStraightLine(&plot_);
  lineA_->setPen(QPen(QColor(60, 60, 60), 1.0));
  lineB_ = new QCPItemStraightLine(&plot_);
  lineB_->setPen(QPen(QColor(60, 60, 60), 1.0, Qt::DashLine));
  // neither drawn nor selectable until the cursors are placed
  for (QCPItemStraightLine* l : {lineA_, lineB_}) {
    l->setVisible(false);
    l->setSelectable(false);
  }
  // the read-out box in the top-left corner of the axis rect; the hover's tracer and label
  box_ = textItem(plot_, Qt::AlignLeft | Qt::AlignTop);
  box_->position->setType(QCPItemPosition::ptAxisRectRatio);
  box_->position->setCoords(0.01, 0.01);
  // the hover's tracer: a circle on the nearest point
  tracer_ = new QCPItemTracer(&plot_);
  tracer_->setStyle(QCPItemTracer::tsCircle);
  tracer_->setSize(8);
  tracer_->setPen(QPen(QColor(20, 20, 20), 1.5));
  tracer_->setVisible(false);
  // the hover's label, placed beside the tracer when shown
  label_ = textItem(plot_, Qt::AlignLeft | Qt::AlignBottom);
  // the read-out fits the plot's room again at every layout
  connect(&plot_, &QCustomPlot::afterLayout, this, &PlotReadout::fitBox);
  recreate();
}

QRectF PlotReadout::boxRect() const {
  if (!box_->visible()) return {};
  return QRectF(box_->topLeft->pixelPosition(), box_->bottomRight->pixelPosition());
}

void PlotReadout::setUnits(const QString& x, const QString& y) {
  xUnit_ = x;
  yUnit_ = y;
}

// the markers on a new plot's curves (clearing the plottables took the old ones)
void PlotReadout::recreate() {
  markersA_ = markerCurve(plot_, QCPScatterStyle::ssCircle);
  markersB_ = markerCurve(plot_, QCPScatterStyle::ssSquare);
}

// the cursors' lines, their markers on x-y curves and the read-out box, at the cursors' times
void PlotReadout::update() {
  const double a = cursors_.a(), b = cursors_.b();
  // lines on time plots, markers on each curve of an x-y plot
  auto placeLine = [](QCPItemStraightLine* line, double t) {
    line->setVisible(std::isfinite(t));
    if (std::isfinite(t)) {
      line->point1->setCoords(t, 0.0);
      line->point2->setCoords(t, 1.0);
    }
  };
  // an x-y plot has no time axis: no lines there
  placeLine(lineA_, xy_ ? NAN : a);
  placeLine(lineB_, xy_ ? NAN : b);
  // on an x-y plot, each curve's point at the cursor's time, as markers
  for (auto [curve, t] : {std::pair<QCPCurve*, double>{markersA_, a}, {markersB_, b}}) {
    QVector<double> ts, xs, ys;
    if (xy_ && std::isfinite(t))
      for (const Series& s : series_.series()) {
        double x, y, time;
        if (!s.rejected && PlotSeries::pointAt(s, t, x, y, time)) {
          // the markers' parameter only orders them
          ts << ts.size();
          xs << x;
          ys << y;
        }
      }
    curve->setData(ts, xs, ys, true);
    curve->setVisible(!xs.isEmpty());
  }

  // the box: each curve at A, at B, and B - A
  headWide_.clear();
  headShort_.clear();
  entries_.clear();
  if (cursors_.active() && std::isfinite(a)) {
    // the head: the cursors' times, B and Δt when there is B
    headWide_ = cursors_.hasB()
                    ? tr("A %1 s  B %2 s  \u0394t %3 s")
                          .arg(shortNumber(a, 5), shortNumber(b, 5), shortNumber(b - a, 4))
                    : tr("A %1 s  (shift+click: B)").arg(shortNumber(a, 5));
    headShort_ = cursors_.hasB() ? tr("A %1 s  B %2 s").arg(shortNumber(a, 5), shortNumber(b, 5))
                                 : tr("A %1 s").arg(shortNumber(a, 5));
    // a value with its unit: "0.123 m", "(0.1 m, 0.2 m)" on x-y plots
    auto value = [this](double x, double y, int digits) {
      return xy_ ? QString("(%1, %2)")
                       .arg(withUnit(shortNumber(x, digits), xUnit_),
                            withUnit(shortNumber(y, digits), yUnit_))
                 : withUnit(shortNumber(y, digits), yUnit_);
    };
    // each curve: its value at A, and at B with the difference when there is B
    for (const Series& s : series_.series()) {
      // rejected steps have no value to read
      if (s.rejected) continue;
      double xa, ya, ta, xb, yb, tb;
      if (!PlotSeries::pointAt(s, a, xa, ya, ta)) continue;
      Entry e;
      e.label = s.label;
      e.atA = "A " + value(xa, ya, 4);
      // B and the difference B - A when cursor B is set
      if (cursors_.hasB() && PlotSeries::pointAt(s, b, xb, yb, tb)) {
        e.atB = "B " + value(xb, yb, 4);
        e.delta = "\u0394 " + value(xb - xa, yb - ya, 3);
      }
      entries_.push_back(e);
    }
  }
  fitBox();
}

// The box's lines in a layout: 0, one line per curve; 1, A on one line, B and the difference on
// the next; 2, each on a line of its own; 3, the difference alone (A alone without B).
QStringList PlotReadout::linesOf(int layout) const {
  // the cursors' times: on one line, or (the narrowest layouts) A and B on lines of their own
  QStringList lines{layout == 0 ? headWide_ : headShort_};
  if (layout >= 2 && cursors_.hasB())
    lines = QStringList{tr("A %1 s").arg(shortNumber(cursors_.a(), 5)),
                        tr("B %1 s").arg(shortNumber(cursors_.b(), 5))};
  // each curve in the layout's lines: a label, then A, B and Δ on one line or several
  for (const Entry& e : entries_) {
    // the continuation lines line up under the values
    const QString indent(e.label.size() + 2, ' ');
    if (e.atB.isEmpty())
      lines << e.label + "  " + e.atA;
    else if (layout == 0)
      lines << e.label + "  " + e.atA + "  " + e.atB + "  " + e.delta;
    else if (layout == 1)
      lines << e.label + "  " + e.atA << indent + e.atB + "  " + e.delta;
    else if (layout == 2)
      lines << e.label + "  " + e.atA << indent + e.atB << indent + e.delta;
    else
      lines << e.label + "  " + e.delta;
  }
  return lines;
}

// The lines of the box in the first layout that fits the plot's width and height; when none does,
// the most compact one cut to the lines that fit, each within the width, and a last line saying how
// many curves were left out.
void PlotReadout::fitBox() {
  const QFontMetrics metrics(box_->font());
  // the room inside the axis rect, in pixels and in lines
  const QRect area = plot_.axisRect()->rect();
  const int room = area.width() - box_->padding().left() - box_->padding().right() - 8;
  const int rows =
      std::max(1, (area.height() - box_->padding().top() - box_->padding().bottom() - 8) /
                      metrics.lineSpacing());
  // the widest line, in the box's font
  auto widest = [&](const QStringList& lines) {
    int w = 0;
    for (const QString& line : lines) w = std::max(w, metrics.horizontalAdvance(line));
    return w;
  };
  // the layouts in turn, until one fits
  QStringList lines;
  if (!headWide_.isEmpty()) {
    constexpr int kLayouts = 4;
    bool fits = false;
    for (int layout = 0; layout < kLayouts && !fits; ++layout) {
      lines = linesOf(layout);
      fits = widest(lines) <= room && lines.size() <= rows;
    }
    // none fits: as many curves as fit, the rest counted on the last line, every line cut to the
    // width
    if (!fits) {
      // the lines before the curves' are the head
      const int head = static_cast<int>(lines.size() - entries_.size());
      const int curves = static_cast<int>(entries_.size());
      // too many lines: the last says how many curves were left out
      if (lines.size() > rows) {
        const int kept = std::max(0, rows - head - 1);
        lines = lines.mid(0, head + kept) << tr("+ %n more (hover a curve)", "", curves - kept);
      }
      for (QString& line : lines)
        line = metrics.elidedText(line, Qt::ElideRight, std::max(room, 8));
    }
  }
  // the box shows the lines, and hides when there are none
  text_ = lines.join('\n');
  box_->setText(text_);
  box_->setVisible(!text_.isEmpty());
}

// --- hovering ------------------------------------------------------------------------------------

bool PlotReadout::hover(const QPointF& pixel) {
  // the nearest point within 24 pixels, marked by the tracer
  const Series* s = nullptr;
  double x = 0, y = 0, t = 0;
  if (!series_.nearest(pixel, 24.0, s, x, y, t)) {
    hideHover();
    return false;
  }
  tracer_->position->setCoords(x, y);
  tracer_->setVisible(true);
  // its time and value, with their units (x and y on an x-y plot)
  hoverText_ =
      xy_ ? tr("%1  t = %2 s\nx = %3, y = %4")
                .arg(s->label, shortNumber(t, 5), withUnit(fullNumber(x), xUnit_),
                     withUnit(fullNumber(y), yUnit_))
          : tr("%1  t = %2 s\n%3").arg(s->label, fullNumber(t), withUnit(fullNumber(y), yUnit_));
  label_->setText(hoverText_);
  // beside the point, inside the plot
  const QPointF p(plot_.xAxis->coordToPixel(x), plot_.yAxis->coordToPixel(y));
  const QRect area = plot_.axisRect()->rect();
  // left of a point in the right half, under one near the top
  const bool left = p.x() > area.center().x(), below = p.y() < area.top() + 40;
  label_->setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) |
                               (below ? Qt::AlignTop : Qt::AlignBottom));
  label_->position->setType(QCPItemPosition::ptAbsolute);
  label_->position->setCoords(p.x() + (left ? -8 : 8), p.y() + (below ? 8 : -8));
  label_->setVisible(true);
  return true;
}

void PlotReadout::hideHover() {
  tracer_->setVisible(false);
  label_->setVisible(false);
  hoverText_.clear();
}

}  // namespace mbw::ui
