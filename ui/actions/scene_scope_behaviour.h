#pragma once
// Runs belong to their scene: keeps the run library's scope on the scene being edited. Opening
// another scene puts its runs (and only them) in the plots, the comparison and the playback; an
// edit of the scene keeps its runs; saving it under another name takes its runs along.

#include <QObject>

namespace mbw::ui {

class RunLibrary;
class SceneDocument;

class SceneScopeBehaviour : public QObject {
  Q_OBJECT

 public:
  SceneScopeBehaviour(SceneDocument& doc, RunLibrary& runs, QObject* parent = nullptr);
};

}  // namespace mbw::ui
