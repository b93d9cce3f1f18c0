#pragma once
// Member definitions of AbsoluteFormulation<K>; included once per formulation's .cpp, which
// instantiates the template for its body type. This file holds the construction and the
// coordinates (state, increments on the manifold); the stages are in
// absolute_formulation_constraints.h (positions, velocities, accelerations of the constraints),
// absolute_formulation_forces.h (mass matrix, forces, their derivatives, energy) and
// absolute_formulation_outputs.h (body outputs and output channels).

#include "formulation/absolute_formulation.h"
#include "formulation/absolute_formulation_constraints.h"
#include "formulation/absolute_formulation_forces.h"
#include "formulation/absolute_formulation_outputs.h"

namespace mbw {

template <class K>
AbsoluteFormulation<K>::AbsoluteFormulation(const Model& model, std::string name)
    : Formulation(model, P * model.bodyCount(), V * model.bodyCount(),
                  K::kHasNormalization ? model.bodyCount() : 0),
      name_(std::move(name)),
      primitiveRows_(primitiveRows()),
      bodies_(model.bodyCount()),
      drivers_(primitiveRows()),
      phi_(VectorXd::Zero(constraintSize())),
      nu_(VectorXd::Zero(constraintSize())),
      jacI_(primitiveRows(), Row::Zero()),
      jacJ_(primitiveRows(), Row::Zero()),
      forceMemory_(model.forces.size()),
      outputAngle_(model.outputs.size(), 0.0) {
  // RSDA angles start on the branch nearest their zero-tension angle (the shortest reading)
  VectorXd q, v;
  initialState(q, v);
  computePositions(0.0, q);
  for (size_t e = 0; e < model.forces.size(); ++e) {
    const ForceElement& fe = model.forces[e];
    if (fe.type != ForceType::RSDA) continue;
    forceMemory_[e].angle = fe.freeValue;
    ForceResult<K> r;
    evaluateForce(fe, end(fe.bodyI), end(fe.bodyJ), 0.0, forceMemory_[e], r);
  }
  // angle outputs start in (-pi, pi]
  std::vector<double> values;
  outputValues(values);
}

template <class K>
void AbsoluteFormulation<K>::initialState(VectorXd& q, VectorXd& v) const {
  // each body's pose and velocity at its centre of mass, from the scene's frame
  const Model& m = model();
  q.resize(positionSize());
  v.resize(velocitySize());
  for (int b = 0; b < m.bodyCount(); ++b) {
    const Body& body = m.bodies[b];
    const Vec3 com_W = body.R_WB * body.com_B;
    K::encodePose(body.position_W + com_W, body.R_WB, q.data() + P * b);
    K::encodeVelocity(q.data() + P * b, body.velocity_W + body.omega_W.cross(com_W), body.omega_W,
                      v.data() + V * b);
  }
}

template <class K>
void AbsoluteFormulation<K>::retract(const VectorXd& q, const VectorXd& dq, VectorXd& out) const {
  // body by body (Formulation::retract)
  out.resize(positionSize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::retract(q.data() + P * b, dq.data() + V * b, out.data() + P * b);
}

template <class K>
void AbsoluteFormulation<K>::localCoordinates(const VectorXd& anchor, const VectorXd& q,
                                              VectorXd& out) const {
  // body by body (Formulation::localCoordinates)
  out.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::localCoordinates(anchor.data() + P * b, q.data() + P * b, out.data() + V * b);
}

template <class K>
void AbsoluteFormulation<K>::incrementRate(const VectorXd& g, const VectorXd& v,
                                           VectorXd& gdot) const {
  // body by body (Formulation::incrementRate)
  gdot.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::incrementRate(g.data() + V * b, v.data() + V * b, gdot.data() + V * b);
}

template <class K>
void AbsoluteFormulation<K>::incrementVelocity(const VectorXd& g, const VectorXd& gdot,
                                               VectorXd& v) const {
  // body by body (Formulation::incrementVelocity)
  v.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b)
    K::incrementVelocity(g.data() + V * b, gdot.data() + V * b, v.data() + V * b);
}

template <class K>
void AbsoluteFormulation<K>::applyIncrementTangent(const VectorXd& g,
                                                   Eigen::Ref<MatrixXd> J) const {
  if constexpr (!K::kLinearIncrements) {
    for (int b = 0; b < model().bodyCount(); ++b) {
      const typename K::OrientSquare T = K::rightJacobian(g.template segment<N>(V * b + 3));
      // row by row through a fixed-size copy: no temporary of the block's size
      for (Eigen::Index r = 0; r < J.rows(); ++r) {
        const Eigen::Matrix<double, 1, N> row = J.template block<1, N>(r, V * b + 3);
        J.template block<1, N>(r, V * b + 3).noalias() = row * T;
      }
    }
  } else {
    (void)g;
    (void)J;
  }
}

template <class K>
void AbsoluteFormulation<K>::applyIncrementTangent(const VectorXd& g, SparseMatrixXd& J) const {
  if constexpr (!K::kLinearIncrements) {
    const int* start = J.outerIndexPtr();
    double* values = J.valuePtr();
    for (int b = 0; b < model().bodyCount(); ++b) {
      const typename K::OrientSquare T = K::rightJacobian(g.template segment<N>(V * b + 3));
      // the N orientation columns share their rows: entry e of each column is one row of J
      const int c0 = V * b + 3, length = start[c0 + 1] - start[c0];
      for (int e = 0; e < length; ++e) {
        Eigen::Matrix<double, 1, N> row;
        for (int i = 0; i < N; ++i) row[i] = values[start[c0 + i] + e];
        row = (row * T).eval();
        for (int i = 0; i < N; ++i) values[start[c0 + i] + e] = row[i];
      }
    }
  } else {
    (void)g;
    (void)J;
  }
}

template <class K>
void AbsoluteFormulation<K>::encodeVelocities(const VectorXd& q,
                                              const std::vector<Vec3>& velocity_W,
                                              const std::vector<Vec3>& omega_W, VectorXd& v) const {
  // the world velocities of the body frames' origins, moved to the centres of mass
  v.resize(velocitySize());
  for (int b = 0; b < model().bodyCount(); ++b) {
    K body;
    body.setPosition(q.data() + P * b);
    const Vec3 com_W = body.rotate(model().bodies[b].com_B);
    K::encodeVelocity(q.data() + P * b, velocity_W[b] + omega_W[b].cross(com_W), omega_W[b],
                      v.data() + V * b);
  }
}

}  // namespace mbw
