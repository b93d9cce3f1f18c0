// Tables and figures of `mbw-cli study formulations` (see formulation_study_output.h).

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/integrator_study.h"
#include "formulation_study_output.h"

namespace mbw::cli {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// NaN for a series not measured (the study was interrupted)
double meanMicroseconds(const CostSeries* s) { return s ? s->meanMicroseconds() : kNaN; }
double bestMicroseconds(const CostSeries* s) { return s ? s->bestMicroseconds() : kNaN; }

std::string runsNote(const FormulationStudySettings& s) {
  return "step " + cell(s.step) + " s, t_end " + cell(s.timingTEnd) + " s; mean of " +
         std::to_string(s.repeats) + (s.repeats == 1 ? " run" : " runs") +
         " in one process, interleaved across formulations; CPU time of the stepping loop "
         "(set-up and initial conditions excluded); speedup = rp time / time";
}

std::vector<std::string> mechanisms(const std::vector<CostSeries>& table) {
  std::vector<std::string> out;
  for (const CostSeries& s : table)
    if (std::find(out.begin(), out.end(), s.mechanism) == out.end()) out.push_back(s.mechanism);
  return out;
}

// Tables 8 and 10: microseconds per step and speedup relative to rp
StudyTable speedupTable(const FormulationStudy& study, const std::vector<CostSeries>& table,
                        const std::string& title, const std::string& tolerance) {
  StudyTable t;
  t.title = title;
  t.notes = {runsNote(study.settings), tolerance};
  t.header = {"mechanism"};
  for (const std::string& f : study.formulations) t.header.push_back(f + " us/step");
  for (const std::string& f : study.formulations)
    if (f != "rp") t.header.push_back(f + " speedup");
  for (const std::string& f : study.formulations)
    if (f != "rp") t.header.push_back(f + " speedup (best)");
  t.header.push_back("spread");
  for (const std::string& m : mechanisms(table)) {
    std::vector<std::string> row = {m};
    const double base = meanMicroseconds(study.cost(table, m, "rp"));
    const double bestBase = bestMicroseconds(study.cost(table, m, "rp"));
    double spread = 0.0;
    for (const std::string& f : study.formulations) {
      const CostSeries* s = study.cost(table, m, f);
      if (s && !s->completed()) t.notes.push_back(m + ", " + f + ": " + s->message());
      row.push_back(s && !s->completed() ? "failed" : cell(meanMicroseconds(s)));
      if (s && s->completed()) spread = std::max(spread, s->spread());
    }
    for (const std::string& f : study.formulations)
      if (f != "rp") row.push_back(cell(base / meanMicroseconds(study.cost(table, m, f))));
    for (const std::string& f : study.formulations)
      if (f != "rp") row.push_back(cell(bestBase / bestMicroseconds(study.cost(table, m, f))));
    row.push_back(cell(100.0 * spread, 2) + "%");
    t.rows.push_back(row);
  }
  t.notes.push_back("speedup (best): from the fastest run of each; spread: largest (max - min) / mean "
                    "of the per-step times over the runs (the load of the machine)");
  return t;
}

// Table 9 and its dynamics counterpart: Newton iterations per step
StudyTable iterationTable(const FormulationStudy& study, const std::vector<CostSeries>& table,
                          const std::string& title, const std::string& tolerance) {
  StudyTable t;
  t.title = title;
  t.notes = {"step " + cell(study.settings.step) + " s, t_end " + cell(study.settings.timingTEnd) +
                 " s; average over every step of every run",
             tolerance};
  t.header = {"mechanism"};
  for (const std::string& f : study.formulations) t.header.push_back(f);
  for (const std::string& m : mechanisms(table)) {
    std::vector<std::string> row = {m};
    for (const std::string& f : study.formulations) {
      const CostSeries* s = study.cost(table, m, f);
      row.push_back(cell(s ? s->iterationsPerStep() : kNaN));
    }
    t.rows.push_back(row);
  }
  return t;
}

// the convergence order of the errors above the Newton tolerance (smaller ones are rounding)
double resolvedOrder(const std::vector<OrderPoint>& points, double OrderPoint::*error, double floor) {
  std::vector<double> h, e;
  for (const OrderPoint& p : points)
    if (p.completed && p.*error > floor) {
      h.push_back(p.h);
      e.push_back(p.*error);
    }
  return observedOrder(h, e);
}

double largest(const std::vector<OrderPoint>& points, double OrderPoint::*error) {
  double worst = 0.0;
  for (const OrderPoint& p : points)
    if (p.completed) worst = std::max(worst, p.*error);
  return worst;
}

std::string orderNote(const FormulationStudy& study) {
  const auto& s = study.settings;
  return "backward Euler, error at t = " + cell(s.orderTEnd) + " s against the kinematic ground truth (rp, tolerance 1e-12); h from " +
         cell(s.orderSteps.front()) + " to " + cell(s.orderSteps.back()) + " s with Theta h^2 = " +
         cell(s.positionTolerance);
}

StudyTable ordersTable(const FormulationStudy& study) {
  const double floor = 10.0 * study.settings.positionTolerance;
  StudyTable t;
  t.title = "Convergence orders (least-squares slopes of log error against log h; Figs. 5-7)";
  t.notes = {orderNote(study), "'-': every error is below " + cell(floor) +
                                   " (the constraints hold the position to the Newton tolerance)"};
  t.header = {"mechanism", "coordinate", "formulation", "position order", "velocity order",
              "acceleration order", "largest position error"};
  for (const OrderSeries& o : study.orders)
    t.rows.push_back({o.mechanism, o.coordinate.label(), o.formulation,
                      cell(resolvedOrder(o.points, &OrderPoint::positionError, floor)),
                      cell(resolvedOrder(o.points, &OrderPoint::velocityError, floor)),
                      cell(resolvedOrder(o.points, &OrderPoint::accelerationError, floor)),
                      cell(largest(o.points, &OrderPoint::positionError))});
  return t;
}

StudyTable orderPointsTable(const FormulationStudy& study) {
  StudyTable t;
  t.title = "Order analysis: errors at t_end";
  t.notes = {orderNote(study)};
  t.header = {"mechanism", "coordinate", "formulation", "h", "theta", "position error",
              "velocity error", "acceleration error", "iterations per step", "status"};
  for (const OrderSeries& o : study.orders)
    for (const OrderPoint& p : o.points)
      t.rows.push_back({o.mechanism, o.coordinate.label(), o.formulation, cell(p.h), cell(p.theta),
                        cell(p.positionError, 6), cell(p.velocityError, 6), cell(p.accelerationError, 6),
                        cell(p.iterationsPerStep, 4), p.completed ? "completed" : "failed: " + p.message});
  return t;
}

// rp solid with markers, rA dashed, rE markers alone: coinciding curves stay distinguishable
void styleByFormulation(plot::Series& s, const std::string& formulation) {
  s.style = formulation == "rE" ? plot::Series::Style::Markers : plot::Series::Style::LineAndMarkers;
  s.dashed = formulation == "rA";
}

// the step axis with a margin around the steps studied
plot::Axis stepAxis(const FormulationStudySettings& settings) {
  plot::Axis a{"step h [s]", true};
  const auto [lo, hi] = std::minmax_element(settings.orderSteps.begin(), settings.orderSteps.end());
  a.min = *lo / 1.5;
  a.max = *hi * 1.5;
  return a;
}

plot::Series errorSeries(const OrderSeries& o, double OrderPoint::*error, const std::string& name) {
  plot::Series s;
  s.name = name;
  s.style = plot::Series::Style::LineAndMarkers;
  for (const OrderPoint& p : o.points)
    if (p.completed && p.*error > 0.0) {
      s.x.push_back(p.h);
      s.y.push_back(p.*error);
    }
  return s;
}

// an order-1 line through the first point of a series
plot::Series orderOneLine(const plot::Series& through) {
  plot::Series s;
  s.name = "order 1";
  s.dashed = true;
  if (through.x.empty()) return s;
  for (double h : {through.x.front(), through.x.back()}) {
    s.x.push_back(h);
    s.y.push_back(through.y.front() * h / through.x.front());
  }
  return s;
}

plot::Chart errorChart(const FormulationStudySettings& settings, const std::string& title,
                       const std::string& quantity) {
  return plot::Chart{title, stepAxis(settings), {"|error| of " + quantity, true}, {}};
}

// Kissel et al. 2021 Figs. 6 and 7: velocity and acceleration errors of every formulation
plot::Figure mechanismOrderFigure(const FormulationStudy& study, const std::string& mechanism,
                                  const std::string& title) {
  plot::Figure f;
  f.title = title;
  f.columns = 2;
  for (const auto& [member, what] : {std::pair{&OrderPoint::velocityError, std::string("velocity")},
                                     std::pair{&OrderPoint::accelerationError, std::string("acceleration")}}) {
    plot::Chart c = errorChart(study.settings, "", what);
    for (const OrderSeries& o : study.orders)
      if (o.mechanism == mechanism) {
        c.title = o.coordinate.label() + ": " + what + " at t = " + cell(study.settings.orderTEnd) + " s";
        c.series.push_back(errorSeries(o, member, o.formulation));
        styleByFormulation(c.series.back(), o.formulation);
      }
    if (!c.series.empty()) c.series.push_back(orderOneLine(c.series.front()));
    f.charts.push_back(c);
  }
  return f;
}

}  // namespace

