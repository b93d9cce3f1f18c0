// mbw.Scene, its elements (bodies, joints, forces by name; settings) and their edits.

#include "scene.h"

#include <pybind11/eval.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "errors.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_error.h"
#include "scene/scene_reader.h"
#include "simulation/settings_check.h"

namespace mbw::python {

using Json = Scene::Json;
using Pointer = Json::json_pointer;

// --- the scene and its model ---------------------------------------------------------------------

// the document is the truth; the model is built from it and built again after every edit
Scene::Scene(Json document, std::string source, std::string sourcePath)
    : document_(std::move(document)),
      source_(std::move(source)),
      sourcePath_(std::move(sourcePath)) {}

// the model from the document as it stands, and its check (ranks, redundancies, degrees of freedom)
void Scene::build() {
  Model model = parseScene(document_.dump(), source_);
  model.sourcePath = sourcePath_;
  check_ = checkModel(model);
  model_ = std::move(model);
}

// a built-in scene or a file: the engine loads and checks the model, and the document kept for
// editing is the text it was loaded from
std::shared_ptr<Scene> Scene::load(const std::string& nameOrPath) {
  // the engine's loader says what is wrong with a file, as mbw-cli does
  const Model model = loadScene(nameOrPath);
  // its text: the built-in scene's, or the file's, read again (built-in names first, as the
  // engine's loader)
  std::string text;
  if (const BuiltinScene* s = findBuiltinScene(nameOrPath)) {
    text = s->text;
  } else {
    std::ifstream in(nameOrPath);
    std::stringstream content;
    content << in.rdbuf();
    text = content.str();
  }
  // messages name a file by its path and a built-in scene as builtin:NAME
  const std::string source = sceneSource(model);
  std::shared_ptr<Scene> scene(new Scene(Json::parse(text), source, model.sourcePath));
  scene->check_ = checkModel(model);
  scene->model_ = model;
  return scene;
}

// a scene from a document in memory (from_dict, copy): built at once, so that bad input raises here
std::shared_ptr<Scene> Scene::fromJson(Json document, std::string source, std::string sourcePath) {
  std::shared_ptr<Scene> scene(
      new Scene(std::move(document), std::move(source), std::move(sourcePath)));
  scene->build();
  return scene;
}

// one edit: the field is set and the model built again; an edit that makes the scene invalid is
// undone before the error goes on, so the scene stays the last valid one
void Scene::set(const Pointer& pointer, Json value) {
  Json before = document_;
  document_[pointer] = std::move(value);
  try {
    build();
  } catch (...) {
    document_ = std::move(before);
    throw;
  }
}

// warns of what the model check finds that was not known before (an edit warns only of what it
// changed): notes apart from warnings
void warnOfFindings(const Scene& scene, const std::vector<ModelFinding>& known) {
  // the findings not among the known ones, by path and message
  std::vector<const ModelFinding*> fresh, notes;
  for (const ModelFinding& f : scene.check().findings) {
    const bool seen = std::any_of(known.begin(), known.end(), [&f](const ModelFinding& k) {
      return k.path == f.path && k.message == f.message;
    });
    if (!seen) (f.kind == FindingKind::Note ? notes : fresh).push_back(&f);
  }
  // the redundant equations of several joints in one note (the 40 loops of IFToMM A02 would give
  // 40); scene.check() lists them one by one
  if (notes.size() > 1)
    warnScene(scene.source() + ": equations left out as redundant: " +
                  scene.model().redundancySummary() + " (scene.check() lists them)",
              "", "", true);
  else
    fresh.insert(fresh.end(), notes.begin(), notes.end());
  // "builtin:iftomm-a04-bricard: /joints/5: joint 'R6': 1 of its 5 equations repeats ..."
  for (const ModelFinding* f : fresh)
    warnScene(scene.source() + (f->path.empty() ? "" : ": " + f->path) + ": " +
                  (f->element.empty() ? "" : f->element + ": ") + f->message,
              f->path, f->element, f->kind == FindingKind::Note);
}

// --- values between Python and JSON --------------------------------------------------------------

// Python values to JSON through the json module, which knows dicts, lists and numbers; NaN and
// infinities are refused (a scene file could not hold them)
Json toJson(py::handle value) {
  py::module_ json = py::module_::import("json");
  // NumPy arrays and scalars by their tolist(), integer-like objects by __index__; anything else
  // is a TypeError that names its type
  py::cpp_function numbers([](py::handle o) -> py::object {
    if (py::hasattr(o, "tolist")) return o.attr("tolist")();
    if (py::hasattr(o, "__index__")) return o.attr("__index__")();
    throw py::type_error(
        "a " + py::str(py::type::of(o).attr("__name__")).cast<std::string>() +
        " cannot go into a scene: numbers, strings, booleans, lists and dicts can");
  });
  const std::string text =
      json.attr("dumps")(value, py::arg("default") = numbers, py::arg("allow_nan") = false)
          .cast<std::string>();
  return Json::parse(text);
}

// and back: plain dicts, lists, floats and strings
py::object fromJson(const Json& value) {
  return py::module_::import("json").attr("loads")(value.dump());
}

// a str or a pathlib.Path (anything os.fspath takes) as a path string
std::string pathText(py::handle path) {
  return py::str(py::module_::import("os").attr("fspath")(path)).cast<std::string>();
}

namespace {

// Scene.load: loads, then warns of the model check's findings
std::shared_ptr<Scene> loadAndWarn(py::handle nameOrPath) {
  std::shared_ptr<Scene> scene = Scene::load(pathText(nameOrPath));
  // a built-in scene's inertias are ours: mbw-cli says nothing of them either (cli_common.cpp)
  std::vector<ModelFinding> known;
  if (scene->sourcePath().empty())
    for (const ModelWarning& w : scene->model().warnings)
      known.push_back({FindingKind::Warning, w.path, "", w.message});
  warnOfFindings(*scene, known);
  return scene;
}

}  // namespace

// the scene argument of run() and sweep(): a Scene as it is, or a name or path loaded here
std::shared_ptr<Scene> sceneArgument(py::handle scene) {
  if (py::isinstance<Scene>(scene)) return scene.cast<std::shared_ptr<Scene>>();
  return loadAndWarn(scene);
}

// --- the elements of a scene a user edits by name ------------------------------------------------

namespace {

// A JSON object of the scene (a body, a joint, the settings): its fields as attributes or items.
struct Element {
  std::shared_ptr<Scene> scene;
  Pointer pointer;

