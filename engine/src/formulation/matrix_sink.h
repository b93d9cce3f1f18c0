#pragma once
// A destination for assembled matrix blocks: a dense matrix, or a compressed sparse (column-major)
// matrix whose pattern was fixed beforehand from the model's topology, at an offset, optionally
// transposed and scaled. Lets one assembly routine fill either storage. A sparse write adds into
// existing entries only (no allocation, no sort): the rows of a block column are consecutive in
// the pattern, so each block column costs one binary search. Entries outside the pattern are
// counted in SparseTarget::missed (a pattern that misses a coupling is a bug the caller reports).

#include <Eigen/Sparse>
#include <algorithm>

#include "math/types.h"

namespace mbw {

using SparseMatrixXd = Eigen::SparseMatrix<double, Eigen::ColMajor, int>;

struct SparseTarget {
  SparseMatrixXd* matrix = nullptr;
  long missed = 0;  // block entries that found no place in the pattern
};

class MatrixSink {
 public:
  MatrixSink(MatrixXd& dense, int row0 = 0, int col0 = 0)
      : dense_(&dense), row0_(row0), col0_(col0) {}
  MatrixSink(SparseTarget& sparse, int row0 = 0, int col0 = 0)
      : sparse_(&sparse), row0_(row0), col0_(col0) {}

  // the same destination, written transposed (block (r, c) lands at (c, r))
  MatrixSink transposed() const {
    MatrixSink s = *this;
    s.transpose_ = !transpose_;
    std::swap(s.row0_, s.col0_);
    return s;
  }
  MatrixSink scaled(double factor) const {
    MatrixSink s = *this;
    s.scale_ *= factor;
    return s;
  }

  template <class Derived>
  void add(int row, int col, const Eigen::MatrixBase<Derived>& block) {
    if (dense_) {
      // dense storage: one block operation, of fixed size when the block's is
      constexpr int R = Derived::RowsAtCompileTime, C = Derived::ColsAtCompileTime;
      if constexpr (R != Eigen::Dynamic && C != Eigen::Dynamic) {
        if (transpose_)
          dense_->template block<C, R>(row0_ + col, col0_ + row) += scale_ * block.transpose();
        else
          dense_->template block<R, C>(row0_ + row, col0_ + col) += scale_ * block;
      } else if (transpose_) {
        dense_->block(row0_ + col, col0_ + row, block.cols(), block.rows()) +=
            scale_ * block.transpose();
      } else {
        dense_->block(row0_ + row, col0_ + col, block.rows(), block.cols()) += scale_ * block;
      }
      return;
    }
    // sparse storage: block column c (row r when transposed) is a run of consecutive entries; the
    // columns of a body block share their rows, so the run's offset in one column is tried first
    // in the next
    int offset = -1;
    if (transpose_) {
      for (int r = 0; r < block.rows(); ++r)
        offset = addRun(col0_ + row + r, row0_ + col, static_cast<int>(block.cols()), offset,
                        [&](int k) { return block(r, k); });
    } else {
      for (int c = 0; c < block.cols(); ++c)
        offset = addRun(col0_ + col + c, row0_ + row, static_cast<int>(block.rows()), offset,
                        [&](int k) { return block(k, c); });
    }
  }
  void add(int row, int col, double value) {
    add(row, col, Eigen::Matrix<double, 1, 1>::Constant(value));
  }

 private:
  // adds count values to rows firstRow... of column `column` of the sparse target, looking for
  // them first at `offset` entries into the column; returns where they were found
  template <class Value>
  int addRun(int column, int firstRow, int count, int offset, const Value& value) {
    SparseMatrixXd& m = *sparse_->matrix;
    const int* rows = m.innerIndexPtr();
    const int begin = m.outerIndexPtr()[column], end = m.outerIndexPtr()[column + 1];
    int k = begin + offset;
    if (offset < 0 || k >= end || rows[k] != firstRow)
      k = static_cast<int>(std::lower_bound(rows + begin, rows + end, firstRow) - rows);
    const int found = k - begin;
    double* values = m.valuePtr();
    for (int i = 0; i < count; ++i, ++k) {
      if (k >= end || rows[k] != firstRow + i) {
        sparse_->missed += count - i;
        return -1;
      }
      values[k] += scale_ * value(i);
    }
    return found;
  }

  MatrixXd* dense_ = nullptr;
  SparseTarget* sparse_ = nullptr;
  int row0_ = 0, col0_ = 0;
  bool transpose_ = false;
  double scale_ = 1.0;
};

}  // namespace mbw
