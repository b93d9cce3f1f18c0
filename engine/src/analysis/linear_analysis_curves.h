#pragma once
// The linear analysis of several methods on x'' + w^2 x = 0 (Zhang et al. 2022 section 4,
// Figures 2-7; linear_analysis.h) as every front end shows it: per method, its label, implicit
// stages n, spectral radius at infinity and its amplitude decay, period elongation and spectral
// radius over a grid of Delta t / (n T), each method built from its own coefficients with the
// same checks a run makes.

#include <optional>
#include <string>
#include <vector>

#include "analysis/integrator_study.h"
#include "analysis/linear_analysis.h"
#include "simulation/command_option.h"

namespace mbw {

struct LinearAnalysisCurve {
  std::string label;  // the integrator, with its effective rho_inf where it has one: "bathe (0.6)"
  int stages = 1;     // n
  double rhoAtInfinity = 0.0;
  std::vector<LinearAnalysisPoint> points;
};

// Each method's curve over grid (Delta t / (n T), increasing). rhoInf and alpha reach the methods
// that have them and give no rho_inf of their own. Throws ConfigurationError for an unknown
// integrator, a method without a linear model (the state-space integrators) or with settings it
// refuses.
std::vector<LinearAnalysisCurve> linearAnalysisCurves(const std::vector<StudyMethod>& methods,
                                                      std::optional<double> rhoInf,
                                                      std::optional<double> alpha,
                                                      const std::vector<double>& grid);

// The point of a curve nearest to Delta t / (n T) = x on a logarithmic scale (the first of equals).
const LinearAnalysisPoint& nearestPoint(const std::vector<LinearAnalysisPoint>& points, double x);

// The curves summarized as text: a row per method with its n, rho_inf and, at the grid points
// nearest to Delta t / (n T) = 0.01 and 0.1, AD and PE (%), and rho at 0.1.
std::string linearAnalysisSummaryText(const std::vector<LinearAnalysisCurve>& curves);

// The curves as CSV text: a comment line naming the analysis, the header method, stages,
// dt_over_nT, amplitude_decay_percent, period_elongation_percent, spectral_radius, and a row per
// point of every curve (the label quoted, values to 10 significant digits).
std::string linearAnalysisCsv(const std::vector<LinearAnalysisCurve>& curves);

// --- the request of a front end -----------------------------------------------------------------

// `linear-analysis`: the methods, the rho_inf or alpha of those without their own, the grid, and
// the files to write; its options (simulation/command_option.h) in the order of its `--help`.
struct LinearAnalysisRequest {
  std::string integrators = "lms2,lms3,lms4,bathe,msstc3,msstc4,msstc5";  // the paper's 2nd order
  std::optional<double> rhoInf, alpha;
  double from = 1e-3, to = 1e2;  // Delta t / (n T) of the logarithmic grid
  int points = 400;
  std::string output, plot;  // the curves' CSV and the figure, "" for none
};
std::vector<CommandOption> linearAnalysisOptions(LinearAnalysisRequest& request);

// The curves of the request's methods over its grid. Throws std::invalid_argument unless
// 0 < from < to and points >= 2, ConfigurationError as the curves do.
std::vector<LinearAnalysisCurve> linearAnalysisCurves(const LinearAnalysisRequest& request);

}  // namespace mbw
