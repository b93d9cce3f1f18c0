#pragma once
// The reference solutions of the IFToMM benchmark problems that have a closed form (González,
// Dopico, Lugrís, Cuadrado 2006), computed from the scene's own model (its masses, lengths,
// gravity and initial state), so that they follow its data:
//
//  "iftomm-a01": A01, a point mass on a massless link. The body on a distance joint to the ground
//    swings about the joint's ground point as a pendulum of w0^2 = g / l (pendulum_closed_form.h),
//    its orientation unchanged (nothing turns it).
//  "iftomm-a02": A02, the N-four-bar, which follows the motion of one parallelogram: every crank at
//    the same angle phi, every coupler level, translating with the crank tips (González et al.
//    2006). With crank k of mass m_k and inertia J_k about its centre, couplers of mass c_j, bars
//    of length L, phi from the horizontal and gravity g,
//        T = 1/2 phi'^2 [sum_k (J_k + m_k L^2 / 4) + sum_j c_j L^2],
//        V = g L sin(phi) [sum_k m_k / 2 + sum_j c_j],
//    so that Lagrange's equation is a pendulum's in theta = phi + pi/2 (from hanging down):
//        theta'' = -w0^2 sin(theta),
//        w0^2 = g L [sum m_k / 2 + sum c_j] / [sum (J_k + m_k L^2/4) + sum c_j L^2]
//    (for N windows of equal bars of mass m, thin rods J = m L^2 / 12:
//        w0^2 = (g / L) 3 (3N + 1) / (2 (4N + 1))).
//    The cranks are the bodies crank_0 ... crank_N of `mbw-cli generate n-four-bar`, the couplers
//    coupler_1 ... coupler_N; crank_0 turns about its first joint's ground point.
//
// The reference is a run's Results: t and, for each coordinate output of the model on the body that
// moves (the ball, crank_0), the output and its rate.

#include <string>
#include <vector>

#include "model/model.h"
#include "simulation/results.h"

namespace mbw {

// the closed forms a study can compare with
const std::vector<std::string>& closedFormReferenceNames();
// one line: what the reference is, e.g. "IFToMM A01: the pendulum in closed form (Jacobi elliptic
// functions)"
std::string closedFormReferenceDescription(const std::string& name);

// The reference of `model` at `times`. Throws std::invalid_argument for an unknown name, or a model
// that is not the problem's (saying what is missing, e.g. "no body has a distance joint to the
// ground"), or one without a coordinate output on the moving body.
Results closedFormReference(const std::string& name, const Model& model,
                            const std::vector<double>& times);

// The times of the rows a run records on an output step over [t0, tEnd]: t0, the grid t0 + k step
// as the output stage computes them (simulation/output_grid.h), and tEnd when it is off the grid.
std::vector<double> outputGridTimes(double t0, double tEnd, double step);

}  // namespace mbw
