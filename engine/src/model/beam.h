#pragma once
// Flexible beams in the model: a beam is a chain of three-node elements whose nodes are ordinary
// bodies of the model (position and orientation in absolute coordinates, lumped mass and rotary
// inertia), so joints, loads, outputs and every index-3 integrator treat them as bodies. The
// element (forces/beam_element.h) is a force element that couples its three node bodies.

#include <string>

#include "math/types.h"

namespace mbw {

// The constitutive law of a section: diagonal stiffness in the section axes (1 along the beam,
// 2 and 3 the principal axes of the section), with optional stiffness-proportional damping:
//   (F1, F2, F3) = diag(EA, GA2, GA3) (eps + damping d eps/dt),
//   (M1, M2, M3) = diag(GJ, EI2, EI3) (kappa + damping d kappa/dt).
struct BeamSection {
  double EA = 0.0, GA2 = 0.0, GA3 = 0.0;  // N
  double GJ = 0.0, EI2 = 0.0, EI3 = 0.0;  // N m^2
  double damping = 0.0;                   // s
};

// One three-node element: nodes 0, 1, 2 at xi = -1, 0, +1; strains at the two evaluation points
// xi = -+1/sqrt(3) (forces/beam_element.h).
struct BeamElement {
  int beam = 0;                   // index in Model::beams
  int node[3] = {0, 0, 0};        // body indices
  Vec3 nodePoint_B[3];            // each node's beam point in its body's internal frame
  double metric[2] = {0.0, 0.0};  // ds/dxi at the evaluation points (reference geometry), m
  Vec3 strain0[2];                // reference values of the strains (eps, kappa) at the points
  Vec3 curvature0[2];
};

// A beam of the scene: bodies [firstNode, firstNode + 2 elementCount] are its nodes in order,
// elements [firstElement, firstElement + elementCount) of Model::beamElements.
struct Beam {
  std::string name;
  std::string jsonPath;  // where the scene defines it, for messages
  BeamSection section;
  double massPerLength = 0.0;                         // kg/m
  Vec3 inertiaPerLength = Vec3::Zero();               // (J11, J22, J33), kg m, section axes
  Vec3 start_W = Vec3::Zero(), end_W = Vec3::Zero();  // reference geometry (straight), m
  Mat3 R_WS = Mat3::Identity();                       // section axes in the reference configuration
  int firstNode = 0;
  int elementCount = 0;
  int firstElement = 0;
  // display (no effect on the numerics): a tube of displayRadius, or a box section when
  // displayWidth (axis 2) and displayHeight (axis 3) are positive, m
  double displayRadius = 0.0;
  double displayWidth = 0.0, displayHeight = 0.0;

  int nodeCount() const { return 2 * elementCount + 1; }
  double length() const { return (end_W - start_W).norm(); }
};

}  // namespace mbw
