#include "solvers/constraint_rank.h"

#include <Eigen/QR>
#include <Eigen/SPQRSupport>
#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace mbw {
namespace {

// --- the greedy choice of independent rows -------------------------------------------------------

using LongSparse = Eigen::SparseMatrix<double, Eigen::ColMajor, SuiteSparse_long>;

// Phi_q's rows in the order of the greedy choice, each of unit length (zero rows stay zero): the
// formulation's own rows, then the primitives'
MatrixXd orderedUnitRows(const Formulation& f) {
  const int np = f.primitiveRows(), nc = f.constraintSize();
  const MatrixXd J = denseConstraintJacobian(f);
  MatrixXd rows(nc, J.cols());
  // the formulation's own rows (J's last) first, then the primitives' (its first); each scaled
  rows.topRows(nc - np) = J.bottomRows(nc - np);
  rows.bottomRows(np) = J.topRows(np);
  for (int r = 0; r < nc; ++r) {
    const double norm = rows.row(r).norm();
    if (norm > 0.0) rows.row(r) /= norm;
  }
  return rows;
}

// which ordered rows are kept, and the smallest new component of a kept primitive row
struct Choice {
  std::vector<bool> kept;
  double smallest = 1.0;
  int weakest = -1;  // the ordered row of the smallest
};

// Gram-Schmidt in the given order: a row is kept when its component orthogonal to the rows kept so
// far exceeds the tolerance (twice, for numerical orthogonality)
Choice denseChoice(const MatrixXd& rows, int ownRows, double tolerance) {
  Choice c;
  MatrixXd basis(rows.cols(), 0);
  for (int r = 0; r < rows.rows(); ++r) {
    // the row's component orthogonal to the basis, by Gram-Schmidt twice
    Eigen::VectorXd x = rows.row(r).transpose();
    for (int pass = 0; pass < 2; ++pass) x -= basis * (basis.transpose() * x);
    const double residual = x.norm();
    c.kept.push_back(residual > tolerance);
    if (!c.kept.back()) continue;
    // a kept primitive row: the weakest so far when its new component is the smallest
    if (r >= ownRows && residual < c.smallest) {
      c.smallest = residual;
      c.weakest = r;
    }
    // the basis grows by the row's new direction
    basis.conservativeResize(Eigen::NoChange, basis.cols() + 1);
    basis.col(basis.cols() - 1) = x / residual;
  }
  return c;
}

// SuiteSparseQR of the rows as columns, natural order: the dead columns (Heath's test) are the
// dependent rows, moved to the end of the column permutation
Choice sparseChoice(const MatrixXd& rows, int ownRows, double tolerance) {
  // the rows as the columns of A^T, factorized in their given order, pivots below the tolerance
  // dead
  const LongSparse At = rows.transpose().sparseView();
  Eigen::SPQR<LongSparse> qr;
  qr.setSPQROrdering(SPQR_ORDERING_NATURAL);
  qr.setPivotThreshold(tolerance);
  qr.compute(At);
  Choice c;
  c.kept.assign(rows.rows(), false);
  // E the column permutation (dead columns last), R the triangular factor
  const auto E = qr.colsPermutation().indices();
  const LongSparse R = qr.matrixR();
  // the first rank columns of the permutation are the kept rows; R's diagonal their new components
  for (Eigen::Index k = 0; k < qr.rank(); ++k) {
    c.kept[E[k]] = true;
    const double pivot = std::abs(R.coeff(k, k));
    if (E[k] >= ownRows && pivot < c.smallest) {
      c.smallest = pivot;
      c.weakest = static_cast<int>(E[k]);
    }
  }
  return c;
}

}  // namespace

// --- rank, redundancy and rank drops -------------------------------------------------------------

MatrixXd denseConstraintJacobian(const Formulation& formulation) {
  MatrixXd J = MatrixXd::Zero(formulation.constraintSize(), formulation.velocitySize());
  formulation.constraintJacobian(MatrixSink(J));
  return J;
}

ConstraintRank analyzeConstraintRank(const Formulation& f, double tolerance, RankMethod method) {
  // the ordered rows, chosen dense or sparse by the size of Phi_q
  const int np = f.primitiveRows(), nc = f.constraintSize(), own = nc - np;
  const MatrixXd rows = orderedUnitRows(f);
  const bool dense =
      method == RankMethod::Dense ||
      (method == RankMethod::Automatic && long(nc) * f.velocitySize() <= kDenseRankEntries);
  const Choice choice =
      dense ? denseChoice(rows, own, tolerance) : sparseChoice(rows, own, tolerance);
  // the rank counts the kept primitive rows; the others are redundant, by primitive
  ConstraintRank result;
  for (int r = own; r < nc; ++r) {
    if (choice.kept[r])
      ++result.rank;
    else
      result.redundant.push_back(f.rowPrimitives()[r - own]);
  }
  // the redundant primitives in increasing order
  std::sort(result.redundant.begin(), result.redundant.end());
  // each body has six degrees of freedom before its constraints
  result.degreesOfFreedom = 6 * f.model().bodyCount() - result.rank;
  // the smallest new component of a kept primitive row, and its primitive
  result.smallestPivot = choice.smallest;
  if (choice.weakest >= own) result.weakestPrimitive = f.rowPrimitives()[choice.weakest - own];
  return result;
}

