#pragma once
// The interface integrators and solvers see (DESIGN.md: Formulation). It turns Model + state into
// the equations of the index-3 DAE of constrained multibody dynamics, Kissel et al. 2021 eqs (31),
// (39), (43):
//     M(q) vdot + Phi_q(q)^T lambda = Q(q, v, t)        (v: the formulation's velocity coordinates)
//     Phi(q, t) = 0
// with Phi_q v = nu and Phi_q vdot = gamma at the velocity and acceleration levels.
// Positions q live on a manifold for rA (rotation matrices): increments dq have the size of v and
// are applied with retract(); every Jacobian "d/dq" is with respect to such increments.
//
// Use: computePositions(t, q), then computeVelocities(v) (named stages filling the cache), then the
// queries. Constraint rows are the model's primitives but its redundant equations
// (Model::redundant: an independent set, found at assembly), followed by the formulation's own (the
// Euler-parameter normalizations of rp). A Formulation object belongs to one run at a time.

#include <memory>
#include <string>
#include <vector>

#include "formulation/matrix_sink.h"
#include "math/types.h"
#include "model/model.h"

namespace mbw {

// World-frame outputs of one body (the scene's body frame, not the centre of mass).
struct BodyOutput {
  Vec3 position_W;  // body frame origin
  Vec4 eulerParameters;
  Vec3 velocity_W;  // of the body frame origin
  Vec3 omega_W;
  Vec3 acceleration_W;  // of the body frame origin
  Vec3 omegaDot_W;
};

// Energy terms of the current state.
struct EnergyTerms {
  double kinetic = 0.0;
  double potential = 0.0;    // gravity + springs
  double powerIn = 0.0;      // applied loads and actuators whose work is integrated in time
  double exactWork = 0.0;    // work of constant loads, as a function of the configuration
  double dissipation = 0.0;  // power removed by dampers
  double driverPower = 0.0;  // power of the rheonomic constraints' reactions, -lambda^T nu
};

class Formulation {
 public:
  virtual ~Formulation() = default;

  virtual std::string name() const = 0;
  const Model& model() const { return *model_; }

  int positionSize() const { return nq_; }
  int velocitySize() const { return nv_; }
  int constraintSize() const { return nc_; }  // kept primitives + formulation rows
  // the rows of the model's primitives come first: row r < primitiveRows() is the equation
  // rowPrimitives()[r] of Model::primitives
  int primitiveRows() const { return static_cast<int>(rowPrimitives_.size()); }
  const std::vector<int>& rowPrimitives() const { return rowPrimitives_; }
  int bodyPositionSize() const { return nq_ / std::max(1, model_->bodyCount()); }
  int bodyVelocitySize() const { return nv_ / std::max(1, model_->bodyCount()); }

  // --- configurations ------------------------------------------------------------------------
  // the model's initial pose and motion (before projection onto the constraints)
  virtual void initialState(VectorXd& q, VectorXd& v) const = 0;
  // out = q (+) dq, dq of size nv
  virtual void retract(const VectorXd& q, const VectorXd& dq, VectorXd& out) const = 0;
  // out = q (-) anchor, the increment with retract(anchor, out) = q
  virtual void localCoordinates(const VectorXd& anchor, const VectorXd& q, VectorXd& out) const = 0;
  // Schemes that combine several past points (Zhang et al. 2022 section 3.1) work with increments
  // relative to an anchor, g = q (-) anchor, and with rates of those increments. T(g) maps the rate
  // of g to the velocity coordinates at anchor (+) g: v = T(g) gdot. T is the identity where
  // positions form a vector space (rp, rE); for rotation matrices it is the tangent map of the
  // exponential.
  virtual void incrementRate(const VectorXd& g, const VectorXd& v, VectorXd& gdot) const {
    (void)g;
    gdot = v;
  }
  virtual void incrementVelocity(const VectorXd& g, const VectorXd& gdot, VectorXd& v) const {
    (void)g;
    v = gdot;
  }
  // J <- J T(g) for a matrix whose columns are velocity coordinates (e.g. Phi_q): the derivative
  // with respect to the increment g instead of the right-trivialized one at anchor (+) g. Nothing
  // to do where T is the identity.
  virtual void applyIncrementTangent(const VectorXd& g, Eigen::Ref<MatrixXd> J) const {
    (void)g;
    (void)J;
  }
  // the same for a sparse J whose pattern covers the velocity block of a body in whole columns
  // (the body-block structures of statespace/body_block_matrix.h)
  virtual void applyIncrementTangent(const VectorXd& g, SparseMatrixXd& J) const {
    (void)g;
    (void)J;
  }
  // velocity coordinates for given world-frame body motions (body frame origin velocity, omega)
  virtual void encodeVelocities(const VectorXd& q, const std::vector<Vec3>& velocity_W,
                                const std::vector<Vec3>& omega_W, VectorXd& v) const = 0;

  // --- stages ----------------------------------------------------------------------------------
  // positions: orientation matrices, drivers at t, Phi and Phi_q
  virtual void computePositions(double t, const VectorXd& q) = 0;
  // positions and Phi alone, for Newton iterations that keep a factorization of Phi_q: until the
  // next computePositions only constraints() may be asked (Phi_q, nu and the rest are stale)
  virtual void computeConstraints(double t, const VectorXd& q) { computePositions(t, q); }
  // velocities (after computePositions)
  virtual void computeVelocities(const VectorXd& v) = 0;

