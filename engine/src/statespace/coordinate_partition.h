#pragma once
// Generalized coordinate partitioning, Sandu et al. 2001 eqs (4)-(6) (Wehage and Haug 1982):
// Gauss-Jordan elimination with full pivoting on the constraint Jacobian Phi_q (m x n, full row
// rank) takes the pivot columns as the m dependent coordinates u, so that Phi_u is nonsingular, and
// the others as the n - m independent coordinates v. Coordinates are indices into the formulation's
// velocity vector (rp: positions and velocities share the layout).

#include <string>
#include <vector>

#include "math/types.h"

namespace mbw {

struct CoordinatePartition {
  std::vector<int> independent;  // nu(i), i < ndof, ascending
  std::vector<int> dependent;    // mu(j), j < m, in pivot order
  double smallestPivot = 0.0;    // relative to the largest entry of Phi_q
  bool operator==(const CoordinatePartition& o) const {
    return independent == o.independent && dependent == o.dependent;
  }
};

// Returns false (partition untouched) when Phi_q is rank deficient: a pivot below
// relativeTolerance times its largest entry.
bool partitionCoordinates(const MatrixXd& Phi_q, CoordinatePartition& partition,
                          double relativeTolerance = 1e-10);

}  // namespace mbw
