#pragma once
// Absolute coordinates, one block of coordinates per body, for any body kinematics K (RaBody,
// RpBody, ReBody): the equations of Kissel et al. 2021 sections 2-3 assembled from the generic
// primitive and force terms. Dense per-body blocks; the sink decides dense or sparse global
// storage.

#include <string>
#include <vector>

#include "constraints/primitive_rates.h"
#include "constraints/primitive_terms.h"
#include "forces/beam_element.h"
#include "forces/force_evaluation.h"
#include "formulation/formulation.h"

namespace mbw {

template <class K>
class AbsoluteFormulation : public Formulation {
 public:
  static constexpr int N = K::kOrientationSize;
  static constexpr int P = K::kPositionSize;
  static constexpr int V = K::kVelocitySize;
  using Row = typename BodyTerms<K>::Row;

  AbsoluteFormulation(const Model& model, std::string name);

  std::string name() const override { return name_; }

  void initialState(VectorXd& q, VectorXd& v) const override;
  void retract(const VectorXd& q, const VectorXd& dq, VectorXd& out) const override;
  void localCoordinates(const VectorXd& anchor, const VectorXd& q, VectorXd& out) const override;
  void incrementRate(const VectorXd& g, const VectorXd& v, VectorXd& gdot) const override;
  void incrementVelocity(const VectorXd& g, const VectorXd& gdot, VectorXd& v) const override;
  void applyIncrementTangent(const VectorXd& g, Eigen::Ref<MatrixXd> J) const override;
  void applyIncrementTangent(const VectorXd& g, SparseMatrixXd& J) const override;
  void encodeVelocities(const VectorXd& q, const std::vector<Vec3>& velocity_W,
                        const std::vector<Vec3>& omega_W, VectorXd& v) const override;

  void computePositions(double t, const VectorXd& q) override;
  void computeConstraints(double t, const VectorXd& q) override;
  void computeVelocities(const VectorXd& v) override;

  const VectorXd& constraints() const override { return phi_; }
  void constraintJacobian(MatrixSink sink) const override;
  const VectorXd& velocityRhs() const override { return nu_; }
  void massMatrix(MatrixSink sink) const override;

  void accelerationRhs(VectorXd& gamma) const override;
  void generalizedForces(VectorXd& Q) const override;
  void dynamicsJacobian(const VectorXd& vdot, const VectorXd& lambda, double cq, double cv,
                        MatrixSink sink) const override;
  void dynamicsJacobians(const VectorXd& vdot, const VectorXd& lambda, MatrixSink dq,
                         MatrixSink dv) const override;

  void constraintHessianProduct(const VectorXd& w, MatrixSink sink) const override;
  void constraintRhsDerivatives(MatrixSink nuQ, MatrixSink gammaQ, MatrixSink gammaV, VectorXd& nuT,
                                VectorXd& gammaT) const override;
  void generalizedForceRate(VectorXd& Qt) const override;

  BodyOutput bodyOutput(int body, const VectorXd& vdot) const override;
  EnergyTerms energy(const VectorXd& lambda) const override;
  void outputValues(std::vector<double>& values) const override;
  double velocityViolation(const VectorXd& v) const override;
  std::string coordinateSingularity() const override;

  const K& body(int b) const { return bodies_[b]; }

 private:
  BodyEnd<K> end(int body) const { return BodyEnd<K>(body == kGround ? nullptr : &bodies_[body]); }
  // the model's equation of constraint row r (r < primitiveRows_)
  const Primitive& primitive(int r) const { return model().primitives[rowPrimitives()[r]]; }
  void addPairBlocks(const PairBlocks<K>& h, int bi, int bj, MatrixSink& sink) const;
  void addForceVector(const ForceResult<K>& r, int bi, int bj, VectorXd& Q) const;
  // the one loop over the force elements: visit(element, memory) for each element active at t_,
  // memory its ForceMemory (a visitor that must not move the RSDA branch works on a copy)
  template <class Visit>
  void forEachActiveForce(Visit&& visit) const;
  // the one loop over the beam elements: visit(element, section, nodes) with its three node ends
  template <class Visit>
  void forEachBeamElement(Visit&& visit) const;
  // cq d/dq into dq and cv d/dv into dv (the same sink for dynamicsJacobian)
  void addDynamicsJacobians(const VectorXd& vdot, const VectorXd& lambda, double cq, double cv,
                            MatrixSink& dq, MatrixSink& dv) const;
  // gravity at t, and the load scale on applied forces and torques (Formulation::setLoadScale)
  Vec3 gravityAt(double t) const {
    return loadScale() * model().gravityFactor.value(t) * model().gravity_W;
  }
  static bool isLoad(const ForceElement& e) {
    return e.type == ForceType::PointForce || e.type == ForceType::Torque;
  }
  void scaleLoad(const ForceElement& e, ForceResult<K>& r) const {
    if (!isLoad(e) || loadScale() == 1.0) return;
    r.Qi *= loadScale();
    r.Qj *= loadScale();
    r.powerIn *= loadScale();
    r.work *= loadScale();
  }
  // the positions of computePositions and computeConstraints: time, bodies and drivers at t, the
  // normalization constraints' values; false (and nothing done) when t and q are those placed last
  bool placeBodies(double t, const VectorXd& q);
  // d/dq (Phi_q^T) of primitive k (lambda = 1), computed once per positions
  const PairBlocks<K>& primitiveHessian(int k) const;

  std::string name_;
  int primitiveRows_;  // rows of the model's kept primitives
  // cache, filled by computePositions()
  double t_ = 0.0;
  VectorXd qPlaced_;                              // the positions of the bodies (npos)
  bool placed_ = false;                           // t_, qPlaced_ and the bodies are set
  bool complete_ = false;                         // ... and nu_, jacI_, jacJ_ computed there
  std::vector<K> bodies_;                         // (nbody)
  std::vector<TimeFunctionValue> drivers_;        // f, f', f'' of each primitive row at t
  VectorXd phi_, nu_;                             // (nc)
  std::vector<Row> jacI_, jacJ_;                  // Jacobian blocks of each primitive row
  mutable std::vector<ForceMemory> forceMemory_;  // RSDA angle branches (nforce)
  mutable std::vector<double> outputAngle_;       // last value of each angle output (noutput)
  // filled on demand after computePositions() (a block pair per primitive row)
  mutable std::vector<PairBlocks<K>> hessians_;
  mutable bool hessiansValid_ = false;
};

}  // namespace mbw
