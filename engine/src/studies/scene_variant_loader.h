#pragma once
// The model of a study's scene variant: the scene's JSON with the variant's fields replaced (or
// added, where their parent exists), then loaded as any scene (scene_reader.h: parse, validate,
// build, check).

#include "model/model.h"
#include "scene/scene_error.h"
#include "studies/study.h"

namespace mbw {

// Throws SceneError: the scene's own problems, or a field pointer that does not lead into the
// scene (the path is the pointer).
Model loadSceneVariant(const SceneVariant& variant);

}  // namespace mbw