  // the field, or null when the element or the field is gone (an element of an edited array)
  const Json* find(const std::string& key) const {
    const Json& doc = scene->document();
    if (!doc.contains(pointer)) return nullptr;
    const Json& object = doc.at(pointer);
    if (!object.is_object() || !object.contains(key)) return nullptr;
    return &object.at(key);
  }
  // the field as Python values; KeyError when it is missing
  py::object get(const std::string& key) const {
    const Json* value = find(key);
    if (!value) throw py::key_error(pointer.to_string() + " has no field '" + key + "'");
    return fromJson(*value);
  }
  // built again; what the model check finds new is warned of
  void set(const std::string& key, py::handle value) {
    const std::vector<ModelFinding> before = scene->check().findings;
    scene->set(pointer / key, toJson(value));
    warnOfFindings(*scene, before);
  }
  // a copy of the whole object
  py::object dict() const {
    const Json& doc = scene->document();
    return doc.contains(pointer) ? fromJson(doc.at(pointer)) : py::dict();
  }
};

// The bodies, joints or forces of a scene by name.
struct ElementMap {
  std::shared_ptr<Scene> scene;
  std::string array;  // "bodies", "joints", "forces"

  // the names in array order, read from the document each time (edits may rename)
  std::vector<std::string> names() const {
    std::vector<std::string> names;
    const Json& doc = scene->document();
    if (doc.contains(array) && doc.at(array).is_array())
      for (const Json& e : doc.at(array)) names.push_back(e.value("name", std::string()));
    return names;
  }
  // an element by name, as a pointer to its index; an unknown name raises KeyError with the names
  Element at(const std::string& name) const {
    const std::vector<std::string> all = names();
    for (size_t k = 0; k < all.size(); ++k)
      if (all[k] == name) return {scene, Pointer("/" + array + "/" + std::to_string(k))};
    std::string known;
    for (const std::string& n : all) known += (known.empty() ? "" : ", ") + n;
    throw py::key_error(scene->source() + ": no " + array + " entry named '" + name +
                        "' (it has: " + known + ")");
  }
};

// --- the Python classes --------------------------------------------------------------------------

// Element: attribute and item access to one JSON object's fields
void bindElement(py::module_& m) {
  py::class_<Element>(
      m, "Element",
      "A JSON object of a scene (a body, a joint, a force, the settings): its fields as "
      "attributes or items. Setting one builds the scene again; a value that makes it "
      "invalid is undone and raises mbw.InputError naming the JSON path.")
      .def_property_readonly(
          "path", [](const Element& e) { return e.pointer.to_string(); },
          "its JSON pointer in the scene, e.g. /bodies/1")
      // fields as attributes (AttributeError when missing, so that hasattr works) and as items
      // (KeyError); setting either builds the scene again
      .def("__getattr__",
           [](const Element& e, const std::string& key) {
             if (!e.find(key))
               throw py::attribute_error(e.pointer.to_string() + " has no field '" + key + "'");
             return e.get(key);
           })
      .def("__setattr__", &Element::set)
      .def("__getitem__", &Element::get)
      .def("__setitem__", &Element::set)
      .def("__contains__",
           [](const Element& e, const std::string& key) { return e.find(key) != nullptr; })
      // a copy of the object, and its repr with its path and fields
      .def("to_dict", &Element::dict, "its fields as a dict (a copy)")
      .def("__repr__", [](const Element& e) {
        return "<mbw.Element " + e.pointer.to_string() + " " +
               py::repr(e.dict()).cast<std::string>() + ">";
      });
}

// Elements: a read-only mapping from names to elements
void bindElements(py::module_& m) {
  py::class_<ElementMap>(m, "Elements", "The bodies, joints or forces of a scene by name.")
      // scene.joints["D"], len(), iteration over the names, in, keys()
      .def("__getitem__", &ElementMap::at)
      .def("__len__", [](const ElementMap& e) { return e.names().size(); })
      .def("__iter__", [](const ElementMap& e) { return py::iter(py::cast(e.names())); })
      .def("__contains__",
           [](const ElementMap& e, const std::string& name) {
             const std::vector<std::string> all = e.names();
             return std::find(all.begin(), all.end(), name) != all.end();
           })
      .def("keys", &ElementMap::names);
}

// Scene.save(path): the document, indented by two
void saveScene(const Scene& s, py::handle path) {
  const std::string file = pathText(path);
  // written and closed, a failure at either an mbw.OutputError (disk full)
  std::ofstream out(file);
  out << s.document().dump(2) << "\n";
  out.close();
  if (!out) raiseOutputError("cannot write '" + file + "'", py::none());
}

// Scene.check(): the model check as a dict
py::dict checkDict(const Scene& s) {
  const ModelCheck& c = s.check();
  // the findings as dicts, then the summary and the counts (bodies, coordinates, equations and
  // their rank, degrees of freedom)
  py::list findings;
  for (const ModelFinding& f : c.findings) {
    py::dict finding;
    finding["kind"] = f.kind == FindingKind::Note ? "note" : "warning";
    finding["path"] = f.path;
    finding["element"] = f.element;
    finding["message"] = f.message;
    findings.append(finding);
  }
  py::dict d;
  d["summary"] = modelCheckSummary(c);
  d["bodies"] = c.bodies;
  d["joints"] = c.joints;
  d["coordinates"] = c.coordinates;
  d["equations"] = c.equations;
  d["rank"] = c.rank;
  d["redundant"] = c.redundant;
  d["drivers"] = c.drivers;
  d["degrees_of_freedom"] = c.degreesOfFreedom;
  d["findings"] = findings;
  return d;
}

// Scene: loading, the document as Python values, saving and copying, the model's name and
// warnings, the model check, and its elements by name
void bindSceneClass(py::module_& m) {
  py::class_<Scene, std::shared_ptr<Scene>>(
      m, "Scene",
      "A mechanism: its scene document (JSON, docs/scene-format.md) and the model built from it.")
      // a scene from a name, a path or a document, warned of what the model check finds
      .def_static("load", &loadAndWarn, py::arg("name_or_path"),
                  "A built-in scene (mbw.scenes()) or a scene file; what the model check finds "
                  "worth a look is warned of (mbw.SceneWarning).")
      .def_static(
          "from_dict",
          [](py::handle document, const std::string& source) {
            std::shared_ptr<Scene> scene = Scene::fromJson(toJson(document), source, "");
            warnOfFindings(*scene);
            return scene;
          },
          py::arg("document"), py::arg("source") = "<dict>",
          "A scene from its document as Python values; source names it in messages.")
      // the document out: as a dict, to a file (JSON indented by two), or into an independent copy
      .def(
          "to_dict", [](const Scene& s) { return fromJson(s.document()); },
          "The scene document (a copy).")
      .def("save", &saveScene, py::arg("path"), "Writes the scene document to a file.")
      .def(
          "copy",
          [](const Scene& s) { return Scene::fromJson(s.document(), s.source(), s.sourcePath()); },
          "An independent copy.")
      // the model's name and description, and where the scene came from
      .def_property_readonly("name", [](const Scene& s) { return s.model().name; })
      .def_property_readonly("description", [](const Scene& s) { return s.model().description; })
      .def_property_readonly("source", &Scene::source,
                             "its file, or builtin:NAME, as messages name it")
      // what the model builder warned of (inertias no real body has), and the model check as a dict
      .def_property_readonly(
          "warnings",
          [](const Scene& s) {
            py::list warnings;
            for (const ModelWarning& w : s.model().warnings)
              warnings.append(py::make_tuple(w.path, w.message));
            return warnings;
          },
          "what the scene gives that no real body has: (JSON path, message) pairs")
      .def("check", &checkDict,
           "The model check, as the workbench's Model check panel shows it: counts, degrees of "
           "freedom and findings (kind, path, element, message).")
      // the elements by name, and the settings as one element; each reads the document as it
      // stands
      .def_property_readonly("bodies",
                             [](std::shared_ptr<Scene> s) {
                               return ElementMap{s, "bodies"};
                             })
      .def_property_readonly("joints",
                             [](std::shared_ptr<Scene> s) {
                               return ElementMap{s, "joints"};
                             })
      .def_property_readonly("forces",
                             [](std::shared_ptr<Scene> s) {
                               return ElementMap{s, "forces"};
                             })
      .def_property_readonly(
          "settings",
          [](std::shared_ptr<Scene> s) {
            return Element{s, Pointer("/settings")};
          },
          "the scene's run settings (the defaults of mbw.run)")
      .def("__repr__", [](const Scene& s) { return "<mbw.Scene " + s.source() + ">"; });
}

}  // namespace

void bindScene(py::module_& m) {
  // the elements first: the scene's properties return them
  bindElement(m);
  bindElements(m);
  bindSceneClass(m);
}

}  // namespace mbw::python
