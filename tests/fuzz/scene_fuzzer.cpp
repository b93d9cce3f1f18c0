// libFuzzer target over the scene reader: parse -> validate against the schema -> build the Model
// -> check the constraints at the initial pose (rank, consistent initial state), the whole of
// parseScene. Bad input must end in a SceneError (a message with its JSON path); any other
// exception, a crash, a sanitizer report or a hang is a finding.

#include <cstddef>
#include <cstdint>
#include <string>

#include "scene/scene_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const mbw::Model model = mbw::parseScene(text, "fuzz.json");
    (void)model;
  } catch (const mbw::SceneError&) {
  }
  return 0;
}
