#include "plot_series.h"

#include <QDateTime>
#include <cmath>
#include <qcustomplot.h>
#include <stdexcept>

#include "analysis/reference_error.h"
#include "run_library.h"

namespace mbw::ui {
namespace {

// the error or difference of a live run is recomputed at most this often
constexpr qint64 kCompareRefreshMs = 250;

// --- rejection markers and dots ------------------------------------------------------------------

// the shapes of rejected steps, one per category of reason
const QCPScatterStyle::ScatterShape kShapes[] = {
    QCPScatterStyle::ssCross,  QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond,
    QCPScatterStyle::ssSquare, QCPScatterStyle::ssPlus,     QCPScatterStyle::ssStar};

// the categories of rejection seen in this session, in the order met (their shapes stay the same
// across plots)
QStringList& categories() {
  static QStringList c;
  return c;
}

QString runName(const Run& run) { return QString("#%1").arg(run.id); }

// A dot of round-off noise: a disc drawn once and copied to each point (thousands of ellipses,
// drawn one by one, cost the violation plot 3 ms of every replot).
QCPScatterStyle dotStyle(const QColor& color) {
  QPixmap dot(3, 3);
  dot.fill(Qt::transparent);
  QPainter painter(&dot);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(Qt::NoPen);
  painter.setBrush(color);
  painter.drawEllipse(QRectF(0.0, 0.0, 3.0, 3.0));
  return QCPScatterStyle(dot);
}

}  // namespace

// a category's shape: the next of the six when it is new
int PlotSeries::rejectionShape(const QString& category) {
  QStringList& c = categories();
  // a new category takes the next shape, the shapes repeating after six
  if (!c.contains(category)) c << category;
  return kShapes[c.indexOf(category) % 6];
}

// the shape as a character, for the legend's text
QString PlotSeries::rejectionSymbol(int shape) {
  switch (shape) {
    case QCPScatterStyle::ssCross:
      return QStringLiteral("\u00d7");
    case QCPScatterStyle::ssTriangle:
      return QStringLiteral("\u25b3");
    case QCPScatterStyle::ssDiamond:
      return QStringLiteral("\u25c7");
    case QCPScatterStyle::ssSquare:
      return QStringLiteral("\u25a1");
    case QCPScatterStyle::ssPlus:
      return QStringLiteral("+");
    default:
      return QStringLiteral("\u2731");
  }
}

QStringList PlotSeries::rejectionCategories() { return categories(); }

// --- the curves of a quantity --------------------------------------------------------------------

PlotSeries::PlotSeries(QCustomPlot& plot, RunLibrary& runs) : plot_(plot), runs_(runs) {}

void PlotSeries::setQuantity(PlotKind kind, const QStringList& channels) {
  // another quantity: every curve anew
  kind_ = kind;
  channels_ = channels;
  rebuild();
}

// the run the others are compared with: the reference, else the first run shown
const Run* PlotSeries::base() const {
  if (const Run* r = runs_.reference()) return r;
  const std::vector<const Run*> shown = runs_.shownRuns();
  return shown.empty() ? nullptr : shown.front();
}

void PlotSeries::rebuild() {
  // everything anew
  plot_.clearPlottables();
  series_.clear();
  states_.clear();
  note_.clear();
  // a note when the quantity cannot be drawn yet: signals missing, no reference, too few runs
  const int needed = plotKindInfo(kind_).channels;
  if (channels_.size() < needed)
    note_ = QObject::tr("Choose the signal%1 to plot").arg(needed > 1 ? "s" : "");
  else if (kind_ == PlotKind::ReferenceError && !runs_.reference())
    note_ = QObject::tr("Choose a reference run (run list: right click, Use as reference)");
  else if (kind_ == PlotKind::Difference && runs_.shownRuns().size() < 2)
    note_ =
        QObject::tr("Show two runs or more: each is drawn minus the reference (or the first run)");
  // then every run shown
  for (const Run* run : runs_.shownRuns()) addRun(*run);
}

bool PlotSeries::has(int runId) const { return states_.count(runId) > 0; }

// a graph in the run's colour (a velocity curve lighter); stepped or as dots where the kind asks
int PlotSeries::newGraph(const Run& run, const QString& label, const CurveSpec& spec) {
  QCPGraph* g = plot_.addGraph();
  // one pixel wide: wider pens go through Qt's stroker, many times slower on long curves
  g->setPen(QPen(spec.secondary ? run.color.lighter(160) : run.color, 1.0));
  if (spec.stepped) g->setLineStyle(QCPGraph::lsStepLeft);
  if (spec.points) {
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(dotStyle(spec.secondary ? run.color.lighter(160) : run.color));
  }
  // its index among the series, for the run's state
  series_.push_back({g, run.id, label, false});
  return static_cast<int>(series_.size()) - 1;
}

// one curve per run on an x-y plot, or one per curve of the quantity against time; then what the
// run holds already
void PlotSeries::addRun(const Run& run) {
  RunState& state = states_[run.id];
  // an x-y plot: one curve per run, through its points in time order
  if (kind_ == PlotKind::XY) {
    if (channels_.size() == 2) {
      auto* curve = new QCPCurve(plot_.xAxis, plot_.yAxis);
      curve->setPen(QPen(run.color, 1.0));
      series_.push_back({curve, run.id, runName(run), false});
      state.curves.push_back(static_cast<int>(series_.size()) - 1);
    }
  } else {
    // against time: a graph per curve of the quantity (a velocity curve named so)
    for (const CurveSpec& spec : curvesOf(kind_, channels_))
      state.curves.push_back(newGraph(
          run, runName(run) + (spec.secondary ? QObject::tr(" velocity") : QString()), spec));
  }
  // then what the run holds already, its comparison computed now
  appendRows(run, state);
  appendRejected(run, state);
  compare(run, state, true);
}

void PlotSeries::append(const Run& run, bool final) {
  // a run not drawn yet starts; one drawn grows
  auto it = states_.find(run.id);
  if (it == states_.end()) {
    addRun(run);
    return;
  }
  appendRows(run, it->second);
  appendRejected(run, it->second);
  compare(run, it->second, final);
  // a base run that grows changes the others' comparisons
  const Run* b = base();
  if (b && b->id == run.id && (kind_ == PlotKind::Difference || kind_ == PlotKind::ReferenceError))
    for (auto& [id, state] : states_)
      if (const Run* other = runs_.find(id); other && id != run.id) compare(*other, state, final);
}

// --- growing with the rows -----------------------------------------------------------------------

void PlotSeries::appendRows(const Run& run, RunState& state) {
  const Results& r = run.results;
  // the rows were decimated (memory budget): draw the run's curves again from what is kept
  if (r.rowStride() != state.strideShown) {
    for (int index : state.curves) {
      QCPAbstractPlottable* p = series_[static_cast<size_t>(index)].plottable;
      if (auto* g = qobject_cast<QCPGraph*>(p)) g->data()->clear();
      if (auto* c = qobject_cast<QCPCurve*>(p)) c->data()->clear();
    }
    state.rowsShown = 0;
    state.strideShown = r.rowStride();
  }
  // a latest row off the stride is replaced by the next: drawn once it stays (or the run ended)
  const size_t end = run.live() ? r.stableRowCount() : r.rowCount();
  const size_t first = state.rowsShown;
  if (end <= first || r.columnCount() == 0) return;
  // an x-y plot: the new points of the curve, with their times
  if (kind_ == PlotKind::XY) {
    const int cx = r.column(channels_.value(0).toStdString()),
              cy = r.column(channels_.value(1).toStdString());
    if (cx >= 0 && cy >= 0 && !state.curves.empty()) {
      // each point keeps its time as the curve's parameter
      QVector<double> t, x, y;
      for (size_t k = first; k < end; ++k) {
        t << r.at(k, 0);
        x << r.at(k, cx);
        y << r.at(k, cy);
      }
      static_cast<QCPCurve*>(series_[static_cast<size_t>(state.curves.front())].plottable)
          ->addData(t, x, y, true);
    } else if (cx < 0 || cy < 0) {
      // a signal the run does not have says so in the note
      note_ = QObject::tr("Run #%1 has no signal %2")
                  .arg(run.id)
                  .arg(cx < 0 ? channels_.value(0) : channels_.value(1));
    }
  } else {
    // the other kinds: each curve from its channel, log-friendly where the axis is logarithmic
    std::vector<double> t, y;
    const std::vector<CurveSpec> specs = curvesOf(kind_, channels_);
    for (size_t k = 0; k < specs.size() && k < state.curves.size(); ++k) {
      // a channel plot without its channel says so; the others draw nothing for it
      const int column = r.column(specs[k].channel.toStdString());
      if (column < 0 && kind_ == PlotKind::Channel)
        note_ = QObject::tr("Run #%1 has no signal %2").arg(run.id).arg(specs[k].channel);
      curveFrom(r, column, first, plotKindInfo(kind_).logY, t, y, end);
      // the new points appended to the curve, in time order
      auto* g = static_cast<QCPGraph*>(series_[static_cast<size_t>(state.curves[k])].plottable);
      g->addData(QVector<double>(t.begin(), t.end()), QVector<double>(y.begin(), y.end()), true);
    }
  }
  // the rows drawn so far, where the next call starts
  state.rowsShown = end;
}

void PlotSeries::appendRejected(const Run& run, RunState& state) {
  // each rejected step as a marker at its time and size, a graph per category of reason
  if (kind_ != PlotKind::StepSize) return;
  const auto& rejected = run.results.rejected;
  for (; state.rejectedShown < rejected.size(); ++state.rejectedShown) {
    const RejectedStep& step = rejected[state.rejectedShown];
    const QString category = rejectionCategory(step.reason);
    auto it = state.rejected.find(category);
    // a graph of markers for a category met first
    if (it == state.rejected.end()) {
      QCPGraph* g = plot_.addGraph();
      g->setLineStyle(QCPGraph::lsNone);
      g->setScatterStyle(QCPScatterStyle(
          static_cast<QCPScatterStyle::ScatterShape>(rejectionShape(category)), run.color, 7.0));
      g->setPen(QPen(run.color));
      series_.push_back({g, run.id, runName(run) + QObject::tr(" rejected: ") + category, true});
      it = state.rejected.emplace(category, static_cast<int>(series_.size()) - 1).first;
    }
    // the step's time and the size that was refused
    static_cast<QCPGraph*>(series_[static_cast<size_t>(it->second)].plottable)
        ->addData(step.t, step.h);
  }
}

// --- comparisons and points under the mouse ------------------------------------------------------

void PlotSeries::compare(const Run& run, RunState& state, bool force) {
  // only for errors against the reference and differences, and not for the base run itself
  if (kind_ != PlotKind::ReferenceError && kind_ != PlotKind::Difference) return;
  const Run* b = kind_ == PlotKind::ReferenceError ? runs_.reference() : base();
  if (!b || b->id == run.id || channels_.isEmpty() || run.results.rowCount() == 0) return;
  // a live run is compared again at most every 250 ms
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  if (!force && now - state.comparedMs < kCompareRefreshMs) return;
  state.comparedMs = now;
  // one graph per run, named "#2 - #1"
  if (state.curves.empty())
    state.curves.push_back(newGraph(run, runName(run) + " \u2212 " + runName(*b), CurveSpec{}));
  // the error (or difference) of the first channel on the reference's times
  try {
    const TrajectoryError e =
        trajectoryError(run.results, b->results, channels_.front().toStdString());
    QVector<double> t, v;
    const bool log = kind_ == PlotKind::ReferenceError;
    for (size_t k = 0; k < e.errors.size(); ++k) {
      // zero errors (the common start) cannot show on the log axis
      if (log && !(e.errors[k] > 0.0)) continue;
      t << e.times[k];
      v << (log ? e.errors[k] : e.differences[k]);
    }
    static_cast<QCPGraph*>(series_[static_cast<size_t>(state.curves.front())].plottable)
        ->setData(t, v, true);
  } catch (const std::invalid_argument& ex) {
    note_ = QString::fromStdString(ex.what());
  }
}

// the point of a series at or before time t (an x-y curve by its parameter t)
bool PlotSeries::pointAt(const Series& s, double t, double& x, double& y, double& time) {
  // a time curve: its key is the time
  if (auto* g = qobject_cast<QCPGraph*>(s.plottable)) {
    const auto data = g->data();
    if (data->isEmpty()) return false;
    // the last point at or before t, or the first
    auto it = data->findEnd(t, false);
    if (it != data->constBegin()) --it;
    x = time = it->key;
    y = it->value;
    return true;
  }
  // an x-y curve: its parameter is the time
  if (auto* c = qobject_cast<QCPCurve*>(s.plottable)) {
    const auto data = c->data();
    if (data->isEmpty()) return false;
    // the last point at or before t, or the first
    auto it = data->findEnd(t, false);
    if (it != data->constBegin()) --it;
    time = it->t;
    x = it->key;
    y = it->value;
    return true;
  }
  return false;
}

bool PlotSeries::nearest(const QPointF& pixel, double maxPixels, const Series*& best, double& x,
                         double& y, double& time) const {
  // the best so far: squared pixel distance, at most the reach
  double bestDistance = maxPixels * maxPixels;
  best = nullptr;
  // the nearest point within reach, in pixels
  auto consider = [&](const Series& s, double key, double value, double t) {
    const QPointF p(plot_.xAxis->coordToPixel(key), plot_.yAxis->coordToPixel(value));
    const double d =
        (p.x() - pixel.x()) * (p.x() - pixel.x()) + (p.y() - pixel.y()) * (p.y() - pixel.y());
    if (d < bestDistance) {
      bestDistance = d;
      best = &s;
      x = key;
      y = value;
      time = t;
    }
  };
  // the keys within reach of the pixel, left and right
  const double k0 = plot_.xAxis->pixelToCoord(pixel.x() - maxPixels),
               k1 = plot_.xAxis->pixelToCoord(pixel.x() + maxPixels);
  for (const Series& s : series_) {
    // time curves: only the samples within reach along t (their keys are sorted)
    if (auto* g = qobject_cast<QCPGraph*>(s.plottable)) {
      const auto data = g->data();
      for (auto it = data->findBegin(std::min(k0, k1)); it != data->findEnd(std::max(k0, k1)); ++it)
        consider(s, it->key, it->value, it->key);
    } else if (auto* c = qobject_cast<QCPCurve*>(s.plottable)) {
      // x-y curves: all their points
      for (auto it = c->data()->constBegin(); it != c->data()->constEnd(); ++it)
        consider(s, it->key, it->value, it->t);
    }
  }
  return best != nullptr;
}

}  // namespace mbw::ui
