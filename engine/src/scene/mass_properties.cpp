#include "scene/mass_properties.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <sstream>

#include "math/number_text.h"

namespace mbw {
namespace {

// magnitudes the arithmetic carries (squares and products of masses and moments stay finite), and
// how far rounded moments may break the triangle inequality before a warning
constexpr double kSmallest = 1e-150, kLargest = 1e150;
constexpr double kTriangleSlack = 1e-6;

// a mass property in a problem's message, with six significant digits
std::string massPropertyText(double x) { return formatNumber(x, 6); }

bool withinScale(double x) { return x >= kSmallest && x <= kLargest; }

}  // namespace

std::string massProblem(double mass) {
  // positive, and within the range that squares and products keep finite
  if (!(mass > 0.0)) return "mass must be positive, got " + massPropertyText(mass);
  if (!withinScale(mass))
    return "a mass of " + massPropertyText(mass) +
           " kg is out of the range the engine's arithmetic carries (1e-150 to 1e150)";
  return "";
}

std::string inertiaProblem(const Mat3& inertia) {
  // the diagonal, for the messages
  const std::string moments = massPropertyText(inertia(0, 0)) + ", " +
                              massPropertyText(inertia(1, 1)) + ", " +
                              massPropertyText(inertia(2, 2));
  // a NaN or infinite entry, refused first
  if (!inertia.allFinite()) return "the inertia must be finite";
  // principal moments, ascending
  const Eigen::SelfAdjointEigenSolver<Mat3> principal(inertia, Eigen::EigenvaluesOnly);
  const Vec3 I = principal.eigenvalues();
  if (principal.info() != Eigen::Success || !(I[0] > 0.0))
    return "the inertia tensor must be positive definite (moments " + moments + ")";
  // the smallest and the largest principal moment within the range
  if (!withinScale(I[0]) || !withinScale(I[2]))
    return "principal moments of " + massPropertyText(I[0]) + " to " + massPropertyText(I[2]) +
           " kg m^2 are out of the range the engine's arithmetic carries (1e-150 to 1e150)";
  return "";
}

std::string inertiaWarning(const Mat3& inertia) {
  // principal moments, ascending
  const Vec3 I = Eigen::SelfAdjointEigenSolver<Mat3>(inertia, Eigen::EigenvaluesOnly).eigenvalues();
  // the two smaller moments add up to at least the largest, within a small slack
  if (I[0] + I[1] < I[2] * (1.0 - kTriangleSlack))
    return "no rigid body has these moments: the principal moments " + massPropertyText(I[0]) +
           ", " + massPropertyText(I[1]) + ", " + massPropertyText(I[2]) +
           " break the triangle inequality (" + massPropertyText(I[0]) + " + " +
           massPropertyText(I[1]) + " < " + massPropertyText(I[2]) +
           "; the two smaller must add up to at least the largest)";
  return "";
}

}  // namespace mbw
