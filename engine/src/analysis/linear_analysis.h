#pragma once
// Linear analysis of a time integrator on the undamped oscillator x'' + w^2 x = 0 (Zhang et al.
// 2022 section 4), from the map of one step that the scheme builds from its own coefficients
// (LinearModel). With the principal root lambda = exp(-xi W + i W sqrt(1 - xi^2)) of that map
// (the eigenvalue that follows exp(i Omega) from small Omega = w h on; Omega_bar = |ln lambda|
// with the phase unwrapped along the sweep):
//     amplitude decay     AD = 100 xi = -100 Re(ln lambda) / |ln lambda|          (%)
//     period elongation   PE = 100 (Omega / Omega_bar - 1)                      (%)
//     spectral radius     rho = max |eigenvalue|
// against Delta t / (n T) = Omega / (2 pi n), n = implicit stages per step. AD and PE are NaN
// where the principal root has become real (no oscillation left).

#include <string>
#include <vector>

#include "integrators/linear_model.h"

namespace mbw {

struct LinearAnalysisPoint {
  double stepOverPeriod = 0.0;    // Delta t / (n T)
  double amplitudeDecay = 0.0;    // %
  double periodElongation = 0.0;  // %
  double spectralRadius = 0.0;
};

// points: Delta t / (n T) values in increasing order (a fine grid: the phase is unwrapped along it)
std::vector<LinearAnalysisPoint> analyzeLinearStability(const LinearModel& model,
                                                        const std::vector<double>& stepsOverPeriod);

// Spectral radius as Omega -> infinity: eigenvalue clusters (multiple roots) by their centroids,
// extrapolated from Omega = 1e6 and 2e6.
double spectralRadiusAtInfinity(const LinearModel& model);

// n values from `from` to `to`, evenly spaced in log10
std::vector<double> logSpace(double from, double to, int n);

}  // namespace mbw