std::vector<RedundantEquation> explainRedundancy(const Formulation& f,
                                                 const std::vector<int>& redundant,
                                                 double tolerance) {
  std::vector<RedundantEquation> out;
  if (redundant.empty()) return out;
  const Model& m = f.model();
  const MatrixXd J = denseConstraintJacobian(f);
  // the kept rows (primitives, then the formulation's own) are the columns of K, the redundant ones
  // the right-hand sides X
  const std::set<int> left(redundant.begin(), redundant.end());
  std::vector<int> keptJoint;  // the joint of each column of K (-1: a formulation row)
  std::vector<int> keptRows, redundantRows;
  // the rows split into kept (K) and redundant (X), with the joint of each kept row
  for (int r = 0; r < f.constraintSize(); ++r) {
    const int k = r < f.primitiveRows() ? f.rowPrimitives()[r] : -1;
    if (k >= 0 && left.count(k)) {
      redundantRows.push_back(r);
      continue;
    }
    keptRows.push_back(r);
    keptJoint.push_back(k >= 0 ? m.primitives[k].joint : -1);
  }
  // Phi_q's rows as columns: K the kept ones, X the redundant ones
  MatrixXd K(J.cols(), keptRows.size()), X(J.cols(), redundantRows.size()),
      C(keptRows.size(), redundantRows.size());
  for (size_t c = 0; c < keptRows.size(); ++c) K.col(c) = J.row(keptRows[c]).transpose();
  for (size_t c = 0; c < redundantRows.size(); ++c) X.col(c) = J.row(redundantRows[c]).transpose();
  // K C = X in the least-squares sense (exact: the columns of X lie in K's range)
  if (long(K.rows()) * K.cols() <= kDenseRankEntries) {
    C = Eigen::ColPivHouseholderQR<MatrixXd>(K).solve(X);
  } else {
    // larger: SuiteSparseQR of K, one column of X at a time
    Eigen::SPQR<LongSparse> qr;
    qr.compute(LongSparse(K.sparseView()));
    for (Eigen::Index c = 0; c < X.cols(); ++c) C.col(c) = qr.solve(Eigen::VectorXd(X.col(c)));
  }
  // for each redundant row, the joints of the kept rows it combines
  const Eigen::RowVectorXd keptSize = K.colwise().norm(), redundantSize = X.colwise().norm();
  for (size_t i = 0; i < redundantRows.size(); ++i) {
    // the joints whose rows take part (a contribution above the tolerance of the row's size)
    std::set<int> joints;
    for (size_t j = 0; j < keptRows.size(); ++j)
      if (keptJoint[j] >= 0 &&
          std::abs(C(j, i)) * keptSize[j] > std::sqrt(tolerance) * redundantSize[i])
        joints.insert(keptJoint[j]);
    out.push_back(
        {f.rowPrimitives()[redundantRows[i]], std::vector<int>(joints.begin(), joints.end())});
  }
  return out;
}

// the analysis at the current positions, where there are primitives to analyse
std::string rankDropDescription(const Formulation& f, double limit) {
  if (f.primitiveRows() == 0) return {};
  return rankDropDescription(f, analyzeConstraintRank(f), limit);
}

std::string rankDropDescription(const Formulation& f, const ConstraintRank& rank, double limit) {
  // nothing to say: full rank with every pivot above the limit
  if (rank.redundant.empty() && !(rank.smallestPivot < limit)) return {};
  const Model& m = f.model();
  std::ostringstream os;
  os.precision(3);
  // redundant equations: Phi_q loses rank, said with the first's joint
  if (!rank.redundant.empty()) {
    const Primitive& k = m.primitives[rank.redundant.front()];
    os << "Phi_q loses rank here (" << rank.redundant.size()
       << " of its equations depend on the others, the first of joint '" << m.joints[k.joint].name
       << "')";
  } else {
    // else the weakest equation, its joint and how independent it is
    os << (rank.smallestPivot < kNearRankLoss ? "Phi_q nearly loses rank here"
                                              : "Phi_q is close to a rank drop here")
       << " (an equation of joint '" << m.joints[m.primitives[rank.weakestPrimitive].joint].name
       << "' is independent of the others only to " << rank.smallestPivot << " of its size)";
  }
  return os.str();
}

// the degrees of freedom of a model at its initial positions, in the first formulation
int degreesOfFreedom(const Model& model) {
  const std::unique_ptr<Formulation> f = makeFormulation(formulationNames().front(), model);
  VectorXd q, v;
  f->initialState(q, v);
  f->computePositions(0.0, q);
  return analyzeConstraintRank(*f).degreesOfFreedom;
}

}  // namespace mbw
