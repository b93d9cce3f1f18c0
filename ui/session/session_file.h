#pragma once
// A session in one file (.mbws): the scene being edited (its JSON, where it came from, unsaved or
// not), every run with its results (run_archive.h, each compressed), which runs are the reference
// and current, the plots and the window layout. Written atomically (a failed save leaves the old
// file); read back exactly.

#include <QIODevice>
#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <memory>
#include <string>
#include <vector>

#include "run.h"

namespace mbw::ui {

struct SessionHeader {
  QString scenePath;      // the scene's file ("" for a built-in scene)
  QString sceneBuiltin;   // the built-in scene it started from
  std::string sceneText;  // the scene's JSON as edited
  bool sceneModified = false;
  int referenceId = -1;
  int currentId = -1;
  bool otherScenes = false;
  QVariantMap layout;  // window, docks, splitters, plots (SettingsBehaviour::layout)
};

bool writeSession(const QString& path, const SessionHeader& header,
                  const std::vector<const Run*>& runs, QString* error);
// Runs whose scene no longer loads are left out with a warning; false with *error when the file
// cannot be read, is not a session or is damaged. A damaged file is refused in time and memory
// proportional to its size: counts it claims are bounded by the bytes that follow them (a 6 KB
// file claiming 2^64 rows of no channels hung the workbench), compressed blocks by zlib's ratio.
bool readSession(const QString& path, SessionHeader& header,
                 std::vector<std::unique_ptr<Run>>& runs, QStringList* warnings, QString* error);
// The same from a device (name: the file's, for messages).
bool readSession(QIODevice& device, const QString& name, SessionHeader& header,
                 std::vector<std::unique_ptr<Run>>& runs, QStringList* warnings, QString* error);

}  // namespace mbw::ui
