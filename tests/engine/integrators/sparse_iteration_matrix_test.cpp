// The index-3 Newton matrix in compressed columns (integrators/sparse_iteration_matrix.h) against
// the dense one (dense_iteration_matrix_test checks that against its blocks): on scenes with open
// and closed loops, force elements and beams, in every formulation that holds them, the same
// formed matrix for any scheme coefficients (with the increment's tangent map, mass scale 0 of the
// static matrix, and the regularized delta), backward-stable solves, the same products and
// residuals, the same projection matrix; and no entry assembled outside the pattern taken from
// the topology.

#include "integrators/sparse_iteration_matrix.h"

#include <gtest/gtest.h>

#include <random>

#include "formulation/formulation.h"
#include "integrators/dense_iteration_matrix.h"
#include "scene/scene_reader.h"
#include "largest_entry.h"

namespace mbw {
namespace {

class SparseIterationMatrixAgrees : public ::testing::TestWithParam<std::string> {};

TEST_P(SparseIterationMatrixAgrees, WithTheDenseMatrix) {
  const Model model = loadScene(GetParam());
  for (const std::string& name : formulationNames()) {
    if (!initialPoseRefusal(name, model).empty()) continue;  // rE: beams, gimbal lock
    SCOPED_TRACE(name);
    const auto f = makeFormulation(name, model);
    const int nv = f->velocitySize(), nc = f->constraintSize();
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    auto random = [&](int n) { return VectorXd(VectorXd::NullaryExpr(n, [&] { return u(rng); })); };
    VectorXd q, v;
    f->initialState(q, v);
    f->computePositions(0.2, q);
    f->computeVelocities(random(nv));
    // random a, lambda and Q, and an increment g for the tangent map
    const VectorXd a = random(nv), lambda = random(nc), Q = random(nv), g = 0.1 * random(nv);

    DenseIterationMatrix dense(*f);
    SparseIterationMatrix sparse(*f, true);
    EXPECT_EQ(sparse.kind(), LinearSolverKind::Sparse);
    for (IterationMatrix* m : std::vector<IterationMatrix*>{&dense, &sparse})
      m->assemblePositionBlocks(*f);
    // the residual of the dynamics and the constraint products from the position blocks
    const double w = 0.7;
    VectorXd r1Dense(nv), r1Sparse(nv), cDense(nc), cSparse(nc);
    dense.dynamicsResidual(a, lambda, Q, w, r1Dense);
    sparse.dynamicsResidual(a, lambda, Q, w, r1Sparse);
    EXPECT_LT(test::largestEntry(r1Sparse - r1Dense), 1e-12 * (1 + test::largestEntry(r1Dense)));
    dense.constraintProduct(a, cDense);
    sparse.constraintProduct(a, cSparse);
    EXPECT_LT(test::largestEntry(cSparse - cDense), 1e-12 * (1 + test::largestEntry(cDense)));

    // the formed matrices, with and without the tangent map, for several coefficients
    for (const VectorXd* tangent : {static_cast<const VectorXd*>(nullptr), &g}) {
      dense.assembleDerivatives(*f, a, lambda, w, tangent);
      sparse.assembleDerivatives(*f, a, lambda, w, tangent);
      struct Coefficients {
        double cq, cv, massScale, delta;
      };
      // a step of h = 0.1 (cq = h^2, cv = h), a regularized one of 0.5, and the static matrix
      for (const Coefficients c :
           {Coefficients{0.01, 0.1, 1.0, 0.0}, {0.25, 0.5, 1.0, 1e-3}, {1.0, 0.0, 0.0, 0.0}}) {
        const bool denseRegular = dense.factorize(c.cq, c.cv, w, c.massScale, c.delta);
        const bool sparseRegular = sparse.factorize(c.cq, c.cv, w, c.massScale, c.delta);
        const MatrixXd A = dense.formed();
        EXPECT_LT(test::largestEntry(sparse.formed() - A), 1e-12 * test::largestEntry(A))
            << "cq " << c.cq;
        // and nothing assembled outside the pattern
        EXPECT_EQ(sparse.assemblyFault(), "");
        // the solves (not of the static matrix of a mechanism: singular in its free motions):
        // both backward stable, |A x - b| <= 1e-12 (|A| |x| + |b|), whatever A's condition
        if (c.massScale == 0.0) continue;
        ASSERT_TRUE(denseRegular);
        ASSERT_TRUE(sparseRegular);
        const VectorXd b = random(nv + nc);
        VectorXd xDense = b, xSparse = b, product(nv + nc);
        dense.solveInPlace(xDense);
        sparse.solveInPlace(xSparse);
        for (const VectorXd* x : {&xDense, &xSparse}) {
          sparse.multiply(*x, product);
          EXPECT_LT(
              test::largestEntry(product - b),
              1e-12 * (test::largestEntry(A) * test::largestEntry(*x) + test::largestEntry(b)))
              << "cq " << c.cq << (x == &xDense ? " dense" : " sparse");
        }
      }
    }
    // the projection matrix [M, Phi_q^T; Phi_q, -delta I]
    ASSERT_TRUE(dense.factorizeProjection(1e-6));
    ASSERT_TRUE(sparse.factorizeProjection(1e-6));
    EXPECT_LT(test::largestEntry(sparse.formed() - dense.formed()),
              1e-12 * test::largestEntry(dense.formed()));
  }
}

INSTANTIATE_TEST_SUITE_P(Scenes, SparseIterationMatrixAgrees,
                         ::testing::Values("double-pendulum", "four-link", "slider-crank-joints",
                                           "hmmwv-bump", "flexible-four-bar"),
                         [](const ::testing::TestParamInfo<std::string>& scene) {
                           std::string name = scene.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace mbw
