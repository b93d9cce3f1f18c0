#include "analysis/linear_analysis.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

namespace mbw {
namespace {

// the eigenvalues of the amplification matrix at Omega = w h
Eigen::VectorXcd eigenvalues(const LinearModel& model, double omegaH) {
  return Eigen::ComplexEigenSolver<Eigen::MatrixXcd>(model.amplification(omegaH), false)
      .eigenvalues();
}

// centroids of the groups of eigenvalues closer than 0.1 to one another (single linkage)
std::vector<std::complex<double>> clusterCentroids(const Eigen::VectorXcd& ev) {
  const int n = static_cast<int>(ev.size());
  // each eigenvalue joins the group of every other within 0.1
  std::vector<int> group(n);
  // every eigenvalue starts as its own group
  for (int i = 0; i < n; ++i) group[i] = i;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (std::abs(ev[i] - ev[j]) < 0.1 && group[j] != group[i])
        std::replace(group.begin(), group.end(), group[j], group[i]);
  std::vector<std::complex<double>> centroids;
  // the mean of each group
  for (int g = 0; g < n; ++g) {
    std::complex<double> sum = 0.0;
    int count = 0;
    for (int i = 0; i < n; ++i)
      if (group[i] == g) sum += ev[i], ++count;
    if (count) centroids.push_back(sum / double(count));
  }
  return centroids;
}

}  // namespace

std::vector<LinearAnalysisPoint> analyzeLinearStability(const LinearModel& model,
                                                        const std::vector<double>& x) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<LinearAnalysisPoint> out;
  // the principal root is followed from point to point, starting near the exact exp(i Omega)
  std::complex<double> principal(1.0, 0.0);
  double phase = 0.0;  // unwrapped argument of the principal root
  bool oscillating = true;
  for (double xi : x) {
    // Omega = 2 pi n x: x steps per period of n implicit stages each
    const double omega = 2.0 * M_PI * model.implicitStages * xi;
    const Eigen::VectorXcd ev = eigenvalues(model, omega);
    LinearAnalysisPoint p;
    p.stepOverPeriod = xi;
    // the spectral radius, then the principal root followed along x
    p.spectralRadius = ev.cwiseAbs().maxCoeff();
    // the root nearest the previous principal root (exp(i Omega) at the first point)
    const std::complex<double> target = out.empty() ? std::polar(1.0, omega) : principal;
    Eigen::Index best = 0;
    for (Eigen::Index k = 1; k < ev.size(); ++k)
      if (std::abs(ev[k] - target) < std::abs(ev[best] - target)) best = k;
    const std::complex<double> root = ev[best];
    // its phase unwrapped from point to point
    const double step = std::arg(root / principal);
    phase = out.empty() ? std::arg(root) : phase + step;
    principal = root;
    // while the principal root stays complex with a positive phase: the amplitude decay and the
    // period elongation, in percent
    oscillating = oscillating && std::abs(root.imag()) > 1e-12 * std::abs(root) && phase > 0.0;
    if (oscillating) {
      // ln(root) = Omegabar (-xi + i sqrt(1 - xi^2)): the numerical frequency Omegabar = |ln root|,
      // the decay xi and the period's stretch Omega / Omegabar - 1
      const std::complex<double> logRoot(std::log(std::abs(root)), phase);
      const double omegaBar = std::abs(logRoot);
      p.amplitudeDecay = -100.0 * logRoot.real() / omegaBar;
      p.periodElongation = 100.0 * (omega / omegaBar - 1.0);
    } else {
      // from the first point that does not oscillate on: no decay and no elongation
      p.amplitudeDecay = p.periodElongation = nan;
    }
    out.push_back(p);
  }
  return out;
}

double spectralRadiusAtInfinity(const LinearModel& model) {
  // The limit map has multiple eigenvalues by design (LMS: sigma(E) = (E + rho_inf)^K), which
  // split by O(|z|^(-1/K)) and O(eps^(1/K)); the centroid of each cluster is well conditioned and
  // smooth in 1/Omega, so it is extrapolated from Omega and 2 Omega (Richardson).
  const double omega = 1e6;
  const std::vector<std::complex<double>> c1 = clusterCentroids(eigenvalues(model, omega));
  const std::vector<std::complex<double>> c2 = clusterCentroids(eigenvalues(model, 2.0 * omega));
  double radius = 0.0;
  // each centroid at 2 Omega extrapolated with its nearest at Omega
  for (const std::complex<double>& a : c2) {
    std::complex<double> b = c1.front();
    for (const std::complex<double>& x : c1)
      if (std::abs(x - a) < std::abs(b - a)) b = x;
    // 2 a - b: the Richardson value of a centroid linear in 1/Omega
    radius = std::max(radius, std::abs(2.0 * a - b));
  }
  return radius;
}

std::vector<double> logSpace(double from, double to, int n) {
  // n points evenly spaced in log10 from `from` to `to`
  std::vector<double> v(n);
  const double a = std::log10(from), b = std::log10(to);
  for (int i = 0; i < n; ++i) v[i] = std::pow(10.0, n > 1 ? a + (b - a) * i / (n - 1) : a);
  return v;
}

}  // namespace mbw
