#pragma once
// The tree's dynamics in the automatic-derivative scalar, for the differentiated passes of
// TreeJacobians: instantiated once, in tree_dynamics.cpp (after this declaration, as C++ requires
// when both meet in one unit of the unity build).

#include "joint/autodiff_scalar.h"
#include "joint/tree_dynamics.h"

namespace mbw {

extern template class TreeDynamicsT<TreeAdScalar>;

}  // namespace mbw
