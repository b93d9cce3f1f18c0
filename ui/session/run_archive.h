#pragma once
// A run written to and read back from a binary stream, exactly: what was run (settings, the scene
// it belongs to and that scene's JSON), what it produced (every channel and row, rejected steps,
// events, metadata, statistics, status) and how it is shown (colour, overlaid). The model is
// rebuilt from the scene's JSON by the engine's loader when the run is read.

#include <QDataStream>
#include <QString>
#include <memory>

#include "run.h"

namespace mbw::ui {

void writeRun(QDataStream& out, const Run& run);
// nullptr with *error when the stream is damaged or the run's scene no longer loads
std::unique_ptr<Run> readRun(QDataStream& in, QString* error);

}  // namespace mbw::ui
