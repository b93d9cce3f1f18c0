#pragma once
// Rank of the constraint Jacobian: degrees of freedom and redundant constraint equations.

#include <vector>

#include "formulation/formulation.h"

namespace mbw {

struct ConstraintRank {
  int rank = 0;                 // of the model's primitives (formulation rows excluded)
  int degreesOfFreedom = 0;     // 6 nb - rank
  std::vector<int> redundant;   // primitive indices that depend on earlier ones
  double smallestPivot = 0.0;   // relative size of the last accepted pivot (conditioning hint)
};

// Rank-revealing QR of Phi_q^T at the formulation's current positions (computePositions first).
// A primitive is redundant when its row is a combination of the rows kept before it, within a
// relative tolerance.
ConstraintRank analyzeConstraintRank(const Formulation& formulation, double tolerance = 1e-9);

// Degrees of freedom of a model at its initial pose: 6 per body minus the rank of its constraints
// (independent of the formulation).
int degreesOfFreedom(const Model& model);

// Phi_q as a dense matrix (nc x nv).
MatrixXd denseConstraintJacobian(const Formulation& formulation);

}  // namespace mbw
