#pragma once
// A run written to and read back from a binary stream, exactly: what was run (every field of its
// settings, the scene it belongs to and that scene's JSON), what it produced (every channel and
// row, rejected steps, events, metadata, statistics, status) and how it is shown (colour,
// overlaid). The model is rebuilt from the scene's JSON by the engine's loader when the run is
// read.
//
// The layout of a run follows the session's version (session_file.cpp): version 1 kept a fixed
// subset of the settings (formulation, integrator, t_end, every, multipliers, reactions and
// thirteen of the integrator's settings; the others read back as their defaults), version 2 keeps
// them all as the engine's JSON of them (simulation/run_settings_json.h).

#include <QDataStream>
#include <QString>
#include <memory>

#include "run.h"

namespace mbw::ui {

// the run in the newest layout (version 2)
void writeRun(QDataStream& out, const Run& run);
// The run written in the layout of a session of this version (1 or 2); nullptr with *error when
// the stream is damaged (its settings included) or the run's scene no longer loads
std::unique_ptr<Run> readRun(QDataStream& in, int version, QString* error);

}  // namespace mbw::ui
