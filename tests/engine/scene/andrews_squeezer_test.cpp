// The Andrews' squeezer scene against the IVP test set (../shared/refdata/models/andrews_squeezer:
// Hairer-Wanner's equations in seven angles; reference solution at t = 0.03 s by PSIDE with
// rtol = atol = 1e-14, from the test set's andrews.f): the consistent initial state, the drive's
// work T (beta - beta0), and convergence to the reference.

#include <gtest/gtest.h>

#include <cmath>

#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

// the angle of `body` about z from its Euler parameters, continued along the rows
std::vector<double> planarAngle(const Results& r, const std::string& body) {
  const int e0 = r.column(body + ".e0"), e3 = r.column(body + ".e3");
  std::vector<double> angle;
  for (size_t i = 0; i < r.rowCount(); ++i) {
    const double a = 2.0 * std::atan2(r.at(i, e3), r.at(i, e0));
    if (angle.empty()) {
      angle.push_back(a);
    } else {
      const double d = std::remainder(a - angle.back(), 2.0 * M_PI);
      angle.push_back(angle.back() + d);
    }
  }
  return angle;
}

Results run(const std::string& integrator, double h, double tEnd) {
  static const Model model = loadScene("andrews-squeezer");
  RunSettings s;
  s.integrator = integrator;
  s.integratorSettings.step = h;
  s.tEnd = tEnd;
  const Results r = Simulation(model, s).run();
  EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
  return r;
}

TEST(AndrewsSqueezer, ConsistentInitialStateOfTheTestSet) {
  const Model m = loadScene("andrews-squeezer");
  EXPECT_EQ(m.bodyCount(), 7);
  EXPECT_EQ(m.primitiveCount(), 41);  // 7 planar joints (3 each), 10 in-plane pins (2 each)
  const std::unique_ptr<Formulation> f = makeFormulation("rp", m);
  ProjectionReport report;
  State s = consistentInitialState(*f, 0.0, &report);
  EXPECT_LT(report.largestMove, 1e-12);  // the scene holds the test set's consistent angles
  f->computePositions(0.0, s.q);
  EXPECT_EQ(analyzeConstraintRank(*f).degreesOfFreedom, 1);
  // angular accelerations: beta'' and beta'' + theta'' of the test set (initial_values_27)
  f->computeVelocities(s.v);
  const double betaDdot = 14222.4439199541138705911625887, thetaDdot = -10666.8329399655854029433719415;
  EXPECT_NEAR(f->bodyOutput(0, s.vdot).omegaDot_W.z(), betaDdot, 1e-9 * betaDdot);
  EXPECT_NEAR(f->bodyOutput(1, s.vdot).omegaDot_W.z(), betaDdot + thetaDdot, 1e-9 * betaDdot);
  // E0: the spring's energy (at rest)
  const EnergyTerms e = f->energy(s.lambda);
  EXPECT_NEAR(e.kinetic + e.potential, 1.4357963991616696, 1e-12);
}

TEST(AndrewsSqueezer, DriveWorkIsTorqueTimesCrankAngle) {
  const Results r = run("lms3", 1e-4, 0.02);
  const std::vector<double> beta = planarAngle(r, "of");
  const int work = r.column("energy.work_in");
  for (size_t i = 0; i < r.rowCount(); ++i)
    EXPECT_NEAR(r.at(i, work), 0.033 * (beta[i] - beta[0]), 1e-12 * (1.0 + std::abs(r.at(i, work))));
  EXPECT_GT(beta.back() - beta.front(), 5.0);  // the crank has turned about a revolution
}

TEST(AndrewsSqueezer, ConvergesToTheTestSetReference) {
  // y(1) = beta, y(8) = beta' at t = 0.03 s (andrews.f, subroutine soln)
  const double betaRef = 15.81077119629904, omegaRef = 1139.920302151208;
  double previous = 0.0;
  for (double h : {2e-5, 1e-5}) {
    const Results r = run("lms3", h, 0.03);
    const double beta = planarAngle(r, "of").back();
    const double omega = r.at(r.rowCount() - 1, r.column("of.wz"));
    RecordProperty("beta_error_h" + std::to_string(h), std::to_string(beta - betaRef));
    RecordProperty("omega_error_h" + std::to_string(h), std::to_string(omega - omegaRef));
    if (previous > 0.0) {
      EXPECT_GT(previous / std::abs(beta - betaRef), 3.5);  // second order
    }
    previous = std::abs(beta - betaRef);
    EXPECT_LT(std::abs(omega - omegaRef), 4e-4 * omegaRef);
  }
  EXPECT_LT(previous, 3e-4);
}

}  // namespace
}  // namespace mbw
