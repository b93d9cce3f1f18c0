// Derivatives of every formulation against finite differences, for every constraint primitive and
// every force element: Phi_q, nu and gamma (along smooth motions), and the blocks of the index-3
// Newton matrix d/dq and d/dv of r = M(q) vdot - Q(q, v, t) + Phi_q^T lambda (Kissel et al. 2021 eq
// 38c: the reaction-force sensitivities of Tables 3-6 and the applied-force sensitivities); and the
// derivatives the state-space Jacobians need (Sandu et al. 2001 section 3): d/dq (Phi_q w), d
// nu/dq, d gamma/dq, d gamma/dv, nu_t, gamma_t and dQ/dt.

#include <gtest/gtest.h>

#include <random>

#include "finite_differences.h"
#include "formulation/formulation.h"
#include "test_models.h"

namespace mbw {
namespace {

using test::relativeError;

constexpr double kT = 0.37;  // evaluation time (drivers are time-varying)

// a state (q, v) with an acceleration and multipliers that need not satisfy anything: the
// derivatives hold everywhere, not only on the solution
struct Snapshot {
  VectorXd q, v, vdot, lambda;
};

// --- the checks ----------------------------------------------------------------------------------

// the model's initial state (random, inconsistent) plus random accelerations and multipliers
Snapshot randomSnapshot(const Formulation& f, unsigned seed) {
  Snapshot s;
  f.initialState(s.q, s.v);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  s.vdot = VectorXd::NullaryExpr(f.velocitySize(), [&] { return u(rng); });
  s.lambda = VectorXd::NullaryExpr(f.constraintSize(), [&] { return 3.0 * u(rng); });
  return s;
}

// Phi_q, filled through the formulation's sink into a dense matrix
MatrixXd jacobian(const Formulation& f) {
  MatrixXd J = MatrixXd::Zero(f.constraintSize(), f.velocitySize());
  f.constraintJacobian(MatrixSink(J));
  return J;
}

// r(q, v) = M(q) vdot - Q(q, v, t) + Phi_q(q)^T lambda
// every term evaluated at q and v as given, vdot and lambda held
VectorXd dynamicsResidual(Formulation& f, const VectorXd& q, const VectorXd& v, const Snapshot& s) {
  f.computePositions(kT, q);
  f.computeVelocities(v);
  MatrixXd M = MatrixXd::Zero(f.velocitySize(), f.velocitySize());
  f.massMatrix(MatrixSink(M));
  VectorXd Q;
  f.generalizedForces(Q);
  return M * s.vdot - Q + jacobian(f).transpose() * s.lambda;
}

// Phi_q, nu and gamma of one random state. The differences are central with eps = 1e-6 (error
// about 1e-10 from rounding) and five-point in time with h = 1e-3 (finite_differences.h)
void checkConstraintDerivatives(Formulation& f, unsigned seed) {
  const Snapshot s = randomSnapshot(f, seed);
  f.computePositions(kT, s.q);
  const MatrixXd J = jacobian(f);
  // Phi_q against central differences of Phi along q (+) dq
  const MatrixXd Jfd = test::positionJacobianFD(f, s.q, [&](const VectorXd& q) {
    f.computePositions(kT, q);
    return VectorXd(f.constraints());
  });
  EXPECT_LT(relativeError(J, Jfd), 1e-7) << "Phi_q\n" << J << "\nFD\n" << Jfd;

  // along q(s) = q0 (+) (s v + s^2/2 vdot) at time kT + s: dPhi/dt = Phi_q v - nu and
  // d2Phi/dt2 = Phi_q vdot - gamma
  VectorXd qs;
  const test::TimeDerivatives d = test::timeDerivativesFD([&](double dt) {
    f.retract(s.q, dt * s.v + 0.5 * dt * dt * s.vdot, qs);
    f.computePositions(kT + dt, qs);
    return VectorXd(f.constraints());
  });
  // nu and gamma as the formulation gives them at the start of that path
  f.computePositions(kT, s.q);
  f.computeVelocities(s.v);
  VectorXd gamma;
  f.accelerationRhs(gamma);
  EXPECT_LT(relativeError(J * s.v - f.velocityRhs(), d.first), 1e-8) << "nu";
  EXPECT_LT(relativeError(J * s.vdot - gamma, d.second), 1e-6) << "gamma";
}

// the constraint-side derivatives of Sandu et al. 2001 section 3
void checkConstraintRhsDerivatives(Formulation& f, unsigned seed) {
  const Snapshot s = randomSnapshot(f, seed);
  const int nc = f.constraintSize(), nv = f.velocitySize();
  MatrixXd hw = MatrixXd::Zero(nc, nv), nuQ = hw, gammaQ = hw, gammaV = hw;
  VectorXd nuT, gammaT;
  f.computePositions(kT, s.q);
  f.computeVelocities(s.v);
  // the analytic derivatives at one random state
  f.constraintHessianProduct(s.vdot, MatrixSink(hw));
  f.constraintRhsDerivatives(MatrixSink(nuQ), MatrixSink(gammaQ), MatrixSink(gammaV), nuT, gammaT);
  auto at = [&](double t, const VectorXd& q, const VectorXd& v) {
    f.computePositions(t, q);
    f.computeVelocities(v);
  };
  // each derivative against central differences of the quantity it differentiates
  const MatrixXd hwFD = test::positionJacobianFD(f, s.q, [&](const VectorXd& q) {
    at(kT, q, s.v);
    return VectorXd(jacobian(f) * s.vdot);
  });
  const MatrixXd nuQFD = test::positionJacobianFD(f, s.q, [&](const VectorXd& q) {
    at(kT, q, s.v);
    return VectorXd(f.velocityRhs());
  });
  auto gamma = [&](double t, const VectorXd& q, const VectorXd& v) {
    at(t, q, v);
    VectorXd g;
    f.accelerationRhs(g);
    return g;
  };
  // gamma's derivatives in q and in v
  const MatrixXd gammaQFD =
      test::positionJacobianFD(f, s.q, [&](const VectorXd& q) { return gamma(kT, q, s.v); });
  const MatrixXd gammaVFD =
      test::velocityJacobianFD(s.v, [&](const VectorXd& v) { return gamma(kT, s.q, v); });
  // nu_t and gamma_t: the time alone moved, q and v held
  const test::TimeDerivatives nuTFD = test::timeDerivativesFD([&](double dt) {
    at(kT + dt, s.q, s.v);
    return VectorXd(f.velocityRhs());
  });
  const test::TimeDerivatives gammaTFD =
      test::timeDerivativesFD([&](double dt) { return gamma(kT + dt, s.q, s.v); });
  EXPECT_LT(relativeError(hw, hwFD), 1e-7) << "d/dq (Phi_q w)\n" << hw << "\nFD\n" << hwFD;
  EXPECT_LT(relativeError(nuQ, nuQFD), 1e-7) << "nu_q\n" << nuQ << "\nFD\n" << nuQFD;
  EXPECT_LT(relativeError(gammaQ, gammaQFD), 1e-7) << "gamma_q\n" << gammaQ << "\nFD\n" << gammaQFD;
  EXPECT_LT(relativeError(gammaV, gammaVFD), 1e-7) << "gamma_v\n" << gammaV << "\nFD\n" << gammaVFD;
  EXPECT_LT(relativeError(nuT, nuTFD.first), 1e-7) << "nu_t";
  EXPECT_LT(relativeError(gammaT, gammaTFD.first), 1e-7) << "gamma_t";
}

// dQ/dt at fixed positions and velocities
void checkForceRate(Formulation& f, unsigned seed) {
  const Snapshot s = randomSnapshot(f, seed);
  f.computePositions(kT, s.q);
  f.computeVelocities(s.v);
  VectorXd Qt;
  f.generalizedForceRate(Qt);
  // only t moved, q and v held: the drivers' and the time-dependent loads' share of Q
  const test::TimeDerivatives d = test::timeDerivativesFD([&](double dt) {
    f.computePositions(kT + dt, s.q);
    f.computeVelocities(s.v);
    VectorXd Q;
    f.generalizedForces(Q);
    return Q;
  });
  EXPECT_LT(relativeError(Qt, d.first), 1e-7) << "dQ/dt\n"
                                              << Qt.transpose() << "\nFD\n"
                                              << d.first.transpose();
}

// the Newton matrix of the index-3 step: its q and v blocks against differences of r
void checkNewtonMatrix(Formulation& f, unsigned seed) {
  const Snapshot s = randomSnapshot(f, seed);
  const int nv = f.velocitySize();
  MatrixXd Kq = MatrixXd::Zero(nv, nv), Kv = MatrixXd::Zero(nv, nv);
  f.computePositions(kT, s.q);
  f.computeVelocities(s.v);
  // the two blocks: (cq, cv) = (1, 0) gives dr/dq, (0, 1) dr/dv
  f.dynamicsJacobian(s.vdot, s.lambda, 1.0, 0.0, MatrixSink(Kq));
  f.dynamicsJacobian(s.vdot, s.lambda, 0.0, 1.0, MatrixSink(Kv));
  // against differences of r itself, formed from M, Q and Phi_q
  const MatrixXd KqFD = test::positionJacobianFD(
      f, s.q, [&](const VectorXd& q) { return dynamicsResidual(f, q, s.v, s); });
  const MatrixXd KvFD = test::velocityJacobianFD(
      s.v, [&](const VectorXd& v) { return dynamicsResidual(f, s.q, v, s); });
  EXPECT_LT(relativeError(Kq, KqFD), 1e-6) << "d r/dq\n" << Kq << "\nFD\n" << KqFD;
  EXPECT_LT(relativeError(Kv, KvFD), 1e-6) << "d r/dv\n" << Kv << "\nFD\n" << KvFD;
}

// --- constraint primitives -----------------------------------------------------------------------

// one primitive of one type, in one formulation, between two bodies or a body and the ground
struct PrimitiveCase {
  std::string formulation;
  PrimitiveType type;
  bool ground;
};

class PrimitiveDerivatives : public ::testing::TestWithParam<PrimitiveCase> {};

// four random models per case, each checked for all three families of derivatives
TEST_P(PrimitiveDerivatives, MatchFiniteDifferences) {
  const PrimitiveCase& c = GetParam();
  for (unsigned seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    // one primitive between two random bodies, or between a body and the ground
    const Model model = test::randomPrimitiveModel(c.type, c.ground, seed);
    const auto f = makeFormulation(c.formulation, model);
    checkConstraintDerivatives(*f, seed);
    checkConstraintRhsDerivatives(*f, seed);
    checkNewtonMatrix(*f, seed);
  }
}

std::vector<PrimitiveCase> primitiveCases() {
  std::vector<PrimitiveCase> cases;
  // every formulation, every primitive, between bodies and to the ground
  for (const std::string& f : formulationNames())
    for (PrimitiveType t : {PrimitiveType::DP1, PrimitiveType::DP2, PrimitiveType::D,
                            PrimitiveType::CD, PrimitiveType::AngleDriver})
      for (bool ground : {false, true}) cases.push_back({f, t, ground});
  return cases;
}

std::string primitiveCaseName(const ::testing::TestParamInfo<PrimitiveCase>& info) {
  static const char* names[] = {"DP1", "DP2", "D", "CD", "AngleDriver"};
  return info.param.formulation + "_" + names[static_cast<int>(info.param.type)] +
         (info.param.ground ? "_ground" : "_bodies");
}

INSTANTIATE_TEST_SUITE_P(AllFormulations, PrimitiveDerivatives,
                         ::testing::ValuesIn(primitiveCases()), primitiveCaseName);

// --- force elements ------------------------------------------------------------------------------

// one force element of one type in one formulation; bodyFrame: the load given in the body's
// frame (a tire: on its ring) rather than in the world's (a tire: at a point)
struct ForceCase {
  std::string formulation;
  ForceType type;
  bool bodyFrame;
};

class ForceDerivatives : public ::testing::TestWithParam<ForceCase> {};

// the forces enter only the Newton matrix and dQ/dt, four random models per case
TEST_P(ForceDerivatives, NewtonMatrixMatchesFiniteDifferences) {
  const ForceCase& c = GetParam();
  for (unsigned seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Model model = test::randomForceModel(c.type, c.bodyFrame, seed);
    const auto f = makeFormulation(c.formulation, model);
    checkNewtonMatrix(*f, seed);
    checkForceRate(*f, seed);
  }
}

std::vector<ForceCase> forceCases() {
  std::vector<ForceCase> cases;
  // every formulation and force element; point forces, torques and tires in both of their frames
  for (const std::string& f : formulationNames()) {
    cases.push_back({f, ForceType::TSDA, false});
    cases.push_back({f, ForceType::RSDA, false});
    for (bool bodyFrame : {false, true}) {
      cases.push_back({f, ForceType::PointForce, bodyFrame});
      cases.push_back({f, ForceType::Torque, bodyFrame});
      cases.push_back({f, ForceType::Tire, bodyFrame});
    }
  }
  return cases;
}

std::string forceCaseName(const ::testing::TestParamInfo<ForceCase>& info) {
  static const char* names[] = {"TSDA", "RSDA", "PointForce", "Torque", "Tire"};
  const bool tire = info.param.type == ForceType::Tire;
  return info.param.formulation + "_" + names[static_cast<int>(info.param.type)] +
         (info.param.bodyFrame ? (tire ? "_ring" : "_body") : (tire ? "_point" : "_world"));
}

INSTANTIATE_TEST_SUITE_P(AllFormulations, ForceDerivatives, ::testing::ValuesIn(forceCases()),
                         forceCaseName);

}  // namespace
}  // namespace mbw
