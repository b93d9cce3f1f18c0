#include "scene_scope_behaviour.h"

#include "run_library.h"
#include "scene_document.h"

namespace mbw::ui {

// the runs in scope follow the open scene: another scene, a new model, a new name
SceneScopeBehaviour::SceneScopeBehaviour(SceneDocument& doc, RunLibrary& runs, QObject* parent)
    : QObject(parent) {
  // another scene opened: its runs, against its model
  connect(&doc, &SceneDocument::replaced, &runs,
          [&doc, &runs] { runs.setActiveScene(doc.sceneKey(), doc.model()); });
  // the model rebuilt after an edit
  connect(&doc, &SceneDocument::modelChanged, &runs,
          [&runs](std::shared_ptr<const Model> model) { runs.setActiveModel(std::move(model)); });
  // the scene saved under a new name: its runs follow
  connect(&doc, &SceneDocument::keyChanged, &runs, &RunLibrary::rekeyScene);
  // the scene open at start
  runs.setActiveScene(doc.sceneKey(), doc.model());
}

}  // namespace mbw::ui