std::vector<std::pair<std::string, StudyTable>> studyTables(const FormulationStudy& study) {
  const std::string kinTol = "position analysis stopped when |correction| < " + cell(study.settings.kinematicsTolerance);
  const std::string dynTol = "Newton stopped when |correction| < Theta with Theta h^2 = " +
                             cell(study.settings.positionTolerance) + " (eq 46: Theta = " +
                             cell(study.settings.positionTolerance / (study.settings.step * study.settings.step)) +
                             "; the caption of the paper's Table 10 says Theta = 1e-3)";
  return {
      {"table8_kinematics_speedup.csv",
       speedupTable(study, study.kinematics, "Table 8 - kinematics: CPU time per step and speedup relative to rp", kinTol)},
      {"table9_kinematics_iterations.csv",
       iterationTable(study, study.kinematics, "Table 9 - kinematics: Newton iterations per step (position analysis)", kinTol)},
      {"table10_dynamics_speedup.csv",
       speedupTable(study, study.dynamics, "Table 10 - dynamics (index-3 backward Euler): CPU time per step and speedup relative to rp", dynTol)},
      {"dynamics_iterations.csv",
       iterationTable(study, study.dynamics, "Dynamics: Newton iterations per step", dynTol)},
      {"orders.csv", ordersTable(study)},
      {"order_analysis.csv", orderPointsTable(study)},
  };
}

