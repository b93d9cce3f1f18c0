#pragma once
// Studies shared by the study tests.

#include "studies/study.h"

namespace mbw {

// lms2, bathe (rho_inf 0.6) and esdirk3-4l2sa at steps 0.02 and 0.01 s on the double pendulum over
// 0.2 s, against a fixed-step convergence reference on body_2.z and body_2.vz
Study smallMethodStudy();

}  // namespace mbw
