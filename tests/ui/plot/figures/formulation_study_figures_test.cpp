// The formulation study's figures (formulation_study_figures.h) on series made by hand: four
// files, Fig. 4's iterations of the four-link's completed points, Fig. 5's three errors of rA on
// the single pendulum with an order-1 line, Figs. 6-7 a chart per rate with the formulations styled
// apart.

#include <gtest/gtest.h>

#include "formulation_study_figures.h"

namespace mbw::plot {
namespace {

// a mechanism's series at three steps: errors h, 2 h and 3 h, the smallest step failed
OrderSeries series(const std::string& mechanism, const std::string& formulation) {
  OrderSeries o{mechanism, formulation, {"link", 2}, {}};
  for (double h : {1e-2, 5e-3, 1e-3}) {
    OrderPoint p;
    p.h = h;
    p.completed = h > 1e-3;  // the smallest step failed
    p.positionError = h, p.velocityError = 2 * h, p.accelerationError = 3 * h;
    p.iterationsPerStep = 1.0 + h;
    o.points.push_back(p);
  }
  return o;
}

// the formulation study's Figs 4-7 come out as files named for what they show, with failed points
// left out and the formulations told apart by their lines and markers
TEST(FormulationStudyFigures, DrawsFiguresFourToSeven) {
  FormulationStudy study;
  study.orders = {series("four-link", "rp"), series("four-link", "rA"),
                  series("single-pendulum", "rA"), series("slider-crank", "rE")};
  const auto figures = formulationStudyFigures(study);
  ASSERT_EQ(figures.size(), 4u);
  // one file per figure, named by figure, mechanism and what it shows
  EXPECT_EQ(figures[0].first, "fig4_four_link_iterations.png");
  EXPECT_EQ(figures[1].first, "fig5_single_pendulum_order_rA.png");
  EXPECT_EQ(figures[3].first, "fig7_four_link_order.png");

  const Chart& iterations = figures[0].second.charts.at(0);
  ASSERT_EQ(iterations.series.size(), 2u);
  // Fig. 4: only the completed points (the 1e-3 step failed)
  EXPECT_EQ(iterations.series[0].x, (std::vector<double>{1e-2, 5e-3}));
  EXPECT_TRUE(iterations.series[1].dashed);  // rA

  const Chart& pendulum = figures[1].second.charts.at(0);
  ASSERT_EQ(pendulum.series.size(), 4u);
  // Fig. 5: the acceleration errors 3 h; an order-1 line through the velocity's first point
  EXPECT_EQ(pendulum.series[2].y, (std::vector<double>{3e-2, 1.5e-2}));
  EXPECT_EQ(pendulum.series[3].name, "order 1");  // through the velocity's first point
  EXPECT_DOUBLE_EQ(pendulum.series[3].y[1], 2e-2 * 5e-3 / 1e-2);

  const Figure& crank = figures[2].second;
  // Figs. 6-7: a chart per rate
  ASSERT_EQ(crank.charts.size(), 2u);
  EXPECT_EQ(crank.charts[1].title, "link.z: acceleration at t = 3 s");
  EXPECT_EQ(crank.charts[1].series[0].style, Series::Style::Markers);  // rE
}

}  // namespace
}  // namespace mbw::plot
