// The method-grid studies' tables (see method_grid_tables.h).

#include "studies/method_grid_tables.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "math/number_text.h"
#include "studies/results_table.h"

namespace mbw {

// --- the outputs, and the records by method ------------------------------------------------------

std::vector<std::string> defaultConvergenceOutputs(const Model& model) {
  // the last body's position, velocity and acceleration along x
  const std::string b = model.bodies.back().name;
  return {b + ".x", b + ".vx", b + ".ax"};
}

double completedRelativeError(const RunRecord& r, size_t k) {
  // RE of a completed run only
  return r.status == RunStatus::Completed ? r.errors[k].relative : RunRecord::kNone;
}

std::vector<std::pair<std::string, std::vector<const RunRecord*>>> recordsByMethod(
    const Study& study, const std::vector<RunRecord>& records) {
  // the records of each method, in the order the methods first ran
  std::vector<std::pair<std::string, std::vector<const RunRecord*>>> out;
  for (const RunRecord& r : records) {
    const std::string label = methodLabel(study.runs[r.run].settings);
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& m) { return m.first == label; });
    // a method not seen yet starts its list
    if (it == out.end()) it = out.insert(out.end(), {label, {}});
    it->second.push_back(&r);
  }
  return out;
}

// --- the CSV tables ------------------------------------------------------------------------------

void writeComparisonTable(const std::string& path, const std::string& scene, const Study& study,
                          const std::vector<RunRecord>& records) {
  // the scene and end time as comment lines, then a row per run: counts, energy and violation
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  out << "# scene: " << scene << "\n# t_end: " << study.runs[0].settings.tEnd << "\n";
  out << "method,stages,step,status,steps,newton_iterations,time_points,iterations_per_step,"
         "iterations_per_time_point,energy_balance_min,energy_balance_max,energy_balance_final,"
         "violation_position_max,cpu_s\n"
      << std::setprecision(10);
  // a row per run, numbers to ten digits
  for (const RunRecord& r : records) {
    const RunSpec& spec = study.runs[r.run];
    const RunStatistics& s = r.stats;
    out << '"' << methodLabel(spec.settings) << "\"," << implicitStages(spec) << ','
        << spec.settings.integratorSettings.step << ',' << toString(r.status) << ',' << s.steps
        << ',' << s.newtonIterations << ',' << s.timePoints << ',' << iterationsPerStep(s) << ','
        << iterationsPerTimePoint(s) << ',' << r.energyBalanceMin << ',' << r.energyBalanceMax
        << ',' << r.energyBalanceFinal << ',' << r.violationPositionMax << ',' << s.cpuSeconds
        << "\n";
  }
}

void writeConvergenceTable(const std::string& path, const std::string& scene, const Study& study,
                           const std::vector<RunRecord>& records,
                           const std::vector<std::vector<MethodOrder>>& orders) {
  // the scene, the reference and the RE's source as comment lines, then an RE column per output
  std::ofstream out(path);
  if (!out) throw TableError("cannot write '" + path + "'");
  out << "# scene: " << scene << "\n# reference: " << study.references[0].description
      << "\n# RE: Zhang et al. 2022 eq 26\n";
  // the run's columns, then an RE column per output
  out << "method,stages,step,step_per_stage,status,steps,rejected,newton_iterations,time_points,"
         "iterations_per_step,iterations_per_time_point,cpu_s";
  for (const std::string& o : study.outputs) out << ",RE(" << o << ")";
  out << "\n" << std::setprecision(10);
  // a row per run
  for (const RunRecord& r : records) {
    const RunSpec& spec = study.runs[r.run];
    const int stages = implicitStages(spec);
    const double step = spec.settings.integratorSettings.step;
    out << '"' << methodLabel(spec.settings) << "\"," << stages << ',' << step << ','
        << step / stages << ',' << toString(r.status) << ',' << r.stats.steps << ','
        << r.stats.rejectedSteps << ',' << r.stats.newtonIterations << ',' << r.stats.timePoints
        << ',' << iterationsPerStep(r.stats) << ',' << iterationsPerTimePoint(r.stats) << ','
        << r.stats.cpuSeconds;
    // RE where the run completed, NaN elsewhere
    for (size_t k = 0; k < study.outputs.size(); ++k) out << ',' << completedRelativeError(r, k);
    out << "\n";
  }
  // the observed orders, method by method (six digits)
  out << std::setprecision(6);
  for (size_t m = 0; !orders.empty() && m < orders[0].size(); ++m)
    for (size_t k = 0; k < orders.size(); ++k)
      out << "# order," << orders[k][m].method << "," << study.outputs[k] << ","
          << orders[k][m].order << "\n";
}

// --- the tables as text --------------------------------------------------------------------------

// the comparison as text: a line per run, a failure's reason below it
std::string comparisonTableText(const std::string& scene, double step, bool perStage,
                                const Study& study, const std::vector<RunRecord>& records) {
  std::ostringstream out;
  // the scene, its end time and the step
  out << scene << ", t_end " << study.runs[0].settings.tEnd << " s, "
      << (perStage ? "Delta t / n = " : "Delta t = ") << step << " s\n";
  // the header: method, stages, step, outcome, newton counts, energy balance, violation, cpu time
  out << std::left << std::setw(22) << "method" << std::setw(3) << "n" << std::setw(10) << "dt"
      << std::setw(11) << "status" << std::setw(8) << "steps" << std::setw(9) << "it/step"
      << std::setw(10) << "it/point" << std::setw(12) << "min dE" << std::setw(12) << "max dE"
      << std::setw(12) << "final dE" << std::setw(11) << "|phi|max"
      << "CPU s\n";
  // a row per record, its message (a failure's reason) below
  for (const RunRecord& r : records) {
    const RunSpec& spec = study.runs[r.run];
    const RunStatistics& s = r.stats;
    out << std::setw(22) << methodLabel(spec.settings) << std::setw(3) << implicitStages(spec)
        << std::setw(10) << spec.settings.integratorSettings.step << std::setw(11)
        << toString(r.status) << std::setw(8) << s.steps << std::setw(9)
        << formatNumber(iterationsPerStep(s)) << std::setw(10)
        << formatNumber(iterationsPerTimePoint(s)) << std::setw(12)
        << formatNumber(r.energyBalanceMin) << std::setw(12) << formatNumber(r.energyBalanceMax)
        << std::setw(12) << formatNumber(r.energyBalanceFinal) << std::setw(11)
        << formatNumber(r.violationPositionMax) << formatNumber(s.cpuSeconds) << "\n";
    if (!r.message.empty()) out << "    " << r.message << "\n";
  }
  return out.str();
}

// the observed orders as text, a row per method
std::string observedOrdersText(const std::vector<std::string>& outputs,
                               const std::vector<std::vector<MethodOrder>>& orders) {
  std::ostringstream out;
  // the header: a column per output, then S/N
  out << "\nobserved order (least-squares slope of log RE against log dt):\n";
  out << std::left << std::setw(22) << "method";
  for (const std::string& o : outputs) out << std::setw(16) << o;
  out << std::setw(14) << "it/point"
      << "\n";
  // a row per method
  for (size_t m = 0; !orders.empty() && m < orders[0].size(); ++m) {
    out << std::setw(22) << orders[0][m].method;
    // its order per output, then its newton iterations per time point
    for (size_t k = 0; k < outputs.size(); ++k)
      out << std::setw(16) << formatNumber(orders[k][m].order, 3);
    out << std::setw(14) << formatNumber(orders[0][m].iterationsPerTimePoint) << "\n";
  }
  return out.str();
}

}  // namespace mbw
