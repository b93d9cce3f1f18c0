#include "statespace/body_block_matrix.h"

#include <algorithm>
#include <tuple>

namespace mbw {

void BodyBlockMatrix::setStructure(int rows, int cols, std::vector<Block> blocks) {
  // the blocks sorted and each kept once
  auto key = [](const Block& b) { return std::make_tuple(b.row, b.col, b.rows, b.cols); };
  std::sort(blocks.begin(), blocks.end(),
            [&](const Block& a, const Block& b) { return key(a) < key(b); });
  blocks.erase(std::unique(blocks.begin(), blocks.end(),
                           [&](const Block& a, const Block& b) { return key(a) == key(b); }),
               blocks.end());
  blocks_ = std::move(blocks);
  // dense storage; blocks covering under a quarter of it are zeroed one by one
  dense_.setZero(rows, cols);
  long area = 0;
  for (const Block& b : blocks_) area += long(b.rows) * b.cols;
  zeroBlocks_ = 4 * area < long(rows) * cols;
}

MatrixSink BodyBlockMatrix::sink() {
  // only the blocks are ever filled: where they cover a small part of the storage (a large
  // model), zero them alone
  if (zeroBlocks_) {
    for (const Block& b : blocks_) dense_.block(b.row, b.col, b.rows, b.cols).setZero();
  } else {
    dense_.setZero();
  }
  return MatrixSink(dense_);
}

namespace {

// out.middleRows(r0, R) += A X.middleRows(c0, C), column by column with a fixed-size block
template <int R, int C, class Block, class In, class Out>
void addBlockProduct(const Block& block, const In& X, Out& out, int r0, int c0) {
  const Eigen::Matrix<double, R, C> A = block;
  for (Eigen::Index j = 0; j < X.cols(); ++j)
    out.col(j).template segment<R>(r0) += A * X.col(j).template segment<C>(c0);
}

}  // namespace

// out = A X or A^T X, block by block; the zero storage between the blocks is never touched
template <class In, class Out>
void BodyBlockMatrix::product(const In& X, Out& out, bool transposed) const {
  out.setZero(transposed ? dense_.cols() : dense_.rows(), X.cols());
  for (const Block& b : blocks_) {
    const auto A = dense_.block(b.row, b.col, b.rows, b.cols);
    // the body blocks are 7 x 7 or 1 x 7 (rp): fixed-size kernels; others the general product
    if (b.rows == 7 && b.cols == 7) {
      if (transposed)
        addBlockProduct<7, 7>(A.transpose(), X, out, b.col, b.row);
      else
        addBlockProduct<7, 7>(A, X, out, b.row, b.col);
    } else if (b.rows == 1 && b.cols == 7) {
      if (transposed)
        addBlockProduct<7, 1>(A.transpose(), X, out, b.col, b.row);
      else
        addBlockProduct<1, 7>(A, X, out, b.row, b.col);
    } else if (transposed) {
      out.middleRows(b.col, b.cols).noalias() += A.transpose() * X.middleRows(b.row, b.rows);
    } else {
      out.middleRows(b.row, b.rows).noalias() += A * X.middleRows(b.col, b.cols);
    }
  }
}

// the four products, each over the blocks
void BodyBlockMatrix::multiply(const MatrixXd& X, MatrixXd& out) const { product(X, out, false); }
void BodyBlockMatrix::multiplyTransposed(const MatrixXd& X, MatrixXd& out) const {
  product(X, out, true);
}
void BodyBlockMatrix::multiply(const VectorXd& x, VectorXd& out) const { product(x, out, false); }
void BodyBlockMatrix::multiplyTransposed(const VectorXd& x, VectorXd& out) const {
  product(x, out, true);
}

std::vector<BodyBlockMatrix::Block> constraintRowBlocks(const Formulation& f) {
  const Model& model = f.model();
  const int V = f.bodyVelocitySize(), rows = f.primitiveRows();
  std::vector<BodyBlockMatrix::Block> s;
  // a primitive's row touches the bodies it joins; the normalization row of body b only b
  for (int r = 0; r < rows; ++r) {
    const Primitive& p = model.primitives[f.rowPrimitives()[r]];
    for (int b : {p.bodyI, p.bodyJ})
      if (b != kGround) s.push_back({r, V * b, 1, V});
  }
  // then the normalization rows, one per body, in body order
  for (int r = rows; r < f.constraintSize(); ++r) s.push_back({r, V * (r - rows), 1, V});
  return s;
}

std::vector<BodyBlockMatrix::Block> bodyCouplingBlocks(const Model& model, int V) {
  // the bodies' own blocks, and both off-diagonal blocks of every pair a primitive, a force element
  // or a beam element couples
  std::vector<BodyBlockMatrix::Block> s = blockDiagonalBlocks(model, V);
  auto pair = [&](int bi, int bj) {
    if (bi == kGround || bj == kGround) return;
    s.push_back({V * bi, V * bj, V, V});
    s.push_back({V * bj, V * bi, V, V});
  };
  // the pairs of the primitives, the force elements, then the beam elements (nodes by twos)
  for (const Primitive& p : model.primitives) pair(p.bodyI, p.bodyJ);
  for (const ForceElement& f : model.forces) pair(f.bodyI, f.bodyJ);
  for (const BeamElement& e : model.beamElements)
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b) pair(e.node[a], e.node[b]);
  return s;
}

std::vector<BodyBlockMatrix::Block> blockDiagonalBlocks(const Model& model, int V) {
  // one block per body on the diagonal
  std::vector<BodyBlockMatrix::Block> s;
  for (int b = 0; b < model.bodyCount(); ++b) s.push_back({V * b, V * b, V, V});
  return s;
}

std::vector<BodyBlockMatrix::Block> augmentedBlocks(const Formulation& formulation) {
  // the diagonal body blocks, then each constraint row block below them and its transpose
  const int nv = formulation.velocitySize();
  std::vector<BodyBlockMatrix::Block> s =
      blockDiagonalBlocks(formulation.model(), formulation.bodyVelocitySize());
  for (const BodyBlockMatrix::Block& b : constraintRowBlocks(formulation)) {
    s.push_back({nv + b.row, b.col, b.rows, b.cols});
    s.push_back({b.col, nv + b.row, b.cols, b.rows});
  }
  return s;
}

SparseMatrixXd blockPattern(int rows, int cols, const std::vector<BodyBlockMatrix::Block>& blocks) {
  // every entry of every block, stored as an explicit zero; duplicates merge
  std::vector<Eigen::Triplet<double>> entries;
  for (const BodyBlockMatrix::Block& b : blocks)
    for (int r = b.row; r < b.row + b.rows; ++r)
      for (int c = b.col; c < b.col + b.cols; ++c) entries.emplace_back(r, c, 0.0);
  // compressed, the explicit zeros kept as the pattern
  SparseMatrixXd m(rows, cols);
  m.setFromTriplets(entries.begin(), entries.end());
  m.makeCompressed();
  return m;
}

}  // namespace mbw
