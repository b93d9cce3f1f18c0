// The formulation study's figures (see formulation_study_figures.h).

#include <algorithm>

#include "formulation_study_figures.h"

namespace mbw::plot {
namespace {

// rp solid with markers, rA dashed, rE markers alone: coinciding curves stay distinguishable
void styleByFormulation(plot::Series& s, const std::string& formulation) {
  s.style =
      formulation == "rE" ? plot::Series::Style::Markers : plot::Series::Style::LineAndMarkers;
  s.dashed = formulation == "rA";
}

// the step axis with a margin around the steps studied
plot::Axis stepAxis(const FormulationStudySettings& settings) {
  plot::Axis a{"step h [s]", true};
  // a log axis from the smallest step / 1.5 to the largest x 1.5
  const auto [lo, hi] = std::minmax_element(settings.orderSteps.begin(), settings.orderSteps.end());
  a.min = *lo / 1.5;
  a.max = *hi * 1.5;
  return a;
}

// a formulation's error at each step h, as a line over the steps
plot::Series errorSeries(const OrderSeries& o, double OrderPoint::*error, const std::string& name) {
  // the completed points with a positive error: a log axis shows nothing else
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
  // proportional to h from the series' first point, across its steps
  for (double h : {through.x.front(), through.x.back()}) {
    s.x.push_back(h);
    s.y.push_back(through.y.front() * h / through.x.front());
  }
  return s;
}

// a log-log chart of an error against the step
plot::Chart errorChart(const FormulationStudySettings& settings, const std::string& title,
                       const std::string& quantity) {
  return plot::Chart{title, stepAxis(settings), {"|error| of " + quantity, true}, {}};
}

// Kissel et al. 2021 Figs. 6 and 7: velocity and acceleration errors of every formulation
plot::Figure mechanismOrderFigure(const FormulationStudy& study, const std::string& mechanism,
                                  const std::string& title) {
  // velocity and acceleration side by side, a series per formulation with its order-1 guide
  plot::Figure f;
  f.title = title;
  f.columns = 2;
  for (const auto& [member, what] :
       {std::pair{&OrderPoint::velocityError, std::string("velocity")},
        std::pair{&OrderPoint::accelerationError, std::string("acceleration")}}) {
    // each chart titled by the coordinate its errors measure
    plot::Chart c = errorChart(study.settings, "", what);
    for (const OrderSeries& o : study.orders)
      if (o.mechanism == mechanism) {
        c.title =
            o.coordinate.label() + ": " + what + " at t = " + cell(study.settings.orderTEnd) + " s";
        c.series.push_back(errorSeries(o, member, o.formulation));
        styleByFormulation(c.series.back(), o.formulation);
      }
    // the order-1 guide through the first formulation's series
    if (!c.series.empty()) c.series.push_back(orderOneLine(c.series.front()));
    f.charts.push_back(c);
  }
  return f;
}

}  // namespace

std::vector<std::pair<std::string, plot::Figure>> formulationStudyFigures(
    const FormulationStudy& study) {
  std::vector<std::pair<std::string, plot::Figure>> out;

  // Fig. 4: iterations of the four-link dynamics against the step, at the position tolerance
  // Theta h^2 the title names
  plot::Figure iterations;
  iterations.title = "Four link, dynamics: Newton iterations per step (Theta h^2 = " +
                     cell(study.settings.positionTolerance) + ")";
  // one chart: the average iterations per step against the step
  plot::Chart c{"average over t = 0.." + cell(study.settings.orderTEnd) + " s",
                stepAxis(study.settings),
                {"iterations per step"},
                {}};
  // a series per formulation, its completed points only
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
      f.title = "Single pendulum, rA, backward Euler: errors of " + o.coordinate.label() +
                " at t = " + cell(study.settings.orderTEnd) + " s";
      // the three errors on one chart, with an order-1 guide through the velocity's
      plot::Chart e = errorChart(study.settings, "position, velocity and acceleration",
                                 o.coordinate.label() + " and its rates");
      e.series = {errorSeries(o, &OrderPoint::positionError, "position [m]"),
                  errorSeries(o, &OrderPoint::velocityError, "velocity [m/s]"),
                  errorSeries(o, &OrderPoint::accelerationError, "acceleration [m/s^2]")};
      e.series.push_back(orderOneLine(e.series[1]));
      f.charts.push_back(e);
      out.push_back({"fig5_single_pendulum_order_rA.png", f});
    }

  // Figs. 6 and 7: the order of each formulation on two mechanisms
  out.push_back(
      {"fig6_slider_crank_order.png",
       mechanismOrderFigure(study, "slider-crank",
                            "Slider crank, backward Euler: order analysis of the slider's x")});
  out.push_back({"fig7_four_link_order.png",
                 mechanismOrderFigure(study, "four-link",
                                      "Four link, backward Euler: order analysis of link 3's z")});
  return out;
}

}  // namespace mbw::plot
