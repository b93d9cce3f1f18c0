#pragma once
// What making the initial state consistent changes, body by body: the scene's initial pose and
// motion against their projection onto the constraints (see initial_conditions.h for the
// projection). The workbench shows these changes and can write the consistent state back into the
// scene, so the projection here is not limited by the model's maxInitialCorrection: fixing a pose
// that the loader would refuse is its purpose. The projected state is written in clean numbers
// (solvers/clean_numbers.h): what it left within round-off of 0 or of the scene's value is that.

#include <string>
#include <vector>

#include "formulation/formulation.h"

namespace mbw {

struct BodyStateChange {
  std::string body;
  BodyOutput before, after;  // scene's body frame origin, Euler parameters, velocity, omega
                             // (world frame; accelerations not filled)
  double distance = 0.0;     // m, frame origin moved
  double angle = 0.0;        // rad, rotation between the two orientations
  double speedChange = 0.0;  // m/s, |v_after - v_before| of the frame origin
  double spinChange = 0.0;   // rad/s, |omega_after - omega_before|
};

struct InitialStateChanges {
  std::vector<BodyStateChange> bodies;  // in model order
  int iterations = 0;                   // Newton iterations of the position projection
};

// Projects the model's initial state with the named formulation. Throws ModelError when the
// projection fails (inconsistent joints, singular pose), std::invalid_argument for an unknown
// formulation.
InitialStateChanges computeInitialStateChanges(const Model& model, const std::string& formulation);

}  // namespace mbw
