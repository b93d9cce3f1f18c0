// What a study says of its runs (studies/study.h): a method's label with the effective rho_inf
// where the integrator has one, the implicit time points per step (1 for a kinematic analysis),
// the end time of a dynamic or kinematic run, and a variant's label with its fields.

#include "studies/study.h"

#include <gtest/gtest.h>

namespace mbw {
namespace {

// a method is labelled by its integrator and its rho_inf where it has one
TEST(Study, MethodLabels) {
  // the integrator's name with its rho_inf where it has one
  RunSettings s;
  s.integrator = "lms3";
  s.integratorSettings.rhoInf = 0.6;
  EXPECT_EQ(methodLabel(s), "lms3 (0.6)");
  s.integrator = "rn4";
  EXPECT_EQ(methodLabel(s), "rn4") << "no rho_inf";
  // HHT given by alpha: alpha = -0.2 gives rho_inf = 0.8 / 1.2
  s.integrator = "hht";
  s.integratorSettings.rhoInf = -1.0;
  s.integratorSettings.alpha = -0.2;
  EXPECT_EQ(methodLabel(s), "hht (0.666667)") << "rho_inf = (1 + alpha) / (1 - alpha)";
  // an unknown name is printed as it is
  s.integrator = "nosuch";
  EXPECT_EQ(methodLabel(s), "nosuch");
}

// the implicit stages per step, the n of the equal-cost step Delta t / n, and the end time of a
// dynamic or kinematic run
TEST(Study, ImplicitStagesAndEndTime) {
  // the implicit stages per step of each integrator (Bathe 2, ESDIRK4 5 after its explicit first
  // stage); a kinematic analysis solves once per time point and runs to its own end time
  RunSpec spec;
  spec.settings.integrator = "bathe";
  spec.settings.tEnd = 3.0;
  spec.kinematics.tEnd = 5.0;
  EXPECT_EQ(implicitStages(spec), 2);
  EXPECT_EQ(endTime(spec), 3.0);
  spec.settings.integrator = "esdirk4-6l2sa2";
  EXPECT_EQ(implicitStages(spec), 5);
  spec.settings.integrator = "lms2";
  EXPECT_EQ(implicitStages(spec), 1);
  spec.settings.integrator = "nosuch";
  EXPECT_EQ(implicitStages(spec), 1);
  spec.analysis = RunAnalysis::Kinematics;
  spec.settings.integrator = "bathe";
  EXPECT_EQ(implicitStages(spec), 1);
  EXPECT_EQ(endTime(spec), 5.0);
}

// a scene variant is labelled by the scene and each varied field with its value
TEST(Study, VariantLabels) {
  // the scene's name, then each varied field with its value
  EXPECT_EQ(variantLabel({"double-pendulum", {}}), "double-pendulum");
  EXPECT_EQ(variantLabel({"double-pendulum", {{"/bodies/1/mass", "2"}, {"/gravity/2", "-1.6"}}}),
            "double-pendulum /bodies/1/mass = 2 /gravity/2 = -1.6");
}

}  // namespace
}  // namespace mbw
