#include "scene/templates/planar_loops.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "math/number_text.h"
#include "scene/templates/scene_templates.h"
#include "scene/templates/scene_text.h"

namespace mbw {
namespace {

// lengths and angles as messages show them; the plane's perpendicular and cross product
std::string metres(double x) { return formatNumber(x, 4) + " m"; }

Vec2 perp(const Vec2& w) { return scene_text::PlaneFrame::perp(w); }
double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

std::string degrees(double x) { return formatNumber(x, 6) + " deg"; }

}  // namespace

// --- the four-bar --------------------------------------------------------------------------------

FourBarPose assembleFourBar(const double lengths[4], double crankAngleDegrees, double crankSpeed,
                            bool elbowUp) {
  // the bars: a the crank, b the coupler, c the rocker, d the ground
  const double a = lengths[0], b = lengths[1], c = lengths[2], d = lengths[3];
  // a loop closes at some angle only when no bar is longer than the other three together
  const double longest = std::max({a, b, c, d}), sum = a + b + c + d;
  if (longest > sum - longest)
    throw TemplateError("lengths", "the longest bar (" + metres(longest) +
                                       ") is longer than the other three together (" +
                                       metres(sum - longest) + "): the loop cannot close");

  FourBarPose p;
  // A at the origin, D along +x, B at the crank's angle
  p.A = Vec2::Zero();
  p.D = Vec2(d, 0.0);
  p.B = a *
        Vec2(scene_text::cosDegrees(crankAngleDegrees), scene_text::sinDegrees(crankAngleDegrees));
  // C where the coupler's circle about B meets the rocker's circle about D
  const Vec2 BD = p.D - p.B;
  const double e = BD.norm();
  // B on D leaves C undetermined; out of reach of both bars, no C at all
  if (e == 0.0)
    throw TemplateError(
        "crank_angle",
        "at " + degrees(crankAngleDegrees) +
            " the crank pin B falls on the rocker pivot D: where C is, is undetermined");
  if (e > b + c || e < std::abs(b - c)) {
    std::ostringstream os;
    os << "at " << degrees(crankAngleDegrees) << " the crank pin B is " << metres(e)
       << " from the rocker pivot D, out of the coupler and rocker's reach ("
       << metres(std::abs(b - c)) << " to " << metres(b + c)
       << "): the loop cannot close at this crank angle";
    throw TemplateError("crank_angle", os.str());
  }
  // C's distance along B-D and across it; elbow-up on the left of B to D
  const double along = (b * b - c * c + e * e) / (2.0 * e);
  const double across = std::sqrt(std::max(0.0, b * b - along * along));
  const Vec2 u = BD / e;
  p.C = p.B + along * u + (elbowUp ? across : -across) * perp(u);

  // velocities: the crank's, then coupler and rocker from the closure of the loop
  p.crankRate = crankSpeed;
  if (crankSpeed != 0.0) {
    // C's velocity both ways, vB + w_coupler perp(C - B) = w_rocker perp(C - D), solved for the
    // rates
    // B's velocity from the crank
    const Vec2 vB = crankSpeed * perp(p.B - p.A);
    // the two rates from a 2x2 system, singular where coupler and rocker are in line
    Eigen::Matrix2d m;
    m.col(0) = perp(p.C - p.B);
    m.col(1) = -perp(p.C - p.D);
    if (std::abs(cross(p.C - p.B, p.C - p.D)) <= 1e-12 * b * c)
      throw TemplateError("crank_angle",
                          "at " + degrees(crankAngleDegrees) +
                              " coupler and rocker are in line (a dead point): the crank cannot "
                              "start turning there; start it at rest or at another angle");
    const Vec2 rates = m.lu().solve(-vB);
    p.couplerRate = rates.x();
    p.rockerRate = rates.y();
  }
  return p;
}

// --- the slider-crank ----------------------------------------------------------------------------

SliderCrankPose assembleSliderCrank(double crank, double rod, double offset,
                                    double crankAngleDegrees, double crankSpeed) {
  SliderCrankPose p;
  // O at the origin, B at the crank's angle
  p.O = Vec2::Zero();
  p.B = crank *
        Vec2(scene_text::cosDegrees(crankAngleDegrees), scene_text::sinDegrees(crankAngleDegrees));
  // the slider pin on the slide line, on the +x side of the crank pin
  const double rise = offset - p.B.y();
  if (std::abs(rise) > rod) {
    std::ostringstream os;
    os << "a rod of " << metres(rod) << " cannot reach the slide line (offset " << metres(offset)
       << ") from the crank pin at " << degrees(crankAngleDegrees) << ", " << metres(std::abs(rise))
       << " away";
    throw TemplateError("rod", os.str());
  }
  // the slider pin's distance from B along the slide
  const double reach = std::sqrt(rod * rod - rise * rise);
  p.C = Vec2(p.B.x() + reach, offset);

  // velocities: the slider stays on its line
  p.crankRate = crankSpeed;
  // vC = vB + w_rod perp(C - B), with no component across the slide
  if (crankSpeed != 0.0) {
    // the rod at right angles to the slide: no rate to solve for
    if (reach <= 1e-12 * rod)
      throw TemplateError("crank_angle",
                          "at " + degrees(crankAngleDegrees) +
                              " the rod stands across the slide line: the crank cannot start "
                              "turning there; start it at rest or at another angle");
    // B's velocity, the rod's rate that keeps C on the line, and C's speed along it
    const Vec2 vB = crankSpeed * perp(p.B - p.O);
    p.rodRate = -vB.y() / reach;
    p.sliderSpeed = vB.x() - p.rodRate * rise;
  }
  return p;
}

}  // namespace mbw
