#pragma once
// The largest magnitude among a matrix's entries, max |m_ij| (0 for an empty matrix): the measure
// the tests compare matrices and residuals by.
#include <Eigen/Dense>

namespace mbw::test {

inline double largestEntry(const Eigen::MatrixXd& m) {
  return m.size() ? m.cwiseAbs().maxCoeff() : 0.0;
}

}  // namespace mbw::test
