#pragma once
// The figure of the linear analysis of integrators on x'' + w^2 x = 0 (Zhang et al. 2022 section 4,
// Figures 2-7), as `mbw-cli linear-analysis` and any front end draw it; the curves are the
// engine's (analysis/linear_analysis_curves.h).

#include <vector>

#include "analysis/linear_analysis_curves.h"
#include "chart.h"

namespace mbw::plot {

// Three charts, one per row: the amplitude decay AD [%] and the period elongation PE [%] against
// Delta t / (n T) on a linear abscissa up to 0.5, and the spectral radius rho against Delta t /
// (n T) (log abscissa, 0..1.05); one series per curve.
plot::Figure linearAnalysisFigure(const std::vector<LinearAnalysisCurve>& curves);

}  // namespace mbw::plot
