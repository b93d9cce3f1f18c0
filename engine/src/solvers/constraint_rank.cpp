#include "solvers/constraint_rank.h"

#include <Eigen/QR>
#include <cmath>

namespace mbw {

MatrixXd denseConstraintJacobian(const Formulation& formulation) {
  MatrixXd J = MatrixXd::Zero(formulation.constraintSize(), formulation.velocitySize());
  formulation.constraintJacobian(MatrixSink(J));
  return J;
}

ConstraintRank analyzeConstraintRank(const Formulation& formulation, double tolerance) {
  const int np = formulation.primitiveCount();
  const int nc = formulation.constraintSize();
  const MatrixXd J = denseConstraintJacobian(formulation);
  ConstraintRank result;
  // formulation rows (normalizations) are always independent of each other and of the physics;
  // order them first so that the greedy pass judges each primitive against them
  MatrixXd rows(nc, J.cols());
  rows.topRows(nc - np) = J.bottomRows(nc - np);
  rows.bottomRows(np) = J.topRows(np);

  // greedy Gram-Schmidt in the given order: a row is kept when its component orthogonal to the
  // rows kept so far is not negligible (twice, for numerical orthogonality)
  const double scale = nc == 0 ? 1.0 : std::max(1.0, rows.rowwise().norm().maxCoeff());
  MatrixXd basis(J.cols(), 0);
  double smallest = 1.0;
  for (int r = 0; r < nc; ++r) {
    Eigen::VectorXd x = rows.row(r).transpose();
    const double norm0 = x.norm();
    for (int pass = 0; pass < 2; ++pass) x -= basis * (basis.transpose() * x);
    const double residual = x.norm();
    const bool independent = residual > tolerance * std::max(norm0, scale * 1e-3);
    const int primitive = r - (nc - np);
    if (!independent) {
      if (primitive >= 0) result.redundant.push_back(primitive);
      continue;
    }
    if (primitive >= 0) smallest = std::min(smallest, residual / std::max(norm0, 1e-300));
    basis.conservativeResize(Eigen::NoChange, basis.cols() + 1);
    basis.col(basis.cols() - 1) = x / residual;
  }
  result.rank = static_cast<int>(basis.cols()) - (nc - np);
  result.degreesOfFreedom = 6 * formulation.model().bodyCount() - result.rank;
  result.smallestPivot = smallest;
  return result;
}

int degreesOfFreedom(const Model& model) {
  const std::unique_ptr<Formulation> f = makeFormulation(formulationNames().front(), model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  return analyzeConstraintRank(*f).degreesOfFreedom;
}

}  // namespace mbw
