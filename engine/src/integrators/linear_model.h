#pragma once
// What the linear analysis of Zhang et al. 2022 section 4 needs from a scheme: the map of one step
// on the undamped oscillator x'' + w^2 x = 0 with Omega = w h, acting on whatever the scheme
// carries from step to step, built from the scheme's own coefficients. Schemes that integrate the
// first-order form (LMS, SS, ESDIRKs, backward Euler) give their map on y' = i w y (the mode
// e^{i w t}; the conjugate mode has the conjugate roots); HHT gives its real map on (x, v, a).

#include <complex>
#include <functional>

#include <Eigen/Core>

namespace mbw {

struct LinearModel {
  int implicitStages = 1;  // n in the paper's abscissa Delta t / (n T)
  std::function<Eigen::MatrixXcd(double omegaH)> amplification;
};

}  // namespace mbw
