// The choice of the Newton matrix's storage (integrators/iteration_matrix.h): the factory gives
// the storage asked for, and the "auto" choice is dense below the measured sizes nv + nc (60 with a
// factorization at every iteration, 140 with kept factorizations) and sparse from them.

#include "integrators/iteration_matrix.h"

#include <gtest/gtest.h>

#include "formulation/formulation.h"
#include "scene/scene_reader.h"

namespace mbw {
namespace {

TEST(IterationMatrix, TheFactoryGivesTheStorageAskedFor) {
  const Model model = loadScene("double-pendulum");
  const auto f = makeFormulation("rp", model);
  // dense and sparse as asked
  EXPECT_EQ(makeIterationMatrix(LinearSolverKind::Dense, *f)->kind(), LinearSolverKind::Dense);
  EXPECT_EQ(makeIterationMatrix(LinearSolverKind::Sparse, *f)->kind(), LinearSolverKind::Sparse);
  EXPECT_EQ(makeIterationMatrix(LinearSolverKind::Sparse, *f, true)->kind(),
            LinearSolverKind::Sparse);
}

TEST(IterationMatrix, AutomaticStorageBySize) {
  // scenes on either side of the thresholds: the choice follows nv + nc
  int below = 0, between = 0, above = 0;
  for (const char* scene : {"single-pendulum", "double-pendulum", "four-link", "hmmwv-bump",
                            "flexible-four-bar", "lateral-buckling"}) {
    const Model model = loadScene(scene);
    const auto f = makeFormulation("rA", model);
    const int size = f->velocitySize() + f->constraintSize();
    // the measured thresholds: 60 for the Iteration and Step updates, 140 for Auto
    EXPECT_EQ(automaticLinearSolver(*f, JacobianUpdate::Iteration),
              size >= 60 ? LinearSolverKind::Sparse : LinearSolverKind::Dense)
        << scene << " size " << size;
    EXPECT_EQ(automaticLinearSolver(*f, JacobianUpdate::Step),
              size >= 60 ? LinearSolverKind::Sparse : LinearSolverKind::Dense)
        << scene << " size " << size;
    EXPECT_EQ(automaticLinearSolver(*f, JacobianUpdate::Auto),
              size >= 140 ? LinearSolverKind::Sparse : LinearSolverKind::Dense)
        << scene << " size " << size;
    (size < 60 ? below : size < 140 ? between : above) += 1;
  }
  // and the scenes fall on each side of both thresholds, so that every branch is taken
  EXPECT_GT(below, 0);
  EXPECT_GT(between, 0);
  EXPECT_GT(above, 0);
}

}  // namespace
}  // namespace mbw
