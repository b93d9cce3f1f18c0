#pragma once
// Small models for tests: random configurations exercising one primitive or one force element,
// and inline JSON scenes.

#include <random>
#include <string>
#include <vector>

#include "model/model.h"

namespace mbw::test {

// Two bodies (or a body and the ground when groundI is set) in random poses and motions, joined by
// one primitive of the given type with random vectors and points and a time-varying f(t). The
// configuration does not satisfy the constraint: for derivative checks only.
Model randomPrimitiveModel(PrimitiveType type, bool groundI, unsigned seed);

// Two bodies in random poses joined by one force element (TSDA, RSDA, point force, torque) with
// nonzero stiffness and damping; loads constant for even seeds, time-varying for odd ones; loads in
// the body frame when bodyFrame is set. A tire sits on the first body, compressed on the slope of
// a bump (bodyFrame: rigid-ring contact, else point follower).
Model randomForceModel(ForceType type, bool bodyFrame, unsigned seed);

// A random rotation and vector.
Mat3 randomRotation(std::mt19937& rng);
Vec3 randomVector(std::mt19937& rng, double scale = 1.0);

// x'' + (2 pi)^2 x = 0: a 1 kg body on a translational joint along x, pulled back by a spring
// anchored 10 m behind it (its force exactly linear in x), from x = 1 moving at v0 m/s.
Model springOscillator(double v0);

// A JSON scene from a few bodies and joints, written inline in tests.
std::string sceneJson(const std::string& bodies, const std::string& joints,
                      const std::string& forces = "[]", const std::string& extra = "");

// The integrators of the direct index-3 family (those with a linear model; the state-space
// integrators of Sandu et al. 2001 have their own tests).
std::vector<std::string> index3IntegratorNames();

// A GoogleTest parameter name from an integrator name ("esdirk3-4l2sa" -> "esdirk3_4l2sa").
std::string parameterName(const std::string& name);

}  // namespace mbw::test