std::vector<std::pair<std::string, plot::Figure>> studyFigures(const FormulationStudy& study) {
  std::vector<std::pair<std::string, plot::Figure>> out;

  // Fig. 4: iterations of the four-link dynamics against the step
  plot::Figure iterations;
  iterations.title = "Four link, dynamics: Newton iterations per step (Theta h^2 = " + cell(study.settings.positionTolerance) + ")";
  plot::Chart c{"average over t = 0.." + cell(study.settings.orderTEnd) + " s", stepAxis(study.settings),
                {"iterations per step"}, {}};
  for (const OrderSeries& o : study.orders)
    if (o.mechanism == "four-link") {
      plot::Series s;
      s.name = o.formulation;
      styleByFormulation(s, o.formulation);
      for (const OrderPoint& p : o.points)
        if (p.completed) {
          s.x.push_back(p.h);
          s.y.push_back(p.iterationsPerStep);
        }
      c.series.push_back(s);
    }
  iterations.charts.push_back(c);
  out.push_back({"fig4_four_link_iterations.png", iterations});

  // Fig. 5: rA on the single pendulum, position, velocity and acceleration
  for (const OrderSeries& o : study.orders)
    if (o.mechanism == "single-pendulum" && o.formulation == "rA") {
      plot::Figure f;
      f.title = "Single pendulum, rA, backward Euler: errors of " + o.coordinate.label() + " at t = " + cell(study.settings.orderTEnd) + " s";
      plot::Chart e = errorChart(study.settings, "position, velocity and acceleration", o.coordinate.label() + " and its rates");
      e.series = {errorSeries(o, &OrderPoint::positionError, "position [m]"),
                  errorSeries(o, &OrderPoint::velocityError, "velocity [m/s]"),
                  errorSeries(o, &OrderPoint::accelerationError, "acceleration [m/s^2]")};
      e.series.push_back(orderOneLine(e.series[1]));
      f.charts.push_back(e);
      out.push_back({"fig5_single_pendulum_order_rA.png", f});
    }

  out.push_back({"fig6_slider_crank_order.png",
                 mechanismOrderFigure(study, "slider-crank", "Slider crank, backward Euler: order analysis of the slider's x")});
  out.push_back({"fig7_four_link_order.png",
                 mechanismOrderFigure(study, "four-link", "Four link, backward Euler: order analysis of link 3's z")});
  return out;
}

}  // namespace mbw::cli
