// libFuzzer target over the workbench's scene reader: text opened as the workbench opens a scene
// file or a session's scene (SceneDocument::restore: the engine's JSON reader, then the scene
// reader's checks of the document), then one edit undone and redone and the document written out,
// as the undo history and a save copy and print it. A refused input must end in false with a
// message; a crash, a sanitizer report or a hang is a finding (a scene nested 100 000 arrays deep
// overflowed the stack in those copies).

#include <QString>
#include <QUndoStack>
#include <cstddef>
#include <cstdint>
#include <string>

#include "scene_document.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  mbw::ui::SceneDocument document;
  QString error;
  if (!document.restore(text, "fuzz.json", QString(), false, &error)) return 0;
  document.edit(document.json(), "fuzz");
  document.undoStack()->undo();
  document.undoStack()->redo();
  (void)document.json().dump(2);
  return 0;
}