  // --- position-level queries -------------------------------------------------------------------
  virtual const VectorXd& constraints() const = 0;             // Phi (nc)
  virtual void constraintJacobian(MatrixSink sink) const = 0;  // Phi_q (nc x nv)
  virtual const VectorXd& velocityRhs() const = 0;             // nu (nc)
  virtual void massMatrix(MatrixSink sink) const = 0;          // M (nv x nv)

  // --- velocity-level queries -------------------------------------------------------------------
  virtual void accelerationRhs(VectorXd& gamma) const = 0;  // gamma (nc)
  virtual void generalizedForces(VectorXd& Q) const = 0;    // Q: applied + inertial terms
  // c_q d/dq + c_v d/dv of r = M(q) vdot - Q(q, v, t) + Phi_q^T lambda, added to sink (nv x nv):
  // the coupling blocks of the index-3 Newton matrix (Kissel et al. 2021 eq 38c; rp/rE analogues
  // eqs 42, 45)
  virtual void dynamicsJacobian(const VectorXd& vdot, const VectorXd& lambda, double cq, double cv,
                                MatrixSink sink) const = 0;
  // d/dq into dq and d/dv into dv, in one pass over the force elements where the formulation can
  virtual void dynamicsJacobians(const VectorXd& vdot, const VectorXd& lambda, MatrixSink dq,
                                 MatrixSink dv) const {
    dynamicsJacobian(vdot, lambda, 1.0, 0.0, dq);
    dynamicsJacobian(vdot, lambda, 0.0, 1.0, dv);
  }

  // --- derivatives of the constraint and force terms (the exact integration Jacobians of the
  // state-space form, Sandu et al. 2001 section 3)
  // ----------------------------------------------------- d/dq (Phi_q w) for a fixed w: the
  // Hessians of the constraints contracted with w (nc x nv); needs positions
  virtual void constraintHessianProduct(const VectorXd& w, MatrixSink sink) const = 0;
  // d nu/dq, d gamma/dq, d gamma/dv (nc x nv each, added to the sinks) and the partial time
  // derivatives nu_t, gamma_t (nc); needs positions and velocities
  virtual void constraintRhsDerivatives(MatrixSink nuQ, MatrixSink gammaQ, MatrixSink gammaV,
                                        VectorXd& nuT, VectorXd& gammaT) const = 0;
  // dQ/dt at fixed positions and velocities (loads and actuators that vary in time) (nv)
  virtual void generalizedForceRate(VectorXd& Qt) const = 0;

  // --- outputs
  // ------------------------------------------------------------------------------------ needs
  // positions and velocities; vdot gives the accelerations
  virtual BodyOutput bodyOutput(int body, const VectorXd& vdot) const = 0;
  virtual EnergyTerms energy(const VectorXd& lambda) const = 0;
  // the model's named outputs (Model::outputs), two values each: the value and its time derivative
  // (needs positions and velocities). Angles continue from the previous call, so call it at
  // successive states of a run (less than half a turn apart).
  virtual void outputValues(std::vector<double>& values) const = 0;
  // position-level violation of the model's constraints (normalizations excluded), max norm
  double positionViolation() const;
  // velocity-level violation |Phi_q v - nu|_inf of the model's constraints
  virtual double velocityViolation(const VectorXd& v) const = 0;

  // --- load stepping (solvers/static_equilibrium.h) ---------------------------------------------
  // scales gravity and the applied forces and torques (not springs, dampers, actuators or beams)
  void setLoadScale(double scale) { loadScale_ = scale; }
  double loadScale() const { return loadScale_; }

  // --- validity of the coordinates ------------------------------------------------------------
  // Why the orientation coordinates of the current positions (after computePositions) are
  // singular or too close to a singularity to be trusted, naming the body; empty when they are
  // regular. Only rE has such poses (the ZXZ gimbal lock). Solvers refuse or stop on it.
  virtual std::string coordinateSingularity() const { return {}; }

 protected:
  // nc: the formulation's own rows, added to the model's kept primitives
  Formulation(const Model& model, int nq, int nv, int ownRows)
      : model_(&model),
        rowPrimitives_(model.keptPrimitives()),
        nq_(nq),
        nv_(nv),
        nc_(static_cast<int>(rowPrimitives_.size()) + ownRows) {}

 private:
  const Model* model_;
  std::vector<int> rowPrimitives_;
  int nq_, nv_, nc_;
  double loadScale_ = 1.0;
};

// The formulations this build offers, by name: "rA", "rp", "rE".
std::vector<std::string> formulationNames();
// One line about a formulation ("" for an unknown name).
std::string formulationDescription(const std::string& name);
// Throws std::invalid_argument for an unknown name, or a formulation that cannot hold the model
// (rE and beam nodes: see initialPoseRefusal).
std::unique_ptr<Formulation> makeFormulation(const std::string& name, const Model& model);
// Why the formulation cannot start from the scene's initial poses (Formulation::
// coordinateSingularity, e.g. rE at theta = 0) or cannot hold the model at all (rE refuses beams:
// their nodes' orientations are unrestricted), empty when it can. Throws for an unknown name.
std::string initialPoseRefusal(const std::string& name, const Model& model);

}  // namespace mbw
