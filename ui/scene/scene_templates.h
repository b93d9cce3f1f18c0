#pragma once
// Scene elements built from the schema, so that every object type the engine knows can be added
// and converted without GUI changes: a new element has the required fields of its type filled
// with placeholder values (the validation then says what still needs attention).

#include <QString>
#include <string>
#include <utility>
#include <vector>

#include "scene_document.h"
#include "solvers/initial_state_changes.h"

namespace mbw::ui {

// A new element of an object type ("body", "joint/revolute", "force/tsda") for the scene, with a
// name not yet used in its array.
SceneJson newElement(const std::string& objectType, const SceneJson& scene);

// The element with another type of its family ("joint/spherical" -> "joint/revolute"): fields both
// types share are kept, the new type's missing required fields are filled in.
SceneJson convertElement(const SceneJson& element, const std::string& family,
                         const std::string& type, const SceneJson& scene);

// The scene with a body renamed, and every element that names it updated.
SceneJson renameBody(const SceneJson& scene, const std::string& oldName,
                     const std::string& newName);

// The scene with each body's initial pose and motion replaced by the consistent ones, in clean
// numbers: what is within round-off of the scene's value or of 0 is written as that; the
// orientation in the form the scene gave it (Euler parameters where it gave none), untouched where
// the body did not turn; a velocity the scene left out stays out while it is zero.
SceneJson withInitialState(const SceneJson& scene, const InitialStateChanges& changes);

// "base", or "base_2", "base_3", ... the first name not used by the elements of the array
std::string uniqueName(const SceneJson& array, const std::string& base);

// The arrays of elements a scene holds, from the schema: (array name, element type), e.g.
// ("bodies", "body"), ("joints", "joint"), ("outputs", "output").
std::vector<std::pair<std::string, std::string>> sceneArrays();

// the schema object type of the element at a JSON pointer ("" when the pointer names none):
// "scene", "settings", "body", "joint/<type>", "force/<type>", "orientation", "shape"
std::string objectTypeAt(const SceneJson& scene, const std::string& pointer);

}  // namespace mbw::ui
