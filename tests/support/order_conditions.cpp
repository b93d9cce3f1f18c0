// The order conditions of a Runge-Kutta tableau (order_conditions.h): for every rooted tree t of
// order up to 5, b^T Phi(t) = 1 / gamma(t), with Phi the elementary weights and gamma the tree's
// density (Butcher).

#include "order_conditions.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mbw::test {
namespace {

// a rooted tree: its order (count of nodes) and the subtrees under its root
struct Tree {
  int order = 1;
  std::vector<int> children;  // indices of the subtrees, non-decreasing
};

// all rooted trees up to order 5, generated as multisets of smaller trees under a root
const std::vector<Tree>& trees() {
  static const std::vector<Tree> all = [] {
    std::vector<Tree> t{{1, {}}};
    for (int n = 2; n <= 5; ++n) {
      // children multisets with total order n - 1, indices non-decreasing
      std::vector<std::pair<std::vector<int>, int>> stack{{{}, 0}};
      // built from the trees of lower order only, those known before this order
      const size_t known = t.size();
      while (!stack.empty()) {
        auto [kids, sum] = stack.back();
        stack.pop_back();
        if (sum == n - 1) {
          t.push_back({n, kids});
          continue;
        }
        const int from = kids.empty() ? 0 : kids.back();
        for (size_t k = from; k < known; ++k)
          if (sum + t[k].order <= n - 1) {
            std::vector<int> next = kids;
            next.push_back(static_cast<int>(k));
            stack.push_back({next, sum + t[k].order});
          }
      }
    }
    return t;
  }();
  return all;
}

}  // namespace

// Phi(t) = the product over the root's subtrees of A Phi(subtree), component by component, and
// gamma(t) = order times the product of the subtrees' gammas; the worst residual among the trees
// of the order asked for
double orderConditionResidual(const MatrixXd& A, const VectorXd& b, int order) {
  const std::vector<Tree>& t = trees();
  const int s = static_cast<int>(b.size());
  std::vector<VectorXd> phi(t.size());
  std::vector<double> gamma(t.size());
  double worst = 0.0;
  for (size_t i = 0; i < t.size(); ++i) {
    phi[i] = VectorXd::Ones(s);
    gamma[i] = t[i].order;
    for (int k : t[i].children) {
      phi[i] = phi[i].cwiseProduct(A * phi[k]);
      gamma[i] *= gamma[k];
    }
    if (t[i].order == order) worst = std::max(worst, std::abs(b.dot(phi[i]) - 1.0 / gamma[i]));
  }
  return worst;
}

// the highest order (up to 5) whose conditions and those of every lower order hold
int tableauOrder(const MatrixXd& A, const VectorXd& b, double tolerance) {
  int p = 0;
  while (p < 5 && orderConditionResidual(A, b, p + 1) <= tolerance) ++p;
  return p;
}

}  // namespace mbw::test
