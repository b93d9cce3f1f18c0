#pragma once
// The numerical experiments of seed 002 section 5 on the flexible-beam benchmarks, as data: the
// three groups of methods every figure compares (section 5: second-order methods at rho_inf = 0
// and 0.6, higher-order methods at 0), and for each figure the scene, the step per implicit stage
// Delta t / n, the time window and the plotted channel. The commands that run them and draw the
// figures are `mbw-cli study flexible ...` (app/cli/study_flexible*.cpp).

#include <string>
#include <vector>

#include "analysis/integrator_study.h"

namespace mbw {

struct MethodGroup {
  std::string title;  // e.g. "(a) second-order methods, rho_inf = 0"
  std::vector<StudyMethod> methods;
};

// (a) LMS2-4, SS2-4, Bathe, MSSTC(3-5) at rho_inf = 0; (b) the same at 0.6; (c) MSSTH(3-5) at 0 and
// ESDIRK3(2)4L[2]SA, ESDIRK3(2)5L[2]SA, ESDIRK4(3)6L[2]SA2
std::vector<MethodGroup> seed002MethodGroups();
// all methods of the three groups, in order
std::vector<StudyMethod> seed002Methods();

struct ExperimentFigure {
  int number;            // the seed's figure number
  std::string channel;   // the plotted CSV column
  std::string quantity;  // axis label with unit
};

// One set of runs (every method at one Delta t / n on one scene) and the figures drawn from it.
struct Experiment {
  std::string key;     // e.g. "four-bar"
  std::string scene;   // built-in scene
  double stepPerStage; // Delta t / n, s
  double tEnd;         // s (the scenes' own start and recording window)
  std::vector<ExperimentFigure> figures;
};

// Figures 14-15 and 16 (four-bar at 4e-3 and 1e-3 s), 18-20 (lateral buckling, 1e-3 s), 22-24
// (rotating shaft, 1e-3 s).
std::vector<Experiment> seed002FlexibleExperiments();

// Figure 28: the examples (squeezer included) and the two steps Delta t / n of each.
struct IterationExample {
  std::string scene;
  double steps[2];
  double tEnd;
};
std::vector<IterationExample> seed002IterationExamples();

}  // namespace mbw
