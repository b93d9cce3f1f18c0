#pragma once
// The ODE a state-space integrator advances (rn4, w2, adams, bdf: integrators/
// state_space_integrator.h): second-order equations of motion in d independent coordinates y,
//     ydd = f(t, y, yd),
// with the full state of the model (q, v = qdot, vdot = qddot, lambda in the rp coordinates) at
// each evaluated point, so that the run records, compares and checks every formulation's states
// alike. Three implementations:
//   StateSpaceOde  (statespace/state_space_ode.h): the independent rp coordinates of a coordinate
//                  partition, the dependent ones solved from the constraints (Sandu et al. 2001
//                  eqs 4-10); the partition may change during a run (checkPartition)
//   JointOde       (statespace/joint_ode.h): the joint coordinates of the model's kinematic tree,
//                  f by the articulated-body algorithm (Featherstone 2008 Table 7.1), the full
//                  state by forward kinematics; no constraint to solve, no partition to change
//   LoopJointOde   (statespace/loop_joint_ode.h): the independent joint coordinates of a tree
//                  closed by loop joints, partitioned as StateSpaceOde partitions the rp ones

#include <string>

#include "math/types.h"
#include "solvers/initial_conditions.h"

namespace mbw {

// Outcome of a partition check (Sandu et al. 2001 Algorithm 1 step 14).
struct PartitionCheck {
  bool triggered = false;  // cond(Phi_u) grew beyond the allowed factor: a new Gauss-Jordan pass
  bool changed = false;    // ... which chose other independent coordinates (the dependent ones
                           // in another pivot order alone are no change); or, not triggered,
                           // the joint coordinates' spherical angles were re-based
                           // (joint/kinematic_tree.h eq 4): either way y, yd are new
  double condition = 0.0;  // cond_1(Phi_u) estimate at the checked state (before repartitioning)
  double reference = 0.0;  // at the last partitioning
  // what grew (the event's words): "cond(Phi_u)", or "max |H_uv|" (statespace/loop_joint_ode.h),
  // with its value and reference in condition and reference
  std::string measure = "cond(Phi_u)";
  std::string description;    // the new independent coordinates, or the re-based joints
  std::string singularity;    // triggered near a singular position: Phi_q's rank drop, in words
  double weakestPivot = 0.0;  // triggered: the weakest equation's independent part (ConstraintRank)
};

class IndependentOde {
 public:
  virtual ~IndependentOde() = default;

  // Chooses the coordinates at a consistent state (positions and velocities; accelerations may be
  // absent) and evaluates there. False (reason in failure()) when it cannot.
  virtual bool initialize(const State& consistent) = 0;
  // d, the number of independent coordinates
  virtual int size() const = 0;
  // y, yd, ydd of the last evaluated point (fullState()), in the current coordinates
  virtual void independentState(VectorXd& y, VectorXd& yd, VectorXd& ydd) = 0;
  // y, yd of another full state's positions and velocities (an interpolated one, off the
  // constraints to the interpolation's order)
  virtual void gatherIndependent(const State& full, VectorXd& y, VectorXd& yd) const = 0;

  // ydd = f(t, y, yd). False (reason in failure()) when the evaluation fails.
  virtual bool evaluate(double t, const VectorXd& y, const VectorXd& yd, VectorXd& ydd) = 0;
  // the last evaluation is an accepted point of the integration (its step's end)
  virtual void acceptPoint() = 0;
  // the full state of the last successful evaluation: q, v = qdot, vdot = qddot, lambda
  virtual const State& fullState() = 0;
  virtual const std::string& failure() const = 0;
  // J1 = d ydd/dy, J2 = d ydd/d yd and the partial df/dt at the last evaluated point
  virtual void jacobians(MatrixXd& J1, MatrixXd& J2, VectorXd& ft) = 0;

  // whether the coordinates are a partition of constrained ones, which may become ill-conditioned
  // (checkPartition) or meet a singular position of the mechanism (singularity)
  virtual bool partitioned() const = 0;
  // a partitioned ODE's check of its coordinates at the last evaluated point (Sandu et al. 2001
  // Algorithm 1 step 14); when they change, the caller re-gathers y, yd from fullState()
  virtual PartitionCheck checkPartition() = 0;
  // why the last triggered partition check found the mechanism near a singular position, or empty
  virtual const std::string& singularity() const = 0;

  // evaluations of f, Newton iterations on the dependent positions, factorizations of the
  // constraint Jacobian
  virtual long evaluations() const = 0;
  virtual long newtonIterations() const = 0;
  virtual long factorizations() const = 0;
};

}  // namespace mbw
