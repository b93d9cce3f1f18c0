#pragma once
// Internal to the scene templates: the closed planar loops of the four-bar and the slider-crank,
// assembled at a given crank angle and turned at a given crank speed. Plane coordinates (x, u),
// angles counterclockwise from +x, rates counterclockwise (scene_text.h).
//
// Four-bar A-B-C-D: crank AB (a) pinned to the ground at A = (0, 0), coupler BC (b), rocker CD (c)
// pinned at D = (d, 0). C is where the circles of radius b about B and c about D meet:
//     |C - B| = b,  |C - D| = c,
// on the left of the line from B to D (elbow up) or on its right (elbow down). Velocities from
// the crank rate w_a: v_B = w_a perp(B - A) and v_B + w_b perp(C - B) = w_c perp(C - D), two
// linear equations in w_b, w_c, singular where coupler and rocker are in line (a dead point).
//
// Slider-crank O-B-C: crank OB (r) pinned at O = (0, 0), rod BC (l), C slides along u = e (the
// offset) on the +x side of B: C = (B_x + sqrt(l^2 - (e - B_u)^2), e). Velocities: the rod rate
// from v_C . u = 0, w_l = -v_B,u / (C - B)_x; the slider speed v_C,x = v_B,x - w_l (C - B)_u.
//
// Throws TemplateError naming the parameter when the loop cannot be assembled.

#include "math/types.h"

namespace mbw {

struct FourBarPose {
  Vec2 A, B, C, D;
  double crankRate = 0.0, couplerRate = 0.0, rockerRate = 0.0;  // rad/s
};

// lengths: crank a, coupler b, rocker c, ground d (m); crank angle in degrees
FourBarPose assembleFourBar(const double lengths[4], double crankAngleDegrees, double crankSpeed,
                            bool elbowUp);

struct SliderCrankPose {
  Vec2 O, B, C;
  double crankRate = 0.0, rodRate = 0.0, sliderSpeed = 0.0;  // rad/s, rad/s, m/s
};

SliderCrankPose assembleSliderCrank(double crank, double rod, double offset,
                                    double crankAngleDegrees, double crankSpeed);

}  // namespace mbw
