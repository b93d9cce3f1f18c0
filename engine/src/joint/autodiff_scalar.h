#pragma once
// The scalar of forward-mode automatic differentiation for the joint-coordinate algorithms
// (Griewank and Walther, Evaluating Derivatives, 2nd ed. 2008, chapter 3: the tangent mode): a
// value with one directional derivative, carried through every operation by the chain rule. Eigen's
// AutoDiffScalar with a fixed one-element derivative: nothing is allocated per operation.

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

namespace mbw {

using TreeAdScalar = Eigen::AutoDiffScalar<Eigen::Matrix<double, 1, 1>>;

}  // namespace mbw
