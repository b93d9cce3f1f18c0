#pragma once
// The static Newton of equilibriumInitialState (static_equilibrium.h) did not converge or its
// matrix was singular: a numerical failure of the equilibrium, not bad model data, so a run that
// starts from it reports a numerical failure; what() says at which time and why. Kept apart from
// static_equilibrium.h so that only the code that tells the two apart includes it.

#include "solvers/initial_conditions.h"

namespace mbw {

class StaticEquilibriumError : public ModelError {
 public:
  using ModelError::ModelError;
};

}  // namespace mbw
