// Matrices nonzero in body blocks (statespace/body_block_matrix.h): products and transposed
// products over the blocks (7 x 7, 1 x 7 and general, overlapping blocks visited once) as the
// dense product, the blocks zeroed again by each sink, the compressed pattern of a block union,
// and the structures of a formulation's matrices: every nonzero of Phi_q, of M and of the force
// Jacobians lies in constraintRowBlocks, blockDiagonalBlocks and bodyCouplingBlocks, and the
// augmented matrix [M Phi_q^T; Phi_q 0] in augmentedBlocks.

#include "statespace/body_block_matrix.h"

#include <gtest/gtest.h>

#include <random>

#include "formulation/formulation.h"
#include "formulation/matrix_sink.h"
#include "scene/scene_reader.h"
#include "largest_entry.h"

namespace mbw {
namespace {

using Block = BodyBlockMatrix::Block;

// the entries of m outside the union of the blocks
MatrixXd outside(const MatrixXd& m, const std::vector<Block>& blocks) {
  MatrixXd rest = m;
  for (const Block& b : blocks) rest.block(b.row, b.col, b.rows, b.cols).setZero();
  return rest;
}

// products over the blocks equal the dense product even when blocks overlap or repeat: an entry
// covered twice must not be counted twice
TEST(BodyBlockMatrix, ProductsVisitEachBlockOnce) {
  // 7 x 7 blocks, 1 x 7 rows, a general 2 x 3 block, and one block given twice
  const std::vector<Block> blocks = {{0, 0, 7, 7},  {7, 7, 7, 7},  {0, 7, 7, 7},  {0, 0, 7, 7},
                                     {14, 0, 1, 7}, {15, 7, 1, 7}, {16, 3, 2, 3}, {14, 7, 1, 7}};
  BodyBlockMatrix A;
  A.setStructure(18, 14, blocks);
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // twice: the second filling must not keep the first's values
  for (int fill = 0; fill < 2; ++fill) {
    A.sink();
    // ones (then twos) where some block covers the entry: a block given twice is still one entry
    MatrixXd expected = MatrixXd::Zero(18, 14);
    for (const Block& b : blocks)
      for (int r = b.row; r < b.row + b.rows; ++r)
        for (int c = b.col; c < b.col + b.cols; ++c) expected(r, c) = fill + 1;
    // random values in the blocks
    A.dense() = expected.cwiseProduct(MatrixXd::NullaryExpr(18, 14, [&] { return u(rng); }));
    expected = A.dense();
    const MatrixXd X = MatrixXd::NullaryExpr(14, 3, [&] { return u(rng); });
    const MatrixXd Y = MatrixXd::NullaryExpr(18, 2, [&] { return u(rng); });
    MatrixXd out;
    // products with a matrix and a vector, plain and transposed, against the dense matrix
    A.multiply(X, out);
    EXPECT_LT(test::largestEntry(out - expected * X), 1e-14);
    A.multiplyTransposed(Y, out);
    EXPECT_LT(test::largestEntry(out - expected.transpose() * Y), 1e-14);
    VectorXd x = X.col(0), y = Y.col(1), v;
    A.multiply(x, v);
    EXPECT_LT(test::largestEntry(v - expected * x), 1e-14);
    A.multiplyTransposed(y, v);
    EXPECT_LT(test::largestEntry(v - expected.transpose() * y), 1e-14);
  }
}

// a new sink zeroes the blocks before assembly, so no value of a previous assembly survives
TEST(BodyBlockMatrix, EachSinkStartsFromZero) {
  for (int size : {14, 70}) {  // blocks covering much and little of the storage
    BodyBlockMatrix A;
    A.setStructure(size, size, {{0, 0, 7, 7}, {7, 7, 7, 7}});
    const MatrixXd ones = MatrixXd::Ones(7, 7);
    MatrixSink first = A.sink();
    first.add(0, 0, ones);
    first.add(7, 7, ones);
    EXPECT_EQ(A.dense().sum(), 98.0) << size;
    MatrixSink second = A.sink();
    second.add(7, 7, ones);
    EXPECT_EQ(test::largestEntry(A.dense().topLeftCorner(7, 7)), 0.0) << "zeroed by the new sink";
    EXPECT_EQ(A.dense().sum(), 49.0) << size;
  }
}

// the sparse pattern of a block union has each covered entry once, compressed for the solver
TEST(BodyBlockMatrix, PatternOfTheUnion) {
  // three blocks, two of them overlapping: their union has 10 entries
  const SparseMatrixXd p = blockPattern(4, 5, {{0, 0, 2, 2}, {1, 1, 2, 3}, {3, 4, 1, 1}});
  MatrixXd stored = MatrixXd::Zero(4, 5);
  for (int k = 0; k < p.outerSize(); ++k)
    for (SparseMatrixXd::InnerIterator it(p, k); it; ++it) stored(it.row(), it.col()) = 1;
  MatrixXd expected(4, 5);
  expected << 1, 1, 0, 0, 0,  //
      1, 1, 1, 1, 0,          //
      0, 1, 1, 1, 0,          //
      0, 0, 0, 0, 1;
  EXPECT_EQ(stored, expected);
  EXPECT_EQ(p.nonZeros(), 10);
  EXPECT_TRUE(p.isCompressed());
}

// every nonzero that Phi_q, M and the Newton blocks of the formulations produce lies inside the
// block structures the sparse path assumes, or a sparse solve would drop it
TEST(BodyBlockMatrix, TheStructuresHoldTheFormulationsMatrices) {
  // an open chain, the vehicle and the flexible four-bar, in every formulation that holds them
  for (const char* scene : {"four-link", "hmmwv-bump", "flexible-four-bar"}) {
    const Model model = loadScene(scene);
    for (const std::string& name : formulationNames()) {
      if (!initialPoseRefusal(name, model).empty()) continue;
      SCOPED_TRACE(std::string(scene) + " " + name);
      const auto f = makeFormulation(name, model);
      const int nv = f->velocitySize(), nc = f->constraintSize(), V = f->bodyVelocitySize();
      std::mt19937 rng(8);
      std::uniform_real_distribution<double> u(-1.0, 1.0);
      auto random = [&](int n) {
        return VectorXd(VectorXd::NullaryExpr(n, [&] { return u(rng); }));
      };
      VectorXd q, v;
      f->initialState(q, v);
      f->computePositions(0.2, q);
      f->computeVelocities(random(nv));
      // the Jacobian, the mass matrix and the Newton blocks of random states, assembled densely: no
      // entry outside the block structures the sparse path assumes
      MatrixXd J = MatrixXd::Zero(nc, nv), M = MatrixXd::Zero(nv, nv), K = M, C = M;
      f->constraintJacobian(MatrixSink(J));
      f->massMatrix(MatrixSink(M));
      f->dynamicsJacobian(random(nv), random(nc), 1.0, 0.0, MatrixSink(K));
      f->dynamicsJacobian(random(nv), random(nc), 0.0, 1.0, MatrixSink(C));
      ASSERT_GT(test::largestEntry(J), 0.0);
      ASSERT_GT(test::largestEntry(K), 0.0);
      EXPECT_EQ(test::largestEntry(outside(J, constraintRowBlocks(*f))), 0.0);
      EXPECT_EQ(test::largestEntry(outside(M, blockDiagonalBlocks(model, V))), 0.0);
      // the augmented matrix [M Phi_q^T; Phi_q 0] of the multipliers' solves, in augmentedBlocks
      MatrixXd A = MatrixXd::Zero(nv + nc, nv + nc);
      A.topLeftCorner(nv, nv) = M;
      A.bottomLeftCorner(nc, nv) = J;
      A.topRightCorner(nv, nc) = J.transpose();
      EXPECT_EQ(test::largestEntry(outside(A, augmentedBlocks(*f))), 0.0);
      EXPECT_EQ(test::largestEntry(outside(K, bodyCouplingBlocks(model, V))), 0.0);
      EXPECT_EQ(test::largestEntry(outside(C, bodyCouplingBlocks(model, V))), 0.0);
      // and they are not the whole matrix: the coupling of a model of several bodies is sparse
      if (model.bodyCount() > 4) {
        EXPECT_GT(test::largestEntry(outside(MatrixXd::Ones(nv, nv), bodyCouplingBlocks(model, V))),
                  0.0);
      }
    }
  }
}

}  // namespace
}  // namespace mbw
