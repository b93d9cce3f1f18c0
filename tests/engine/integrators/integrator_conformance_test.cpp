// One conformance suite over every direct index-3 integrator of the registry (STYLE.md 10; the
// state-space integrators of Sandu et al. 2001 have their own tests): coefficients (order
// of the linear map, Runge-Kutta order conditions on rooted trees, stiff accuracy, embedded
// order), spectral radius at infinity, A-stability on the oscillator, and empirical orders on a
// harmonic oscillator (an ODE: the joint carries no load) and on the Kissel et al. 2021 double
// pendulum against an independent reference (index 3: positions and velocities converge at most at
// second order with stage order 2; accelerations and multipliers are recorded).

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <complex>
#include <functional>
#include <map>
#include <tuple>

#include "analysis/linear_analysis.h"
#include "double_pendulum_reference.h"
#include "integrators/butcher_tableau.h"
#include "integrators/lms_coefficients.h"
#include "integrators/registry.h"
#include "order_conditions.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "test_models.h"

namespace mbw {
namespace {

std::string testName(const ::testing::TestParamInfo<std::string>& p) {
  return test::parameterName(p.param);
}

const IntegratorInfo& infoOf(const std::string& name) { return *findIntegrator(name); }

// rho_inf values to check: the default, 0 and 0.6 where offered, and 0.9 / 1 where allowed
std::vector<double> rhoSamples(const Capabilities& c) {
  if (!c.hasRhoInf) return {-1.0};
  std::vector<double> candidates{c.rhoInfDefault, 0.0, 0.6, 0.9, 1.0};
  std::vector<double> out;
  for (double r : candidates) {
    IntegratorSettings s;
    s.rhoInf = r;
    if (unsupportedReason(IntegratorInfo{"x", "", c, {}, {}}, c.formulations.front(), s).empty())
      out.push_back(r);
  }
  return out;
}

IntegratorSettings withRho(double rho) {
  IntegratorSettings s;
  s.rhoInf = rho;
  return s;
}

// tableau of the ESDIRK-family integrators (empty function for the others)
std::function<ButcherTableau(double)> tableauOf(const std::string& name) {
  static const std::map<std::string, std::function<ButcherTableau(double)>> tableaux = {
      {"bathe", batheTableau},
      {"msstc3", [](double r) { return msstcTableau(3, r); }},
      {"msstc4", [](double r) { return msstcTableau(4, r); }},
      {"msstc5", [](double r) { return msstcTableau(5, r); }},
      {"mssth3", [](double r) { return mssthTableau(3, r); }},
      {"mssth4", [](double r) { return mssthTableau(4, r); }},
      {"mssth5", [](double r) { return mssthTableau(5, r); }},
      {"esdirk3-4l2sa", [](double) { return esdirk324l2saTableau(); }},
      {"esdirk3-5l2sa", [](double) { return esdirk325l2saTableau(); }},
      {"esdirk4-6l2sa2", [](double) { return esdirk436l2sa2Tableau(); }}};
  const auto it = tableaux.find(name);
  return it == tableaux.end() ? std::function<ButcherTableau(double)>() : it->second;
}

class Conformance : public ::testing::TestWithParam<std::string> {
 protected:
  const IntegratorInfo& info() const { return infoOf(GetParam()); }
  const Capabilities& caps() const { return info().capabilities; }
};

// --- coefficients --------------------------------------------------------------------------------

// principal root of the linear map on y' = i w y against exp(i Omega): local error C Omega^(p+1)
TEST_P(Conformance, LinearMapHasTheDesignOrder) {
  for (double rho : rhoSamples(caps())) {
    SCOPED_TRACE("rho_inf " + std::to_string(rho));
    const LinearModel m = info().linearModel(withRho(rho));
    auto error = [&](double omega) {
      const Eigen::VectorXcd ev =
          Eigen::ComplexEigenSolver<Eigen::MatrixXcd>(m.amplification(omega), false).eigenvalues();
      double best = 1e300;
      for (Eigen::Index k = 0; k < ev.size(); ++k)
        best = std::min(best, std::abs(ev[k] - std::polar(1.0, omega)));
      return best;
    };
    // Omega = 0.05 per implicit stage, and half of it: the slope of the local error
    const double w = 0.05 * m.implicitStages;
    const double slope = std::log2(error(w) / error(w / 2));
    RecordProperty("linear_slope_rho" + std::to_string(rho), std::to_string(slope));
    EXPECT_GT(slope, caps().order + 1 - 0.2) << "local error slope " << slope;
  }
}

TEST_P(Conformance, SpectralRadiusAtInfinityIsRhoInfOrZero) {
  for (double rho : rhoSamples(caps())) {
    SCOPED_TRACE("rho_inf " + std::to_string(rho));
    // rho_inf where the method has one (HHT's from its alpha), else 0
    const double expected = caps().hasRhoInf ? effectiveRhoInf(info(), withRho(rho)) : 0.0;
    EXPECT_NEAR(spectralRadiusAtInfinity(info().linearModel(withRho(rho))), expected, 1e-6);
  }
}

TEST_P(Conformance, AStableOnTheOscillator) {
  for (double rho : rhoSamples(caps())) {
    SCOPED_TRACE("rho_inf " + std::to_string(rho));
    double worst = 0.0;
    // a spectral radius of at most 1 over six decades of Omega
    for (const LinearAnalysisPoint& p :
         analyzeLinearStability(info().linearModel(withRho(rho)), logSpace(1e-3, 1e3, 300)))
      worst = std::max(worst, p.spectralRadius);
    EXPECT_LE(worst, 1.0 + 1e-9);
  }
}

// Runge-Kutta order conditions of the tableaux; stiff accuracy; embedded weights (the integrators
// written as ESDIRKs; LMS and single-step coefficients: lms_coefficients_test.cpp,
// single_step_coefficients_test.cpp)
class TableauConformance : public Conformance {};

TEST_P(TableauConformance, OrderConditionsAndStiffAccuracy) {
  const auto tableau = tableauOf(GetParam());
  ASSERT_TRUE(tableau);
  for (double rho : rhoSamples(caps())) {
    SCOPED_TRACE("rho_inf " + std::to_string(rho));
    const ButcherTableau t = tableau(rho);
    const int s = t.stages();
    // explicit first stage, constant diagonal, last stage at the step end with the weights b
    EXPECT_EQ(t.A.row(0).norm(), 0.0);
    for (int i = 1; i < s; ++i) EXPECT_NEAR(t.A(i, i), t.gamma(), 1e-15);
    EXPECT_NEAR(t.c[s - 1], 1.0, 1e-13);
    EXPECT_NEAR((t.A.row(s - 1).transpose() - t.b).norm(), 0.0, 1e-15);
    // the order of b by the rooted-tree conditions, as the capabilities declare it
    EXPECT_EQ(test::tableauOrder(t.A, t.b, 1e-12), t.order);
    EXPECT_EQ(t.order, caps().order);
    if (t.embeddedOrder > 0) {
      // the embedded weights: their own order, and far enough from b to estimate an error
      EXPECT_EQ(test::tableauOrder(t.A, t.bHat, 1e-12), t.embeddedOrder);
      EXPECT_GT((t.b - t.bHat).norm(), 1e-3);
    }
  }
}

// --- empirical orders --------------------------------------------------------------------------

struct Errors {
  double x = 0.0, v = 0.0;  // largest over the steps
};

Errors oscillatorErrors(const std::string& name, double h, double tEnd) {
  // x'' + (2 pi)^2 x = 0 (test::springOscillator), from rest at x = 1 m
  static const Model model = test::springOscillator(0.0);
  RunSettings s;
  s.integrator = name;
  s.integratorSettings.step = h;
  s.tEnd = tEnd;
  const Results r = Simulation(model, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  const double w = 2.0 * M_PI;
  Errors e;
  for (size_t i = 0; i < r.rowCount(); ++i) {
    const double t = r.at(i, 0);
    // against x = cos(w t), v = -w sin(w t)
    e.x = std::max(e.x, std::abs(r.at(i, r.column("mass.x")) - std::cos(w * t)));
    e.v = std::max(e.v, std::abs(r.at(i, r.column("mass.vx")) + w * std::sin(w * t)));
  }
  return e;
}

TEST_P(Conformance, HarmonicOscillatorConvergesAtTheDesignOrder) {
  // Delta t / n = 1/80 and 1/160 of the period over 30 coarse steps: asymptotic, above round-off
  const int n = caps().implicitStages;
  const double h = n / 80.0;
  const Errors coarse = oscillatorErrors(GetParam(), h, 30 * h),
               fine = oscillatorErrors(GetParam(), h / 2, 30 * h);
  const double px = std::log2(coarse.x / fine.x), pv = std::log2(coarse.v / fine.v);
  RecordProperty("order_positions", std::to_string(px));
  RecordProperty("order_velocities", std::to_string(pv));
  EXPECT_NEAR(px, caps().order, 0.2) << coarse.x << " -> " << fine.x;
  EXPECT_NEAR(pv, caps().order, 0.2) << coarse.v << " -> " << fine.v;
}

// A double-pendulum run over 1.2 s (a whole number of steps for every step used below: a
// shortened last step would disturb the index-3 accelerations), with the multipliers
Results pendulum(const std::string& name, double h, const std::string& formulation = "rp") {
  static const Model model = loadScene("double-pendulum");
  RunSettings s;
  s.integrator = name;
  s.formulation = formulation;
  s.integratorSettings.step = h;
  s.tEnd = 1.2;
  s.recordMultipliers = true;
  const Results r = Simulation(model, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r;
}

// largest error of z and vz of body_2 over the steps, against the RK4 reference
Errors pendulumErrors(const Results& r) {
  const std::vector<double> t = r.columnValues(0);
  const std::vector<test::PendulumSample> ref =
      test::doublePendulumReference(std::vector<double>(t.begin() + 1, t.end()));
  Errors e;
  for (size_t i = 1; i < t.size(); ++i) {
    e.x = std::max(e.x, std::abs(r.at(i, r.column("body_2.z")) - ref[i - 1].z2));
    e.v = std::max(e.v, std::abs(r.at(i, r.column("body_2.vz")) - ref[i - 1].vz2));
  }
  return e;
}

// largest difference of a channel between two runs at the coarse run's times (the fine run has
// twice as many steps)
double difference(const Results& coarse, const Results& fine, const std::string& channel) {
  double worst = 0.0;
  for (size_t i = 1; i < coarse.rowCount(); ++i)
    worst = std::max(worst, std::abs(coarse.at(i, coarse.column(channel)) -
                                     fine.at(2 * i, fine.column(channel))));
  return worst;
}

TEST_P(Conformance, DoublePendulumConvergesAtTheIndexThreeOrder) {
  // h = 5 ms per implicit stage, halved twice
  const double h = 0.005 * caps().implicitStages;
  const Results a = pendulum(GetParam(), h), b = pendulum(GetParam(), h / 2),
                c = pendulum(GetParam(), h / 4);
  // positions and velocities against the independent reference, from the two finer runs
  const Errors eb = pendulumErrors(b), ec = pendulumErrors(c);
  const double pz = std::log2(eb.x / ec.x), pv = std::log2(eb.v / ec.v);
  // accelerations and multipliers: successive differences (no independent reference)
  auto order = [&](const std::string& ch) {
    return std::log2(difference(a, b, ch) / difference(b, c, ch));
  };
  const double pa = order("body_2.az"), pl = order("lambda.revJoint_CD_2.1");
  RecordProperty("order_positions", std::to_string(pz));
  RecordProperty("order_velocities", std::to_string(pv));
  RecordProperty("order_accelerations", std::to_string(pa));
  RecordProperty("order_multipliers", std::to_string(pl));
  // index 3: at most second order in positions and velocities
  const int expected = std::min(caps().order, 2);
  EXPECT_NEAR(pz, expected, 0.2) << "positions " << eb.x << " -> " << ec.x;
  EXPECT_NEAR(pv, expected, 0.2) << "velocities " << eb.v << " -> " << ec.v;
  // accelerations and multipliers do converge (a slope above 0.5)
  EXPECT_GT(pa, 0.5) << "accelerations";
  EXPECT_GT(pl, 0.5) << "multipliers";
}

// the same index-3 orders with rotation matrices (rA) and Euler angles (rE): the schemes reach the
// manifold only through the formulation's increment map
class FormulationConformance
    : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(FormulationConformance, DoublePendulumConvergesAtTheIndexThreeOrder) {
  const auto& [name, formulation] = GetParam();
  const Capabilities& caps = infoOf(name).capabilities;
  // one halving finer than the rp test: the higher-order terms of mssth4 still lift its slope
  // to 2.2 at h / 2 -> h / 4 (with rp as well)
  const double h = 0.005 * caps.implicitStages;
  const Errors coarse = pendulumErrors(pendulum(name, h / 4, formulation));
  const Errors fine = pendulumErrors(pendulum(name, h / 8, formulation));
  const int expected = std::min(caps.order, 2);
  EXPECT_NEAR(std::log2(coarse.x / fine.x), expected, 0.2)
      << "positions " << coarse.x << " -> " << fine.x;
  EXPECT_NEAR(std::log2(coarse.v / fine.v), expected, 0.2)
      << "velocities " << coarse.v << " -> " << fine.v;
}

std::string formulationTestName(
    const ::testing::TestParamInfo<std::tuple<std::string, std::string>>& p) {
  return test::parameterName(std::get<0>(p.param) + "_" + std::get<1>(p.param));
}

INSTANTIATE_TEST_SUITE_P(AllIntegrators, FormulationConformance,
                         ::testing::Combine(::testing::ValuesIn(test::index3IntegratorNames()),
                                            ::testing::Values("rA", "rE")),
                         formulationTestName);
INSTANTIATE_TEST_SUITE_P(AllIntegrators, Conformance,
                         ::testing::ValuesIn(test::index3IntegratorNames()), testName);
INSTANTIATE_TEST_SUITE_P(Tableaux, TableauConformance,
                         ::testing::Values("bathe", "msstc3", "msstc4", "msstc5", "mssth3",
                                           "mssth4", "mssth5", "esdirk3-4l2sa", "esdirk3-5l2sa",
                                           "esdirk4-6l2sa2"),
                         testName);

}  // namespace
}  // namespace mbw
