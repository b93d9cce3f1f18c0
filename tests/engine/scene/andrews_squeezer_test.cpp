// The Andrews' squeezer scene against the IVP test set (../shared/refdata/models/andrews_squeezer:
// Hairer-Wanner's equations in seven angles; reference solution at t = 0.03 s by PSIDE with
// rtol = atol = 1e-14, from the test set's andrews.f): the consistent initial state, the drive's
// work T (beta - beta0), and convergence to the reference.

#include <gtest/gtest.h>

#include <cmath>

#include "andrews_reference.h"
#include "scene/scene_reader.h"
#include "simulation/simulation.h"
#include "solvers/constraint_rank.h"

namespace mbw {
namespace {

// the squeezer run with the integrator at fixed step h to tEnd
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

// the scene starts on the test set's consistent angles: one degree of freedom, the test set's
// initial accelerations and energy, so any later error is the integrator's, not the set-up's
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
  const double betaDdot = 14222.4439199541138705911625887,
               thetaDdot = -10666.8329399655854029433719415;
  EXPECT_NEAR(f->bodyOutput(0, s.vdot).omegaDot_W.z(), betaDdot, 1e-9 * betaDdot);
  EXPECT_NEAR(f->bodyOutput(1, s.vdot).omegaDot_W.z(), betaDdot + thetaDdot, 1e-9 * betaDdot);
  // E0: the spring's energy (at rest)
  const EnergyTerms e = f->energy(s.lambda);
  EXPECT_NEAR(e.kinetic + e.potential, 1.4357963991616696, 1e-12);
}

// the constant driving torque's work is T (beta - beta0) along the run: the energy balance
// bookkeeping of an applied torque on a rotating body
TEST(AndrewsSqueezer, DriveWorkIsTorqueTimesCrankAngle) {
  // lms3 at 0.1 ms over 0.02 s: the driving torque 0.033 N m times the crank's angle turned
  const Results r = run("lms3", 1e-4, 0.02);
  const std::vector<double> beta = test::planarAngle(r, "of");
  const int work = r.column("energy.work_in");
  for (size_t i = 0; i < r.rowCount(); ++i)
    EXPECT_NEAR(r.at(i, work), 0.033 * (beta[i] - beta[0]),
                1e-12 * (1.0 + std::abs(r.at(i, work))));
  EXPECT_GT(beta.back() - beta.front(), 5.0);  // the crank has turned about a revolution
}

// halving the step divides lms3's error in beta at t = 0.03 s by about four (second order), and
// both beta and omega approach the test set's reference
TEST(AndrewsSqueezer, ConvergesToTheTestSetReference) {
  // lms3 at two steps to t = 0.03 s against the test set's beta and omega there
  const double betaRef = test::kAndrewsBetaAt003, omegaRef = test::kAndrewsOmegaAt003;
  double previous = 0.0;
  for (double h : {2e-5, 1e-5}) {
    const Results r = run("lms3", h, 0.03);
    const double beta = test::planarAngle(r, "of").back();
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
