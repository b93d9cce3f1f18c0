#pragma once
// Stiffly accurate ESDIRK tableaux (explicit first stage, constant diagonal gamma, last row = b),
// Zhang et al. 2022 section 2.3 eqs (5)-(6):
//     stage i:  y_{k-1+c_i} = y_{k-1} + h (sum_{j<i} a_ij ydot_{k-1+c_j} + gamma ydot_{k-1+c_i})
// and the methods of the paper written as such tableaux: rho_inf-Bathe (eq 7), MSSTC(3,4,5),
// MSSTH(3,4,5) and Kennedy and Carpenter's ESDIRK3(2)4L[2]SA, ESDIRK3(2)5L[2]SA,
// ESDIRK4(3)6L[2]SA2. Each builder names its source (../shared/refdata/integrators/esdirk.md,
// msst.md: MBDyn develop 59e50fa6, Kennedy and Carpenter NASA/TM-2016-219173 and Appl. Numer.
// Math. 146 (2019), checked there against order conditions in high precision).

#include <complex>
#include <string>
#include <vector>

#include "math/types.h"

namespace mbw {

struct ButcherTableau {
  std::string name;
  std::string source;
  int order = 0;
  int embeddedOrder = 0;  // order of bHat; 0 = no embedded weights
  MatrixXd A;             // s x s, lower triangular, A(0, :) = 0, A(i, i) = gamma (i >= 1)
  VectorXd b, bHat, c;    // b = last row of A
  int lastStagePredictorOrder = 2;  // 2: eq 12; 4: eq 16 (Zhang et al. 2022 section 3.1)
  // the factor on the embedded estimate: its calibration on the index-3 DAE (esdirk.h)
  double estimateScale = 1.0;

  int stages() const { return static_cast<int>(c.size()); }
  double gamma() const { return A(stages() - 1, stages() - 1); }
  // R(z) = 1 + z b^T (I - z A)^-1 1 on y' = (z / h) y
  std::complex<double> stabilityFunction(std::complex<double> z) const;
};

// A tableau from the rows of A below the explicit first stage; b = the last row, c = row sums.
ButcherTableau tableauFromRows(const std::vector<std::vector<double>>& rows);

// rho_inf in [0, 1] (esdirk.md section 1)
ButcherTableau batheTableau(double rhoInf);
// MBDyn's tabulated rho_inf in {0, 0.1, ..., 1} (msst.md); throws std::invalid_argument otherwise
ButcherTableau msstcTableau(int n, double rhoInf);
// n = 3: rho_inf in {0, 0.1, ..., 1}; n = 4, 5: rho_inf in {0, 0.6, 1} (the published tableaux)
ButcherTableau mssthTableau(int n, double rhoInf);
ButcherTableau esdirk324l2saTableau();
ButcherTableau esdirk325l2saTableau();
ButcherTableau esdirk436l2sa2Tableau();

// The rho_inf values MBDyn tabulates for the multi-sub-step methods.
std::vector<double> msstRhoInfValues(bool higherOrder, int n);

}  // namespace mbw
