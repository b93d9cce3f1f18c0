#include "statespace/body_block_matrix.h"

#include <algorithm>
#include <tuple>

namespace mbw {

void BodyBlockMatrix::setStructure(int rows, int cols, std::vector<Block> blocks) {
  auto key = [](const Block& b) { return std::make_tuple(b.row, b.col, b.rows, b.cols); };
  std::sort(blocks.begin(), blocks.end(), [&](const Block& a, const Block& b) { return key(a) < key(b); });
  blocks.erase(std::unique(blocks.begin(), blocks.end(),
                           [&](const Block& a, const Block& b) { return key(a) == key(b); }),
               blocks.end());
  blocks_ = std::move(blocks);
  dense_.setZero(rows, cols);
}

MatrixSink BodyBlockMatrix::sink() {
  dense_.setZero();
  return MatrixSink(dense_);
}

template <class In, class Out>
void BodyBlockMatrix::product(const In& X, Out& out, bool transposed) const {
  out.setZero(transposed ? dense_.cols() : dense_.rows(), X.cols());
  for (const Block& b : blocks_) {
    const auto A = dense_.block(b.row, b.col, b.rows, b.cols);
    if (transposed) out.middleRows(b.col, b.cols).noalias() += A.transpose() * X.middleRows(b.row, b.rows);
    else out.middleRows(b.row, b.rows).noalias() += A * X.middleRows(b.col, b.cols);
  }
}

void BodyBlockMatrix::multiply(const MatrixXd& X, MatrixXd& out) const { product(X, out, false); }
void BodyBlockMatrix::multiplyTransposed(const MatrixXd& X, MatrixXd& out) const { product(X, out, true); }
void BodyBlockMatrix::multiply(const VectorXd& x, VectorXd& out) const { product(x, out, false); }
void BodyBlockMatrix::multiplyTransposed(const VectorXd& x, VectorXd& out) const { product(x, out, true); }

std::vector<BodyBlockMatrix::Block> constraintRowBlocks(const Model& model, int V, int constraintRows) {
  std::vector<BodyBlockMatrix::Block> s;
  for (int k = 0; k < model.primitiveCount(); ++k) {
    const Primitive& p = model.primitives[k];
    for (int b : {p.bodyI, p.bodyJ})
      if (b != kGround) s.push_back({k, V * b, 1, V});
  }
  for (int r = model.primitiveCount(); r < constraintRows; ++r)
    s.push_back({r, V * (r - model.primitiveCount()), 1, V});
  return s;
}

std::vector<BodyBlockMatrix::Block> bodyCouplingBlocks(const Model& model, int V) {
  std::vector<BodyBlockMatrix::Block> s = blockDiagonalBlocks(model, V);
  auto pair = [&](int bi, int bj) {
    if (bi == kGround || bj == kGround) return;
    s.push_back({V * bi, V * bj, V, V});
    s.push_back({V * bj, V * bi, V, V});
  };
  for (const Primitive& p : model.primitives) pair(p.bodyI, p.bodyJ);
  for (const ForceElement& f : model.forces) pair(f.bodyI, f.bodyJ);
  return s;
}

std::vector<BodyBlockMatrix::Block> blockDiagonalBlocks(const Model& model, int V) {
  std::vector<BodyBlockMatrix::Block> s;
  for (int b = 0; b < model.bodyCount(); ++b) s.push_back({V * b, V * b, V, V});
  return s;
}

}  // namespace mbw
