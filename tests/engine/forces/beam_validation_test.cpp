// The beam element against independent references (coarse meshes, a few seconds in all):
//   - a cantilever under a small tip load against Timoshenko beam theory (bending + shear);
//   - the same cantilever rolled into a full circle by the tip moment 2 pi EI / L (the exact
//     large-rotation solution: every node on the circle of radius L / (2 pi), the tip back at
//     the root, turned a full turn), and its convergence with the element count;
//   - the first bending frequency of a cantilever and of a free-free beam, measured from a
//     small-amplitude free vibration (zero crossings), against Euler-Bernoulli, and its
//     second-order convergence with the element count (the lumped mass);
//   - the energy of an undamped free beam in large motion conserved by the trapezoidal rule
//     (lms2 at rho_inf = 1) and lost by BDF2 (rho_inf = 0).

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/static_equilibrium.h"
#include "test_models.h"

namespace mbw {
namespace {

// a 1 m beam along x: EI = 100 N m^2 in both planes, m = 1 kg/m
constexpr double kLength = 1.0, kEI = 100.0, kMass = 1.0;

std::string beamJson(int elements, double GA, double J) {
  std::ostringstream os;
  os.precision(17);
  os << R"([{"name": "c", "from": [0, 0, 0], "to": [)" << kLength << R"(, 0, 0], "elements": )"
     << elements << R"(, "section": {"EA": 1e6, "GA2": )" << GA << R"(, "GA3": )" << GA
     << R"(, "GJ": 80, "EI2": )" << kEI << R"(, "EI3": )" << kEI << R"(}, "mass_per_length": )"
     << kMass << R"(, "inertia_per_length": [)" << 2 * J << ", " << J << ", " << J << "]}]";
  return os.str();
}

// the beam, clamped at x = 0 (or free), loaded by `forces` at its tip node c.<2 elements>
Model beamModel(int elements, bool clamped, const std::string& forces, double GA = 1e4,
                double J = 1e-4, const std::string& settings = "") {
  const std::string joints =
      clamped
          ? R"([{"name": "clamp", "type": "fixed", "body_i": "ground", "body_j": "c.0", "point_i": [0, 0, 0], "point_j": [0, 0, 0]}])"
          : "[]";
  return parseScene(test::sceneJson("[]", joints, forces,
                                    R"(, "gravity": [0, 0, 0], "beams": )" +
                                        beamJson(elements, GA, J) + settings),
                    "test");
}

std::string tip(int elements) { return "c." + std::to_string(2 * elements); }

// --- statics -------------------------------------------------------------------------------------

// static equilibrium: the positions of every node (frame origins)
std::vector<Vec3> equilibrium(const Model& m, const std::string& formulation, StaticResult& r) {
  const auto f = makeFormulation(formulation, m);
  VectorXd q, v, lambda;
  f->initialState(q, v);
  r = solveStaticEquilibrium(*f, 0.0, q, lambda);
  f->computePositions(0.0, q);
  const VectorXd zero = VectorXd::Zero(f->velocitySize());
  f->computeVelocities(zero);
  std::vector<Vec3> x;
  for (int b = 0; b < m.bodyCount(); ++b) x.push_back(f->bodyOutput(b, zero).position_W);
  return x;
}

TEST(BeamValidation, CantileverTipLoadMatchesTimoshenkoTheory) {
  const double P = 0.01, GA = 1e4;  // shear adds 3 % to the bending deflection
  // Timoshenko's tip deflection: bending P L^3 / (3 EI) plus shear P L / (GA)
  const double expected = P * std::pow(kLength, 3) / (3.0 * kEI) + P * kLength / GA;
  for (const std::string formulation : {"rA", "rp"}) {
    const int n = 4;
    const Model m = beamModel(n, true,
                              R"([{"name": "p", "type": "force", "body": ")" + tip(n) +
                                  R"(", "point": [0, 0, 0], "force": [0, 0, -0.01]}])",
                              GA);
    StaticResult r;
    const std::vector<Vec3> x = equilibrium(m, formulation, r);
    ASSERT_TRUE(r.converged) << r.failure;
    const double w = -x.back().z();
    EXPECT_NEAR(w, expected, 1e-4 * expected) << formulation << ": Timoshenko " << expected;
    // and nothing moves out of the loaded plane
    EXPECT_LT(std::abs(x.back().y()), 1e-12);
  }
}

