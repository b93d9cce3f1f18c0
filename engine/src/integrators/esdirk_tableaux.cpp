// rho_inf-Bathe and Kennedy-Carpenter ESDIRK tableaux (../shared/refdata/integrators/esdirk.md).

#include <Eigen/LU>
#include <cmath>

#include "integrators/butcher_tableau.h"

namespace mbw {

ButcherTableau tableauFromRows(const std::vector<std::vector<double>>& rows) {
  // rows of the stages after the explicit first; the last row holds the weights (stiffly accurate)
  ButcherTableau t;
  const int s = static_cast<int>(rows.size()) + 1;
  t.A = MatrixXd::Zero(s, s);
  for (int i = 1; i < s; ++i)
    for (size_t j = 0; j < rows[i - 1].size(); ++j) t.A(i, j) = rows[i - 1][j];
  // the weights: the last row; the stage times: the rows' sums
  t.b = t.A.row(s - 1).transpose();
  t.c = t.A.rowwise().sum();
  return t;
}

std::complex<double> ButcherTableau::stabilityFunction(std::complex<double> z) const {
  // R(z) = 1 + z b^T (I - z A)^-1 1
  const int s = stages();
  const Eigen::MatrixXcd m = Eigen::MatrixXcd::Identity(s, s) - z * A.cast<std::complex<double>>();
  const Eigen::VectorXcd x = m.partialPivLu().solve(Eigen::VectorXcd::Ones(s));
  return 1.0 + z * b.cast<std::complex<double>>().dot(x);
}

ButcherTableau batheTableau(double rho) {
  // g = (2 - sqrt(2 (1 + rho))) / (2 (1 - rho)) = 1 / (2 + sqrt(2 (1 + rho))) (Zhang et al. 2022 eq
  // 7)
  const double g = 1.0 / (2.0 + std::sqrt(2.0 * (1.0 + rho)));
  // the weights of the second sub-step (Zhang et al. 2022 eq 7)
  const double b1 = -(4 * g * g - 6 * g + 1) / (4 * g), b2 = (1 - 2 * g) / (4 * g);
  // the rows: the trapezoidal sub-step, then the second sub-step
  ButcherTableau t = tableauFromRows({{g, g}, {b1, b2, g}});
  t.name = "rho_inf-Bathe";
  t.source = "Zhang et al. 2022 eq 7; MBDyn TunableBatheSolver (esdirk.md section 1)";
  t.order = 2;
  return t;
}

ButcherTableau esdirk324l2saTableau() {
  // gamma: root of 6 g^3 - 18 g^2 + 9 g - 1; c3 = 3/5; closed forms of esdirk.md 2.1
  const double g = 0.43586652150845899941601945119355684, c3 = 0.6;
  // the third stage's coefficients and the weights in closed form from gamma and c3
  const double a32 = c3 * (c3 - 2 * g) / (4 * g), a31 = c3 - g - a32;
  const double b2 = (-2 + 3 * c3 + 6 * g * (1 - c3)) / (12 * g * (c3 - 2 * g));
  const double b3 = (1 - 6 * g + 6 * g * g) / (3 * c3 * (c3 - 2 * g));
  const double b1 = 1 - g - b2 - b3;
  ButcherTableau t = tableauFromRows({{g, g}, {a31, a32, g}, {b1, b2, b3, g}});
  t.name = "ESDIRK3(2)4L[2]SA";
  t.source =
      "Kennedy and Carpenter, NASA/TM-2016-219173 (esdirk.md 2.1; = SUNDIALS ESDIRK324L2SA_4_2_3)";
  t.order = 3;
  t.embeddedOrder = 2;
  // the embedded second-order weights, as published
  t.bHat.resize(4);
  t.bHat << 0.10889661761586445416, -0.91532581187071275348, 1.2712735973021521678,
      0.53515559695269613148;
  return t;
}

ButcherTableau esdirk325l2saTableau() {
  // the rationals of the tableau, in terms of sqrt(2)
  const double s2 = std::sqrt(2.0), g = 9.0 / 40.0;
  const double a31 = 9 * (1 + s2) / 80;
  const double a41 = (22 + 15 * s2) / (80 * (1 + s2)), a43 = -7 / (40 * (1 + s2));
  const double b1 = (2398 + 1205 * s2) / (2835 * (4 + 3 * s2));
  const double b3 = -2374 * (1 + 2 * s2) / (2835 * (5 + 3 * s2)), b4 = 5827.0 / 7560.0;
  ButcherTableau t =
      tableauFromRows({{g, g}, {a31, a31, g}, {a41, a41, a43, g}, {b1, b1, b3, b4, g}});
  t.name = "ESDIRK3(2)5L[2]SA";
  t.source =
      "Kennedy and Carpenter, NASA/TM-2016-219173 (esdirk.md 2.2; Zhang et al. 2022 also spells it "
      "ESDIRK3(3)5L[2]SA)";
  t.order = 3;
  t.embeddedOrder = 2;
  // the embedded weights
  const double h1 = (5547709 * s2 - 4800247) / 16519545.0;
  t.bHat.resize(5);
  t.bHat << h1, h1, 11095418 * (1 - s2) / 16519545.0, 30698249.0 / 44052120.0, 49563.0 / 233080.0;
  // the estimate's calibration on the index-3 DAE (esdirk.h)
  t.estimateScale = 3.4;
  return t;
}

ButcherTableau esdirk436l2sa2Tableau() {
  // the rationals of the tableau, as published
  const double g = 31.0 / 125.0;
  const double a31 = -360286518617.0 / 7014585480527.0;
  const double a41 = -506388693497.0 / 5937754990171.0, a43 = 7149918333491.0 / 13390931526268.0;
  const double a51 = -7628305438933.0 / 11061539393788.0, a53 = 21592626537567.0 / 14352247503901.0,
               a54 = 11630056083252.0 / 17263101053231.0;
  const double b1 = -12917657251.0 / 5222094901039.0, b3 = 5602338284630.0 / 15643096342197.0,
               b4 = 9002339615474.0 / 18125249312447.0, b5 = -2420307481369.0 / 24731958684496.0;
  ButcherTableau t = tableauFromRows({{g, g},
                                      {a31, a31, g},
                                      {a41, a41, a43, g},
                                      {a51, a51, a53, a54, g},
                                      {b1, b1, b3, b4, b5, g}});
  t.name = "ESDIRK4(3)6L[2]SA2";
  t.source =
      "Kennedy and Carpenter, Appl. Numer. Math. 146 (2019) (esdirk.md 2.3, rationals of "
      "OrdinaryDiffEq.jl = MBDyn DIRK54Solver)";
  t.order = 4;
  t.embeddedOrder = 3;
  t.lastStagePredictorOrder = 4;
  // the embedded weights
  const double h1 = -1007911106287.0 / 12117826057527.0;
  t.bHat.resize(6);
  t.bHat << h1, h1, 17694008993113.0 / 35931961998873.0, 5816803040497.0 / 11256217655929.0,
      -538664890905.0 / 7490061179786.0, 2032560730450.0 / 8872919773257.0;
  // the estimate's calibration on the index-3 DAE (esdirk.h)
  t.estimateScale = 9.6;
  return t;
}

}  // namespace mbw
