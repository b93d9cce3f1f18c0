// A small method-step study of the double pendulum for the study tests (test_studies.h).

#include "test_studies.h"

#include "studies/method_grid.h"

namespace mbw {

// six runs of 0.2 s and a reference: a whole study in a fraction of a second of a unit test
Study smallMethodStudy() {
  // three methods at two steps, and the reference their errors are measured against
  RunSettings base;
  base.tEnd = 0.2;
  Study s =
      makeMethodStepStudy("double-pendulum", base,
                          parseStudyMethods("lms2,bathe:0.6,esdirk3-4l2sa"), {0.02, 0.01}, false);
  addConvergenceReference(s, base, {}, {"body_2.z", "body_2.vz"});
  s.title = "test";
  return s;
}

}  // namespace mbw