// tip moment 2 pi EI / L about y: the largest distance of a node from the circle of radius
// L / (2 pi) through the root, tangent to x
double rollUpError(int elements, const std::string& formulation, StaticResult& r,
                   Vec3& tipPosition) {
  std::ostringstream forces;
  forces.precision(17);
  forces << R"([{"name": "m", "type": "torque", "body": ")" << tip(elements)
         << R"(", "torque": [0, )" << 2.0 * M_PI * kEI / kLength << ", 0]}]";
  const Model m = beamModel(elements, true, forces.str());
  const std::vector<Vec3> x = equilibrium(m, formulation, r);
  const double R = kLength / (2.0 * M_PI);
  double worst = 0.0;
  // the exact shape: the node at arc length s sits s / R radians round the circle
  for (int k = 0; k < m.bodyCount(); ++k) {
    const double s = kLength * k / (2 * elements);
    const Vec3 exact(R * std::sin(s / R), 0.0, -R * (1.0 - std::cos(s / R)));
    worst = std::max(worst, (x[k] - exact).norm());
  }
  tipPosition = x.back();
  return worst;
}

TEST(BeamValidation, TipMomentRollsTheCantileverIntoACircle) {
  for (const std::string formulation : {"rA", "rp"}) {
    StaticResult r8, r16;
    Vec3 tip8, tip16;
    // 8 and 16 elements: within 5e-4 L of the circle, the tip back at the root, and the order
    const double e8 = rollUpError(8, formulation, r8, tip8);
    const double e16 = rollUpError(16, formulation, r16, tip16);
    ASSERT_TRUE(r8.converged && r16.converged) << r8.failure << r16.failure;
    EXPECT_GT(r16.increments, 1) << "the full moment needs load stepping";
    EXPECT_LT(e16, 5e-4 * kLength) << formulation;
    EXPECT_LT(tip16.norm(), 5e-4 * kLength) << formulation << ": the tip returns to the root";
    // the node positions converge at fourth order (measured errors 4.7e-3 and 3.0e-4 of L)
    const double order = std::log2(e8 / e16);
    EXPECT_GT(order, 3.5) << formulation << ": errors " << e8 << ", " << e16;
    EXPECT_LT(order, 4.5) << formulation << ": errors " << e8 << ", " << e16;
  }
}

// --- vibration -----------------------------------------------------------------------------------

// times where y crosses its mean, by linear interpolation; the frequency from their regression
double frequencyFromCrossings(const std::vector<double>& t, const std::vector<double>& y) {
  double mean = 0.0;
  for (double v : y) mean += v / y.size();
  std::vector<double> crossings;
  for (size_t k = 1; k < y.size(); ++k)
    if ((y[k - 1] - mean) * (y[k] - mean) < 0.0)
      crossings.push_back(t[k - 1] + (t[k] - t[k - 1]) * (mean - y[k - 1]) / (y[k] - y[k - 1]));
  // t_k = t_0 + k T / 2: least-squares slope
  const double n = crossings.size();
  double sk = 0, st = 0, skk = 0, skt = 0;
  for (size_t k = 0; k < crossings.size(); ++k) {
    sk += k;
    st += crossings[k];
    skk += double(k) * k;
    skt += k * crossings[k];
  }
  const double halfPeriod = (n * skt - sk * st) / (n * skk - sk * sk);
  return M_PI / halfPeriod;  // rad/s
}

