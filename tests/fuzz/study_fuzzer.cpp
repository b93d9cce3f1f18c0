// libFuzzer target over the study-file reader: parse -> validate against the study schema -> build
// the study (its scenes and their variations by JSON pointer, integrators and settings grids,
// outputs, reference), the whole of parseStudyFile. Bad input must end in a SceneError (a message
// with its JSON path); any other exception, a crash, a sanitizer report or a hang is a finding.

#include <cstddef>
#include <cstdint>
#include <string>

#include "studies/study_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const mbw::StudyFile study = mbw::parseStudyFile(text, "fuzz-study.json");
    (void)study;
  } catch (const mbw::SceneError&) {
  }
  return 0;
}
