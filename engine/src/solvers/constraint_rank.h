#pragma once
// Rank of the constraint Jacobian: degrees of freedom and redundant constraint equations.
//
// A row of Phi_q is redundant when it is a combination of the rows before it: the rows are taken
// in order (the formulation's own rows first: the normalizations are independent of each other
// and of the physics, then the model's equations in the order of its joints), each scaled to unit
// length, and a row is kept when its component orthogonal to the rows kept so far exceeds the
// tolerance. Small systems use Gram-Schmidt (twice, for numerical orthogonality) on the dense
// rows; larger ones the multifrontal rank-revealing sparse QR of SuiteSparseQR (Davis 2011, ACM
// TOMS 38(1): Heath's column-norm test, natural column order) on Phi_q^T, which finds the same
// dependent rows but in its own elimination order where several could go.
//
// What a redundant equation repeats: its row written in the kept rows (least squares, exact to the
// tolerance, unique because the kept rows are independent); the joints whose rows take part.

#include <string>
#include <vector>

#include "formulation/formulation.h"

namespace mbw {

struct ConstraintRank {
  int rank = 0;                // of the formulation's primitive rows (its own rows excluded)
  int degreesOfFreedom = 0;    // velocity coordinates - constraint rank (6 per body)
  std::vector<int> redundant;  // model primitives whose rows depend on rows kept before them
  double smallestPivot = 0.0;  // smallest relative size of a kept primitive row's new component
  int weakestPrimitive = -1;   // the model primitive of that row (-1: none)
};

enum class RankMethod { Automatic, Dense, Sparse };

constexpr double kRankTolerance = 1e-9;

// At the formulation's current positions (computePositions first). Automatic: dense Gram-Schmidt up
// to kDenseRankEntries entries of Phi_q, sparse QR above.
ConstraintRank analyzeConstraintRank(const Formulation& formulation,
                                     double tolerance = kRankTolerance,
                                     RankMethod method = RankMethod::Automatic);
constexpr long kDenseRankEntries = 40000;

// The redundant primitives (of analyzeConstraintRank, on a formulation that keeps every row) with
// the joints whose kept equations each one combines, at the formulation's current positions.
std::vector<RedundantEquation> explainRedundancy(const Formulation& formulation,
                                                 const std::vector<int>& redundant,
                                                 double tolerance = kRankTolerance);

// Near a rank drop (a singular position of the mechanism): the weakest equation of Phi_q is
// independent of the others by less than this fraction of its size (regular positions of the
// built-in scenes and of the closed loops of the tests: 0.04 - 0.45; the N four-bar's singular
// positions, where its cranks lie horizontal: 1e-4 - 1e-3)
constexpr double kNearRankLoss = 1e-2;

// Approaching a rank drop, for messages: the weakest equation independent of the others by less
// than this fraction of its size (a few steps before or after the N four-bar's singular positions:
// 0.01 - 0.05; regular positions of the built-in scenes and the tests' loops from 0.04)
constexpr double kRankLossWarning = 0.1;

// Whether Phi_q at the formulation's current positions is near a rank drop (its weakest equation
// independent of the others by less than `limit` of its size), in words ("Phi_q nearly loses rank
// here (an equation of joint 'R3' is independent of the others only to 3e-4 of its size)", "Phi_q
// is close to a rank drop here (...)" above kNearRankLoss), or empty when it is not.
std::string rankDropDescription(const Formulation& formulation, double limit = kNearRankLoss);
// the same from an analysis already made at those positions
std::string rankDropDescription(const Formulation& formulation, const ConstraintRank& rank,
                                double limit);

// Degrees of freedom of a model at its initial pose: 6 per body minus the rank of its constraints
// (independent of the formulation).
int degreesOfFreedom(const Model& model);

// Phi_q as a dense matrix (nc x nv).
MatrixXd denseConstraintJacobian(const Formulation& formulation);

}  // namespace mbw
