#pragma once
// The check of a scene as `mbw-cli validate` prints it, for every front end that checks a scene
// before it runs one: its own run settings, checked as a run checks them (settings_check.h), and a
// summary of what it is made of. The summary gives the bodies, joints, constraint equations by
// primitive (Kissel et al. 2021 eqs (1)-(4) and the angle driver), the equations left out as
// redundant, force elements, beams, the degrees of freedom (solvers/constraint_rank.h), how far
// the initial projection moved the scene's pose (solvers/initial_conditions.h), and whether every
// formulation can take the initial pose (rE refuses the gimbal lock and beams).

#include <optional>
#include <string>

#include "model/model.h"

namespace mbw {

// The first problem of the scene's own run settings, worded with the scene (source: its file, or
// "builtin:NAME") and the JSON path of the setting ("mine.json: /settings/t_end: ..."), a size
// the run takes when confirmed followed by confirmHint; nothing when there is none.
std::optional<std::string> sceneSettingsProblem(const Model& model, const std::string& source,
                                                const std::string& confirmHint);

// The summary, one fact a line, then the scene's notes (model.notes), ending in "ok". Throws
// ModelError when the initial state cannot be made consistent in the rp formulation.
std::string sceneValidationText(const Model& model);

}  // namespace mbw
