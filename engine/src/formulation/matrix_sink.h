#pragma once
// A destination for assembled matrix blocks: a dense matrix or a list of sparse triplets, at an
// offset, optionally transposed and scaled. Lets one assembly routine fill either storage.

#include <Eigen/Sparse>
#include <vector>

#include "math/types.h"

namespace mbw {

class MatrixSink {
 public:
  MatrixSink(MatrixXd& dense, int row0 = 0, int col0 = 0) : dense_(&dense), row0_(row0), col0_(col0) {}
  MatrixSink(std::vector<Eigen::Triplet<double>>& triplets, int row0 = 0, int col0 = 0)
      : triplets_(&triplets), row0_(row0), col0_(col0) {}

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
        dense_->block(row0_ + col, col0_ + row, block.cols(), block.rows()) += scale_ * block.transpose();
      } else {
        dense_->block(row0_ + row, col0_ + col, block.rows(), block.cols()) += scale_ * block;
      }
      return;
    }
    for (int c = 0; c < block.cols(); ++c)
      for (int r = 0; r < block.rows(); ++r) {
        const double v = scale_ * block(r, c);
        if (v == 0.0) continue;
        const int i = transpose_ ? row0_ + col + c : row0_ + row + r;
        const int j = transpose_ ? col0_ + row + r : col0_ + col + c;
        triplets_->emplace_back(i, j, v);
      }
  }
  void add(int row, int col, double value) {
    add(row, col, Eigen::Matrix<double, 1, 1>::Constant(value));
  }

 private:
  MatrixXd* dense_ = nullptr;
  std::vector<Eigen::Triplet<double>>* triplets_ = nullptr;
  int row0_ = 0, col0_ = 0;
  bool transpose_ = false;
  double scale_ = 1.0;
};

}  // namespace mbw
