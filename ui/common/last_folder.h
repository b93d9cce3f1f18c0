#pragma once
// The folder a file dialog starts in: the last one used for that kind of file (a settings key:
// "files/sessions", "export/directory", ...), else the last folder any file dialog went to, else
// the home folder. rememberFolder records both.

#include <QString>

namespace mbw::ui {

QString lastFolder(const QString& key);
void rememberFolder(const QString& key, const QString& folder);

}  // namespace mbw::ui
