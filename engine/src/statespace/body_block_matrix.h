#pragma once
// A matrix of the size of the model (n coordinates or m constraint rows by n) that is nonzero only
// in blocks tied to the bodies: 7 x 7 blocks of pairs of coupled bodies (mass matrix, force and
// reaction Jacobians) or 1 x 7 row segments (constraint rows over the bodies of their joint). It
// is filled through a MatrixSink into dense storage (cheap at this size, no triplets), and its
// products with dense n x k matrices visit only the nonzero blocks (Sandu et al. 2001 section 5.2
// cites the same idea: a topology-based treatment of the sparsity, Serban et al. 1997).

#include <vector>

#include "formulation/formulation.h"
#include "formulation/matrix_sink.h"
#include "model/model.h"

namespace mbw {

class BodyBlockMatrix {
 public:
  struct Block {
    int row, col, rows, cols;
  };

  // the structure (blocks may overlap; each is visited once)
  void setStructure(int rows, int cols, std::vector<Block> blocks);

  // zeroes the blocks and returns a sink that fills them (entries outside the blocks stay zero:
  // the formulation's matrices have no others)
  MatrixSink sink();
  const MatrixXd& dense() const { return dense_; }
  MatrixXd& dense() { return dense_; }

  // out = A X, out = A^T X (X dense, k columns)
  void multiply(const MatrixXd& X, MatrixXd& out) const;
  void multiplyTransposed(const MatrixXd& X, MatrixXd& out) const;
  void multiply(const VectorXd& x, VectorXd& out) const;
  void multiplyTransposed(const VectorXd& x, VectorXd& out) const;

 private:
  template <class In, class Out>
  void product(const In& X, Out& out, bool transposed) const;

  MatrixXd dense_;
  std::vector<Block> blocks_;
  bool zeroBlocks_ = false;  // the blocks cover under a quarter of the storage
};

// The structures of a formulation's matrices for a model with V velocity coordinates per body:
// constraint rows (each primitive row over the blocks of its bodies, then the formulation's own
// rows, one per body, over that body's block), body coupling (the diagonal blocks and every pair
// of bodies a primitive, force element or beam element couples), and block diagonal.
std::vector<BodyBlockMatrix::Block> constraintRowBlocks(const Formulation& formulation);
std::vector<BodyBlockMatrix::Block> bodyCouplingBlocks(const Model& model, int V);
std::vector<BodyBlockMatrix::Block> blockDiagonalBlocks(const Model& model, int V);

// The pattern of an augmented matrix [D Phi_q^T; Phi_q 0] of size nv + nc: D in the diagonal body
// blocks, the constraint rows below them and their transpose right of them.
std::vector<BodyBlockMatrix::Block> augmentedBlocks(const Formulation& formulation);

// A compressed-column matrix whose stored entries are the union of the blocks (values zero): the
// fixed pattern of a sparse matrix assembled through a MatrixSink.
SparseMatrixXd blockPattern(int rows, int cols, const std::vector<BodyBlockMatrix::Block>& blocks);

}  // namespace mbw
