#pragma once
// The peers of issue 11's comparison as small programs on the libraries users trust (Debian's
// SUNDIALS 6.4 and Simbody 3.7): each integrates one of peer_models.h's formulations and samples
// the compared quantity at the requested times. They use the libraries as their guides show:
// CVODE Adams with fixed-point iteration and CVODE BDF with Newton and a dense difference-quotient
// Jacobian on the 2-angle ODEs, IDA with a dense difference-quotient Jacobian and IDACalcIC on the
// Cartesian index-1 DAE, Simbody's Runge-Kutta-Merson on pin mobilizers.

#include <array>
#include <string>
#include <vector>

#include "peer_models.h"

namespace mbw::peers {

// the compared quantity at each requested time (bar 2's centre in its plane, or theta1 and 0)
using Samples = std::vector<std::array<double, 2>>;

struct PeerRun {
  Samples samples;
  long steps = 0;
  std::string failure;  // empty when the run reached the last time
};

enum class Quantity { SecondBarCentre, FirstAngle };

// rtol = atol = tol
PeerRun cvodeTwoAngles(const TwoBarPendulum& p, const std::array<double, 4>& initial, bool bdf,
                       double tol, const std::vector<double>& times, Quantity quantity);
PeerRun idaCartesian(const TwoBarPendulum& p, double phi1, double phi2, double tol,
                     const std::vector<double>& times);
// Simbody's integrator accuracy (its relative error target); built when Simbody is installed
// (MBW_HAVE_SIMBODY)
PeerRun simbodyMerson(const TwoBarPendulum& p, double phi1, double phi2, double accuracy,
                      const std::vector<double>& times);

}  // namespace mbw::peers
