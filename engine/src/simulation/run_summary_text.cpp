#include "simulation/run_summary_text.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "integrators/registry.h"
#include "math/number_text.h"

namespace mbw {
namespace {

// the run: scene, formulation, method, step and span; the redundant equations; the status
void writeRun(std::ostream& out, const Results& r) {
  out << r.metadataValue("scene") << "  " << r.metadataValue("formulation") << "  "
      << (r.metadataValue("analysis") == "kinematics" ? "kinematics"
                                                      : r.metadataValue("integrator"))
      << "  step " << r.metadataValue("step") << " s  t_end " << r.metadataValue("t_end") << " s\n";
  // the redundant equations the model left out
  if (!r.metadataValue("redundant_equations").empty())
    out << "redundant        " << r.metadataValue("redundant_equations")
        << " (reactions: those of the kept equations; `mbw-cli validate` says what each repeats)\n";
  // the status and its message
  out << "status           " << toString(r.status);
  if (!r.message.empty()) out << ": " << r.message;
  // a completed run that failed a check (simulation/run_checks.h) does not say "completed" alone
  const std::vector<std::string> checks = r.metadataValues("check");
  if (!checks.empty())
    out << ", but " << checks.size() << (checks.size() == 1 ? " check" : " checks") << " failed";
  out << "\n";
  for (const std::string& finding : checks) out << "check failed     " << finding << "\n";
}

// the steps taken and rejected, the error control, the Newton iterations, the evaluations, the
// partition and the events
void writeSteps(std::ostream& out, const Results& r, double tEnd) {
  const RunStatistics& s = r.stats;
  // the steps taken, the rejected ones by reason, and how far the run got
  out << "steps            " << s.steps;
  if (s.rejectedSteps) {
    out << " (+" << s.rejectedSteps << " rejected:";
    // each reason with its count
    for (const auto& [why, n] : s.rejections) out << " " << n << " x " << why << ";";
    out << ")";
  }
  out << ", simulated to t = " << formatNumber(tEnd, 6) << " s\n";
  // the tolerance and what the steps committed of it (the estimate beside what was asked for)
  if (!r.metadataValue("rtol").empty()) {
    // the tolerances given
    out << "error control    rtol " << r.metadataValue("rtol") << ", atol "
        << r.metadataValue("atol");
    const std::string estimate = r.metadataValue("error_estimate");
    // the estimate, when the run recorded one
    if (!estimate.empty())
      out << "; the accepted steps' local error estimates sum to "
          << formatNumber(std::stod(estimate)) << " tolerances";
    out << "\n";
  }
  // the Newton iterations per step (and per time point where steps retry) and factorizations
  out << "Newton           " << s.newtonIterations << " iterations ("
      << formatNumber(s.steps ? double(s.newtonIterations) / s.steps : 0.0) << " per step";
  if (s.timePoints > s.steps + s.rejectedSteps)
    out << ", " << formatNumber(double(s.newtonIterations) / s.timePoints) << " per time point";
  out << "), " << s.factorizations << " factorizations\n";
  // the index-3 methods evaluate Jacobians only; the ODE and DAE codes also their right-hand side,
  // named by the integrator
  if (s.functionEvaluations || s.jacobianEvaluations) {
    out << "evaluations      ";
    // the right-hand side's evaluations, named by the integrator's capabilities
    if (s.functionEvaluations) {
      const IntegratorInfo* info = findIntegrator(r.metadataValue("integrator"));
      out << s.functionEvaluations << " "
          << (info ? info->capabilities.evaluationCount : std::string("function evaluations"))
          << ", ";
    }
    out << s.jacobianEvaluations << " Jacobians\n";
  }
  // the state-space partition, the events crossed (the first eight)
  if (s.repartitions)
    out << "partition        " << s.repartitions << " repartitioning checks triggered\n";
  if (!r.events.empty()) {
    out << "events           " << r.events.size()
        << (r.events.size() == 1 ? " event\n" : " events\n");
    // the first eight events, and how many more
    const size_t shown = std::min<size_t>(r.events.size(), 8);
    for (size_t k = 0; k < shown; ++k)
      out << "                 t = " << formatNumber(r.events[k].t, 6)
          << " s: " << r.events[k].description << "\n";
    if (r.events.size() > shown)
      out << "                 ... " << r.events.size() - shown << " more (in the CSV)\n";
  }
}

// the CPU time by phase, in all, per step and against real time
void writeCost(std::ostream& out, const Results& r, double tEnd) {
  const RunStatistics& s = r.stats;
  // the CPU time by phase and in all, per step and against real time
  if (!s.phaseSeconds.empty()) {
    // the phases, and the CPU time no phase accounts for
    out << "CPU by phase    ";
    double accounted = 0.0;
    for (const auto& [phase, seconds] : s.phaseSeconds) {
      out << " " << phase << " " << formatNumber(seconds) << " s;";
      accounted += seconds;
    }
    out << " other " << formatNumber(s.cpuSeconds - accounted) << " s\n";
  }
  // the CPU time in all and per step
  out << "CPU time         " << formatNumber(s.cpuSeconds) << " s ("
      << formatNumber(s.steps ? 1e6 * s.cpuSeconds / s.steps : 0.0) << " us per step";
  // real time: the simulated span, a run-in before t = 0 included
  const std::string tStart = r.metadataValue("t_start");
  const double span = tEnd - (tStart.empty() ? 0.0 : std::stod(tStart));
  if (s.cpuSeconds > 0.0) out << ", " << formatNumber(span / s.cpuSeconds) << "x real time";
  out << ")\n";
}

// the energy balance at the end and its largest magnitude, with its terms and its rule
void writeEnergy(std::ostream& out, const Results& r) {
  if (r.column("energy.balance") >= 0 && r.rowCount()) {
    // the last row's balance and terms, and the balance's largest magnitude
    const size_t last = r.rowCount() - 1;
    out << "energy balance   " << formatNumber(r.at(last, r.column("energy.balance")))
        << " J final, " << formatNumber(r.largestMagnitude(r.column("energy.balance")))
        << " J largest |value|  (kinetic " << formatNumber(r.at(last, r.column("energy.kinetic")))
        << " J, potential " << formatNumber(r.at(last, r.column("energy.potential")))
        << " J, work in " << formatNumber(r.at(last, r.column("energy.work_in")))
        << " J, dissipated " << formatNumber(r.at(last, r.column("energy.dissipated"))) << " J)\n";
    // what the balance measures: the work integrals' rule (never bookkeeping called the method's)
    const std::string rule = r.metadataValue("work_rule");
    if (!rule.empty())
      out << "                 work and dissipation by " << rule
          << (r.metadataValue("work_integration") == "quadrature"
                  ? ": the balance holds that rule's quadrature error beside the method's\n"
                  : ", the method's own rule: the balance is the method's error\n");
  }
}

// the output grid, the constraint violations and the initial projection
void writeConstraints(std::ostream& out, const Results& r, const ProjectionReport* projection) {
  if (!r.metadataValue("output_projection").empty())
    out << "output           at " << r.metadataValue("output") << ": "
        << r.metadataValue("output_projection") << "\n";
  out << "violation        position "
      << formatNumber(r.largestMagnitude(r.column("violation.position"))) << ", velocity "
      << formatNumber(r.largestMagnitude(r.column("violation.velocity")))
      << " (largest over the recorded steps)\n";
  if (projection)
    out << "initial state    projection moved " << formatNumber(projection->largestMove)
        << (projection->largestMoveBody.empty() ? "" : " ('" + projection->largestMoveBody + "')")
        << ", velocity change " << formatNumber(projection->largestVelocityChange) << "\n";
}

}  // namespace

std::string runSummaryText(const Results& r, const ProjectionReport* projection) {
  std::ostringstream out;
  // the last recorded time; none for an empty run
  const double tEnd = r.rowCount() ? r.at(r.rowCount() - 1, 0) : 0.0;
  writeRun(out, r);
  writeSteps(out, r, tEnd);
  writeCost(out, r, tEnd);
  writeEnergy(out, r);
  writeConstraints(out, r, projection);
  return out.str();
}

// the time reached, the share of the span and the speed
std::string runProgressText(double t, double tStart, double tEnd, double elapsedSeconds) {
  char line[128];
  std::snprintf(line, sizeof line, "t = %.4g s of %.4g s (%3.0f%%), %.3gx real time", t, tEnd,
                100.0 * (t - tStart) / (tEnd - tStart), (t - tStart) / elapsedSeconds);
  return line;
}

}  // namespace mbw
