#pragma once
// Internal to the scene reader: builds a Model from a scene that passed schema validation,
// collecting every semantic issue (names, values, references) with its JSON path. Its member
// functions live in model_builder.cpp (bodies, references, outputs, settings),
// model_builder_joints.cpp and model_builder_forces.cpp (forces, tires, road).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "forces/road_profile.h"
#include "model/model.h"
#include "scene/scene_error.h"

namespace mbw {

class JointAssembly;  // model_builder_joints.cpp

class ModelBuilder {
 public:
  using json = nlohmann::json;

  ModelBuilder(const json& scene, std::vector<SceneIssue>& issues)
      : scene_(scene), issues_(issues) {}

  Model build();

 private:
  static Vec3 vec3(const json& v);
  void issue(const std::string& path, const std::string& message) {
    issues_.push_back({path, message});
  }

  // --- bodies ------------------------------------------------------------------------------------
  void readBodies();
  void readBody(const json& b, const std::string& path);
  Mat3 readOrientation(const json& o, const std::string& path);
  void readShape(const json& s, const std::string& path, Body& body);
  // a mesh's name, scale and density (its file is looked for by the scene reader:
  // scene/mesh_file.h)
  void readMesh(const json& m, const std::string& path);

  // --- beams (model_builder_beams.cpp) ---------------------------------------------------------
  void readBeams();
  void readBeam(const json& b, const std::string& path);
  // the nodes of a beam as bodies with lumped inertia, and its elements
  void addBeamNodes(Beam& beam, const json& b, const std::string& path);
  void addBeamElements(const Beam& beam);

  // --- references
  // ---------------------------------------------------------------------------------
  int bodyRef(const json& element, const char* key, const std::string& path);
  // a point of body `b` in the scene's body frame (world for the ground)
  Vec3 pointRef(const json& element, const char* key, int b, const std::string& path);
  Vec3 vectorRef(const json& element, const char* key, int b, const std::string& path);
  Vec3 namedRef(const json& v, int b, const std::string& path, bool point);
  // the frame of an angle between two bodies (an RSDA, an angle output): axis_i and reference_i
  // on body i, perpendicular to each other, and reference_j on body j, all normalized
  struct AngleFrame {
    Vec3 axis_I, u_I, u_J;
  };
  AngleFrame angleFrame(const json& element, int bodyI, int bodyJ, const std::string& path);
  // a scene-frame point of a body, in the internal (centre of mass) frame
  Vec3 internalPoint(int b, const Vec3& s) const;
  Mat3 initialRotation(int b) const { return b >= 0 ? model_.bodies[b].R_WB : Mat3::Identity(); }

  // a number, an expression string, or a piecewise or rate object (expr/expression.h)
  TimeFunction expression(const json& v, const std::string& path);
  struct Pieces {
    std::vector<double> breaks;
    std::vector<std::string> texts, paths;
  };
  // the pieces of a piecewise object; false, with the issues reported, when they cannot be built
  bool readPieces(const json& v, const std::string& path, Pieces& p);
  static std::string number(double x);     // for messages
  static std::string exactText(double x);  // round-trips

  // --- joints
  // --------------------------------------------------------------------------------------
  void readJoints();
  // a joint's name and bodies, then its primitives by the builder of its type (JointAssembly)
  void readJoint(const json& j, const std::string& path);
  friend class JointAssembly;

  // --- forces
  // ----------------------------------------------------------------------------------------
  void readForces();
  // a tire on the scene's road; false when it cannot be built
  bool readTire(const json& f, const std::string& path, ForceElement& e);
  void readRoad(const json& r);

  // --- outputs
  // -------------------------------------------------------------------------------------
  void readOutputs();
  // one output channel by its type, into c; false when it cannot be built (reported)
  bool readPointOutput(const json& o, const std::string& type, const std::string& path,
                       OutputChannel& c);
  bool readEulerAngleOutput(const json& o, const std::string& path, OutputChannel& c);
  bool readBeamSectionOutput(const json& o, const std::string& path, OutputChannel& c);
  bool readTwoBodyOutput(const json& o, const std::string& type, const std::string& path,
                         OutputChannel& c);
  void readSettings();
  const json& scene_;
  std::vector<SceneIssue>& issues_;
  Model model_;
  RoadProfile road_;  // the scene's road, copied into each tire
};

}  // namespace mbw
