#pragma once
// The DAE the `ida` integrator hands to SUNDIALS IDA (ida_integrator.h), in the unknowns
// y = (positions, velocities, lambda, mu): its residual F(t, y, y'), its Newton matrix
// dF/dy + cj dF/dy', and the run's state at a point of IDA. Two implementations, both the
// stabilized index-2 form of Gear, Gupta and Leimkuhler (1985):
//   RpGglDae        (ida_integrator.cpp): the formulation's coordinates (ggl_system.h), with the
//                   exact Jacobian in compressed columns
//   JointGglSystem  (joint_ggl_system.h): the joint coordinates of the model's kinematic tree with
//                   its loop joints' equations, with a dense Jacobian

#include <string>

#include "math/types.h"
#include "solvers/initial_conditions.h"

namespace mbw {

class IdaDae {
 public:
  virtual ~IdaDae() = default;

  // sets up at the run's consistent initial state, before size() and pack()
  virtual void initialize(const State& consistent) = 0;
  // the unknowns; the positions and velocities come first (differentialSize() of them, the
  // variables of the error test), the multipliers after them
  virtual int size() const = 0;
  virtual int differentialSize() const = 0;

  // y and y' of the consistent state of initialize(), mu = 0 (size() each)
  virtual void pack(const State& consistent, double* y, double* yp) = 0;
  // the run's state (the formulation's coordinates) at IDA's point (t, y, y')
  virtual void unpack(double t, const double* y, const double* yp, State& state) = 0;
  // the same state with the accelerations and multipliers its positions and velocities give (the
  // acceleration-level equations), not IDA's: the work integrals' powers
  virtual void consistentState(double t, const double* y, const double* yp, State& state) = 0;

  // At an accepted point y: the coordinates near their singularity, which rebase() takes afresh
  // (the joint coordinates' Bryant angles, joint/kinematic_tree.h eq 4), in words; empty when none
  virtual std::string rebaseDue(const double* y) const = 0;
  // takes them afresh at (t, y, y'): y and y' then the same state in the new coordinates (mu = 0,
  // the accelerations and lambda consistent)
  virtual void rebase(double t, double* y, double* yp) = 0;

  // F(t, y, y') into F (size()). Returns why the point cannot be evaluated, empty when it can.
  virtual std::string residual(double t, const double* y, const double* yp, double* F) = 0;
  // dF/dy + cj dF/dy' at (t, y, y') into sparseMatrix() when it is not null, else denseMatrix();
  // returns as residual()
  virtual std::string jacobian(double t, double cj, const double* y, const double* yp) = 0;
  virtual const SparseMatrixXd* sparseMatrix() const = 0;
  virtual const MatrixXd& denseMatrix() const = 0;
  // residual evaluations made by jacobian() (difference quotients), not counted by IDA (the
  // RNEA passes of the joint coordinates' velocity columns are not residuals)
  virtual long jacobianResiduals() const = 0;
};

}  // namespace mbw
