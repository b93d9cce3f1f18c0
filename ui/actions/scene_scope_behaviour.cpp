#include "scene_scope_behaviour.h"

#include "run_library.h"
#include "scene_document.h"

namespace mbw::ui {

// the runs in scope follow the open scene: another scene, a new model, a new name
SceneScopeBehaviour::SceneScopeBehaviour(SceneDocument& doc, RunLibrary& runs, QObject* parent)
    : QObject(parent) {
  connect(&doc, &SceneDocument::replaced, &runs,
          [&doc, &runs] { runs.setActiveScene(doc.sceneKey(), doc.model()); });
  connect(&doc, &SceneDocument::modelChanged, &runs,
          [&runs](std::shared_ptr<const Model> model) { runs.setActiveModel(std::move(model)); });
  connect(&doc, &SceneDocument::keyChanged, &runs, &RunLibrary::rekeyScene);
  runs.setActiveScene(doc.sceneKey(), doc.model());
}

}  // namespace mbw::ui
