#include "statespace/coordinate_partition.h"

#include <algorithm>
#include <cmath>

namespace mbw {

bool partitionCoordinates(const MatrixXd& Phi_q, CoordinatePartition& partition,
                          double relativeTolerance) {
  const int m = static_cast<int>(Phi_q.rows()), n = static_cast<int>(Phi_q.cols());
  // no more equations than coordinates, and not all zero
  MatrixXd A = Phi_q;
  const double scale = A.cwiseAbs().maxCoeff();
  if (m > n || !(scale > 0.0)) return false;
  // row and column permutations, the matrix itself left in place
  std::vector<int> rows(m), cols(n);
  for (int i = 0; i < m; ++i) rows[i] = i;
  for (int j = 0; j < n; ++j) cols[j] = j;
  CoordinatePartition p;
  p.smallestPivot = 1.0;
  for (int k = 0; k < m; ++k) {
    // full pivoting over the remaining rows k.. and columns k..
    int pr = k, pc = k;
    double best = -1.0;
    for (int c = k; c < n; ++c)
      for (int r = k; r < m; ++r) {
        const double a = std::abs(A(rows[r], cols[c]));
        if (a > best) {
          best = a;
          pr = r;
          pc = c;
        }
      }
    // a pivot below the tolerance: rank deficient
    if (best <= relativeTolerance * scale) return false;
    // the smallest pivot relative to the largest entry: how near the partition is to failing
    p.smallestPivot = std::min(p.smallestPivot, best / scale);
    // the pivot's row and column moved to place k in both orders
    std::swap(rows[k], rows[pr]);
    std::swap(cols[k], cols[pc]);
    // Gauss-Jordan: eliminate the pivot column from every other row
    const int r0 = rows[k], c0 = cols[k];
    for (int r = 0; r < m; ++r) {
      if (r == k) continue;
      const double factor = A(rows[r], c0) / A(r0, c0);
      if (factor != 0.0) A.row(rows[r]) -= factor * A.row(r0);
    }
  }
  // the pivot columns are the dependent coordinates (pivot order), the rest the independent
  // (ascending)
  p.dependent.assign(cols.begin(), cols.begin() + m);
  p.independent.assign(cols.begin() + m, cols.end());
  std::sort(p.independent.begin(), p.independent.end());
  partition = std::move(p);
  return true;
}

}  // namespace mbw