// the first bending frequency of the beam (clamped at x = 0, or free), from a free vibration
// started with the velocities of the Euler-Bernoulli first mode (1 mm/s scale): the tip deflection,
// or the middle's relative to the ends for the free beam (rigid motions removed); 1000 steps per
// period keep the integrator's period error (lms3) below 1e-5
double firstFrequency(int elements, bool clamped) {
  // stiff in shear (GA = 1e7) with little rotary inertia (J = 1e-6): Euler-Bernoulli's beam
  Model m = beamModel(elements, clamped, "[]", 1e7, 1e-6);
  // beta L of the first mode: roots of cos cosh = -1 (clamped-free) and cos cosh = 1 (free-free)
  const double bl = clamped ? 1.875104068711961 : 4.730040744862704;
  const double sigma = clamped ? (std::cosh(bl) + std::cos(bl)) / (std::sinh(bl) + std::sin(bl))
                               : (std::cosh(bl) - std::cos(bl)) / (std::sinh(bl) - std::sin(bl));
  const double c = clamped ? -1.0 : 1.0;
  // the mode shape phi and its slope set as the nodes' velocities and rates of turn
  for (Body& b : m.bodies) {
    const double x = b.position_W.x() * bl / kLength;
    const double phi = std::cosh(x) + c * std::cos(x) - sigma * (std::sinh(x) + c * std::sin(x));
    const double dphi =
        (std::sinh(x) - c * std::sin(x) - sigma * (std::cosh(x) + c * std::cos(x))) * bl / kLength;
    b.velocity_W = Vec3(0.0, 0.0, 1e-3 * phi);
    b.omega_W = Vec3(0.0, -1e-3 * dphi, 0.0);  // a rotation about y turns x towards -z
  }
  // Euler-Bernoulli: omega_1 = (beta L)^2 sqrt(EI / (m L^4))
  const double period = 2.0 * M_PI / (bl * bl * std::sqrt(kEI / (kMass * std::pow(kLength, 4))));
  RunSettings s;
  s.formulation = "rA";
  s.integrator = "lms3";
  s.integratorSettings.rhoInf = 0.6;
  s.integratorSettings.step = period / 1000.0;
  s.tEnd = 6.0 * period;
  const Results r = Simulation(std::move(m), s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  std::vector<double> y = r.columnValues(r.column(tip(elements) + ".z"));
  if (!clamped) {
    const std::vector<double> mid =
        r.columnValues(r.column("c." + std::to_string(elements) + ".z"));
    const std::vector<double> root = r.columnValues(r.column("c.0.z"));
    for (size_t k = 0; k < y.size(); ++k) y[k] = mid[k] - 0.5 * (root[k] + y[k]);
  }
  return frequencyFromCrossings(r.columnValues(0), y);
}

TEST(BeamValidation, FirstBendingFrequenciesConvergeToEulerBernoulli) {
  const double scale = std::sqrt(kEI / (kMass * std::pow(kLength, 4)));
  for (const bool clamped : {true, false}) {
    const double bl = clamped ? 1.875104068711961 : 4.730040744862704;
    const double exact = bl * bl * scale;
    const char* name = clamped ? "cantilever" : "free-free";
    double e[3];
    for (int k = 0; k < 3; ++k) e[k] = std::abs(firstFrequency(2 << k, clamped) / exact - 1.0);
    // measured: cantilever 2.6e-3, 5.6e-4, 1.1e-4; free-free 3.0e-2, 7.1e-3, 2.0e-3 (2, 4, 8
    // elements)
    EXPECT_LT(e[2], clamped ? 3e-4 : 3e-3) << name;
    // each halving of the elements divides the error by about 4: second order (the lumped mass)
    for (int k = 0; k < 2; ++k) {
      const double order = std::log2(e[k] / e[k + 1]);
      EXPECT_GT(order, 1.6) << name << ": relative errors " << e[0] << ", " << e[1] << ", " << e[2];
      EXPECT_LT(order, 2.6) << name << ": relative errors " << e[0] << ", " << e[1] << ", " << e[2];
    }
  }
}

// --- energy --------------------------------------------------------------------------------------

// the balance |E - E0| over a free beam spinning, bending and twisting, largest over the run,
// relative to the kinetic energy at the start
double energyDrift(const std::string& integrator, double rhoInf) {
  Model m = beamModel(4, false, "[]", 1e4, 1e-4);
  // spinning about (3, 0, 2) rad/s, drifting along y, and bending: z velocity 1.5 x^2 - 1/8,
  // of zero mean over x in [-0.5, 0.5]
  for (Body& b : m.bodies) {
    const double x = b.position_W.x() - 0.5;
    b.omega_W = Vec3(3.0, 0.0, 2.0);
    b.velocity_W =
        Vec3(0.0, 0.4, 0.0) + b.omega_W.cross(b.position_W) + Vec3(0.0, 0.0, 1.5 * x * x - 0.125);
  }
  RunSettings s;
  s.formulation = "rA";
  s.integrator = integrator;
  s.integratorSettings.rhoInf = rhoInf;
  s.integratorSettings.step = 2e-3;
  s.tEnd = 2.0;
  Simulation sim(std::move(m), s);
  const Results r = sim.run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  const double e0 = r.at(0, r.column("energy.kinetic"));
  double worst = 0.0;
  for (double v : r.columnValues(r.column("energy.balance"))) worst = std::max(worst, std::abs(v));
  return worst / e0;
}

TEST(BeamValidation, UndampedFreeBeamConservesEnergyWithTheTrapezoidalRule) {
  // measured: 7e-6 against 6.2e-3 (rA, h = 2 ms, 2 s)
  const double trapezoidal = energyDrift("lms2", 1.0);
  const double bdf2 = energyDrift("lms2", 0.0);
  // rho_inf = 1 is the trapezoidal rule, without numerical damping; rho_inf = 0, BDF2, the most
  EXPECT_LT(trapezoidal, 1e-4);
  EXPECT_GT(bdf2, 100.0 * trapezoidal) << "BDF2 dissipates";
}

}  // namespace
}  // namespace mbw
