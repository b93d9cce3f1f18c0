#pragma once
// What an integrator can do, in one line of words, as `mbw-cli list` prints it beside the
// integrator's name: its order, implicit stages, L-stability, the steps it takes, its rho_inf
// range, the Jacobians it offers and what its tolerances bound (integrator.h: Capabilities).

#include <string>

#include "integrators/integrator.h"

namespace mbw {

// "[0, 1) (default 0.6)", or "{0, 0.5, 1} (default 0)" when only some values are offered (the
// first two, "...", and the last of more than three)
std::string rhoInfRangeText(const Capabilities& capabilities);

// "order 2, L-stable, variable step, rho_inf [0, 1] (default 0.6), Jacobian exact|fd, tolerance
// per-unit-step (or per-step)"
std::string capabilitiesText(const Capabilities& capabilities);

}  // namespace mbw
