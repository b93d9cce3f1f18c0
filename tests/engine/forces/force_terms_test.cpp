// Force elements: their generalized forces agree with their energy terms. For every element and
// formulation, at random states,
//     Q_e . v = -dV_e/dt + d(work of constant loads)/dt + (power of other loads) - (damper power),
// which checks directions, signs, the virtual-work mapping to each formulation's coordinates, and
// the bookkeeping the energy balance relies on.

#include <gtest/gtest.h>

#include "finite_differences.h"
#include "formulation/formulation.h"
#include "test_models.h"

namespace mbw {
namespace {

constexpr double kT = 0.61;

struct Case {
  std::string formulation;
  ForceType type;
  bool bodyFrame;
};

class ForcePower : public ::testing::TestWithParam<Case> {};

TEST_P(ForcePower, GeneralizedForceMatchesEnergyTerms) {
  const Case& c = GetParam();
  for (unsigned seed = 11; seed <= 14; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Model full = test::randomForceModel(c.type, c.bodyFrame, seed);
    // the same model without its force elements: the element's share of Q is the difference
    Model none = full;
    none.forces.clear();
    const auto f = makeFormulation(c.formulation, full);
    const auto g = makeFormulation(c.formulation, none);
    VectorXd q, v;
    f->initialState(q, v);
    const VectorXd lambda = VectorXd::Zero(f->constraintSize());

    // the element's part of Q, and its energy terms
    VectorXd Qf, Qg;
    f->computePositions(kT, q);
    f->computeVelocities(v);
    f->generalizedForces(Qf);
    const EnergyTerms e = f->energy(lambda);
    g->computePositions(kT, q);
    g->computeVelocities(v);
    g->generalizedForces(Qg);
    ASSERT_GT((Qf - Qg).norm(), 0.0) << "the element exerts no force in this state";
    const double power = (Qf - Qg).dot(v);

    // time derivatives of the configuration-dependent terms along q (+) s v (the time of the
    // loads held at kT: only the motion changes them). The step 2.5e-4: a point contact on the
    // side of a bump (h = sqrt(r^2 - x^2)) has large higher derivatives, and the stencil's h^4
    // error at 1e-3 reached 3e-7 of the power there (16x less per halving: truncation, not the
    // element)
    VectorXd qs;
    const test::TimeDerivatives d = test::timeDerivativesFD(
        [&](double s) {
          f->retract(q, s * v, qs);
          f->computePositions(kT, qs);
          f->computeVelocities(v);
          g->computePositions(kT, qs);
          const EnergyTerms ef = f->energy(lambda), eg = g->energy(lambda);
          VectorXd out(2);
          out << ef.potential - eg.potential, ef.exactWork;
          return out;
        },
        2.5e-4);
    const double expected = -d.first[0] + d.first[1] + e.powerIn - e.dissipation;
    EXPECT_NEAR(power, expected, 1e-7 * std::max(1.0, std::abs(power)));
  }
}

std::vector<Case> cases() {
  std::vector<Case> out;
  // every formulation and force type, given in the world and in the body frame (for a tire:
  // its point contact and its ring)
  for (const std::string& f : formulationNames())
    for (ForceType t : {ForceType::TSDA, ForceType::RSDA, ForceType::PointForce, ForceType::Torque,
                        ForceType::Tire})
      for (bool bodyFrame : {false, true}) out.push_back({f, t, bodyFrame});
  return out;
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  static const char* names[] = {"TSDA", "RSDA", "PointForce", "Torque", "Tire"};
  const bool tire = info.param.type == ForceType::Tire;
  return info.param.formulation + "_" + names[static_cast<int>(info.param.type)] +
         (info.param.bodyFrame ? (tire ? "_ring" : "_body") : (tire ? "_point" : "_world"));
}

INSTANTIATE_TEST_SUITE_P(AllFormulations, ForcePower, ::testing::ValuesIn(cases()), caseName);

}  // namespace
}  // namespace mbw
