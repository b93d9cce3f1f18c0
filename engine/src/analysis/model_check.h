#pragma once
// The model check of the workbench (its status bar and Model check panel), as Adams' Model Verify:
// what a model is made of and how many degrees of freedom it has, with what is worth a look said
// once, next to the element it concerns, in one sentence.
//
// The degrees of freedom are 6 per body (the velocity coordinates: a body's frame origin and its
// rotation) minus the rank of the constraint Jacobian Phi_q at the initial pose (Haug 1989,
// Computer-Aided Kinematics and Dynamics of Mechanical Systems, sec. 3.3: the Gruebler count is
// only an upper bound). The rank counts every equation of the joints, those the loader left out as
// redundant included: they change the count of equations, not the rank (solvers/constraint_rank.h).

#include <string>
#include <vector>

#include "model/model.h"

namespace mbw {

enum class FindingKind {
  Note,     // nothing wrong: equations left out as redundant
  Warning,  // the model runs, but probably not as meant: a body joined to nothing, a singular pose
};

// One thing worth a look, at an element of the scene.
struct ModelFinding {
  FindingKind kind = FindingKind::Note;
  std::string path;     // JSON path of the element ("" for the scene)
  std::string element;  // "joint 'D'", "body 'crank'", "the scene"
  std::string message;  // one sentence, without the element's name
};

struct ModelCheck {
  int bodies = 0;
  int joints = 0;       // joints and drivers as the scene lists them
  int coordinates = 0;  // velocity coordinates: 6 per body
  int equations = 0;    // scalar constraint equations of the joints, the redundant ones included
  int rank = 0;         // of Phi_q at the initial pose
  int redundant = 0;    // equations left out as redundant
  int drivers = 0;      // joints that prescribe a motion (angle drivers, primitives with f(t))
  int degreesOfFreedom = 0;            // coordinates - rank
  std::vector<ModelFinding> findings;  // in the order of the scene's elements
};

// At the model's initial pose (its start time).
ModelCheck checkModel(const Model& model);

// "4 bodies, 4 joints, 24 coordinates, 20 equations (3 redundant), 0 drivers: 1 DOF"
std::string modelCheckSummary(const ModelCheck& check);

}  // namespace mbw
