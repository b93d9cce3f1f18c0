#pragma once
// Running the simulations of a study: one run at a time on this thread, with a line per run and
// the terminal progress of long ones, the CPU time at which the run passed chosen simulated
// times, and an optional CPU budget after which the run is stopped (kept, marked cancelled).
// Ctrl-C stops the run and the study (what was computed is still reported).

#include <iosfwd>
#include <string>
#include <vector>

#include "simulation/simulation.h"

namespace mbw::cli {

struct StudyRun {
  Results results;
  std::vector<double> cpuAt;  // CPU s when the run reached each checkpoint; < 0 if it did not
  bool overBudget = false;    // stopped by the CPU budget
  bool interrupted = false;   // stopped by Ctrl-C: the study ends
};

// Throws InputError for a run that cannot be configured. cpuBudget <= 0: no budget.
StudyRun runForStudy(const Model& model, const RunSettings& settings,
                     const std::vector<double>& checkpoints, double cpuBudget, std::ostream& progress,
                     const std::string& label);

// the channel a study follows: `requested`, else the scene's first named output; throws InputError
// when the scene has none
std::string studyChannel(const Model& model, const std::string& scene, const std::string& requested);

// "1e-03" style labels of tolerances
std::string toleranceLabel(double tolerance);

}  // namespace mbw::cli
